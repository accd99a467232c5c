"""Contract tests for the `>> delete COLLECTION KEY` directive — another session of the app
deleting a record — and for `scenery explore --faults` playing that session, written from
the documentation alone (no source or test code was read):

- docs/testing.md, "Another session" (#another-session): the line deletes the record whose
  key is KEY (a number for a collection whose key is a number) through the collection's
  storage, this session's faults not reaching it; it prints nothing and changes no frame,
  the app finding the record gone when it next reads it; the three refusals, each a bad
  input line; the same line in a scripted `scenery run` and in transcripts.
- docs/testing.md, "3. A flow: transcripts": the `>> ` directive list naming
  `>> delete orders 3`, "Any other `>> ` line fails the transcript with `line N: unknown
  directive …`", `--update` keeping directives where they stood, `--record` writing a
  transcript that passes at once; "State": `>> restart` keeps what was stored.
- docs/testing.md, "2. A JSON scene in Swift: SceneTester", the `delete(_ key, from:)` row,
  only as far as `scenery eject --tests` writes it (Swift is not compiled here).
- docs/cli.md, "scenery run": "A session also takes the directives transcripts use, echoed
  as written … `>> delete C KEY` deletes a record as another session would", the exact
  refusals of `>> restart`, `>> absent` and unknown directives, `--strict`, `--record`,
  `--format json` and `--render diff`.
- docs/explore.md, "Faults" (#faults): "In an app with collections, `--faults` also plays
  another session on the same state folder …", the record deleted (the one the top scene
  was given or holds, otherwise one the collection holds), the `>> delete` line kept in the
  transcript where it happened, faulted walks staying as they would be without these, a
  walk whose collection holds nothing going on without it; "Explore an app": the same seed
  gives the same transcripts, `--jobs` gives a serial run's findings; "What it writes":
  `scenery test` fails on a finding today and passes once the app is fixed and updated.
- docs/eject.md, "Tests from transcripts": "`>> delete orders 3` is
  `app.delete("3", from: "orders")`", and a transcript with a `>> ` line the run refuses is
  left out with a `note:`.

Every app is written (or Scenes/Orders copied) into pytest's tmp_path and every command runs
there; runs of apps that store get a `--state-dir` inside it, and XDG_STATE_HOME points
inside it too. Explore runs take 100 walks of small apps (a second or two each).

Where the docs were read one way of two, the test says so in its docstring.
"""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"
TIMEOUT = 60

SESSION_TAKES = ("a session takes '>> clock', '>> fault', '>> delete', '>> stored' and "
                 "'>> actions'")


# ---------------------------------------------------------------- helpers

def run(args, cwd, stdin=None):
    if not SCENERY:
        pytest.skip("SCENERY is not set")
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    env.pop("EJECTED_SCENES", None)
    env["NO_COLOR"] = "1"
    env["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")  # never $HOME
    return subprocess.run([SCENERY, *[str(a) for a in args]], cwd=str(cwd), env=env,
                          input=stdin if stdin is not None else "",
                          capture_output=True, text=True, timeout=TIMEOUT)


def out(p):
    return p.stdout + p.stderr


def script_run(cwd, app, lines, *flags, state="state-run", stdin=False):
    """`scenery run APP` fed `lines` by `--script FILE` (or standard input), its state in a
    folder of cwd."""
    st = Path(cwd) / state
    st.mkdir(exist_ok=True)
    text = "\n".join(lines) + "\n"
    if stdin:
        return run(["run", app, "--state-dir", st, *flags], cwd, stdin=text)
    script = Path(cwd) / "script.txt"
    script.write_text(text)
    return run(["run", app, "--script", script, "--state-dir", st, *flags], cwd)


def block_after(stdout, echo, nth=0):
    """The lines printed after the nth echo of `echo`, up to the next echoed line."""
    lines = stdout.splitlines()
    idx = [i for i, l in enumerate(lines) if l == echo]
    assert len(idx) > nth, f"{echo!r} was not echoed (enough times):\n{stdout}"
    rest = []
    for l in lines[idx[nth] + 1:]:
        if l.startswith("> ") or l.startswith(">> "):
            break
        rest.append(l)
    return rest


def stored(stdout, provider):
    """The records a `stored PROVIDER: N records [...]` line lists."""
    for l in stdout.splitlines():
        m = re.match(rf"^stored {provider}: (\d+) records? (\[.*\])$", l)
        if m:
            records = json.loads(m.group(2))
            assert int(m.group(1)) == len(records), l
            return records
    raise AssertionError(f"no 'stored {provider}:' line in\n{stdout}")


def write_app(root, app, scenes, fixtures=None):
    root = Path(root)
    (root / "scenes").mkdir(parents=True, exist_ok=True)
    (root / "tests").mkdir(exist_ok=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        (root / "scenes" / f"{scene['scene']}.json").write_text(json.dumps(scene, indent=2))
    for name, data in (fixtures or {}).items():
        (root / "tests" / name).write_text(json.dumps(data))
    return root


def setp(path, value, **kw):
    return {"type": "set", "path": path, "value": value, **kw}


def header(text):
    lines = []
    for l in text.splitlines():
        if not l.startswith("#"):
            break
        lines.append(l)
    return lines


def args_of(text):
    for l in header(text):
        if l.startswith("# args:"):
            return l[len("# args:"):].split()
    return []


def findings(root, folder):
    d = Path(root) / folder
    return {p.name: p.read_text() for p in sorted(d.glob("*.transcript"))} if d.is_dir() else {}


def delete_lines(text):
    return [l for l in text.splitlines() if l.startswith(">> delete")]


def faulted(text):
    return "--fault" in args_of(text) or any(l.startswith(">> fault") for l in text.splitlines())


# ---------------------------------------------------------------- apps

# Vanish, after testing.md's example: notes n1 "milk" and n2 "eggs" listed; a Note detail
# screen shows Share, Taps, and Split/Tap/Reload/Back. Split counts the note's own record and
# divides by that count — a division by zero once the record is gone — and is enabled only
# when the note was found at load, so nothing but a deletion midway reaches the defect.
# Tap changes the frame without reading anything; Reload reads the note again, by the same key.
NOTE_MODEL = {"Note": {"id": "string", "title": "string", "parts": "int"}}
VANISH_APP = {"formatVersion": 1, "name": "Vanish", "entry": "Notes", "models": NOTE_MODEL,
              "providers": {"notes": {"type": "collection", "model": "Note", "key": "id"}}}
NOTES_SCENE = {
    "formatVersion": 1, "scene": "Notes", "onAppear": ["load"],
    "useCases": {
        "load": {"internal": True,
                 "interactor": [{"type": "fetch", "provider": "notes", "as": "all"}],
                 "response": {"all": "@{all}"},
                 "presenter": {"rows": {"each": "@{response.all}", "as": "n",
                                        "value": {"title": "@{n.title}", "id": "@{n.id}"}}}},
        "open": {"request": {"noteId": "string"},
                 "interactor": [{"type": "route", "to": "Note",
                                 "args": {"noteId": "@{request.noteId}"}}]}},
    "view": [{"type": "list", "items": "@{vm.rows}", "empty": "No notes", "action": "open",
              "request": {"noteId": "@{it.id}"}},
             {"type": "error"}]}
NOTE_SCENE = {
    "formatVersion": 1, "scene": "Note", "args": {"noteId": "string"},
    "state": {"title": {"type": "string", "default": ""},
              "found": {"type": "bool", "default": False},
              "share": {"type": "decimal", "default": 0},
              "taps": {"type": "int", "default": 0}},
    "onAppear": ["load"],
    "useCases": {
        "load": {"internal": True, "interactor": [
            {"type": "fetch", "provider": "notes", "as": "n", "args": {"key": "@{args.noteId}"}},
            setp("state.found", "@{n != null}"),
            setp("state.title", "@{n.title ?? 'gone'}")]},
        "split": {"interactor": [
            {"type": "fetch", "provider": "notes", "as": "c",
             "args": {"count": True, "where": {"id": "@{args.noteId}"}}},
            setp("state.share", "@{100 / c}")]},
        "reload": {"interactor": [{"type": "call", "useCase": "load"}]},
        "tap": {"interactor": [setp("state.taps", "@{state.taps + 1}")]}},
    "view": [{"type": "header", "text": "@{state.title}"},
             {"type": "text", "text": "Share: @{state.share}"},
             {"type": "text", "text": "Taps: @{state.taps}"},
             {"type": "button", "title": "Split", "action": "split", "enabled": "@{state.found}"},
             {"type": "button", "title": "Tap", "action": "tap"},
             {"type": "button", "title": "Reload", "action": "reload"},
             {"type": "button", "title": "Back", "action": "back"},
             {"type": "error"}]}
TWO_NOTES = [{"id": "n1", "title": "milk", "parts": 1}, {"id": "n2", "title": "eggs", "parts": 2}]
SPLIT_E502 = "Note.split, step 2 (set): division by zero (E502)"


# The Note of explore.md's example frame exactly: title, Share, Split and Back.
DOC_NOTE_SCENE = json.loads(json.dumps(NOTE_SCENE))
DOC_NOTE_SCENE["view"] = [v for v in DOC_NOTE_SCENE["view"]
                          if v.get("title") not in ("Tap", "Reload")
                          and not v.get("text", "").startswith("Taps")]


def vanish(root, doc=False):
    """The Vanish app at ROOT/Vanish, its fixture at Vanish/tests/seeds/two.json."""
    app = write_app(Path(root) / "Vanish", VANISH_APP,
                    [NOTES_SCENE, DOC_NOTE_SCENE if doc else NOTE_SCENE])
    (app / "tests" / "seeds").mkdir(exist_ok=True)
    (app / "tests" / "seeds" / "two.json").write_text(json.dumps(TWO_NOTES))
    return app


VANISH_FIXTURE = ["--fixture", "notes=Vanish/tests/seeds/two.json"]


# Nums: a collection whose key is a number.
NUMS_APP = {"formatVersion": 1, "name": "Nums", "entry": "Items",
            "models": {"Item": {"n": "int", "title": "string"}},
            "providers": {"items": {"type": "collection", "model": "Item", "key": "n"}}}
ITEMS_SCENE = {
    "formatVersion": 1, "scene": "Items", "onAppear": ["load"],
    "useCases": {"load": {"interactor": [{"type": "fetch", "provider": "items", "as": "all"}],
                          "response": {"all": "@{all}"},
                          "presenter": {"rows": {"each": "@{response.all}", "as": "i",
                                                 "value": {"title": "@{i.n}: @{i.title}"}}}}},
    "view": [{"type": "list", "items": "@{vm.rows}", "empty": "No items"},
             {"type": "button", "title": "Reload", "action": "load"},
             {"type": "error"}]}
NUM_ITEMS = [{"n": 3, "title": "three"}, {"n": 7, "title": "seven"}]


def nums(root):
    return write_app(Path(root) / "Nums", NUMS_APP, [ITEMS_SCENE], {"items.json": NUM_ITEMS})


# Witness: the detail's Check fails at step 3 when its own record is gone, and at step 4 when
# the other record is gone. The list refuses to open anything once fewer than two notes are
# left, so step 4 is reached only if, while a detail is on top, a record other than the one
# it was given is deleted. Tap and Poke keep walks that start at the detail going.
WITNESS_APP = {"formatVersion": 1, "name": "Witness", "entry": "Notes",
               "models": {"Note": {"id": "string", "title": "string"}},
               "providers": {"notes": {"type": "collection", "model": "Note", "key": "id"}}}
WITNESS_LIST = json.loads(json.dumps(NOTES_SCENE))
WITNESS_LIST["useCases"]["open"]["interactor"] = [
    {"type": "fetch", "provider": "notes", "as": "total", "args": {"count": True}},
    {"type": "fail", "if": "@{total < 2}", "message": "Too few notes"},
    {"type": "route", "to": "Note", "args": {"noteId": "@{request.noteId}"}}]
WITNESS_NOTE = {
    "formatVersion": 1, "scene": "Note", "args": {"noteId": "string"},
    "state": {"title": {"type": "string", "default": ""},
              "found": {"type": "bool", "default": False},
              "x": {"type": "decimal", "default": 0},
              "taps": {"type": "int", "default": 0}},
    "onAppear": ["load"],
    "useCases": {
        "load": {"internal": True, "interactor": [
            {"type": "fetch", "provider": "notes", "as": "n", "args": {"key": "@{args.noteId}"}},
            setp("state.found", "@{n != null}"),
            setp("state.title", "@{n.title ?? 'gone'}")]},
        "check": {"interactor": [
            {"type": "fetch", "provider": "notes", "as": "mine",
             "args": {"count": True, "where": {"id": "@{args.noteId}"}}},
            {"type": "fetch", "provider": "notes", "as": "others",
             "args": {"count": True, "where": {"id": {"!=": "@{args.noteId}"}}}},
            setp("state.x", "@{1 / mine}", **{"if": "@{mine == 0}"}),
            setp("state.x", "@{1 / others}", **{"if": "@{others == 0}"})]},
        "tap": {"interactor": [setp("state.taps", "@{state.taps + 1}")]},
        "poke": {"interactor": [setp("state.taps", "@{state.taps + 2}")]}},
    "view": [{"type": "header", "text": "@{state.title}"},
             {"type": "text", "text": "Taps: @{state.taps}"},
             {"type": "button", "title": "Check", "action": "check", "enabled": "@{state.found}"},
             {"type": "button", "title": "Tap", "action": "tap"},
             {"type": "button", "title": "Poke", "action": "poke"},
             {"type": "error"}]}
OWN_GONE = "Note.check, step 3 (set): division by zero (E502)"
OTHER_GONE = "Note.check, step 4 (set)"


# Held: one scene, given nothing, that holds in its state the note whose title sorts first —
# n2 "a-eggs", not the first key. Check fails at step 3 when the held note is gone, at step 4
# when the other one is.
HELD_APP = {"formatVersion": 1, "name": "Held", "entry": "Pick",
            "models": {"Note": {"id": "string", "title": "string"}},
            "providers": {"notes": {"type": "collection", "model": "Note", "key": "id"}}}
HELD_SCENE = {
    "formatVersion": 1, "scene": "Pick",
    "state": {"note": {"type": "Note?"}, "x": {"type": "decimal", "default": 0},
              "taps": {"type": "int", "default": 0}},
    "onAppear": ["load"],
    "useCases": {
        "load": {"internal": True, "interactor": [
            {"type": "fetch", "provider": "notes", "as": "first",
             "args": {"sort": "title", "limit": 1}},
            setp("state.note", "@{first[0]}", **{"if": "@{count(first) > 0}"})]},
        "check": {"interactor": [
            {"type": "fetch", "provider": "notes", "as": "mine",
             "args": {"count": True, "where": {"id": "@{state.note.id}"}}},
            {"type": "fetch", "provider": "notes", "as": "others",
             "args": {"count": True, "where": {"id": {"!=": "@{state.note.id}"}}}},
            setp("state.x", "@{1 / mine}", **{"if": "@{mine == 0}"}),
            setp("state.x", "@{1 / others}", **{"if": "@{others == 0}"})]},
        "tap": {"interactor": [setp("state.taps", "@{state.taps + 1}")]}},
    "view": [{"type": "header", "text": "@{state.note.title ?? 'none'}"},
             {"type": "text", "text": "Taps: @{state.taps}"},
             {"type": "button", "title": "Check", "action": "check",
              "enabled": "@{state.note != null}"},
             {"type": "button", "title": "Tap", "action": "tap"},
             {"type": "error"}]}
HELD_GONE = "Pick.check, step 3 (set): division by zero (E502)"
OTHER_THAN_HELD = "Pick.check, step 4 (set)"


# Box: a collection that starts empty; Add inserts a record with a uuid() key; an Item detail's
# Check divides by the count of its own record.
BOX_APP = {"formatVersion": 1, "name": "Box", "entry": "Items",
           "models": {"Item": {"id": "string", "title": "string"}},
           "providers": {"items": {"type": "collection", "model": "Item", "key": "id"}}}
BOX_LIST = {
    "formatVersion": 1, "scene": "Items", "onAppear": ["load"],
    "useCases": {
        "load": {"internal": True,
                 "interactor": [{"type": "fetch", "provider": "items", "as": "all"}],
                 "response": {"all": "@{all}"},
                 "presenter": {"rows": {"each": "@{response.all}", "as": "n",
                                        "value": {"title": "@{n.title}", "id": "@{n.id}"}}}},
        "add": {"interactor": [
            {"type": "insert", "provider": "items", "value": "@{{id: uuid(), title: 'thing'}}"},
            {"type": "call", "useCase": "load"}]},
        "open": {"request": {"itemId": "string"},
                 "interactor": [{"type": "route", "to": "Item",
                                 "args": {"itemId": "@{request.itemId}"}}]}},
    "view": [{"type": "list", "items": "@{vm.rows}", "empty": "Nothing yet", "action": "open",
              "request": {"itemId": "@{it.id}"}},
             {"type": "button", "title": "Add", "action": "add"},
             {"type": "error"}]}
BOX_ITEM = {
    "formatVersion": 1, "scene": "Item", "args": {"itemId": "string"},
    "state": {"found": {"type": "bool", "default": False},
              "x": {"type": "decimal", "default": 0}},
    "onAppear": ["load"],
    "useCases": {
        "load": {"internal": True, "interactor": [
            {"type": "fetch", "provider": "items", "as": "n", "args": {"key": "@{args.itemId}"}},
            setp("state.found", "@{n != null}")]},
        "check": {"interactor": [
            {"type": "fetch", "provider": "items", "as": "mine",
             "args": {"count": True, "where": {"id": "@{args.itemId}"}}},
            setp("state.x", "@{1 / mine}")]}},
    "view": [{"type": "header", "text": "Item"},
             {"type": "button", "title": "Check", "action": "check", "enabled": "@{state.found}"},
             {"type": "button", "title": "Back", "action": "back"},
             {"type": "error"}]}
BOX_E502 = "Item.check, step 2 (set): division by zero (E502)"


def box(root, fixed=False):
    item = json.loads(json.dumps(BOX_ITEM))
    if fixed:
        item["useCases"]["check"]["interactor"].insert(
            1, {"type": "fail", "if": "@{mine == 0}", "message": "This item is gone."})
    return write_app(Path(root) / "Box", BOX_APP, [BOX_LIST, item])


# Midway (explore.md#faults): notes in a keyValue provider; a fault begun before Clear hides
# everything — a dead end only a fault midway reaches. Beside it a collection `items` the app
# never reads, filled from items.json.
def midway(root, items):
    root = Path(root)
    app = {"formatVersion": 1, "name": "Midway", "entry": "Notes",
           "models": {"Item": {"id": "string", "title": "string"}},
           "providers": {"notes": {"type": "keyValue", "model": "[string]", "default": []},
                         "items": {"type": "collection", "model": "Item", "key": "id"}}}
    scene = {
        "formatVersion": 1, "scene": "Notes",
        "state": {"notes": {"type": "[string]"}, "draft": {"type": "string", "default": ""},
                  "loadFailed": {"type": "bool", "default": False},
                  "broken": {"type": "bool", "default": False}},
        "onAppear": ["load"],
        "useCases": {
            "load": {"interactor": [
                setp("state.loadFailed", False),
                {"type": "fetch", "provider": "notes", "as": "n",
                 "onError": [setp("state.loadFailed", True)]},
                setp("state.notes", "@{n ?? []}", **{"if": "@{!state.loadFailed}"})]},
            "add": {"interactor": [
                {"type": "fetch", "provider": "notes", "as": "n"},
                {"type": "store", "provider": "notes", "value": "@{(n ?? []) + [state.draft]}"},
                setp("state.notes", "@{(n ?? []) + [state.draft]}")]},
            "clear": {"interactor": [
                {"type": "fetch", "provider": "notes", "as": "n",
                 "onError": [setp("state.broken", True)]},
                {"type": "store", "if": "@{!state.broken}", "provider": "notes", "value": []},
                setp("state.notes", [], **{"if": "@{!state.broken}"})]}},
        "view": [
            {"type": "group", "if": "@{state.loadFailed}", "children": [
                {"type": "text", "text": "Cannot load the notes"},
                {"type": "button", "title": "Retry", "action": "load"}]},
            {"type": "group", "if": "@{!state.loadFailed && !state.broken}", "children": [
                {"type": "text", "text": "@{count(state.notes)} notes"},
                {"type": "input", "label": "New note", "bind": "state.draft"},
                {"type": "button", "title": "Add", "action": "add"},
                {"type": "button", "title": "Clear", "action": "clear"}]},
            {"type": "text", "if": "@{state.broken}", "text": "The notes cannot be read now."},
            {"type": "error"}]}
    write_app(root / "Midway", app, [scene])
    (root / "items.json").write_text(json.dumps(items))
    return root


def orders(root, transcripts=None, extra_fixtures=None):
    """A copy of Scenes/Orders under ROOT/Scenes/Orders with only the transcripts given."""
    dest = Path(root) / "Scenes" / "Orders"
    shutil.copytree(SAMPLES / "Orders", dest)
    for t in (dest / "tests").glob("*.transcript"):
        t.unlink()
    for name, text in (transcripts or {}).items():
        (dest / "tests" / name).write_text(text)
    for name, data in (extra_fixtures or {}).items():
        (dest / "tests" / "seeds" / name).write_text(json.dumps(data, indent=2))
    return dest


ALAN = "e6984080-bab1-4a02-953a-eb70673e29cb"
GRACE = "63cbe1e4-5932-4dd7-844c-3cd7f43c661c"
ORDERS_FIXTURE = ["--fixture", "orders=Scenes/Orders/tests/seeds/two.json"]


# ================================================================ testing.md#another-session

# checks: docs/testing.md#another-session, docs/cli.md#scenery-run
def test_delete_is_echoed_prints_nothing_and_the_next_line_is_the_next_input(tmp_path):
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish", ["open 1", ">> delete notes n1", "tap"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    lines = p.stdout.splitlines()
    # "echoed as written", and "It prints nothing": the next line is the next input's echo
    i = lines.index(">> delete notes n1")
    assert lines[i + 1] == "> tap", out(p)
    assert "error" not in p.stderr, out(p)


# checks: docs/testing.md#another-session
def test_the_frame_stays_as_it_was_until_the_app_reads_again(tmp_path):
    """"no scene is told, as none would be, and the app finds the record gone when it next
    reads it — a detail screen's next action, a list when it loads again"."""
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish",
                   ["open 1", ">> delete notes n1", "tap", "split", "back"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    before = block_after(p.stdout, "> open 1")
    assert before[:2] == ["== milk ==", "Share: 0"], out(p)
    # Tap reads nothing: the note is still shown as it was
    tap = block_after(p.stdout, "> tap")
    assert tap[:3] == ["== milk ==", "Share: 0", "Taps: 1"], out(p)
    assert not any(l.startswith("! ") for l in tap), out(p)
    # Split reads the note's record: it is gone (the count is 0, and 100 / 0 fails)
    split = block_after(p.stdout, "> split")
    assert any(SPLIT_E502 in l for l in split), out(p)
    # the list loads again without it
    assert block_after(p.stdout, "> back") == ["1. eggs"], out(p)


# checks: docs/testing.md#another-session, docs/manifest.md#collections
def test_a_fetch_by_the_same_key_made_again_after_the_delete_finds_nothing(tmp_path):
    """manifest.md: a fetch made again with the same args gives what it gave before only
    "while nothing has been committed to the database since — by the session or by another
    program"; the other session's delete is such a commit, so Reload (load again, the same
    key) finds the note gone."""
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish",
                   ["open 1", "reload", ">> delete notes n1", "reload"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    assert block_after(p.stdout, "> reload", 0)[0] == "== milk ==", out(p)
    assert block_after(p.stdout, "> reload", 1)[0] == "== gone ==", out(p)


# checks: docs/testing.md#another-session
def test_a_detail_screens_next_action_reads_the_order_as_gone(tmp_path):
    """Scenes/Orders: the detail of Alan Turing's order stays on screen after the delete; its
    next action, Edit, reads the order and finds none (an empty form), where without the
    delete it shows the order's fields."""
    orders(tmp_path)
    kept = script_run(tmp_path, "Scenes/Orders", ["open 1", "edit"], *ORDERS_FIXTURE,
                      state="kept")
    assert "First name: [Alan]  > firstName" in block_after(kept.stdout, "> edit"), out(kept)
    p = script_run(tmp_path, "Scenes/Orders", ["open 1", f">> delete orders {ALAN}", "edit"],
                   *ORDERS_FIXTURE, state="gone")
    assert p.returncode == 0, out(p)
    assert block_after(p.stdout, "> open 1")[0] == "== Alan Turing ==", out(p)
    i = p.stdout.splitlines().index(f">> delete orders {ALAN}")
    assert p.stdout.splitlines()[i + 1] == "> edit", out(p)
    form = block_after(p.stdout, "> edit")
    assert form[0] == "== Edit order ==", out(p)
    assert "First name: []  > firstName" in form, out(p)


# checks: docs/testing.md#another-session, docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_stored_and_state_after_a_delete_show_only_what_is_left(tmp_path):
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish",
                   [">> stored", ">> delete notes n1", ">> stored", "state",
                    ">> delete notes n2", ">> stored"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    stores = [l for l in p.stdout.splitlines() if l.startswith("stored notes:")]
    assert len(stores) == 3, out(p)
    assert [r["id"] for r in stored(stores[0], "notes")] == ["n1", "n2"]
    assert stored(stores[1], "notes") == [TWO_NOTES[1]]
    # cli.md: `state` prints, for each collection, how many records it holds
    assert any(l.startswith("collection notes: 1 record") and '"n2"' in l and '"n1"' not in l
               for l in block_after(p.stdout, "> state")), out(p)
    # testing.md: `0 records []`
    assert stores[2] == "stored notes: 0 records []", out(p)


# checks: docs/testing.md#another-session, docs/cli.md#scenery-run
def test_the_delete_goes_through_storage_and_the_next_session_on_the_folder_finds_it_gone(tmp_path):
    """"through its storage": a later run on the same state folder, given the same fixture,
    does not see the record again (cli.md: "records deleted later stay deleted")."""
    vanish(tmp_path)
    first = script_run(tmp_path, "Vanish", [">> delete notes n2"], *VANISH_FIXTURE,
                       state="shared")
    assert first.returncode == 0, out(first)
    second = script_run(tmp_path, "Vanish", [">> stored", ">> delete notes n2"],
                        *VANISH_FIXTURE, state="shared")
    assert second.returncode == 0, out(second)
    assert second.stdout.splitlines()[0] == "1. milk", out(second)
    assert stored(second.stdout, "notes") == [TWO_NOTES[0]]
    # deleting it again is a record the collection does not hold
    assert "error: '>> delete' finds no record 'n2' in 'notes'" in out(second).splitlines()


# checks: docs/testing.md#another-session
def test_a_fault_begun_with_a_fault_line_does_not_reach_the_delete(tmp_path):
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish",
                   ["open 1", ">> fault notes=fail", ">> delete notes n1", "split",
                    ">> fault notes=none", ">> stored"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    lines = p.stdout.splitlines()
    i = lines.index(">> delete notes n1")
    assert lines[i + 1] == "> split", out(p)
    # this session's reads fail (naming the >> fault); the other session's delete went through
    assert "! notes: failed (fault injected with >> fault)" in block_after(p.stdout, "> split")
    assert stored(p.stdout, "notes") == [TWO_NOTES[1]]


# checks: docs/testing.md#another-session
def test_a_delayed_provider_does_not_delay_the_delete(tmp_path):
    """`delay:MS` waits "in real time" before each read and write of this session; the other
    session's delete is not this session's, so it does not wait. The delay is the longest
    there is, ten minutes: a delete that waited would run past the command's timeout."""
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish",
                   [">> fault notes=delay:600000", ">> delete notes n1", ">> fault notes=none",
                    ">> stored"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    assert stored(p.stdout, "notes") == [TWO_NOTES[1]], out(p)


# checks: docs/testing.md#another-session
@pytest.mark.parametrize("mode", ["fail", "fail-store"])
def test_a_fault_given_with_the_fault_option_does_not_reach_the_delete(tmp_path, mode):
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish",
                   [">> delete notes n1", ">> fault notes=none", ">> stored"],
                   *VANISH_FIXTURE, "--fault", f"notes={mode}")
    assert p.returncode == 0, out(p)
    lines = p.stdout.splitlines()
    i = lines.index(">> delete notes n1")
    assert lines[i + 1] == ">> fault notes=none", out(p)
    assert stored(p.stdout, "notes") == [TWO_NOTES[1]], out(p)


# checks: docs/testing.md#another-session
@pytest.mark.parametrize("line, message", [
    (">> delete note n1",
     "error: '>> delete' names no collection 'note' of the app; did you mean 'notes'?"),
    (">> delete notes n9", "error: '>> delete' finds no record 'n9' in 'notes'"),
    (">> delete notes",
     "error: '>> delete' takes a collection and a record's key, as in '>> delete orders 3', "
     "not 'notes'"),
])
def test_a_refused_delete_says_why_as_documented_and_the_session_goes_on(tmp_path, line, message):
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish", [line, "open 2", ">> stored"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    # "fails as a bad input line does": `error: …` printed, and the session goes on
    assert message in out(p).splitlines(), out(p)
    assert block_after(p.stdout, "> open 2")[0] == "== eggs ==", out(p)
    assert [r["id"] for r in stored(p.stdout, "notes")] == ["n1", "n2"], out(p)


# checks: docs/cli.md#scenery-run
def test_strict_stops_at_a_refused_delete(tmp_path):
    """`--strict`: exit 1 at the first bad input line; a refused `>> delete` is one."""
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish", [">> delete notes n9", "open 1"], *VANISH_FIXTURE,
                   "--strict")
    assert p.returncode == 1, out(p)
    assert "error: '>> delete' finds no record 'n9' in 'notes'" in out(p), out(p)
    assert "> open 1" not in p.stdout and "== milk ==" not in p.stdout, out(p)


# checks: docs/testing.md#another-session
def test_a_number_key_deletes_from_a_collection_whose_key_is_a_number(tmp_path):
    """"a number for a collection whose key is a number". A word that is no number is not a
    key the collection holds: the docs give no text for it, so only its being a bad line
    (`error: '>> delete' …`, nothing deleted, the session going on) is checked."""
    nums(tmp_path)
    p = script_run(tmp_path, "Nums",
                   [">> delete items abc", ">> delete items 3", "reload", ">> stored"],
                   "--fixture", "items=Nums/tests/items.json")
    assert p.returncode == 0, out(p)
    refusal = [l for l in out(p).splitlines() if l.startswith("error: '>> delete'")]
    assert len(refusal) == 1 and "abc" in refusal[0], out(p)
    assert block_after(p.stdout, "> reload")[:2] == ["1. 7: seven", "[ Reload ]"], out(p)
    assert stored(p.stdout, "items") == [NUM_ITEMS[1]]


# checks: docs/testing.md#another-session, docs/cli.md#scenery-run
def test_standard_input_and_a_script_file_run_the_line_alike(tmp_path):
    vanish(tmp_path)
    steps = ["open 1", ">> delete notes n1", "back", ">> stored"]
    a = script_run(tmp_path, "Vanish", steps, *VANISH_FIXTURE, state="a")
    b = script_run(tmp_path, "Vanish", steps, *VANISH_FIXTURE, state="b", stdin=True)
    assert a.returncode == 0 and b.returncode == 0, out(a) + out(b)
    assert a.stdout == b.stdout
    assert block_after(b.stdout, "> back") == ["1. eggs"], out(b)


# checks: docs/cli.md#scenery-run
@pytest.mark.parametrize("line", [">> restart", ">> absent milk"])
def test_a_session_refuses_a_transcripts_own_lines_with_the_documented_text(tmp_path, line):
    vanish(tmp_path)
    word = line.split()[1]
    p = script_run(tmp_path, "Vanish", [line, "open 1"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    expected = (f"error: '>> {word}' is a transcript's line, which 'scenery test' runs; "
                + SESSION_TAKES)
    assert expected in out(p).splitlines(), out(p)
    assert block_after(p.stdout, "> open 1")[0] == "== milk ==", out(p)


# checks: docs/cli.md#scenery-run
def test_a_session_refuses_an_unknown_directive_naming_the_ones_it_takes(tmp_path):
    """"any other `>> ` line with `error: unknown directive '>> …'; a session takes …`" —
    the elided list read as the one the `>> restart` refusal gives, `>> delete` among it."""
    vanish(tmp_path)
    p = script_run(tmp_path, "Vanish", [">> remove notes n1", ">> stored"], *VANISH_FIXTURE)
    assert p.returncode == 0, out(p)
    assert ("error: unknown directive '>> remove notes n1'; " + SESSION_TAKES) in \
        out(p).splitlines(), out(p)
    assert len(stored(p.stdout, "notes")) == 2


# checks: docs/cli.md#scenery-run, docs/testing.md#another-session
def test_json_and_diff_output_print_nothing_for_the_delete(tmp_path):
    vanish(tmp_path)
    j = script_run(tmp_path, "Vanish", ["open 1", ">> delete notes n1", "back"],
                   *VANISH_FIXTURE, "--format", "json", state="j")
    assert j.returncode == 0, out(j)
    objs = [json.loads(l) for l in j.stdout.splitlines()]
    i = objs.index({"input": ">> delete notes n1"})
    assert objs[i + 1] == {"input": "back"}, j.stdout
    assert objs[i + 2]["lines"] == ["1. eggs"], j.stdout
    d = script_run(tmp_path, "Vanish", ["open 1", ">> delete notes n1", "back"],
                   *VANISH_FIXTURE, "--render", "diff", state="d")
    assert d.returncode == 0, out(d)
    lines = d.stdout.splitlines()
    assert lines[lines.index(">> delete notes n1") + 1] == "> back", out(d)


# ================================================================ transcripts

VANISH_GONE = """\
# gone — another session deletes the note on screen
# args: --fixture notes=seeds/two.json
1. milk
2. eggs
> open 1
== milk ==
Share: 0
Taps: 0
[ Split ]
[ Tap ]
[ Reload ]
[ Back ]
>> delete notes n1
> back
1. eggs
"""


# checks: docs/testing.md#3-a-flow-transcripts, docs/testing.md#another-session
def test_a_transcript_with_a_delete_passes_when_its_output_matches(tmp_path):
    app = vanish(tmp_path)
    (app / "tests" / "gone.transcript").write_text(VANISH_GONE)
    p = run(["test", "Vanish"], tmp_path)
    assert p.returncode == 0, out(p)
    assert "PASS Vanish/tests/gone.transcript" in p.stdout, out(p)


# checks: docs/testing.md#3-a-flow-transcripts, docs/testing.md#another-session
def test_a_transcript_fails_when_the_list_after_the_delete_still_shows_the_note(tmp_path):
    app = vanish(tmp_path)
    (app / "tests" / "gone.transcript").write_text(
        VANISH_GONE.replace("> back\n1. eggs\n", "> back\n1. milk\n2. eggs\n"))
    p = run(["test", "Vanish"], tmp_path)
    assert p.returncode == 1, out(p)
    assert "FAIL Vanish/tests/gone.transcript" in out(p)
    assert "-1. milk" in p.stderr and "+1. eggs" in p.stderr, out(p)


# checks: docs/testing.md#another-session, docs/testing.md#3-a-flow-transcripts
@pytest.mark.parametrize("eol", ["\n", "\r\n"])
def test_the_list_still_shows_the_deleted_row_and_opening_it_finds_it_gone(tmp_path, eol):
    """"It prints nothing and changes no frame: no scene is told": the list keeps showing
    milk as row 1, so `open 1` opens milk's row — and the detail, reading it, finds it gone.
    testing.md: "Lines end at `\\n` or `\\r\\n`", so the transcript passes either way."""
    app = vanish(tmp_path)
    text = """\
# stale
# args: --fixture notes=seeds/two.json
1. milk
2. eggs
>> delete notes n1
> open 1
== gone ==
Share: 0
Taps: 0
[ Split ] (disabled)
[ Tap ]
[ Reload ]
[ Back ]
> back
1. eggs
"""
    (app / "tests" / "stale.transcript").write_bytes(text.replace("\n", eol).encode())
    p = run(["test", "Vanish"], tmp_path)
    assert p.returncode == 0, out(p)


# checks: docs/testing.md#another-session, docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_a_record_deleted_before_a_restart_stays_deleted_after_it(tmp_path):
    """The record was deleted through the state folder's storage; `>> restart` keeps that
    folder, and a collection's fixture fills it only the first time."""
    app = vanish(tmp_path)
    (app / "tests" / "restart.transcript").write_text("""\
# restart
# args: --fixture notes=seeds/two.json
1. milk
2. eggs
>> delete notes n1
>> restart
1. eggs
>> absent milk
>> stored
stored notes: 1 record [{"id":"n2","title":"eggs","parts":2}]
""")
    p = run(["test", "Vanish"], tmp_path)
    assert p.returncode == 0, out(p)


# checks: docs/testing.md#another-session, docs/testing.md#3-a-flow-transcripts
def test_a_refused_delete_in_a_transcript_is_an_expected_error_line(tmp_path):
    app = vanish(tmp_path)
    (app / "tests" / "refused.transcript").write_text("""\
# refused
# args: --fixture notes=seeds/two.json
1. milk
2. eggs
>> delete notes n9
error: '>> delete' finds no record 'n9' in 'notes'
>> delete note n1
error: '>> delete' names no collection 'note' of the app; did you mean 'notes'?
> open 2
== eggs ==
...
""")
    p = run(["test", "Vanish"], tmp_path)
    assert p.returncode == 0, out(p)


# checks: docs/testing.md#3-a-flow-transcripts
def test_a_misspelt_delete_fails_the_transcript_as_an_unknown_directive(tmp_path):
    app = vanish(tmp_path)
    text = VANISH_GONE.replace(">> delete notes n1", ">> delet notes n1")
    (app / "tests" / "typo.transcript").write_text(text)
    n = text.splitlines().index(">> delet notes n1") + 1
    p = run(["test", "Vanish"], tmp_path)
    assert p.returncode == 1, out(p)
    assert f"line {n}: unknown directive '>> delet notes n1'" in out(p), out(p)


# checks: docs/cli.md#scenery-run, docs/testing.md#3-a-flow-transcripts
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_record_writes_the_delete_as_typed_and_the_recording_passes(tmp_path, fmt):
    """cli.md's `--record`: "a transcript that `scenery test FILE` passes as it stands: every
    input as `> line`" (under `--format json` as `{"input": …}` lines, "so a JSON recording
    replays as it stands too"). testing.md says `--record` writes `>> clock` and `>> fault`
    "as it was typed" but says nothing of `>> delete`; a recording that passes must hold it,
    and the plain reading is the line as typed, where it was typed."""
    app = vanish(tmp_path)
    script = tmp_path / "steps.txt"
    script.write_text("open 1\n>> delete notes n1\nback\n")
    rec = app / "tests" / "rec.transcript"
    p = run(["run", "Vanish", "--script", script, *VANISH_FIXTURE, "--format", fmt,
             "--record", rec], tmp_path)
    assert p.returncode == 0, out(p)
    body = [l for l in rec.read_text().splitlines() if not l.startswith("#")]
    line = ">> delete notes n1" if fmt == "text" else '{"input":">> delete notes n1"}'
    back = "> back" if fmt == "text" else '{"input":"back"}'
    i = body.index(line)
    assert body[i + 1] == back, rec.read_text()
    t = run(["test", rec], tmp_path)
    assert t.returncode == 0, out(t)


# checks: docs/testing.md#3-a-flow-transcripts
def test_update_keeps_the_delete_where_it_stood(tmp_path):
    app = vanish(tmp_path)
    path = app / "tests" / "gone.transcript"
    path.write_text(VANISH_GONE.replace("> back\n1. eggs\n", "> back\n1. cheese\n"))
    u = run(["test", "Vanish", "--update"], tmp_path)
    assert u.returncode == 0, out(u)
    text = path.read_text()
    lines = text.splitlines()
    i = lines.index(">> delete notes n1")
    assert lines[i - 1] == "[ Back ]" and lines[i + 1] == "> back", text
    assert lines[i + 2] == "1. eggs", text
    assert run(["test", "Vanish"], tmp_path).returncode == 0


# ================================================================ explore.md#faults

# checks: docs/explore.md#faults, docs/explore.md#what-it-writes
def test_explore_faults_finds_a_defect_only_a_deleted_record_reaches(tmp_path):
    vanish(tmp_path)
    p = run(["explore", "Vanish", "--faults", *VANISH_FIXTURE, "--output", "found"], tmp_path)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path, "found")
    hits = {n: t for n, t in found.items() if SPLIT_E502 in t}
    assert hits, out(p) + "\n".join(found)
    for name, text in hits.items():
        assert name.startswith("no-runtime-error-"), name
        body = [l for l in text.splitlines() if not l.startswith("#")]
        # the `>> delete` line is one of the walk's actions, kept where it happened: after the
        # detail of the note it deletes was opened, before the Split that finds it gone
        dels = delete_lines(text)
        assert dels == [">> delete notes n1"] or dels == [">> delete notes n2"], text
        key = dels[0].split()[-1]
        title = {"n1": "milk", "n2": "eggs"}[key]
        d = body.index(dels[0])
        opened = [j for j, l in enumerate(body[:d]) if l.startswith("> open ")]
        if opened:
            assert body[opened[-1] + 1] == f"== {title} ==", text
        else:
            # a walk that started at the detail (explore.md: one walk in four starts at
            # another scene, its args in `# args:`)
            assert f"noteId={key}" in args_of(text) and body[0] == f"== {title} ==", text
        after = [l for l in body[d + 1:] if l.startswith("> ")]
        assert after and after[0] == "> split", text
        assert ">> absent (E502)" in body, text
        # "in half the walks no fault touches": no fault in this walk
        assert not faulted(text), text
        assert "--faults" in next(l for l in header(text) if l.startswith("# found by:"))
    # `scenery test` fails on it today
    t = run(["test", "found"], tmp_path)
    assert t.returncode == 1, out(t)
    assert "'(E502)' appeared" in out(t), out(t)


# checks: docs/explore.md#faults
def test_the_documented_example_is_what_explore_writes_for_vanish(tmp_path):
    """The example of explore.md's Faults: with frames as the example shows them, the finding
    reads as it does, up to its `>> absent (E502)` (the example ends in `...` there; the
    frames after it are the run's, and the example's walk number and line:column belong to
    the docs' own app)."""
    vanish(tmp_path, doc=True)
    p = run(["explore", "Vanish", "--faults", "--fixture", "notes=Vanish/tests/seeds/two.json",
             "--seed", "0"], tmp_path)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path, "explore")
    hits = [t for t in found.values() if SPLIT_E502 in t]
    assert len(hits) == 1, out(p)
    lines = hits[0].splitlines()
    assert re.fullmatch(r"# explore: no runtime error — Note\.split, step 2 \(set\): division "
                        r"by zero \(E502\) at scenes/Note\.json:\d+:\d+", lines[0]), lines[0]
    assert re.fullmatch(r"# found by: scenery explore Vanish --faults --fixture "
                        r"notes=Vanish/tests/seeds/two\.json --seed 0, walk \d+, shrunk from "
                        r"\d+ actions to 3", lines[1]), lines[1]
    assert lines[2:4] == ["# app: ../Vanish",
                          "# args: --fixture notes=../Vanish/tests/seeds/two.json"]
    end = lines.index(">> absent (E502)")
    assert lines[4:end + 1] == [
        "1. milk", "2. eggs", "> open 1", "== milk ==", "Share: 0", "[ Split ]", "[ Back ]",
        ">> delete notes n1", "> split", ">> absent (E502)"], hits[0]


# checks: docs/explore.md#faults
def test_without_faults_no_delete_is_played_and_the_defect_is_not_found(tmp_path):
    vanish(tmp_path)
    p = run(["explore", "Vanish", *VANISH_FIXTURE, "--output", "plain"], tmp_path)
    found = findings(tmp_path, "plain")
    assert not any(delete_lines(t) for t in found.values()), found
    assert not any(SPLIT_E502 in t for t in found.values()), found
    assert p.returncode == 0, out(p)
    assert "0 failures" in p.stdout, out(p)


# checks: docs/explore.md#faults, docs/explore.md#what-it-checks
def test_with_restart_the_other_sessions_delete_is_not_a_loss_of_what_was_stored(tmp_path):
    """`--restart` checks that a collection holds, after the app starts again, what it held
    after the walk; a record another session deleted midway was not held then, so the delete
    walks break nothing there. Box, fixed, has no defect: with `--faults --restart` nothing
    is found."""
    box(tmp_path, fixed=True)
    p = run(["explore", "Box", "--faults", "--restart", "--output", "found"], tmp_path)
    assert findings(tmp_path, "found") == {}, out(p)
    assert p.returncode == 0, out(p)


# checks: docs/explore.md#faults
def test_the_record_deleted_is_the_one_the_top_scene_was_given(tmp_path):
    """"a record the top scene was given or holds (the note a detail screen shows) when there
    is one". In Witness, deleting a detail's own record fails Check at step 3; only deleting
    the *other* record while the detail is on top reaches step 4 (the list opens nothing once
    fewer than two notes are left). Started at the detail for n2 (`--scene Note --arg
    noteId=n2`), every delete must be of n2."""
    root = write_app(tmp_path / "Witness", WITNESS_APP, [WITNESS_LIST, WITNESS_NOTE],
                     {"two.json": [{"id": "n1", "title": "milk"}, {"id": "n2", "title": "eggs"}]})
    fixture = ["--fixture", "notes=Witness/tests/two.json"]
    p = run(["explore", "Witness", "--faults", *fixture, "--output", "entry"], tmp_path)
    entry = findings(tmp_path, "entry")
    assert any(OWN_GONE in t for t in entry.values()), out(p)
    assert not any(OTHER_GONE in t for t in entry.values()), "\n\n".join(entry.values())
    q = run(["explore", "Witness", "--faults", *fixture, "--scene", "Note", "--arg", "noteId=n2",
             "--walks", "200", "--output", "detail"], tmp_path)
    detail = findings(tmp_path, "detail")
    assert not any(OTHER_GONE in t for t in detail.values()), "\n\n".join(detail.values())
    own = [t for t in detail.values() if OWN_GONE in t]
    assert own, out(q)
    for text in own:
        assert delete_lines(text) == [">> delete notes n2"], text


# checks: docs/explore.md#faults
def test_the_record_deleted_is_the_one_the_top_scene_holds(tmp_path):
    """"a record the top scene was given or holds … when there is one, otherwise one the
    collection holds": Held's only scene is given nothing and holds n2 in its state, so the
    record deleted is n2 — never n1, which only step 4 would show."""
    write_app(tmp_path / "Held", HELD_APP, [HELD_SCENE],
              {"two.json": [{"id": "n1", "title": "b-milk"}, {"id": "n2", "title": "a-eggs"}]})
    p = run(["explore", "Held", "--faults", "--fixture", "notes=Held/tests/two.json",
             "--output", "found"], tmp_path)
    found = findings(tmp_path, "found")
    assert not any(OTHER_THAN_HELD in t for t in found.values()), "\n\n".join(found.values())
    held = [t for t in found.values() if HELD_GONE in t]
    assert held, out(p)
    for text in held:
        assert delete_lines(text) == [">> delete notes n2"], text


# checks: docs/explore.md#faults
def test_faulted_walks_stay_as_they_would_be_without_the_other_session(tmp_path):
    """"These walks are drawn apart from the faulted ones, which stay as they would be without
    them". Midway's dead end is reached only by a fault begun midway. Beside it, a collection
    the app never reads: with two records the other session deletes some in walks no fault
    touches; empty, it never can. The faulted walks — and so what they find, the walk that
    found it, and its transcript — must be the same either way."""
    with_records = midway(tmp_path / "R", [{"id": "i1", "title": "one"},
                                            {"id": "i2", "title": "two"}])
    empty = midway(tmp_path / "E", [])
    a = run(["explore", "Midway", "--faults", "--fixture", "items=items.json"], with_records)
    b = run(["explore", "Midway", "--faults", "--fixture", "items=items.json"], empty)
    fa, fb = findings(with_records, "explore"), findings(empty, "explore")
    assert fa, out(a)
    assert all(faulted(t) for t in fa.values()), fa
    assert fa == fb, out(a) + out(b)
    assert a.returncode == b.returncode == 1


# checks: docs/explore.md#faults, docs/explore.md#what-it-writes
def test_deletes_only_records_the_collection_holds_and_the_finding_replays(tmp_path):
    """Box's collection starts empty and fills only as a walk presses Add ("a walk whose
    collection holds nothing when its step comes goes on without it"). The finding's deleted
    key is a record the walk made (seed 0 ids, as a transcript's), the one the detail on top
    was given when a detail is on top; `scenery test` fails on it, and passes once the app is
    fixed and the transcript updated, the `>> delete` line kept."""
    box(tmp_path)
    p = run(["explore", "Box", "--faults", "--output", "found"], tmp_path)
    assert p.returncode == 1, out(p)
    assert re.search(r"^explored Box: 100 walks, ", p.stdout, re.M), out(p)
    found = findings(tmp_path, "found")
    hits = [(n, t) for n, t in found.items() if BOX_E502 in t]
    assert hits, out(p)
    assert not any("error: '>> delete'" in t for t in found.values()), found
    name, text = hits[0]
    dels = delete_lines(text)
    assert len(dels) == 1, text
    key = dels[0].split()[-1]
    # replay the inputs before it, as the transcript runs (seed 0), and see what is stored
    body = [l for l in text.splitlines() if not l.startswith("#")]
    inputs = [l[2:] if l.startswith("> ") else l for l in body[:body.index(dels[0])]
              if l.startswith("> ") or l.startswith(">> ")]
    r = script_run(tmp_path, "Box", [*inputs, ">> stored"], "--seed", "0")
    ids = sorted(rec["id"] for rec in stored(r.stdout, "items"))
    assert key in ids, (key, ids, text)
    last = inputs[-1] if inputs else ""
    if last.startswith("open "):
        assert key == ids[int(last.split()[1]) - 1], (key, ids, text)
    t = run(["test", "found"], tmp_path)
    assert t.returncode == 1, out(t)
    # fixed: Check says the item is gone instead of dividing by zero
    shutil.rmtree(tmp_path / "Box")
    box(tmp_path, fixed=True)
    u = run(["test", "found", "--update"], tmp_path)
    assert u.returncode == 0, out(u)
    updated = (tmp_path / "found" / name).read_text()
    assert delete_lines(updated) == dels, updated
    assert "! This item is gone." in updated, updated
    assert run(["test", "found"], tmp_path).returncode == 0


# checks: docs/explore.md#faults, docs/explore.md#explore-an-app
def test_the_same_seed_gives_the_same_transcripts_with_their_deletes(tmp_path):
    box(tmp_path)
    runs = []
    for folder, extra in (("one", []), ("two", []), ("jobs", ["--jobs", "2"])):
        p = run(["explore", "Box", "--faults", "--seed", "3", "--output", folder, *extra],
                tmp_path)
        runs.append((p, findings(tmp_path, folder)))
    (p1, f1), (p2, f2), (p3, f3) = runs
    assert f1 and any(delete_lines(t) for t in f1.values()), out(p1)
    assert f1 == f2 == f3
    assert p1.stdout.replace("one/", "X/") == p2.stdout.replace("two/", "X/") \
        == p3.stdout.replace("jobs/", "X/")


# ================================================================ eject.md#tests-from-transcripts

DELETE_3 = """\
# gone elsewhere — another session deletes order 3 while the list shows it
# args: --fixture orders=seeds/three.json
...
>> delete orders 3
> new
...
> back
...
"""


# checks: docs/eject.md#tests-from-transcripts, docs/testing.md#2-a-json-scene-in-swift-scenetester
def test_eject_makes_delete_orders_3_the_testers_delete_where_it_stands(tmp_path):
    two = json.loads((SAMPLES / "Orders" / "tests" / "seeds" / "two.json").read_text())
    three = [dict(r, id="3") if r["id"] == GRACE else r for r in two]
    orders(tmp_path, {"gone-elsewhere.transcript": DELETE_3}, {"three.json": three})
    u = run(["test", "Scenes/Orders", "--update"], tmp_path)
    assert u.returncode == 0, out(u)
    assert run(["test", "Scenes/Orders"], tmp_path).returncode == 0
    p = run(["eject", "Scenes/Orders", "--all", "--tests", "T", "--no-format"], tmp_path)
    assert p.returncode == 0, out(p)
    swift = (tmp_path / "T" / "OrdersScenesTests" / "GoneElsewhereTranscriptTests.swift")
    lines = [l.strip() for l in swift.read_text().splitlines()]
    assert 'app.delete("3", from: "orders")' in lines, swift.read_text()
    d = lines.index('app.delete("3", from: "orders")')
    start = lines.index("await app.start()")
    new = lines.index('await app.send("new")')
    assert start < d < new, swift.read_text()
    # nothing sent between the first frame's assertion and the delete
    assert not any(l.startswith("await app.send(") for l in lines[start:d]), swift.read_text()


# checks: docs/eject.md#tests-from-transcripts
def test_eject_writes_a_number_key_as_typed_and_leaves_out_a_refused_delete(tmp_path):
    """A number key: the docs show only `>> delete orders 3` as `app.delete("3", from:
    "orders")`; read plainly, the key is written as typed, in a string. A transcript whose
    `>> delete` the run refuses is "a `>> ` line the run refuses" and is left out with a
    `note:`."""
    app = nums(tmp_path)
    (app / "tests" / "del.transcript").write_text("""\
# del
# args: --fixture items=items.json
...
>> delete items 3
> reload
1. 7: seven
[ Reload ]
""")
    (app / "tests" / "refused.transcript").write_text("""\
# refused
# args: --fixture items=items.json
...
>> delete items 4
error: '>> delete' finds no record '4' in 'items'
""")
    assert run(["test", "Nums"], tmp_path).returncode == 0
    p = run(["eject", "Nums", "--all", "--tests", "T", "--no-format"], tmp_path)
    assert p.returncode == 0, out(p)
    tests = tmp_path / "T" / "NumsScenesTests"
    lines = [l.strip() for l in (tests / "DelTranscriptTests.swift").read_text().splitlines()]
    d = lines.index('app.delete("3", from: "items")')
    assert d < lines.index('await app.send("reload")')
    assert not (tests / "RefusedTranscriptTests.swift").exists()
    notes = [l for l in out(p).splitlines() if l.startswith("note:") and "refused.transcript" in l]
    assert notes and ">> delete items 4" in notes[0], out(p)
