"""Contract tests written from the documentation alone for:

- the `>> actions` directive and the `dead end:` line (docs/testing.md, "Actions and dead
  ends"), the SceneTester's `assertActions` row (docs/testing.md, section 2) and the
  `app.assertActions([…])` a transcript's `>> actions` becomes in the tests `scenery eject
  --tests` writes (docs/eject.md, "Tests from transcripts");
- the directives a `scenery run` session takes and refuses (docs/cli.md, "scenery run");
- what `scenery test --update` prints (docs/cli.md, "scenery test");
- walks that start at a scene other than the entry (docs/explore.md, "Explore an app");
- the restart check of a provider a fault begun midway kept from being read
  (docs/explore.md, "What it checks");
- how explore writes a dead end and never writes over a file in `--output`
  (docs/explore.md, "What it writes");
- a collection's `--fixture`, which fills it once per state folder (docs/manifest.md,
  collections, "Tests and debugging", and docs/cli.md's `--fixture` row);
- no W002 for a field only an invariant reads (docs/manifest.md, "Invariants");
- `scenery eject --force`'s `created`/`replaced`/`unchanged` (docs/cli.md, "scenery eject")
  and `??`/`?:` joining an int and a decimal (docs/eject.md, "Same results, exactly").

Swift is not compiled: ejected files are read as text. Every app and transcript is written
into pytest's tmp_path and every command runs there; every `scenery run` gets a
`--state-dir` inside tmp_path and XDG_STATE_HOME points inside it too. Explore takes few
walks (10-60), so the file runs in well under a minute.
"""
import json
import os
import pty
import re
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")
SHOP = os.environ.get("SHOP")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"
TIMEOUT = 60

DEAD_END = "dead end: nothing to do, no message saying why, and no scene to go back to"
SESSION_TAKES = "a session takes '>> clock', '>> fault', '>> delete', '>> stored' and '>> actions'"
SUMMARY = re.compile(
    r"^explored (?P<app>\S+): (?P<walks>\d+) walks?, (?P<actions>\d+) actions?, "
    r"(?P<frames>\d+) distinct frames?, (?P<pct>\d+\.\d)% of places reached "
    r"\((?P<reached>\d+)/(?P<places>\d+)\), (?P<failures>\d+) failures?$")


# ---------------------------------------------------------------- helpers

def need(binary, var="SCENERY"):
    if not binary:
        pytest.skip(f"{var} is not set")


def env_for(cwd):
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    env.pop("EJECTED_SCENES", None)
    env["NO_COLOR"] = "1"
    env["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")  # never $HOME
    return env


def run(args, cwd, binary=None, timeout=TIMEOUT):
    binary = binary or SCENERY
    need(binary)
    return subprocess.run([binary, *[str(a) for a in args]], cwd=str(cwd), env=env_for(cwd),
                          capture_output=True, text=True, timeout=timeout)


def out(p):
    return p.stdout + p.stderr


_states = iter(range(10 ** 6))


def script_run(cwd, app, lines, *flags, state=None, binary=None):
    """`scenery run APP --script FILE --state-dir DIR`, DIR inside cwd (a new one unless named)."""
    cwd = Path(cwd)
    script = cwd / f"script-{next(_states)}.txt"
    script.write_text("\n".join(lines) + "\n")
    st = cwd / (state or f"state-{next(_states)}")
    st.mkdir(exist_ok=True)
    return run(["run", app, "--script", script, "--state-dir", st, *flags], cwd, binary=binary)


def block_after(stdout, echo, nth=0):
    """The lines a scripted run printed after the nth echo `echo`, up to the next echoed line."""
    lines = stdout.splitlines()
    idx = [i for i, l in enumerate(lines) if l == echo]
    assert len(idx) > nth, f"no echo {echo!r} (#{nth}) in\n{stdout}"
    rest = []
    for l in lines[idx[nth] + 1:]:
        if l.startswith("> ") or l.startswith(">> "):
            break
        rest.append(l)
    return rest


def actions_blocks(stdout):
    """Every block printed under an echoed `>> actions`, in order."""
    n = stdout.splitlines().count(">> actions")
    return [block_after(stdout, ">> actions", i) for i in range(n)]


def write_app(root, app, scenes):
    root = Path(root)
    (root / "scenes").mkdir(parents=True, exist_ok=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        (root / "scenes" / f"{scene['scene']}.json").write_text(json.dumps(scene, indent=2))
    return root


def setp(path, value, **kw):
    return {"type": "set", "path": path, "value": value, **kw}


def explore(cwd, app, *args):
    return run(["explore", app, *args], cwd)


def summary(p):
    lines = [l for l in p.stdout.splitlines() if l.startswith("explored ")]
    assert len(lines) == 1, out(p)
    m = SUMMARY.match(lines[0])
    assert m, lines[0]
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


# ---------------------------------------------------------------- apps

def tasks(root):
    """Tasks: an input (`add`), a list of the tasks (`open`), a Clear button enabled only with
    tasks, `export` that no control shows, an internal `load`; Detail, pushed by `open`."""
    app = {"formatVersion": 1, "name": "Tasks", "entry": "Tasks"}
    scene = {
        "formatVersion": 1, "scene": "Tasks",
        "state": {"tasks": {"type": "[string]", "default": []}},
        "onAppear": ["load"],
        "useCases": {
            "add": {"request": {"text": "string"},
                    "interactor": [setp("state.tasks", "@{state.tasks + [request.text]}")]},
            "clear": {"interactor": [setp("state.tasks", [])]},
            "export": {"interactor": []},
            "open": {"request": {"row": "int"},
                     "interactor": [{"type": "route", "to": "Detail", "args": {"n": "@{request.row}"}}]},
            "load": {"internal": True, "interactor": []}},
        "view": [
            {"type": "header", "text": "Tasks"},
            {"type": "input", "label": "New task", "action": "add"},
            {"type": "list", "items": "@{state.tasks}", "empty": "No tasks", "action": "open"},
            {"type": "button", "title": "Clear", "action": "clear",
             "enabled": "@{count(state.tasks) > 0}"},
            {"type": "error"}]}
    detail = {
        "formatVersion": 1, "scene": "Detail", "args": {"n": "int"},
        "useCases": {"done": {"interactor": [{"type": "route", "mode": "back"}]}},
        "view": [{"type": "header", "text": "Task @{args.n}"},
                 {"type": "button", "title": "Done", "action": "done"},
                 {"type": "error"}]}
    return write_app(Path(root) / "Tasks", app, [scene, detail])


def mix(root):
    """Form: buttons, bound inputs (one with its own `word`), a list with rows, a second button
    on the same action, a route button with a word, a Back button; `help2` no control shows."""
    app = {"formatVersion": 1, "name": "Mix", "entry": "Home"}
    home = {"formatVersion": 1, "scene": "Home",
            "useCases": {"go": {"interactor": [{"type": "route", "to": "Form"}]}},
            "view": [{"type": "header", "text": "Home"},
                     {"type": "button", "title": "Go", "action": "go"}]}
    form = {"formatVersion": 1, "scene": "Form",
            "state": {"title": {"type": "string", "default": ""},
                      "note": {"type": "string", "default": ""},
                      "items": {"type": "[string]", "default": ["a", "b"]}},
            "useCases": {"save": {"interactor": []},
                         "pick": {"request": {"row": "int"}, "interactor": []},
                         "help2": {"interactor": []}},
            "view": [{"type": "header", "text": "Form"},
                     {"type": "button", "title": "Save", "action": "save"},
                     {"type": "input", "label": "Title", "bind": "state.title"},
                     {"type": "input", "label": "Note", "bind": "state.note", "word": "comment"},
                     {"type": "list", "items": "@{state.items}", "action": "pick"},
                     {"type": "button", "title": "Save again", "action": "save"},
                     {"type": "button", "title": "Home", "route": {"to": "Home"}, "word": "home"},
                     {"type": "button", "title": "Back", "action": "back"},
                     {"type": "text", "text": "@{state.title} @{state.note}"}]}
    return write_app(Path(root) / "Mix", app, [home, form])


def dead(root, fix=None, name="Dead", extras=True):
    """Home: Finish hides every control (a dead end at the bottom of the stack). With extras,
    Explain does the same but fails with a message, and Go pushes End, which shows only text.
    fix="offer": an Again button shows once finished; fix="say": Finish says why."""
    app = {"formatVersion": 1, "name": name, "entry": "Home"}
    finish = [setp("state.done", True)]
    if fix == "say":
        finish.append({"type": "fail", "message": "Nothing left to do"})
    use_cases = {"finish": {"interactor": finish}}
    controls = [{"type": "button", "title": "Finish", "action": "finish"}]
    if extras:
        use_cases["explain"] = {"interactor": [setp("state.done", True),
                                               {"type": "fail", "message": "Nothing left to do"}]}
        use_cases["go"] = {"interactor": [{"type": "route", "to": "End"}]}
        controls += [{"type": "button", "title": "Explain", "action": "explain"},
                     {"type": "button", "title": "Go", "action": "go"}]
    view = [{"type": "header", "text": "Home"},
            {"type": "group", "if": "@{!state.done}", "children": controls},
            {"type": "text", "if": "@{state.done}", "text": "All done"}]
    if fix == "offer":
        use_cases["again"] = {"interactor": [setp("state.done", False)]}
        view.append({"type": "button", "title": "Again", "action": "again", "if": "@{state.done}"})
    view.append({"type": "error"})
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"done": {"type": "bool", "default": False}},
            "useCases": use_cases, "view": view}
    scenes = [home]
    if extras:
        scenes.append({"formatVersion": 1, "scene": "End",
                       "view": [{"type": "header", "text": "End"},
                                {"type": "text", "text": "The end"}]})
    return write_app(Path(root) / name, app, scenes)


def ends_scene(name, kind):
    """A scene that leaves itself by a `route back` (kind "route"), by a Back button whose action
    is the built-in `back` ("button"), shows nothing to do ("quiet"), or only an Inc ("inc")."""
    view = [{"type": "header", "text": name}]
    scene = {"formatVersion": 1, "scene": name}
    if kind == "route":
        scene["useCases"] = {"leave": {"interactor": [{"type": "route", "mode": "back"}]}}
        view.append({"type": "button", "title": "Leave", "action": "leave"})
    elif kind == "button":
        view.append({"type": "button", "title": "Back", "action": "back"})
    elif kind == "quiet":
        view.append({"type": "text", "text": "Nothing to do here"})
    elif kind == "inc":
        scene["state"] = {"n": {"type": "int", "default": 0}}
        scene["useCases"] = {"inc": {"interactor": [setp("state.n", "@{state.n + 1}")]}}
        view += [{"type": "text", "text": "N: @{state.n}"},
                 {"type": "button", "title": "Inc", "action": "inc"}]
    view.append({"type": "error"})
    scene["view"] = view
    return scene


def ends(root, entry="Home"):
    """The same four scenes, Home (Inc), Route, Button, Quiet and Count (Inc); `entry` names
    which one the app starts at."""
    scenes = [ends_scene("Home", "inc"), ends_scene("Route", "route"),
              ends_scene("Button", "button"), ends_scene("Quiet", "quiet"),
              ends_scene("Count", "inc")]
    app = {"formatVersion": 1, "name": "Ends", "entry": entry}
    return write_app(Path(root) / f"Ends-{entry}", app, scenes)


def notes(root):
    """A keyValue note read on appear and by Reload, written by `save TEXT`."""
    app = {"formatVersion": 1, "name": "Notes", "entry": "Note",
           "providers": {"note": {"type": "keyValue", "model": "string", "default": "none"}}}
    scene = {"formatVersion": 1, "scene": "Note",
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
    return write_app(Path(root) / "Notes", app, [scene])


BOOKS_FIXTURE = [{"id": "b1", "title": "Dune"}, {"id": "b2", "title": "Emma"}]


def books(root):
    """A collection `books` (model Book, key id), listed on appear; `add ID TITLE`, `remove ID`."""
    root = Path(root)
    (root / "books.json").write_text(json.dumps(BOOKS_FIXTURE))
    app = {"formatVersion": 1, "name": "Books", "entry": "Books",
           "models": {"Book": {"id": "string", "title": "string"}},
           "providers": {"books": {"type": "collection", "model": "Book", "key": "id"}}}
    load = [{"type": "fetch", "provider": "books", "as": "all", "args": {"sort": "id"}},
            setp("state.books", "@{all}")]
    scene = {"formatVersion": 1, "scene": "Books",
             "state": {"books": {"type": "[Book]", "default": []}},
             "onAppear": ["load"],
             "useCases": {
                 "load": {"internal": True, "interactor": load},
                 "add": {"request": {"id": "string", "title": "string"},
                         "interactor": [{"type": "insert", "provider": "books",
                                         "value": "@{{id: request.id, title: request.title}}"},
                                        {"type": "call", "useCase": "load"}]},
                 "remove": {"request": {"id": "string"},
                            "interactor": [{"type": "delete", "provider": "books",
                                            "key": "@{request.id}"},
                                           {"type": "call", "useCase": "load"}]}},
             "view": [{"type": "header", "text": "Books"},
                      {"type": "list", "items": "@{state.books}", "empty": "No books"},
                      {"type": "text", "text": "@{count(state.books)} books"},
                      {"type": "error"}]}
    return write_app(root / "Books", app, [scene])


def stored_books(p):
    lines = [l for l in p.stdout.splitlines() if l.startswith("stored books: ")]
    assert len(lines) == 1, out(p)
    return lines[0]


# ---------------------------------------------------------------- testing.md#actions-and-dead-ends

# checks: docs/testing.md#actions-and-dead-ends
def test_actions_is_echoed_then_lists_shown_words_in_frame_order_and_the_typed_ones(tmp_path):
    app = tasks(tmp_path)
    p = script_run(tmp_path, app, ["add milk", ">> actions"], "--strict")
    assert p.returncode == 0, out(p)  # a directive a session takes: no bad line under --strict
    assert ">> actions" in p.stdout.splitlines(), out(p)
    # the input (add), the list with a row (open), the enabled button (clear), in frame order;
    # export is typed only; the internal load and the built-in words are not offered
    assert block_after(p.stdout, ">> actions") == [
        "actions shown: add, open, clear",
        "actions typed: export"], out(p)


# checks: docs/testing.md#actions-and-dead-ends
def test_shown_words_are_the_words_typed_once_each_with_back_last(tmp_path):
    app = mix(tmp_path)
    p = script_run(tmp_path, app, ["go", ">> actions"])
    assert p.returncode == 0, out(p)
    # two buttons on `save` count once; bound inputs by their words (`title`, `comment`);
    # the route button by its word; the Back button's `back` and the scene below: one `back`
    assert block_after(p.stdout, ">> actions") == [
        "actions shown: save, title, comment, pick, home, back",
        "actions typed: help2"], out(p)


# checks: docs/testing.md#actions-and-dead-ends
def test_back_is_offered_when_a_scene_is_below_and_no_typed_line_when_there_are_none(tmp_path):
    app = tasks(tmp_path)
    p = script_run(tmp_path, app, ["add milk", "open 1", ">> actions", "done", ">> actions"])
    assert p.returncode == 0, out(p)
    first, second = actions_blocks(p.stdout)
    assert first == ["actions shown: done, back"], out(p)
    assert second == ["actions shown: add, open, clear", "actions typed: export"], out(p)


# checks: docs/testing.md#actions-and-dead-ends
def test_a_disabled_button_and_a_list_with_no_rows_are_not_shown(tmp_path):
    app = tasks(tmp_path)
    p = script_run(tmp_path, app, [">> actions"])
    assert p.returncode == 0, out(p)
    assert "[ Clear ] (disabled)" in p.stdout.splitlines() and "No tasks" in p.stdout, out(p)
    assert block_after(p.stdout, ">> actions")[0] == "actions shown: add", out(p)


# checks: docs/testing.md#actions-and-dead-ends
def test_a_disabled_button_and_a_list_with_no_rows_are_not_offered_as_typed_either(tmp_path):
    app = tasks(tmp_path)
    p = script_run(tmp_path, app, [">> actions"])
    assert p.returncode == 0, out(p)
    assert block_after(p.stdout, ">> actions") == [
        "actions shown: add", "actions typed: export"], out(p)


# checks: docs/testing.md#actions-and-dead-ends
def test_a_dead_end_is_a_third_line_when_nothing_is_shown_no_banner_and_nothing_below(tmp_path):
    app = dead(tmp_path)
    p = script_run(tmp_path, app, ["finish", ">> actions"])
    assert p.returncode == 0, out(p)
    block = block_after(p.stdout, ">> actions")
    # the hidden controls' use cases can still be typed, but nothing is shown to do
    assert block == ["actions shown: none", "actions typed: finish, explain, go", DEAD_END], out(p)


# checks: docs/testing.md#actions-and-dead-ends
def test_no_dead_end_when_an_error_banner_says_why(tmp_path):
    app = dead(tmp_path)
    p = script_run(tmp_path, app, ["explain", ">> actions"])
    assert p.returncode == 0, out(p)
    assert "! Nothing left to do" in block_after(p.stdout, "> explain"), out(p)
    block = block_after(p.stdout, ">> actions")
    assert block[0] == "actions shown: none", out(p)
    assert not any(l.startswith("dead end:") for l in block), out(p)


# checks: docs/testing.md#actions-and-dead-ends
def test_no_dead_end_when_a_scene_is_below(tmp_path):
    app = dead(tmp_path)
    p = script_run(tmp_path, app, ["go", ">> actions"])
    assert p.returncode == 0, out(p)
    assert block_after(p.stdout, ">> actions") == ["actions shown: back"], out(p)


# checks: docs/testing.md#actions-and-dead-ends ("the scene a session started at, with `--scene` too, has none below")
def test_the_scene_a_session_started_at_with_scene_has_none_below(tmp_path):
    app = dead(tmp_path)
    p = script_run(tmp_path, app, [">> actions"], "--scene", "End")
    assert p.returncode == 0, out(p)
    assert block_after(p.stdout, ">> actions") == ["actions shown: none", DEAD_END], out(p)


@pytest.mark.parametrize("fix", ["offer", "say"])
# checks: docs/testing.md#actions-and-dead-ends ("`>> absent dead end:` under it fails while the frame is a dead end and passes once it offers something or says why not")
def test_absent_dead_end_fails_while_a_dead_end_and_passes_once_fixed(tmp_path, fix):
    app = dead(tmp_path)
    (app / "tests").mkdir()
    t = app / "tests" / "dead.transcript"
    t.write_text("# dead\n== Home ==\n...\n> finish\n...\n>> actions\n>> absent dead end:\n...\n")
    r = run(["test", t], tmp_path)
    assert r.returncode == 1, out(r)
    assert "FAIL " in r.stderr, out(r)
    assert re.search(r"^line 7: 'dead end:' appeared: " + re.escape(DEAD_END) + "$",
                     r.stderr, re.M), out(r)
    dead(tmp_path, fix=fix)  # the app now offers something (Again), or says why (a banner)
    r = run(["test", t], tmp_path)
    assert r.returncode == 0, out(r)
    assert f"PASS {t}" in r.stdout, out(r)


# checks: docs/testing.md#actions-and-dead-ends ("A scene whose use cases run in Swift ... is still declared by its manifest ... so its actions are listed as any scene's")
def test_a_scene_whose_use_cases_run_in_swift_lists_its_actions(tmp_path):
    need(SHOP, "SHOP")
    app = Path(tmp_path) / "Shop"
    shutil.copytree(SAMPLES / "Shop", app)
    p = script_run(tmp_path, app, [">> actions"], "--scene", "Rewards", binary=SHOP)
    assert p.returncode == 0, out(p)
    block = block_after(p.stdout, ">> actions")
    assert block[0].startswith("actions shown: "), out(p)
    assert not any("is a Swift scene" in l for l in block), out(p)


# checks: docs/testing.md#actions-and-dead-ends ("`scenery run` takes it in a script and at a terminal too")
def test_actions_works_at_a_terminal(tmp_path):
    need(SCENERY)
    app = tasks(tmp_path)
    state = tmp_path / "state-tty"
    state.mkdir()
    master, slave = pty.openpty()
    env = env_for(tmp_path)
    env["TERM"] = "xterm"
    p = subprocess.Popen([SCENERY, "run", app, "--state-dir", state], cwd=str(tmp_path), env=env,
                         stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    data = b""

    def pump(until, seconds=15):
        nonlocal data
        end = time.time() + seconds
        while time.time() < end:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                data += chunk
                if until is not None and until in data:
                    return True
        return False

    try:
        assert pump(b"> "), data.decode(errors="replace")
        os.write(master, b">> actions\n")
        assert pump(b"actions typed:"), data.decode(errors="replace")
        os.write(master, b"quit\n")
        pump(None, 2)
        assert p.wait(timeout=10) == 0
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        os.close(master)
    text = data.decode(errors="replace").replace("\r", "")
    assert "actions shown: add\n" in text, text
    assert "error:" not in text, text


# checks: docs/testing.md#actions-and-dead-ends (`>> actions` in a transcript; `--update` keeps directives)
def test_actions_in_a_transcript_passes_and_update_writes_its_lines(tmp_path):
    app = tasks(tmp_path)
    (app / "tests").mkdir()
    t = app / "tests" / "acts.transcript"
    t.write_text("# acts\n== Tasks ==\n...\n>> actions\nactions shown: wrong\n> add milk\n...\n"
                 ">> actions\nactions shown: add, open, clear\nactions typed: export\n")
    r = run(["test", t], tmp_path)
    assert r.returncode == 1, out(r)
    assert "-actions shown: wrong" in r.stderr and "+actions shown: add" in r.stderr, out(r)
    u = run(["test", t, "--update"], tmp_path)
    assert u.returncode == 0, out(u)
    lines = body(t.read_text())
    assert lines.count(">> actions") == 2, t.read_text()  # kept where it stood
    # the lines written are what a session prints for the same frame
    [printed] = actions_blocks(script_run(tmp_path, app, [">> actions"]).stdout)
    i = lines.index(">> actions")
    assert lines[i + 1:i + 1 + len(printed)] == printed, t.read_text()
    assert lines[i + 1 + len(printed)] == "> add milk", t.read_text()
    assert run(["test", t], tmp_path).returncode == 0


# ---------------------------------------------------------------- eject.md#tests-from-transcripts

STRING = r'"(?:[^"\\\n]|\\.)*"'


def unescape(literal):
    simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}

    def one(m):
        if m.group(1).startswith("u{"):
            return chr(int(m.group(2), 16))
        return simple[m.group(1)]
    return re.sub(r"\\(u\{([0-9A-Fa-f]+)\}|.)", one, literal[1:-1])


def sends_and_actions(swift):
    """The tester's `send`s and `assertActions` calls of a replay(), in the order written."""
    rx = re.compile(r"await app\.send\((?P<send>%s)\)|app\.assertActions\(\[(?P<items>(?:\s*%s\s*,?)*)\s*\]\)"
                    % (STRING, STRING))
    found = []
    for m in rx.finditer(swift):
        if m.group("send"):
            found.append(("send", unescape(m.group("send"))))
        else:
            found.append(("actions", [unescape(s) for s in re.findall(STRING, m.group("items"))]))
    return found


# checks: docs/eject.md#tests-from-transcripts ("`>> actions` is `app.assertActions([…])`, each with the lines the run printed")
def test_eject_tests_turn_actions_into_assert_actions_with_the_lines_the_run_printed(tmp_path):
    app = dead(tmp_path)
    (app / "tests").mkdir()
    steps = [">> actions", "go", ">> actions", "back", "finish", ">> actions"]
    t = app / "tests" / "walk.transcript"
    t.write_text("# walk\n== Home ==\n...\n" + "".join(
        (s if s.startswith(">>") else "> " + s) + "\n...\n" for s in steps))
    assert run(["test", t], tmp_path).returncode == 0
    p = script_run(tmp_path, app, steps)
    printed = actions_blocks(p.stdout)
    assert printed[2][-1] == DEAD_END, out(p)
    e = run(["eject", app, "--all", "--tests", "T", "--no-format"], tmp_path)
    assert e.returncode == 0, out(e)
    swift = (tmp_path / "T" / "DeadScenesTests" / "WalkTranscriptTests.swift").read_text()
    assert "SceneTester(" in swift and "func replay()" in swift, swift
    assert sends_and_actions(swift) == [
        ("actions", printed[0]), ("send", "go"), ("actions", printed[1]),
        ("send", "back"), ("send", "finish"), ("actions", printed[2])], swift


# checks: docs/testing.md#2-a-json-scene-in-swift-scenetester (`assertActions(_ lines)`: "as `>> actions` prints it")
def test_the_tester_asserts_actions_as_the_directive_prints_them(tmp_path):
    app = tasks(tmp_path)
    (app / "tests").mkdir()
    (app / "tests" / "first.transcript").write_text("# first\n== Tasks ==\n...\n>> actions\n...\n")
    e = run(["eject", app, "--all", "--tests", "T", "--no-format"], tmp_path)
    assert e.returncode == 0, out(e)
    swift = (tmp_path / "T" / "TasksScenesTests" / "FirstTranscriptTests.swift").read_text()
    p = script_run(tmp_path, app, [">> actions"])
    [printed] = actions_blocks(p.stdout)
    calls = [c for c in sends_and_actions(swift) if c[0] == "actions"]
    assert calls == [("actions", printed)], swift
    assert printed[0].startswith("actions shown: "), out(p)


# ---------------------------------------------------------------- cli.md#scenery-run

# checks: docs/cli.md#scenery-run ("`>> restart` and `>> absent` are a transcript's own ... a session refuses them as bad lines")
def test_a_session_refuses_restart_and_absent_with_the_message_and_goes_on(tmp_path):
    app = tasks(tmp_path)
    p = script_run(tmp_path, app, [">> restart", ">> absent milk", "add milk"])
    assert p.returncode == 0, out(p)
    assert block_after(p.stdout, ">> restart") == [
        "error: '>> restart' is a transcript's line, which 'scenery test' runs; " + SESSION_TAKES], out(p)
    assert block_after(p.stdout, ">> absent milk") == [
        "error: '>> absent' is a transcript's line, which 'scenery test' runs; " + SESSION_TAKES], out(p)
    assert "1. milk" in block_after(p.stdout, "> add milk"), out(p)  # the session went on


# checks: docs/cli.md#scenery-run ("any other `>> ` line with `error: unknown directive '>> …'; a session takes …`")
def test_a_session_refuses_any_other_directive_as_unknown(tmp_path):
    app = tasks(tmp_path)
    p = script_run(tmp_path, app, [">> bogus", ">> snapshot now", "add milk"])
    assert p.returncode == 0, out(p)
    assert block_after(p.stdout, ">> bogus") == [
        "error: unknown directive '>> bogus'; " + SESSION_TAKES], out(p)
    assert block_after(p.stdout, ">> snapshot now") == [
        "error: unknown directive '>> snapshot now'; " + SESSION_TAKES], out(p)
    assert "1. milk" in block_after(p.stdout, "> add milk"), out(p)


@pytest.mark.parametrize("line", [">> restart", ">> absent x", ">> bogus"])
# checks: docs/cli.md#scenery-run ("refuses them as bad lines"; `--strict`: "exit 1 at the first bad input line")
def test_a_refused_directive_is_a_bad_line_under_strict(tmp_path, line):
    app = tasks(tmp_path)
    p = script_run(tmp_path, app, [line, "add milk"], "--strict")
    assert p.returncode == 1, out(p)
    assert "1. milk" not in p.stdout, out(p)


# checks: docs/cli.md#scenery-run ("A session also takes the directives transcripts use, echoed as written")
def test_a_session_takes_clock_fault_stored_and_actions_echoed_as_written(tmp_path):
    app = notes(tmp_path)
    lines = [">> clock +2h", ">> stored", ">> fault note=fail", ">> actions"]
    p = script_run(tmp_path, app, lines, "--strict")
    assert p.returncode == 0, out(p)
    got = p.stdout.splitlines()
    for l in lines:
        assert l in got, out(p)
    assert "error:" not in p.stdout, out(p)
    assert block_after(p.stdout, ">> stored") == ['stored note: "none"'], out(p)
    assert block_after(p.stdout, ">> actions") == ["actions shown: load", "actions typed: save"], out(p)


# checks: docs/cli.md#scenery-run (`--format json`: every line parses but for the lines `>> stored` and `>> actions` print, which follow their `{"input": …}` line up to the next line that starts with `{`)
def test_under_format_json_every_line_parses_but_what_actions_and_stored_print(tmp_path):
    app = dead(tmp_path)
    p = script_run(tmp_path, app, ["finish", ">> actions", "finish", ">> stored"], "--format", "json")
    assert p.returncode == 0, out(p)
    texts, after = [], None
    for line in p.stdout.splitlines():
        if line.startswith("{"):
            value = json.loads(line)
            after = value.get("input") if isinstance(value, dict) else None
        else:
            assert after in (">> actions", ">> stored"), out(p)
            texts.append(line)
    assert texts[0] == "actions shown: none", out(p)
    assert any(t.startswith("dead end:") for t in texts), out(p)


# ---------------------------------------------------------------- cli.md#scenery-test

# checks: docs/cli.md#scenery-test ("a transcript rewritten so that it passes prints `updated path` alone, on standard output")
def test_update_prints_updated_path_alone_for_a_transcript_it_makes_pass(tmp_path):
    app = tasks(tmp_path)
    (app / "tests").mkdir()
    t = app / "tests" / "a.transcript"
    t.write_text("# a\n== Tasks ==\nNew task: []\nNothing here\n[ Clear ] (disabled)\n")
    u = run(["test", "Tasks", "--update"], tmp_path)
    assert u.returncode == 0, out(u)
    assert u.stderr == "", out(u)
    assert u.stdout.splitlines() == ["updated Tasks/tests/a.transcript",
                                     "0 passed, 1 updated, 0 failed"], out(u)
    assert "No tasks" in body(t.read_text()), t.read_text()
    assert run(["test", "Tasks"], tmp_path).returncode == 0


# checks: docs/cli.md#scenery-test ("one whose `>> absent` still fails prints `updated path` and its `FAIL` as well")
def test_update_prints_updated_and_fail_when_an_absent_line_still_fails(tmp_path):
    app = tasks(tmp_path)
    (app / "tests").mkdir()
    t = app / "tests" / "a.transcript"
    t.write_text("# a\n== Tasks ==\nNew task: []\nNothing here\n>> absent No tasks\n"
                 "[ Clear ] (disabled)\n")
    u = run(["test", "Tasks", "--update"], tmp_path)
    assert u.returncode == 1, out(u)
    assert "updated Tasks/tests/a.transcript" in u.stdout.splitlines(), out(u)
    assert "FAIL Tasks/tests/a.transcript" in u.stderr.splitlines(), out(u)
    assert re.search(r"^line \d+: 'No tasks' appeared: No tasks$", u.stderr, re.M), out(u)
    text = t.read_text()
    assert "No tasks" in body(text) and ">> absent No tasks" in body(text), text  # rewritten, kept
    assert "Nothing here" not in text, text
    again = run(["test", "Tasks"], tmp_path)
    assert again.returncode == 1, out(again)  # the run is wrong, not the transcript


# ---------------------------------------------------------------- explore.md#explore-an-app

@pytest.mark.parametrize("scene", ["Route", "Button"])
# checks: docs/explore.md#explore-an-app ("every walk of `--scene NAME` ... ends when that scene goes back ... a `route back`, a Back button ... none of them an error")
def test_scene_naming_another_scene_a_walk_ends_when_it_goes_back(tmp_path, scene):
    app = ends(tmp_path)
    walks = 10
    p = explore(tmp_path, app, "--scene", scene, "--walks", walks)
    assert p.returncode == 0, out(p)
    s = summary(p)
    assert s["failures"] == 0 and not findings(tmp_path), out(p)
    # its one control leaves the scene, and the walk ends there: one action a walk
    assert s["actions"] == walks, out(p)


# checks: docs/explore.md#explore-an-app ("that scene is no dead end while it is the bottom one")
def test_scene_naming_another_scene_its_bottom_is_no_dead_end(tmp_path):
    app = ends(tmp_path)
    p = explore(tmp_path, app, "--scene", "Quiet", "--walks", 10)
    assert p.returncode == 0, out(p)
    assert summary(p)["failures"] == 0 and not findings(tmp_path), out(p)


# checks: docs/explore.md#explore-an-app ("`--scene` naming the entry starts at the bottom, as every walk without it does")
def test_scene_naming_the_entry_starts_at_the_bottom(tmp_path):
    quiet = ends(tmp_path, entry="Quiet")
    p = explore(tmp_path, quiet, "--scene", "Quiet", "--walks", 10, "--output", "q")
    assert p.returncode == 1, out(p)
    found = findings(tmp_path, "q")
    assert list(found) == ["no-dead-end-1.transcript"], out(p)
    route = ends(tmp_path, entry="Route")
    r = explore(tmp_path, route, "--scene", "Route", "--walks", 10, "--output", "r")
    assert r.returncode == 1, out(r)
    found = findings(tmp_path, "r")
    assert list(found) == ["no-runtime-error-1.transcript"], out(r)
    assert "(E510)" in found["no-runtime-error-1.transcript"], found


# checks: docs/explore.md#explore-an-app ("... or a typed `back` (in the app, the scene below would show)")
def test_scene_naming_another_scene_a_typed_back_ends_the_walk(tmp_path):
    app = ends(tmp_path)
    walks, steps = 20, 20
    p = explore(tmp_path, app, "--scene", "Count", "--walks", walks, "--steps", steps)
    assert p.returncode == 0, out(p)
    s = summary(p)
    assert s["failures"] == 0, out(p)
    assert s["actions"] < walks * steps, out(p)


# ---------------------------------------------------------------- explore.md#what-it-checks

# checks: docs/explore.md#what-it-checks (restart row: "One that could not be read before it, under a fault begun midway ... what it reads after is taken as it is")
def test_restart_takes_a_provider_unreadable_under_a_midway_fault_as_it_reads_after(tmp_path):
    app = notes(tmp_path)
    # the premise: under a >> fault, >> stored cannot read the provider
    s = script_run(tmp_path, app, ["save hi", ">> fault note=fail", ">> stored"])
    [line] = block_after(s.stdout, ">> stored")
    assert line.startswith("stored note: cannot be read: "), out(s)
    p = explore(tmp_path, app, "--faults", "--restart", "--walks", 60)
    assert p.returncode == 0, out(p)
    assert summary(p)["failures"] == 0 and not findings(tmp_path), out(p)


# checks: docs/explore.md#what-it-checks (restart row, a collection under a fault begun midway)
def test_restart_with_midway_faults_on_a_collection_finds_no_loss(tmp_path):
    app = Path(tmp_path) / "Orders"
    shutil.copytree(SAMPLES / "Orders", app)
    p = explore(tmp_path, app, "--faults", "--restart", "--walks", 60,
                "--fixture", f"orders={app / 'tests' / 'seeds' / 'two.json'}")
    assert p.returncode == 0, out(p)
    assert summary(p)["failures"] == 0 and not findings(tmp_path), out(p)


# ---------------------------------------------------------------- explore.md#what-it-writes

def stuck(root, fix=None):
    return dead(root, fix=fix, name="Stuck", extras=False)


# checks: docs/explore.md#what-it-writes ("for a dead end, an `>> actions` line and `>> absent dead end:` under it")
def test_a_dead_end_is_written_with_actions_and_absent_dead_end(tmp_path):
    stuck(tmp_path)
    p = explore(tmp_path, "Stuck", "--walks", 20)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert list(found) == ["no-dead-end-1.transcript"], out(p)
    assert "written to explore/no-dead-end-1.transcript" in p.stdout, out(p)
    lines = body(found["no-dead-end-1.transcript"])
    i = lines.index(">> actions")
    assert lines[i + 1] == ">> absent dead end:", lines
    assert lines[i + 2] == "actions shown: none", lines
    assert lines[-1] == DEAD_END, lines
    assert "> finish" in lines[:i], lines
    r = run(["test", "explore"], tmp_path)
    assert r.returncode == 1, out(r)
    assert "'dead end:' appeared" in r.stderr, out(r)


# checks: docs/explore.md#what-it-writes ("so it passes once the frame offers something to do"; "passes once the app is fixed and the transcript's output updated (`scenery test --update`)")
def test_a_dead_end_finding_passes_once_fixed_and_updated(tmp_path):
    stuck(tmp_path)
    p = explore(tmp_path, "Stuck", "--walks", 20)
    assert p.returncode == 1, out(p)
    stuck(tmp_path, fix="offer")
    u = run(["test", "explore", "--update"], tmp_path)
    assert u.returncode == 0, out(u)
    assert u.stdout.splitlines() == ["updated explore/no-dead-end-1.transcript",
                                     "0 passed, 1 updated, 0 failed"], out(u)
    assert u.stderr == "", out(u)
    text = findings(tmp_path)["no-dead-end-1.transcript"]
    assert ">> absent dead end:" in body(text) and DEAD_END not in text, text
    r = run(["test", "explore"], tmp_path)
    assert r.returncode == 0, out(r)


# checks: docs/explore.md#what-it-writes ("when it holds the same transcript (the same run again), the finding is listed as `already in …`")
def test_the_same_finding_again_is_listed_already_in_and_not_written(tmp_path):
    stuck(tmp_path)
    assert explore(tmp_path, "Stuck", "--walks", 20).returncode == 1
    f = tmp_path / "explore" / "no-dead-end-1.transcript"
    before, mtime = f.read_bytes(), f.stat().st_mtime_ns
    time.sleep(0.05)
    p = explore(tmp_path, "Stuck", "--walks", 20)
    assert p.returncode == 1, out(p)
    assert "already in explore/no-dead-end-1.transcript" in p.stdout, out(p)
    assert "written to" not in p.stdout, out(p)
    assert list(findings(tmp_path)) == ["no-dead-end-1.transcript"], out(p)
    assert f.read_bytes() == before and f.stat().st_mtime_ns == mtime


# checks: docs/explore.md#what-it-writes ("otherwise ... the next free number is taken"), and docs/cli.md#scenery-explore (`--output`)
def test_a_file_holding_other_text_is_kept_and_the_next_free_number_taken(tmp_path):
    stuck(tmp_path)
    assert explore(tmp_path, "Stuck", "--walks", 20).returncode == 1
    d = tmp_path / "explore"
    first = d / "no-dead-end-1.transcript"
    edited = first.read_text() + "> # kept as a test\n"
    first.write_text(edited)
    (d / "no-dead-end-2.transcript").write_text("# someone else's\n== Home ==\n...\n")
    p = explore(tmp_path, "Stuck", "--walks", 20)
    assert p.returncode == 1, out(p)
    assert "written to explore/no-dead-end-3.transcript" in p.stdout, out(p)
    assert first.read_text() == edited
    assert (d / "no-dead-end-2.transcript").read_text() == "# someone else's\n== Home ==\n...\n"
    assert list(findings(tmp_path)) == ["no-dead-end-1.transcript", "no-dead-end-2.transcript",
                                        "no-dead-end-3.transcript"]


# checks: docs/explore.md#what-it-writes ("Explore removes nothing, so a finding of an earlier run stays until you delete it or it passes as a test")
def test_explore_removes_nothing_when_the_failure_is_gone(tmp_path):
    stuck(tmp_path)
    assert explore(tmp_path, "Stuck", "--walks", 20).returncode == 1
    before = findings(tmp_path)
    stuck(tmp_path, fix="offer")
    p = explore(tmp_path, "Stuck", "--walks", 20)
    assert p.returncode == 0, out(p)
    assert summary(p)["failures"] == 0, out(p)
    assert findings(tmp_path) == before


# ---------------------------------------------------------------- manifest.md#collections

# checks: docs/manifest.md#collections ("records the app deletes stay deleted, even all of them, in every later session with the same fixture")
def test_a_collection_fixture_fills_once_and_deleted_records_stay_deleted(tmp_path):
    app = books(tmp_path)
    fixture = tmp_path / "books.json"
    original = fixture.read_bytes()
    fx = ["--fixture", f"books={fixture}"]
    p = script_run(tmp_path, app, [">> stored", "remove b1"], *fx, state="st")
    assert stored_books(p) == ('stored books: 2 records [{"id":"b1","title":"Dune"},'
                               '{"id":"b2","title":"Emma"}]'), out(p)
    p = script_run(tmp_path, app, [">> stored", "remove b2"], *fx, state="st")
    assert stored_books(p) == 'stored books: 1 record [{"id":"b2","title":"Emma"}]', out(p)
    p = script_run(tmp_path, app, [">> stored"], *fx, state="st")
    assert stored_books(p) == "stored books: 0 records []", out(p)  # even all of them
    assert "No books" in p.stdout, out(p)
    assert fixture.read_bytes() == original  # the file is never written


# checks: docs/manifest.md#collections ("A fresh state folder ... is filled by it again")
def test_a_fresh_state_folder_is_filled_by_the_fixture_again(tmp_path):
    app = books(tmp_path)
    fx = ["--fixture", f"books={tmp_path / 'books.json'}"]
    p = script_run(tmp_path, app, ["remove b1", "remove b2"], *fx, state="one")
    assert "0 books" in p.stdout, out(p)
    p = script_run(tmp_path, app, [">> stored"], *fx, state="two")
    assert stored_books(p).startswith("stored books: 2 records "), out(p)
    # a transcript's state folder is fresh: two that delete still each start with both
    (app / "tests").mkdir()
    for name in ("one", "two"):
        (app / "tests" / f"{name}.transcript").write_text(
            "# %s\n# args: --fixture books=../../books.json\n== Books ==\n1. Dune\n2. Emma\n"
            "2 books\n> remove b1\n== Books ==\n1. Emma\n1 books\n" % name)
    r = run(["test", app, "--jobs", "1"], tmp_path)
    assert r.returncode == 0, out(r)
    assert r.stdout.splitlines()[-1] == "2 passed, 0 failed", out(r)


# checks: docs/manifest.md#collections ("the first time a fixture is given for it on a state folder, it fills the collection if that holds no records")
def test_the_first_fixture_fills_an_empty_collection_and_not_one_holding_records(tmp_path):
    app = books(tmp_path)
    fx = ["--fixture", f"books={tmp_path / 'books.json'}"]
    # a folder where the app ran without the fixture and stored nothing: filled
    script_run(tmp_path, app, [">> stored"], state="empty")
    p = script_run(tmp_path, app, [">> stored"], *fx, state="empty")
    assert stored_books(p).startswith("stored books: 2 records "), out(p)
    # a folder whose collection holds a record already: not filled
    script_run(tmp_path, app, ["add z9 Zed"], state="held")
    p = script_run(tmp_path, app, [">> stored"], *fx, state="held")
    assert stored_books(p) == 'stored books: 1 record [{"id":"z9","title":"Zed"}]', out(p)


# checks: docs/cli.md#scenery-run (`--fixture` row: "it fills the collection once, the first time it is given on the state folder, and records deleted later stay deleted")
def test_run_fixture_row_records_deleted_later_stay_deleted_but_added_ones_stay(tmp_path):
    app = books(tmp_path)
    fx = ["--fixture", f"books={tmp_path / 'books.json'}"]
    script_run(tmp_path, app, ["remove b1", "add c3 Cato"], *fx, state="st")
    p = script_run(tmp_path, app, [">> stored"], *fx, state="st")
    assert stored_books(p) == ('stored books: 2 records [{"id":"b2","title":"Emma"},'
                               '{"id":"c3","title":"Cato"}]'), out(p)


# ---------------------------------------------------------------- manifest.md#invariants

# checks: docs/manifest.md#invariants ("A state field or argument an invariant reads is read, so no W002 says it never is")
def test_a_field_only_an_invariant_reads_gets_no_w002(tmp_path):
    app = {"formatVersion": 1, "name": "Inv", "entry": "Home",
           "invariants": {"Shelf": [{"check": "@{state.left >= 0 && args.cap > 0}",
                                     "message": "bad shelf"}]}}
    home = {"formatVersion": 1, "scene": "Home",
            "useCases": {"go": {"interactor": [{"type": "route", "to": "Shelf", "args": {"cap": 3}}]}},
            "view": [{"type": "button", "title": "Go", "action": "go"}]}
    shelf = {"formatVersion": 1, "scene": "Shelf", "args": {"cap": "int", "unused": "int?"},
             "state": {"left": {"type": "int", "default": 1},
                       "spare": {"type": "int", "default": 0}},
             "useCases": {"take": {"interactor": [setp("state.left", "@{state.left - 2}")]}},
             "view": [{"type": "text", "text": "Shelf"},
                      {"type": "button", "title": "Take", "action": "take"},
                      {"type": "error"}]}
    root = write_app(tmp_path / "Inv", app, [home, shelf])
    p = run(["validate", root], tmp_path)
    assert p.returncode == 0, out(p)
    w002 = [l for l in p.stderr.splitlines() if "warning[W002]" in l]
    # the fields nothing reads are still W002 ...
    assert any("'spare'" in l for l in w002) and any("'unused'" in l for l in w002), out(p)
    # ... the ones the invariant reads are not
    assert not any("'left'" in l or "'cap'" in l for l in w002), out(p)
    assert len(w002) == 2, out(p)
    # and the invariant does read them
    s = script_run(tmp_path, root, ["go", "take"])
    assert "! Shelf, invariant: bad shelf (E514)" in block_after(s.stdout, "> take"), out(s)


# ---------------------------------------------------------------- cli.md#scenery-eject

def listed(p, word):
    return sorted(l.split(" ", 1)[1] for l in p.stdout.splitlines() if l.startswith(word + " "))


# checks: docs/cli.md#scenery-eject (`--force`: "Each file is listed as `created`, `replaced` (it held other text) or `unchanged` (it held this text already)")
def test_force_lists_each_file_as_created_replaced_or_unchanged(tmp_path):
    app = tasks(tmp_path)
    args = ["eject", app, "--all", "--no-format"]
    first = run(args, tmp_path)
    assert first.returncode == 0, out(first)
    files = listed(first, "created")
    assert files and all(f.startswith("Sources/TasksScenes/") for f in files), out(first)
    snapshot = {f: (tmp_path / f).read_bytes() for f in files}
    # without --force: listed, nothing written, exit 1
    again = run(args, tmp_path)
    assert again.returncode == 1, out(again)
    for f in files:
        assert f in again.stderr, out(again)
    same = run(args + ["--force"], tmp_path)
    assert same.returncode == 0, out(same)
    assert listed(same, "unchanged") == files, out(same)
    assert not listed(same, "created") and not listed(same, "replaced"), out(same)
    changed, gone = files[0], files[1]
    (tmp_path / changed).write_text("// edited by hand\n")
    (tmp_path / gone).unlink()
    forced = run(args + ["--force"], tmp_path)
    assert forced.returncode == 0, out(forced)
    assert listed(forced, "replaced") == [changed], out(forced)
    assert listed(forced, "created") == [gone], out(forced)
    assert listed(forced, "unchanged") == sorted(set(files) - {changed, gone}), out(forced)
    assert {f: (tmp_path / f).read_bytes() for f in files} == snapshot


# checks: docs/cli.md#scenery-eject (`--force` with `--tests DIR`: the test files are listed the same way)
def test_force_lists_the_test_files_too(tmp_path):
    app = tasks(tmp_path)
    (app / "tests").mkdir()
    (app / "tests" / "first.transcript").write_text("# first\n== Tasks ==\n...\n>> actions\n...\n")
    args = ["eject", app, "--all", "--no-format", "--tests", "T"]
    first = run(args, tmp_path)
    assert first.returncode == 0, out(first)
    tests = [f for f in listed(first, "created") if f.startswith("T/")]
    assert "T/TasksScenesTests/FirstTranscriptTests.swift" in tests, out(first)
    again = run(args + ["--force"], tmp_path)
    assert again.returncode == 0, out(again)
    assert set(tests) <= set(listed(again, "unchanged")), out(again)


# ---------------------------------------------------------------- eject.md#same-results-exactly

# checks: docs/eject.md#same-results-exactly ("where `??` or `?:` joins an int and a decimal, as in `state.price ?? 0.0`")
def test_coalesce_and_conditional_joining_an_int_and_a_decimal_eject(tmp_path):
    app = {"formatVersion": 1, "name": "Price", "entry": "Price"}
    scene = {"formatVersion": 1, "scene": "Price",
             "state": {"price": {"type": "decimal?"}, "on": {"type": "bool", "default": False},
                       "count": {"type": "int?"}, "total": {"type": "decimal", "default": 0}},
             "useCases": {
                 "price": {"request": {"p": "decimal?"}, "interactor": [setp("state.price", "@{request.p}")]},
                 "flip": {"interactor": [setp("state.on", "@{!state.on}")]},
                 "sum": {"interactor": [setp(
                     "state.total",
                     "@{(state.price ?? 0.0) + (state.on ? 1.5 : 2) + (state.count ?? 0.5)}")]}},
             "view": [{"type": "text", "text": "Total: @{state.total}"},
                      {"type": "button", "title": "Sum", "action": "sum"},
                      {"type": "error"}]}
    root = write_app(tmp_path / "Price", app, [scene])
    v = run(["validate", root], tmp_path)
    assert v.returncode == 0, out(v)
    s = script_run(tmp_path, root, ["sum", "price 2.5", "flip", "sum"])
    assert block_after(s.stdout, "> sum", 0)[0] == "Total: 2.5", out(s)
    assert block_after(s.stdout, "> sum", 1)[0] == "Total: 4.5", out(s)
    e = run(["eject", root, "--all", "--no-format"], tmp_path)
    assert e.returncode == 0, out(e)
    assert "cannot eject" not in out(e) and "nothing was written" not in out(e), out(e)
    interactor = (tmp_path / "Sources" / "PriceScenes" / "Price" / "PriceInteractor.swift").read_text()
    assert "??" in interactor, interactor  # Swift's own ??, where its meaning is the manifest's
