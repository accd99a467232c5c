"""Contract tests for faults that begin midway and for explore's walks that start at the
other scenes, written from the documentation alone:

- docs/testing.md, "Faults" (#faults) — the `>> fault PROVIDER=MODE` line of a transcript or
  a script — and the directive list of "3. A flow: transcripts" that names it;
- docs/explore.md, "Explore an app" (one walk in four starts at another scene, with typed
  args and ids of records that exist and that do not; such a walk ends when that scene goes
  back past the bottom), "Faults" (#faults: half the faulted walks begin the fault midway,
  as a `>> fault` line kept in the transcript), "Progress and the summary"
  (#progress-and-the-summary: `not reached:` lines above the summary) and "What is not
  there yet".

Every app is written (or Scenes/Orders copied) into pytest's tmp_path and every command runs
there: `scenery run` keeps its state in a `--state-dir` inside it, `--record` runs on an app
copied into it, and XDG_STATE_HOME points inside it. Explore takes 60 walks at most, but for
the docs' claim that the Orders reach all 61 places in 100 walks (about 3 s).
"""
import json
import os
import pty
import re
import select
import shutil
import subprocess
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")
SHOP = os.environ.get("SHOP")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"
TIMEOUT = 60

SUMMARY = re.compile(
    r"^explored (?P<app>\S+): (?P<walks>\d+) walks?, (?P<actions>\d+) actions?, "
    r"(?P<frames>\d+) distinct frames?, (?P<pct>\d+\.\d)% of places reached "
    r"\((?P<reached>\d+)/(?P<places>\d+)\), (?P<failures>\d+) failures?$")
FOUND_BY = re.compile(r"^# found by: scenery explore (?P<command>.*), walk (?P<walk>\d+), "
                      r"shrunk from (?P<before>\d+) actions? to (?P<after>\d+)$")
NOT_REACHED = re.compile(r"^not reached: (?P<file>\S+): (?P<places>.*?)(?: and (?P<more>\d+) more)?$")


# ---------------------------------------------------------------- helpers

def need_scenery():
    if not SCENERY:
        pytest.skip("SCENERY is not set")


def run(args, cwd, timeout=TIMEOUT, binary=None):
    need_scenery()
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    env["NO_COLOR"] = "1"
    env["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")  # never $HOME
    return subprocess.run([binary or SCENERY, *[str(a) for a in args]], cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=timeout)


def out(p):
    return p.stdout + p.stderr


def explore(cwd, app, *args):
    return run(["explore", app, *args], cwd)


def script_run(cwd, app, lines, *flags, state="state-run"):
    """`scenery run APP --script` with its state in a folder of cwd (never the default)."""
    script = Path(cwd) / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    st = Path(cwd) / state
    st.mkdir(exist_ok=True)
    return run(["run", app, "--script", script, "--state-dir", st, *flags], cwd)


def run_tests(cwd, *paths):
    return run(["test", *paths], cwd)



def summary(p):
    lines = [l for l in p.stdout.splitlines() if l.startswith("explored ")]
    assert len(lines) == 1, out(p)
    m = SUMMARY.match(lines[0])
    assert m, f"summary line of an unexpected shape: {lines[0]!r}"
    return {k: (v if k == "app" else float(v) if k == "pct" else int(v))
            for k, v in m.groupdict().items()}


def findings(root, folder="explore"):
    d = Path(root) / folder
    return {p.name: p.read_text() for p in sorted(d.glob("*.transcript"))} if d.is_dir() else {}


def header(text):
    lines = []
    for l in text.splitlines():
        if not l.startswith("#"):
            break
        lines.append(l)
    return lines


def body(text):
    return text.splitlines()[len(header(text)):]


def args_of(text):
    for l in header(text):
        if l.startswith("# args:"):
            return l[len("# args:"):].split()
    return []


def found_by(text):
    for l in header(text):
        m = FOUND_BY.match(l)
        if m:
            return m
    raise AssertionError(f"no '# found by:' line in\n{text}")


def option(args, name):
    """The values an option takes in an argument list (`--arg id=x` → ['id=x'])."""
    return [args[i + 1] for i, a in enumerate(args[:-1]) if a == name]


def write_app(root, app, scenes):
    root = Path(root)
    (root / "scenes").mkdir(parents=True, exist_ok=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        text = scene if isinstance(scene, str) else json.dumps(scene, indent=2)
        name = json.loads(text)["scene"]
        (root / "scenes" / f"{name}.json").write_text(text)
    return root


def copy_sample(dest_root, name):
    dest = Path(dest_root) / "Scenes" / name
    shutil.copytree(SAMPLES / name, dest)
    return dest


def setp(path, value, **kw):
    return {"type": "set", "path": path, "value": value, **kw}


def frames_after(stdout, echo):
    """The lines a scripted run printed after the echo `echo`, up to the next echoed line."""
    lines = stdout.splitlines()
    i = lines.index(echo)
    rest = []
    for l in lines[i + 1:]:
        if l.startswith("> ") or l.startswith(">> "):
            break
        rest.append(l)
    return rest


# ---------------------------------------------------------------- apps

# The note of testing.md's "State" example: a keyValue provider `note` (default `none`),
# read on appear and by Reload, written by `save TEXT`.
NOTES_APP = {"formatVersion": 1, "name": "Notes", "entry": "Note",
             "providers": {"note": {"type": "keyValue", "model": "string", "default": "none"}}}
NOTES = {
    "formatVersion": 1, "scene": "Note",
    "state": {"note": {"type": "string", "default": ""}},
    "onAppear": ["load"],
    "useCases": {
        "load": {"interactor": [{"type": "fetch", "provider": "note", "as": "n"},
                                setp("state.note", "@{n}")]},
        "save": {"request": {"text": "string"},
                 "interactor": [{"type": "store", "provider": "note", "value": "@{request.text}"},
                                setp("state.note", "@{request.text}")]}},
    "view": [{"type": "text", "text": "Note: @{state.note}"},
             {"type": "button", "title": "Reload", "action": "load"},
             {"type": "error"}]}


def notes(root):
    return write_app(Path(root) / "Notes", NOTES_APP, [NOTES])


# An app whose entry always has something to do (Inc) and that no route leaves, beside
# scenes only a walk that starts there can reach.
STARTS_APP = {"formatVersion": 1, "name": "Starts", "entry": "Home",
              "models": {"Item": {"id": "string", "title": "string", "qty": "int"}},
              "providers": {"items": {"type": "collection", "model": "Item", "key": "id"}}}
HOME = {"formatVersion": 1, "scene": "Home",
        "state": {"n": {"type": "int", "default": 0}},
        "useCases": {"inc": {"interactor": [setp("state.n", "@{state.n + 1}")]}},
        "view": [{"type": "header", "text": "Home"},
                 {"type": "text", "text": "N: @{state.n}"},
                 {"type": "button", "title": "Inc", "action": "inc"},
                 {"type": "error"}]}
ITEMS_FIXTURE = [{"id": "a1", "title": "Apple", "qty": 0},
                 {"id": "b2", "title": "Pear", "qty": 0}]


def finish_scene(how):
    """A scene with one thing to do, which leaves it: a use case routing `back` or
    `dismiss`, or a Back button whose action is the built-in `back`."""
    scene = {"formatVersion": 1, "scene": "Done", "args": {"label": "string"},
             "view": [{"type": "header", "text": "Done @{args.label}"}, None, {"type": "error"}]}
    if how == "button-back":
        scene["view"][1] = {"type": "button", "title": "Back", "action": "back"}
    else:
        scene["useCases"] = {"finish": {"interactor": [{"type": "route", "mode": how}]}}
        scene["view"][1] = {"type": "button", "title": "Finish", "action": "finish"}
    return scene


# Item: a division by zero on appear, at one step when its id names a record (qty 0), at
# another when it names none.
ITEM = {"formatVersion": 1, "scene": "Item", "args": {"id": "string"},
        "state": {"r": {"type": "string", "default": ""}, "zero": {"type": "int", "default": 0}},
        "onAppear": ["load"],
        "useCases": {"load": {"internal": True, "interactor": [
            {"type": "fetch", "provider": "items", "as": "item", "args": {"key": "@{args.id}"}},
            setp("state.r", "@{string(1 / item.qty)}", **{"if": "@{item}"}),
            setp("state.r", "@{string(1 / state.zero)}", **{"if": "@{!item}"})]}},
        "view": [{"type": "header", "text": "Item"},
                 {"type": "text", "text": "R: @{state.r}"},
                 {"type": "error"}]}
EXISTS = "Item.load, step 2 (set): division by zero (E502)"
NAMES_NONE = "Item.load, step 3 (set): division by zero (E502)"


def starts(root, *scenes):
    root = Path(root)
    (root / "items.json").write_text(json.dumps(ITEMS_FIXTURE))
    return write_app(root / "Starts", STARTS_APP, [HOME, *scenes])


def midway(root, boom_at=None):
    """The Midway of explore.md#faults: notes read on appear and by Clear. A read that fails
    on appear shows a Retry; one that fails in Clear hides everything and says so in a text:
    a dead end only a fault that begins after the first read reaches. With boom_at, a Boom
    button shows once Inc has been pressed that often, and divides by zero: a failure no
    fault is needed for."""
    app = {"formatVersion": 1, "name": "Midway", "entry": "Notes",
           "providers": {"notes": {"type": "keyValue", "model": "[string]", "default": []}}}
    scene = {
        "formatVersion": 1, "scene": "Notes",
        "state": {"notes": {"type": "[string]"}, "draft": {"type": "string", "default": ""},
                  "loadFailed": {"type": "bool", "default": False},
                  "broken": {"type": "bool", "default": False},
                  "n": {"type": "int", "default": 0}, "x": {"type": "decimal", "default": 0}},
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
                setp("state.notes", [], **{"if": "@{!state.broken}"})]},
            "inc": {"interactor": [setp("state.n", "@{state.n + 1}")]},
            "boom": {"interactor": [setp("state.x", "@{state.x + 1 / (state.n - state.n)}")]}},
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
    if boom_at is not None:
        scene["view"][1]["children"] += [
            {"type": "button", "title": "Inc", "action": "inc"},
            {"type": "button", "title": "Boom", "action": "boom",
             "if": f"@{{state.n >= {boom_at}}}"}]
    else:
        del scene["useCases"]["inc"], scene["useCases"]["boom"]
        del scene["state"]["n"], scene["state"]["x"]
    return write_app(Path(root) / "Midway", app, [scene])


# ---------------------------------------------------------------- testing.md#faults

# checks: docs/testing.md#faults, and the directive list of docs/testing.md#3-a-flow-transcripts
def test_fault_line_prints_nothing_and_fails_the_provider_from_its_next_read_on(tmp_path):
    notes(tmp_path)
    p = script_run(tmp_path, "Notes", ["save hello", ">> fault note=fail", "reload", "reload"],
                   "--width", "100")
    assert p.returncode == 0, out(p)
    lines = p.stdout.splitlines()
    i = lines.index(">> fault note=fail")
    # it prints nothing and runs nothing: the next line is the next input's echo
    assert lines[i + 1] == "> reload", out(p)
    # the frame before it read the note; the reads after it fail, naming the >> fault
    assert "Note: hello" in lines[:i], out(p)
    after = lines[i + 1:]
    reloads = [j for j, l in enumerate(after) if l == "> reload"]
    assert len(reloads) == 2, out(p)
    for block in (after[reloads[0] + 1:reloads[1]], after[reloads[1] + 1:]):
        assert "! note: failed (fault injected with >> fault)" in block, out(p)


# checks: docs/testing.md#faults
def test_fail_store_lets_reads_work_and_fails_every_store(tmp_path):
    notes(tmp_path)
    p = script_run(tmp_path, "Notes",
                   ["save hello", ">> fault note=fail-store", "reload", "save other", ">> stored"],
                   "--width", "100")
    assert p.returncode == 0, out(p)
    reload = frames_after(p.stdout, "> reload")
    assert "Note: hello" in reload and not any(l.startswith("! ") for l in reload), out(p)
    save = frames_after(p.stdout, "> save other")
    banners = [l for l in save if l.startswith("! ")]
    assert banners and all("(fault injected with >> fault)" in l for l in banners), out(p)
    assert banners[0].startswith("! note: "), out(p)
    # nothing was written
    assert frames_after(p.stdout, ">> stored") == ['stored note: "hello"'], out(p)


# checks: docs/testing.md#faults ("`none`, which lifts the provider's fault, one `--fault` gave too")
def test_none_lifts_a_fault_the_command_line_gave(tmp_path):
    notes(tmp_path)
    p = script_run(tmp_path, "Notes", ["reload", ">> fault note=none", "reload"],
                   "--fault", "note=fail", "--width", "100")
    assert p.returncode == 0, out(p)
    lines = p.stdout.splitlines()
    i = lines.index(">> fault note=none")
    assert any(l.startswith("! note: failed") for l in lines[:i]), out(p)
    assert lines[i + 1] == "> reload", out(p)
    last = lines[i + 2:]
    assert "Note: none" in last and not any(l.startswith("! ") for l in last), out(p)


# checks: docs/testing.md#faults ("delay:MS ... 0–600000")
def test_delay_takes_0_to_600000_ms_and_the_read_still_gives_its_value(tmp_path):
    notes(tmp_path)
    p = script_run(tmp_path, "Notes", [
        "save hi",
        ">> fault note=delay:0", ">> fault note=delay:600000",  # both taken; no read yet
        ">> fault note=delay:600001", ">> fault note=delay:-1",  # both refused
        ">> fault note=delay:50", "reload"], "--width", "100")
    assert p.returncode == 0, out(p)
    for ok in (">> fault note=delay:0", ">> fault note=delay:600000"):
        assert frames_after(p.stdout, ok) == [], out(p)
    for bad in ("note=delay:600001", "note=delay:-1"):
        assert frames_after(p.stdout, f">> fault {bad}") == [
            "error: '>> fault' takes PROVIDER=fail, PROVIDER=fail-store, PROVIDER=delay:MS "
            f"or PROVIDER=none, not '{bad}'"], out(p)
    reload = frames_after(p.stdout, "> reload")
    assert "Note: hi" in reload and not any(l.startswith("! ") for l in reload), out(p)


# checks: docs/testing.md#faults ("fails as a bad input line does")
def test_a_fault_line_naming_no_provider_or_no_mode_fails_as_a_bad_input_line(tmp_path):
    app = copy_sample(tmp_path, "Orders")
    p = script_run(tmp_path, app, [">> fault ordrs=fail", ">> fault orders=boom", "new"],
                   "--width", "100")
    assert p.returncode == 0, out(p)  # the session goes on
    assert frames_after(p.stdout, ">> fault ordrs=fail") == [
        "error: '>> fault' names no provider 'ordrs' of the app; did you mean 'orders'?"], out(p)
    assert frames_after(p.stdout, ">> fault orders=boom") == [
        "error: '>> fault' takes PROVIDER=fail, PROVIDER=fail-store, PROVIDER=delay:MS or "
        "PROVIDER=none, not 'orders=boom'"], out(p)
    assert "== New order ==" in frames_after(p.stdout, "> new"), out(p)
    # --strict stops at a bad input line: so at a bad >> fault line too
    s = script_run(tmp_path, app, [">> fault ordrs=fail", "new"], "--strict")
    assert s.returncode == 1, out(s)
    assert "== New order ==" not in s.stdout, out(s)
    # in a transcript, the error is output like any bad line's, and the transcript passes
    first = p.stdout.splitlines()[:p.stdout.splitlines().index(">> fault ordrs=fail")]
    t = app / "tests" / "bad-fault.transcript"
    t.write_text("\n".join(["# bad-fault", "# args: --width 100", *first,
                            ">> fault ordrs=fail",
                            "error: '>> fault' names no provider 'ordrs' of the app; "
                            "did you mean 'orders'?",
                            "> new", "== New order ==", "..."]) + "\n")
    r = run_tests(tmp_path, t)
    assert r.returncode == 0, out(r)


# checks: docs/testing.md#faults ("`>> restart` starts the new session with the faults `# args:` give, and no others")
def test_restart_starts_with_the_faults_of_args_and_no_others(tmp_path):
    app = notes(tmp_path)
    (app / "tests").mkdir()
    # a fault from # args:, lifted by >> fault, is back after the restart
    (app / "tests" / "args-fault.transcript").write_text("""\
# args-fault
# args: --fault note=fail-store
Note: none
...
>> fault note=none
> save a
Note: a
...
>> stored
stored note: "a"
>> restart
Note: a
...
> save b
...
>> stored
stored note: "a"
""")
    # a fault a >> fault line gave is gone after the restart
    (app / "tests" / "line-fault.transcript").write_text("""\
# line-fault
Note: none
...
> save a
...
>> fault note=fail
>> restart
Note: a
...
>> absent fault injected
> save b
Note: b
...
>> absent fault injected
>> stored
stored note: "b"
""")
    r = run_tests(tmp_path, "Notes")
    assert r.returncode == 0, out(r)
    assert "2 passed, 0 failed" in r.stdout, out(r)


# checks: docs/testing.md#faults ("`--record` writes it as it was typed")
def test_record_writes_the_fault_line_and_the_recording_passes(tmp_path):
    app = notes(tmp_path)
    (app / "tests").mkdir()
    script = tmp_path / "steps.txt"
    script.write_text("save hello\n>> fault note=fail\nreload\n>> fault note=none\nreload\n")
    rec = app / "tests" / "rec.transcript"
    p = run(["run", app, "--script", script, "--record", rec], tmp_path)
    assert p.returncode == 0, out(p)
    text = rec.read_text()
    lines = body(text)
    assert lines.count(">> fault note=fail") == 1 and lines.count(">> fault note=none") == 1, text
    assert lines.index(">> fault note=fail") < lines.index(">> fault note=none"), text
    assert "! note: failed (fault injected with >> fault)" in lines, text
    r = run_tests(tmp_path, rec)
    assert r.returncode == 0, out(r)


# checks: docs/testing.md#faults ("Collections are faulted the same way"; Scenes/Orders' fault-midway.transcript)
def test_a_collection_is_faulted_midway_and_the_fault_lifted(tmp_path):
    app = copy_sample(tmp_path, "Orders")
    r = run_tests(tmp_path, app / "tests" / "fault-midway.transcript")
    assert r.returncode == 0, out(r)
    p = script_run(tmp_path, app, ["open 2", ">> fault orders=fail", "back",
                                   ">> fault orders=none", "new", "back"],
                   "--fixture", f"orders={app / 'tests' / 'seeds' / 'two.json'}",
                   "--width", "200")
    assert p.returncode == 0, out(p)
    assert frames_after(p.stdout, ">> fault orders=fail") == [], out(p)
    failed = frames_after(p.stdout, "> back")
    assert "Orders cannot be loaded now (orders: failed (fault injected with >> fault))." \
        in failed, out(p)
    lines = p.stdout.splitlines()
    again = lines[len(lines) - 1 - lines[::-1].index("> back") + 1:]
    assert "2 orders, $49.75 in all" in again, out(p)
    assert not any("fault injected" in l for l in again), out(p)


# ---------------------------------------------------------------- explore.md#explore-an-app

@pytest.mark.parametrize("how", ["back", "dismiss"])
# checks: docs/explore.md#explore-an-app ("one walk in four starts at one of the app's other
# scenes ... Such a walk ends when that scene goes back or dismisses itself with nothing under it")
def test_one_walk_in_four_starts_at_another_scene_and_ends_when_it_leaves(tmp_path, how):
    starts(tmp_path, finish_scene(how))
    walks, steps = 40, 20
    p = explore(tmp_path, "Starts", "--walks", walks, "--steps", steps)
    assert p.returncode == 0, out(p)  # leaving the bottom scene is no failure (no E510)
    s = summary(p)
    assert s["failures"] == 0 and s["reached"] == s["places"], out(p)
    # Home always offers Inc, so a walk there takes every step; a walk at Done takes one
    # action (Finish), and ends: actions = steps * (walks - k) + k
    k, rest = divmod(steps * walks - s["actions"], steps - 1)
    assert rest == 0, out(p)
    assert 0.15 * walks <= k <= 0.35 * walks, (k, out(p))
    assert not findings(tmp_path), out(p)


# checks: docs/explore.md#explore-an-app ("Such a walk ends when that scene goes back ...")
def test_a_back_button_on_the_scene_a_walk_started_at_ends_the_walk(tmp_path):
    starts(tmp_path, finish_scene("button-back"))
    walks, steps = 40, 20
    p = explore(tmp_path, "Starts", "--walks", walks, "--steps", steps)
    assert p.returncode == 0, out(p)
    s = summary(p)
    assert s["reached"] == s["places"], out(p)  # walks did start at Done
    assert s["actions"] < walks * steps, out(p)


# checks: docs/explore.md#explore-an-app ("it is no dead end while it is the bottom scene")
def test_the_scene_a_walk_started_at_is_no_dead_end_while_it_is_the_bottom(tmp_path):
    quiet = {"formatVersion": 1, "scene": "Quiet", "args": {"label": "string"},
             "view": [{"type": "header", "text": "Quiet @{args.label}"},
                      {"type": "text", "text": "Nothing to do here"}, {"type": "error"}]}
    starts(tmp_path, quiet)
    p = explore(tmp_path, "Starts", "--walks", 40)
    assert p.returncode == 0, out(p)
    s = summary(p)
    assert s["failures"] == 0 and s["reached"] == s["places"], out(p)  # Quiet was shown
    assert not findings(tmp_path), out(p)
    # started there by --scene, it is not the entry: a scene is below it in the app, so it is
    # no dead end either ("every walk of `--scene NAME`")
    d = explore(tmp_path, "Starts", "--walks", 5, "--scene", "Quiet", "--arg", "label=x",
                "--output", "quiet")
    assert d.returncode == 0, out(d)
    assert not findings(tmp_path, "quiet"), out(d)


# checks: docs/explore.md#explore-an-app ("a `string` arg, half the time, the key of a record
# the app holds when it starts (a collection's fixture), otherwise a value that names none";
# "its transcript starts with `--scene NAME --arg …` in `# args:`")
def test_walks_start_at_a_scene_with_ids_of_records_that_exist_and_that_do_not(tmp_path):
    starts(tmp_path, ITEM)
    p = explore(tmp_path, "Starts", "--walks", 40, "--fixture", "items=items.json")
    assert p.returncode == 1, out(p)
    fails = [l for l in p.stdout.splitlines() if l.startswith("FAIL ")]
    assert len(fails) == 2, out(p)
    assert any(EXISTS in l for l in fails) and any(NAMES_NONE in l for l in fails), out(p)
    found = findings(tmp_path)
    assert len(found) == 2, out(p)
    keys = {r["id"] for r in ITEMS_FIXTURE}
    for name, text in found.items():
        args = args_of(text)
        assert option(args, "--scene") == ["Item"], text
        [arg] = option(args, "--arg")
        assert arg.startswith("id="), text
        assert (arg[3:] in keys) == (EXISTS in header(text)[0]), text
        assert option(args, "--fixture") == ["items=../items.json"], text
        assert body(text)[0] in ("== Item ==", ">> absent (E502)"), text
        # scenery test fails on it today
        r = run_tests(tmp_path, Path("explore") / name)
        assert r.returncode == 1, out(r)
    # `# found by:` names the command that makes the walk again
    command = found_by(next(iter(found.values())))["command"].split()
    assert "--scene" not in command, command
    again = explore(tmp_path, "Starts", *command[1:], "--walks", 40, "--output", "again")
    assert again.returncode == 1, out(again)
    assert findings(tmp_path, "again") == found


# checks: docs/explore.md#explore-an-app ("otherwise a value that names none"; "Without `--scene`")
def test_without_records_ids_name_none_and_with_scene_no_walk_starts_elsewhere(tmp_path):
    starts(tmp_path, ITEM)
    p = explore(tmp_path, "Starts", "--walks", 40)  # no fixture: the collection is empty
    assert p.returncode == 1, out(p)
    fails = [l for l in p.stdout.splitlines() if l.startswith("FAIL ")]
    assert len(fails) == 1 and NAMES_NONE in fails[0], out(p)
    h = explore(tmp_path, "Starts", "--walks", 40, "--fixture", "items=items.json",
                "--scene", "Home", "--output", "home")
    assert h.returncode == 0, out(h)
    assert not findings(tmp_path, "home"), out(h)
    assert any(l.startswith("not reached: scenes/Item.json: ") for l in h.stdout.splitlines()), out(h)


# checks: docs/explore.md#explore-an-app ("those whose args can all be typed ... each arg gets
# a value of its declared type"; a model's record is read here as an arg that cannot be typed)
def test_scenes_with_typed_args_are_started_at_and_one_with_a_record_arg_is_not(tmp_path):
    rec = {"formatVersion": 1, "scene": "Rec", "args": {"item": "Item"},
           "state": {"zero": {"type": "int", "default": 0}, "r": {"type": "string", "default": ""}},
           "onAppear": ["boom"],
           "useCases": {"boom": {"internal": True, "interactor": [
               setp("state.r", "@{string(1 / state.zero)}")]}},
           "view": [{"type": "header", "text": "Rec"}, {"type": "text", "text": "R: @{state.r}"},
                    {"type": "error"}]}
    calc = {"formatVersion": 1, "scene": "Calc", "args": {"n": "int"},
            "state": {"r": {"type": "string", "default": ""}},
            "onAppear": ["calc"],
            "useCases": {"calc": {"internal": True, "interactor": [
                setp("state.r", "@{string(10 / (args.n - args.n))}")]}},
            "view": [{"type": "header", "text": "Calc"}, {"type": "text", "text": "R: @{state.r}"},
                     {"type": "error"}]}
    starts(tmp_path, rec, calc)
    p = explore(tmp_path, "Starts", "--walks", 60)
    assert p.returncode == 1, out(p)
    # Calc's int arg is typed, and Calc divides by zero whatever it is: found there
    found = findings(tmp_path)
    assert len(found) == 1, out(p)
    [text] = found.values()
    assert "Calc.calc, step 1 (set): division by zero (E502)" in header(text)[0], text
    args = args_of(text)
    assert option(args, "--scene") == ["Calc"], text
    [arg] = option(args, "--arg")
    assert re.fullmatch(r"n=-?[0-9]+", arg), text  # a value of its declared type, int
    # Rec's is a record: no walk starts there, and all of Rec is unreached
    nr = [l for l in p.stdout.splitlines() if l.startswith("not reached: ")]
    assert [NOT_REACHED.match(l)["file"] for l in nr] == ["scenes/Rec.json"], out(p)
    assert "Rec" not in p.stdout.replace("not reached: scenes/Rec.json", ""), out(p)


# ---------------------------------------------------------------- explore.md#faults

# checks: docs/explore.md#faults ("In the other half it begins at a step midway ... as a
# `>> fault` line ... kept in its transcript where it happened")
def test_a_fault_begun_midway_finds_what_a_start_up_fault_cannot(tmp_path):
    midway(tmp_path)
    # no fault, and a fault from the first frame on: nothing to find
    for extra, folder in ([], "plain"), (["--fault", "notes=fail"], "whole"):
        q = explore(tmp_path, "Midway", "--walks", 40, "--output", folder, *extra)
        assert q.returncode == 0, out(q)
        assert not findings(tmp_path, folder), out(q)
    p = explore(tmp_path, "Midway", "--walks", 40, "--faults")
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert list(found) == ["no-dead-end-1.transcript"], out(p)
    text = found["no-dead-end-1.transcript"]
    lines = body(text)
    assert not option(args_of(text), "--fault"), text
    assert ">> fault notes=fail" in lines, text
    i = lines.index(">> fault notes=fail")
    assert lines[0] == "0 notes" and i > 0, text  # after the first frame read the notes
    assert lines[i + 1] == "> clear" and "The notes cannot be read now." in lines[i + 2:], text
    fb = found_by(text)
    assert fb["command"].split() == ["Midway", "--faults", "--seed", "0"], text
    # the >> fault line is one of the walk's actions: the clear and the fault
    assert fb["after"] == "2", text
    r = run_tests(tmp_path, Path("explore") / "no-dead-end-1.transcript")
    assert r.returncode == 1, out(r)


def startup_only(root):
    """A dead end only a fault from the first frame on reaches: the note is read once, on
    appear, and a failed read hides everything (handled, so no banner says why)."""
    app = {"formatVersion": 1, "name": "Startup", "entry": "Home",
           "providers": {"memo": {"type": "keyValue", "model": "string", "default": "hello"}}}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"failed": {"type": "bool", "default": False},
                      "n": {"type": "int", "default": 0}},
            "onAppear": ["load"],
            "useCases": {"load": {"internal": True, "interactor": [
                {"type": "fetch", "provider": "memo", "as": "m",
                 "onError": [setp("state.failed", True)]}]},
                "inc": {"interactor": [setp("state.n", "@{state.n + 1}")]}},
            "view": [{"type": "text", "text": "N: @{state.n}"},
                     {"type": "button", "title": "Inc", "action": "inc", "if": "@{!state.failed}"},
                     {"type": "error"}]}
    return write_app(Path(root) / "Startup", app, [home])


def store_only(root):
    """A dead end only a failing store reaches: Save reads the memo (a failed read is a
    banner that says why, and stops it), then stores it (a failed store, handled, hides
    everything)."""
    app = {"formatVersion": 1, "name": "Stores", "entry": "Home",
           "providers": {"memo": {"type": "keyValue", "model": "string", "default": "hello"}}}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"broken": {"type": "bool", "default": False}},
            "useCases": {"save": {"interactor": [
                {"type": "fetch", "provider": "memo", "as": "m"},
                {"type": "store", "provider": "memo", "value": "@{m + '!'}",
                 "onError": [setp("state.broken", True)]}]}},
            "view": [{"type": "text", "text": "Memo"},
                     {"type": "button", "title": "Save", "action": "save", "if": "@{!state.broken}"},
                     {"type": "error"}]}
    return write_app(Path(root) / "Stores", app, [home])


@pytest.mark.parametrize("make,app,mode", [(startup_only, "Startup", "fail"),
                                           (store_only, "Stores", "fail-store")])
# checks: docs/explore.md#faults ("it fails (`fail`), or only its stores fail (`fail-store`)";
# "In half of those the fault lasts the whole walk ... and the transcript has it in `# args:`")
def test_faulted_walks_fail_a_provider_or_only_its_stores(tmp_path, make, app, mode):
    make(tmp_path)
    q = explore(tmp_path, app, "--walks", 40, "--output", "plain")
    assert q.returncode == 0 and not findings(tmp_path, "plain"), out(q)
    p = explore(tmp_path, app, "--walks", 40, "--faults")
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert list(found) == ["no-dead-end-1.transcript"], out(p)
    text = found["no-dead-end-1.transcript"]
    in_args = option(args_of(text), "--fault")
    in_lines = [l for l in body(text) if l.startswith(">> fault ")]
    assert in_args + [l[len(">> fault "):] for l in in_lines] == [f"memo={mode}"], text
    if app == "Startup":  # a read made only on appear: only a whole-walk fault reaches it
        assert in_args == ["memo=fail"] and not in_lines, text


# checks: docs/explore.md#faults ("shrinking leaves it out when the failure does not need it")
def test_shrinking_leaves_out_a_fault_line_the_failure_does_not_need(tmp_path):
    midway(tmp_path, boom_at=4)
    seen = 0
    for seed in range(4):
        folder = f"seed-{seed}"
        p = explore(tmp_path, "Midway", "--walks", 30, "--faults", "--seed", seed,
                    "--output", folder)
        assert p.returncode == 1, out(p)
        for name, text in findings(tmp_path, folder).items():
            if not name.startswith("no-runtime-error-"):
                continue
            seen += 1
            assert not [l for l in body(text) if l.startswith(">> fault")], text
    assert seen, "the division by zero was never found"


# ---------------------------------------------------------------- explore.md#progress-and-the-summary

def hidden_lines():
    """Home.json written by hand, a component a line, so the places' positions are known:
    seven texts shown only when n < 0, which Inc never makes."""
    lines = ['{"formatVersion": 1, "scene": "Home",',
             ' "state": {"n": {"type": "int", "default": 0}},',
             ' "useCases": {"inc": {"interactor": [{"type": "set", "path": "state.n", "value": "@{state.n + 1}"}]}},',
             ' "view": [',
             '    {"type": "header", "text": "Home"},',
             '    {"type": "text", "text": "N: @{state.n}"},',
             '    {"type": "button", "title": "Inc", "action": "inc"},']
    for i in range(7):
        lines.append('    {"type": "text", "if": "@{state.n < 0}", "text": "hidden %d"},' % i)
    lines += ['    {"type": "error"}', ' ]}', '']
    return "\n".join(lines)


# checks: docs/explore.md#progress-and-the-summary ("Above it, a line for each manifest with
# places no walk reached ... the file relative to the app, the first five places, then how many more")
def test_not_reached_lines_come_before_the_summary_five_places_and_how_many_more(tmp_path):
    root = tmp_path / "apps" / "Hidden"
    write_app(root, {"formatVersion": 1, "name": "Hidden", "entry": "Home"},
              [hidden_lines(), finish_scene("back")])
    p = explore(tmp_path, "apps/Hidden", "--walks", 30)
    assert p.returncode == 0, out(p)
    lines = p.stdout.splitlines()
    assert lines[-1].startswith("explored apps/Hidden: "), out(p)
    nr = [l for l in lines if l.startswith("not reached: ")]
    assert lines[:-1] == nr, out(p)  # piped: nothing else, and they come first
    # Done is reached (walks start there); Home has 7 places never shown
    assert len(nr) == 1, out(p)
    m = NOT_REACHED.match(nr[0])
    assert m and m["file"] == "scenes/Home.json", nr
    assert m["places"].split(", ") == [f"view[{3 + i}] text at {8 + i}:5" for i in range(5)], nr
    assert m["more"] == "2", nr
    s = summary(p)
    assert s["places"] - s["reached"] == 7, out(p)


# checks: docs/explore.md#progress-and-the-summary ("At a terminal, standard error says how
# far it got every tenth of the walks ... piped or in CI, only the findings and the summary")
def test_at_a_terminal_progress_goes_to_standard_error_every_tenth_of_the_walks(tmp_path):
    need_scenery()
    starts(tmp_path, finish_scene("back"))
    master, slave = pty.openpty()
    env = dict(os.environ, NO_COLOR="1", XDG_STATE_HOME=str(tmp_path / ".xdg-state"))
    env.pop("FORCE_COLOR", None)
    try:
        p = subprocess.Popen([SCENERY, "explore", "Starts", "--walks", "40"], cwd=str(tmp_path),
                             env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=slave)
        os.close(slave)
        stdout, _ = p.communicate(timeout=TIMEOUT)
        data = b""
        while select.select([master], [], [], 0.5)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    finally:
        os.close(master)
    assert p.returncode == 0, (stdout, data)
    stdout = stdout.decode()
    s = summary(subprocess.CompletedProcess([], 0, stdout, ""))
    progress = [l for l in re.split(r"[\r\n]+", data.decode()) if l.strip()]
    rx = re.compile(r"^explore: (\d+)/40 walks, (\d+) actions?, (\d+) failures? so far$")
    got = [rx.match(l) for l in progress]
    assert progress and all(got), progress
    assert [int(m[1]) for m in got] == list(range(4, 41, 4)), progress
    assert int(got[-1][2]) == s["actions"] and got[-1][3] == "0", (progress, stdout)
    # standard output, not a terminal, has the summary alone
    assert stdout.splitlines() == [l for l in stdout.splitlines() if l.startswith("explored ")]


# checks: docs/explore.md#progress-and-the-summary ("A scene the executable registers in Swift
# ... runs no steps of its manifest, so its steps count as not reached"; "scenery explore
# Scenes/Shop ... is explored with its own executable instead")
def test_a_swift_scenes_steps_are_not_reached_and_the_shop_needs_its_own_executable(tmp_path):
    if not SHOP:
        pytest.skip("SHOP is not set")
    app = copy_sample(tmp_path, "Shop")
    refused = explore(tmp_path, "Scenes/Shop", "--walks", 5)
    assert refused.returncode == 1, out(refused)
    assert "swift run shop explore" in refused.stderr, out(refused)
    assert "explored " not in refused.stdout, out(refused)
    p = run(["explore", "Scenes/Shop", "--walks", 20], tmp_path, binary=SHOP)
    assert p.returncode == 0, out(p)
    nr = {m["file"]: m for m in (NOT_REACHED.match(l) for l in p.stdout.splitlines()
                                 if l.startswith("not reached: "))}
    # every step of Launch's one use case, at the step's position in Launch.json
    launch = (app / "scenes" / "Launch.json").read_text().splitlines()
    step = re.compile(r'^(\s*)\{ "type": "(\w+)"')
    steps = [f"start.{m[2]} at {n}:{len(m[1]) + 1}"
             for n, m in ((n, step.match(l)) for n, l in enumerate(launch, 1)) if m]
    assert len(steps) == 4, launch
    assert nr["scenes/Launch.json"]["places"].split(", ") == steps and not nr["scenes/Launch.json"]["more"], out(p)
    # Login's seven steps and rules: five named, then 2 more
    login = nr["scenes/Login.json"]
    assert len(login["places"].split(", ")) == 5 and login["more"] == "2", out(p)


# checks: docs/explore.md#explore-an-app and #progress-and-the-summary (the example output)
def test_the_orders_example_prints_what_the_docs_show(tmp_path):
    copy_sample(tmp_path, "Orders")
    p = explore(tmp_path, "Scenes/Orders", "--walks", 30)
    assert p.returncode == 0, out(p)
    assert p.stdout.splitlines() == [
        "not reached: scenes/OrderDetails.json: load.fail at 14:24, load.set at 16:9, delete at 29:5, "
        "delete.delete at 31:9, delete.fail at 32:24 and 7 more",
        "not reached: scenes/OrderForm.json: start.fail at 16:24, start.set at 17:9, save.insert at 26:9, "
        "save.route at 27:9",
        "not reached: scenes/OrderList.json: load.set at 14:24, open at 23:5, open.route at 25:23, "
        "view[1] text at 30:5, view[3] text at 32:5",
        "explored Scenes/Orders: 30 walks, 504 actions, 395 distinct frames, 65.6% of places "
        "reached (40/61), 0 failures"], out(p)
    # "reaches all 61 of the Orders' in 100 walks" with its transcripts' options
    f = explore(tmp_path, "Scenes/Orders", "--faults", "--fixture",
                "orders=Scenes/Orders/tests/seeds/two.json", "--output", "full")
    assert f.returncode == 0, out(f)
    s = summary(f)
    assert (s["walks"], s["reached"], s["places"]) == (100, 61, 61), out(f)
    assert not [l for l in f.stdout.splitlines() if l.startswith("not reached: ")], out(f)


# ---------------------------------------------------------------- explore.md#what-is-not-there-yet

def checker(root, with_list):
    """`check ID` divides by zero when ID names a record of the fixture. With a list, each
    record's row runs it with the record's id."""
    app = {"formatVersion": 1, "name": "Checker", "entry": "Home",
           "models": {"Item": {"id": "string", "title": "string", "qty": "int"}},
           "providers": {"items": {"type": "collection", "model": "Item", "key": "id"}}}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"r": {"type": "string", "default": ""},
                      "rows": {"type": "[Item]"}},
            "onAppear": ["load"],
            "useCases": {
                "load": {"interactor": [
                    {"type": "fetch", "provider": "items", "as": "all"},
                    setp("state.rows", "@{all}")]},
                "check": {"request": {"id": "string"}, "interactor": [
                    {"type": "fetch", "provider": "items", "as": "item",
                     "args": {"key": "@{request.id}"}},
                    setp("state.r", "@{string(1 / item.qty)}", **{"if": "@{item}"}),
                    setp("state.r", "none", **{"if": "@{!item}"})]}},
            "view": [{"type": "header", "text": "Home"},
                     {"type": "text", "text": "R: @{state.r}"},
                     {"type": "button", "title": "Reload", "action": "load"},
                     {"type": "error"}]}
    if with_list:
        home["view"].insert(2, {"type": "list", "items": "@{state.rows}", "action": "check",
                                "request": {"id": "@{it.id}"}})
    (Path(root) / "items.json").write_text(json.dumps(ITEMS_FIXTURE))
    return write_app(Path(root) / "Checker", app, [home])


@pytest.mark.parametrize("with_list", [False, True])
# checks: docs/explore.md#explore-an-app ("a use case a person may type, with arguments made
# from its request's declared types — a `string` argument, half the time, the key of a record
# the app holds when it starts"); these cases once checked the "not there yet" bullet that
# said the opposite, and follow the docs now
def test_ids_of_records_reach_a_use_case_through_rows_and_typed_arguments(tmp_path, with_list):
    checker(tmp_path, with_list)
    p = explore(tmp_path, "Checker", "--walks", 40, "--fixture", "items=items.json")
    fails = [l for l in p.stdout.splitlines() if l.startswith("FAIL ")]
    assert p.returncode == 1, out(p)
    assert len(fails) == 1 and "Home.check, step 2 (set): division by zero (E502)" in fails[0], out(p)
    if not with_list:
        [name] = findings(tmp_path)
        text = (tmp_path / "explore" / name).read_text()
        keys = {item["id"] for item in ITEMS_FIXTURE}
        typed = [l[len("> check "):] for l in text.splitlines() if l.startswith("> check ")]
        assert typed and typed[-1] in keys, text


# checks: docs/explore.md#explore-an-app ("A value a `validate` rule checks with `matches()`
# ... is made from that pattern the same way"); once a check of the "not there yet" bullet
def test_a_value_checked_with_matches_is_made_from_its_pattern(tmp_path):
    app = {"formatVersion": 1, "name": "Codes", "entry": "Home"}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"x": {"type": "decimal", "default": 0}, "zero": {"type": "int", "default": 0}},
            "useCases": {"code": {"request": {"c": "string"}, "interactor": [
                {"type": "validate", "rules": [
                    {"check": "@{matches(request.c, '^Q[0-9]{6}Z$')}", "message": "Not a code"}]},
                setp("state.x", "@{1 / state.zero}")]},
                "inc": {"interactor": [setp("state.x", "@{state.x + 1}")]}},
            "view": [{"type": "header", "text": "Codes"},
                     {"type": "text", "text": "X: @{state.x}"},
                     {"type": "button", "title": "Inc", "action": "inc"},
                     {"type": "error"}]}
    write_app(tmp_path / "Codes", app, [home])
    p = explore(tmp_path, "Codes", "--walks", 60)
    assert p.returncode == 1, out(p)
    [name] = findings(tmp_path)
    text = (tmp_path / "explore" / name).read_text()
    typed = [l[len("> code "):] for l in text.splitlines() if l.startswith("> code ")]
    assert typed and re.fullmatch(r"Q[0-9]{6}Z", typed[-1]), text