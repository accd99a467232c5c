"""Contract tests for transcripts run in workers, crash and held-main-thread findings, and
view-only ejection, written from the documentation alone:

- docs/cli.md, "scenery test": the `--jobs N` row (an executable that registers Swift
  components runs even `--jobs 1`, or a single transcript, in a worker; a transcript that
  stops its app fails alone with `FAIL path: its app stopped: the worker running it was
  stopped by signal 4 (Fatal error: Division by zero)` and the transcripts after it run in a
  new worker; the output and summary are a serial run's), the `--timeout SECONDS` row (an
  app that holds the main thread: `FAIL path: timed out after N s, and its app still holds
  the main thread (a Swift component that never lets go)`, and the others go on), and, for
  such transcripts, `--update`, `--coverage` and `--format junit`;
- docs/explore.md, "What it writes": the crash paragraph (no `# timeout:` line, the action
  that stopped the app last with nothing under it, the header alone for a first frame that
  stops it; what `scenery test` does with it; it passes once the app is fixed and updated)
  and the hang paragraph's held-main-thread clause; the "no crash" row of "What it checks"
  as far as the transcript needs it, and `--jobs` giving a serial run's findings;
- docs/eject.md, "What eject writes" (a scene with no use case to eject is ejected for its
  view alone when the view has a type; left out with a note when it cannot be typed;
  `error: no scene named has anything to eject; nothing was written`, exit 1), "Layouts" for
  a view-only scene, and "Tests from transcripts" (`--env` given twice holds its last value;
  `# args:` the run refuses leave a transcript out with a `note:`; an app's own executable
  and `registerComponents`); docs/cli.md, "scenery eject", its last paragraph;
- docs/performance.md, "Ejected scenes": the one thing observable without timing — a
  provider that reads anew (a `file`) is read and checked against its model on every fetch,
  and a value that does not fit is refused every time, under `scenery` and under `ejected`.

The planted executable (PLANTED) registers two Swift interactors: `Share` (`{"people":
"int"}` -> `"<100 / people> each"`, traps on 0) and `Start` (`{"seconds": "int"}` ->
`"started for N s"`, holds the main thread forever on a negative number). The apps using
them are written here. Every app, state folder and output is in pytest's tmp_path;
XDG_STATE_HOME points inside it and SWIFT_BACKTRACE=enable=no is set for every command.
Ejected modules cannot be compiled here: their files are checked as text.
"""
import json
import os
import queue
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")
SHOP = os.environ.get("SHOP")
EJECTED = os.environ.get("EJECTED")
PLANTED = os.environ.get("PLANTED")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"
TIMEOUT = 60

CRASH = "its app stopped: the worker running it was stopped by signal 4 (Fatal error: Division by zero)"
HELD = "timed out after 1 s, and its app still holds the main thread (a Swift component that never lets go)"
NOTHING_TO_EJECT = "error: no scene named has anything to eject; nothing was written"


# ---------------------------------------------------------------- helpers

def need(binary, var):
    if not binary:
        pytest.skip(f"{var} is not set")


def environment(cwd, extra=None):
    env = dict(os.environ)
    for name in ("EJECTED_SCENES", "EJECTED_VIEWS", "FORCE_COLOR"):
        env.pop(name, None)
    env["NO_COLOR"] = "1"
    env["SWIFT_BACKTRACE"] = "enable=no"
    env["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")
    if extra:
        env.update(extra)
    return env


def run(binary, var, args, cwd, timeout=TIMEOUT, env=None):
    need(binary, var)
    return subprocess.run([binary, *[str(a) for a in args]], cwd=str(cwd),
                          env=environment(cwd, env), capture_output=True, text=True,
                          timeout=timeout)


def scenery(cwd, *args, **kw):
    return run(SCENERY, "SCENERY", args, cwd, **kw)


def planted(cwd, *args, **kw):
    return run(PLANTED, "PLANTED", args, cwd, **kw)


def shop(cwd, *args, **kw):
    return run(SHOP, "SHOP", args, cwd, **kw)


def out(p):
    return f"exit {p.returncode}\n--- stdout\n{p.stdout}--- stderr\n{p.stderr}"


def lines(text):
    return text.splitlines()


def notes(p):
    return [l for l in (p.stdout + p.stderr).splitlines() if l.startswith("note:")]


def write_app(root, name, scenes, **app_fields):
    app = Path(root) / name
    (app / "scenes").mkdir(parents=True)
    (app / "app.json").write_text(json.dumps(
        {"formatVersion": 1, "name": name, "entry": next(iter(scenes)), **app_fields}, indent=1))
    for scene, body in scenes.items():
        (app / "scenes" / f"{scene}.json").write_text(json.dumps(
            {"formatVersion": 1, "scene": scene, **body}, indent=1))
    return app


def write(path, text_lines):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(text_lines) + "\n")
    return path


def files_under(root):
    root = Path(root)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def flat(text):
    return re.sub(r"\s+", " ", text)


# ---------------------------------------------------------------- the planted apps

# `share` by its input: explore reaches it with 0 (docs/explore.md: values at the edges).
SPLIT = {
    "useCases": {
        "share": {"request": {"people": "int"}, "interactor": {"swift": "Share"},
                  "presenter": {"shown": "@{response.message}"}}},
    "view": [{"type": "header", "text": "Split"},
             {"type": "text", "text": "@{vm.shown ?? 'nothing yet'}"},
             {"type": "input", "label": "People", "action": "share"},
             {"type": "error"}]}

TIMER = {
    "useCases": {
        "start": {"request": {"seconds": "int"}, "interactor": {"swift": "Start"},
                  "presenter": {"shown": "@{response.message}"}}},
    "view": [{"type": "header", "text": "Timer"},
             {"type": "text", "text": "@{vm.shown ?? 'not started'}"},
             {"type": "input", "label": "Seconds", "action": "start"},
             {"type": "error"}]}


def split_frame(shown="nothing yet"):
    return ["== Split ==", shown, "People: []"]


def timer_frame(shown="not started"):
    return ["== Timer ==", shown, "Seconds: []"]


def split_app(root, name="Split"):
    return write_app(root, name, {"Split": SPLIT})


def timer_app(root, name="Timer"):
    return write_app(root, name, {"Timer": TIMER})


def share_transcript(path, people, shown=None, app=None):
    """A transcript of `share PEOPLE`; with shown None, the action is its last line."""
    head = [f"# app: {app}"] if app else []
    after = [] if shown is None else split_frame(shown)
    return write(path, head + split_frame() + [f"> share {people}"] + after)


def pass_and_fail_lines(p):
    return ([l for l in p.stdout.splitlines() if l.startswith("PASS ")],
            [l for l in p.stderr.splitlines() if l.startswith("FAIL ")])


# ================================================================ scenery test --jobs

# checks: docs/cli.md#scenery-test
def test_jobs_1_a_crash_fails_alone_and_the_transcripts_after_it_still_run(tmp_path):
    app = split_app(tmp_path)
    share_transcript(app / "tests" / "a-four.transcript", 4, "25 each")
    share_transcript(app / "tests" / "b-zero.transcript", 0)
    share_transcript(app / "tests" / "c-five.transcript", 5, "20 each")
    p = planted(tmp_path, "test", "Split", "--jobs", "1")
    assert p.returncode == 1, out(p)
    passed, failed = pass_and_fail_lines(p)
    assert passed == ["PASS Split/tests/a-four.transcript", "PASS Split/tests/c-five.transcript"], out(p)
    assert failed == [f"FAIL Split/tests/b-zero.transcript: {CRASH}"], out(p)
    assert p.stdout.splitlines()[-1] == "2 passed, 1 failed", out(p)


# checks: docs/cli.md#scenery-test
def test_a_single_transcript_runs_in_a_worker_so_its_crash_is_a_failure(tmp_path):
    app = split_app(tmp_path)
    t = share_transcript(app / "tests" / "zero.transcript", 0)
    p = planted(tmp_path, "test", t.relative_to(tmp_path))
    # The test process itself is not the one stopped: it reports and exits 1.
    assert p.returncode == 1, out(p)
    assert f"FAIL Split/tests/zero.transcript: {CRASH}" in p.stderr.splitlines(), out(p)
    assert p.stdout.splitlines()[-1] == "0 passed, 1 failed", out(p)


# checks: docs/cli.md#scenery-test
def test_output_with_crashes_is_a_serial_runs_whatever_jobs(tmp_path):
    app = split_app(tmp_path)
    tests = app / "tests"
    share_transcript(tests / "a-four.transcript", 4, "25 each")
    share_transcript(tests / "b-zero.transcript", 0)
    share_transcript(tests / "c-zero-again.transcript", 0, "never shown")
    share_transcript(tests / "d-diff.transcript", 4, "26 each")   # a plain failure, with a diff
    share_transcript(tests / "e-five.transcript", 5, "20 each")
    share_transcript(tests / "f-zero-last.transcript", 0)
    runs = {}
    for jobs in (None, "1", "2", "4"):
        extra = [] if jobs is None else ["--jobs", jobs]
        p = planted(tmp_path, "test", "Split", *extra)
        runs[jobs or "default"] = (p.returncode, p.stdout, p.stderr)
    serial = runs["1"]
    for name, result in runs.items():
        assert result == serial, f"--jobs {name} differs from --jobs 1:\n{result}\n{serial}"
    code, stdout, stderr = serial
    assert code == 1
    assert stdout.splitlines() == ["PASS Split/tests/a-four.transcript",
                                   "PASS Split/tests/e-five.transcript",
                                   "2 passed, 4 failed"], stdout
    fails = [l for l in stderr.splitlines() if l.startswith("FAIL ")]
    assert fails == [f"FAIL Split/tests/b-zero.transcript: {CRASH}",
                     f"FAIL Split/tests/c-zero-again.transcript: {CRASH}",
                     "FAIL Split/tests/d-diff.transcript",
                     f"FAIL Split/tests/f-zero-last.transcript: {CRASH}"], stderr
    assert "+25 each" in stderr and "-26 each" in stderr, stderr


# checks: docs/cli.md#scenery-test
def test_a_first_frame_that_stops_the_app_fails_with_the_header_alone(tmp_path):
    # explore.md: "the header alone for a first frame that stops it".
    write_app(tmp_path, "First", {"Split": {
        "useCases": {
            "boot": {"internal": True,
                     "interactor": [{"type": "call", "useCase": "share", "request": {"people": 0}}]},
            **SPLIT["useCases"]},
        "view": SPLIT["view"], "onAppear": ["boot"]}})
    split_app(tmp_path)
    write(tmp_path / "t" / "a-first.transcript", ["# explore: no crash", "# app: ../First"])
    share_transcript(tmp_path / "t" / "b-after.transcript", 4, "25 each", app="../Split")
    p = planted(tmp_path, "test", "t")
    assert p.returncode == 1, out(p)
    passed, failed = pass_and_fail_lines(p)
    assert failed == [f"FAIL t/a-first.transcript: {CRASH}"], out(p)
    assert passed == ["PASS t/b-after.transcript"], out(p)


# checks: docs/cli.md#scenery-test
def test_junit_failure_of_a_crash_holds_the_reason(tmp_path):
    app = split_app(tmp_path)
    share_transcript(app / "tests" / "a-four.transcript", 4, "25 each")
    share_transcript(app / "tests" / "b-zero.transcript", 0)
    p = planted(tmp_path, "test", "Split", "--format", "junit", "--output", "r.xml")
    assert p.returncode == 1, out(p)
    xml = (tmp_path / "r.xml").read_text()
    import xml.etree.ElementTree as ET
    cases = {c.get("name"): c for c in ET.fromstring(xml).iter("testcase")}
    assert set(cases) == {"a-four", "b-zero"}, xml
    assert cases["a-four"].find("failure") is None, xml
    failure = cases["b-zero"].find("failure")
    assert failure is not None, xml
    assert CRASH in (failure.get("message") or "") + (failure.text or ""), xml


# checks: docs/cli.md#scenery-test
def test_coverage_around_a_crash_is_the_same_whatever_jobs(tmp_path):
    """Workers' counts are added up, so --jobs changes nothing; what ran in the worker that
    later stopped (a-four, before b-zero) is still counted."""
    app = split_app(tmp_path)
    share_transcript(app / "tests" / "a-four.transcript", 4, "25 each")
    share_transcript(app / "tests" / "b-zero.transcript", 0)
    share_transcript(app / "tests" / "c-five.transcript", 5, "20 each")
    reports = {}
    for jobs in ("1", "3"):
        p = planted(tmp_path, "test", "Split", "--jobs", jobs, "--coverage", f"c{jobs}.info")
        assert p.returncode == 1, out(p)
        reports[jobs] = (tmp_path / f"c{jobs}.info").read_text()
    assert reports["1"] == reports["3"]
    # Without the crash: every place counted at least as often with it.
    (app / "tests" / "b-zero.transcript").unlink()
    p = planted(tmp_path, "test", "Split", "--jobs", "1", "--coverage", "c0.info")
    assert p.returncode == 0, out(p)

    def da(text):
        return {int(a): int(b) for a, b in re.findall(r"^DA:(\d+),(\d+)$", text, re.M)}
    with_crash, without = da(reports["1"]), da((tmp_path / "c0.info").read_text())
    assert without, reports["1"]
    for line, count in without.items():
        assert with_crash.get(line, 0) >= count, (line, with_crash, without)


# checks: docs/cli.md#scenery-test
def test_update_cannot_rewrite_a_crash_and_leaves_it_failing(tmp_path):
    # Plain reading: a transcript whose app stops cannot be "rewritten so that it passes";
    # it stays as written and still FAILs, so the exit code is 1.
    app = split_app(tmp_path)
    t = share_transcript(app / "tests" / "zero.transcript", 0, "whatever it was")
    before = t.read_text()
    p = planted(tmp_path, "test", "Split", "--update")
    assert p.returncode == 1, out(p)
    assert f"FAIL Split/tests/zero.transcript: {CRASH}" in p.stderr.splitlines(), out(p)
    assert "updated Split/tests/zero.transcript" not in p.stdout, out(p)
    assert p.stdout.splitlines()[-1] == "0 passed, 0 updated, 1 failed", out(p)
    assert t.read_text() == before


# checks: docs/cli.md#apps-with-swift-components
def test_plain_scenery_does_not_stop_it_names_the_missing_component(tmp_path):
    app = split_app(tmp_path)
    share_transcript(app / "tests" / "zero.transcript", 0)
    p = scenery(tmp_path, "test", "Split")
    assert p.returncode == 1, out(p)
    assert "its app stopped" not in p.stderr, out(p)
    assert "FAIL Split/tests/zero.transcript" in p.stderr.splitlines(), out(p)
    assert "'Share'" in p.stderr, out(p)


# ================================================================ scenery test --timeout

# checks: docs/cli.md#scenery-test
def test_timeout_an_app_holding_the_main_thread_fails_and_the_others_go_on(tmp_path):
    timer_app(tmp_path)
    split_app(tmp_path)
    t = tmp_path / "t"
    write(t / "a-start.transcript", ["# app: ../Timer"] + timer_frame() + ["> start 2"]
          + timer_frame("started for 2 s"))
    write(t / "b-hold.transcript", ["# app: ../Timer"] + timer_frame() + ["> start -1"]
          + timer_frame("started for -1 s"))
    share_transcript(t / "c-zero.transcript", 0, app="../Split")
    share_transcript(t / "d-four.transcript", 4, "25 each", app="../Split")
    p = planted(tmp_path, "test", "t", "--timeout", "1", "--jobs", "1", timeout=60)
    assert p.returncode == 1, out(p)
    passed, failed = pass_and_fail_lines(p)
    assert passed == ["PASS t/a-start.transcript", "PASS t/d-four.transcript"], out(p)
    assert failed == [f"FAIL t/b-hold.transcript: {HELD}", f"FAIL t/c-zero.transcript: {CRASH}"], out(p)
    assert p.stdout.splitlines()[-1] == "2 passed, 2 failed", out(p)


# ================================================================ explore: what it writes

def explore_crash(tmp_path, *extra, output="explore"):
    split_app(tmp_path, "Crash")
    return planted(tmp_path, "explore", "Crash", "--walks", "8", "--steps", "5",
                   "--output", output, *extra)


# checks: docs/explore.md#what-it-writes
def test_explore_writes_a_crash_as_the_action_that_stopped_the_app_last(tmp_path):
    p = explore_crash(tmp_path)
    assert p.returncode == 1, out(p)
    found = sorted((tmp_path / "explore").glob("*.transcript"))
    assert [f.name for f in found] == ["no-crash-1.transcript"], out(p)
    text = found[0].read_text()
    header = [l for l in text.splitlines() if l.startswith("#")]
    body = [l for l in text.splitlines() if not l.startswith("#")]
    explore_line = [l for l in header if l.startswith("# explore: ")]
    assert len(explore_line) == 1, text
    assert explore_line[0].startswith("# explore: no crash — 'share"), text
    assert explore_line[0].endswith(
        "on 'Split': the app was stopped by signal 4 (Fatal error: Division by zero)"), text
    assert not [l for l in header if l.startswith("# timeout:")], text
    assert body[-1].startswith("> share"), text            # the action that stopped it, last
    assert body[:3] == split_frame(), text
    summary = [l for l in p.stdout.splitlines() if l.startswith("explored Crash:")]
    assert summary and summary[0].endswith(", 1 failure"), out(p)


# checks: docs/explore.md#what-it-writes
def test_scenery_test_fails_the_crash_transcript_and_runs_the_ones_after_it(tmp_path):
    p = explore_crash(tmp_path)
    assert p.returncode == 1, out(p)
    share_transcript(tmp_path / "explore" / "zz-after.transcript", 4, "25 each", app="../Crash")
    t = planted(tmp_path, "test", "explore")
    assert t.returncode == 1, out(t)
    passed, failed = pass_and_fail_lines(t)
    assert failed == [f"FAIL explore/no-crash-1.transcript: {CRASH}"], out(t)
    assert passed == ["PASS explore/zz-after.transcript"], out(t)


# checks: docs/explore.md#what-it-writes
def test_the_crash_transcript_passes_once_the_app_is_fixed_and_updated(tmp_path):
    p = explore_crash(tmp_path)
    assert p.returncode == 1, out(p)
    t = tmp_path / "explore" / "no-crash-1.transcript"
    scene = tmp_path / "Crash" / "scenes" / "Split.json"
    fixed = json.loads(scene.read_text())
    fixed["useCases"]["share"]["interactor"] = []
    fixed["useCases"]["share"]["response"] = {"message": "@{'fixed for ' + request.people}"}
    scene.write_text(json.dumps(fixed))
    u = planted(tmp_path, "test", "explore", "--update")
    assert u.returncode == 0, out(u)
    assert "updated explore/no-crash-1.transcript" in u.stdout.splitlines(), out(u)
    assert "# explore: no crash" in t.read_text()
    again = planted(tmp_path, "test", "explore")
    assert again.returncode == 0, out(again)
    assert "PASS explore/no-crash-1.transcript" in again.stdout.splitlines(), out(again)


# checks: docs/explore.md#explore-an-app
def test_explore_jobs_2_finds_the_crash_as_a_serial_run(tmp_path):
    one = explore_crash(tmp_path, "--jobs", "1", output="e1")
    two = planted(tmp_path, "explore", "Crash", "--walks", "8", "--steps", "5",
                  "--output", "e2", "--jobs", "2")
    assert one.returncode == two.returncode == 1, out(one) + out(two)
    assert one.stdout.replace("e1/", "e2/") == two.stdout
    a = {f.name: f.read_text() for f in (tmp_path / "e1").glob("*.transcript")}
    b = {f.name: f.read_text() for f in (tmp_path / "e2").glob("*.transcript")}
    assert a == b and a


# checks: docs/explore.md#what-it-writes
def test_explore_writes_a_first_frame_crash_as_the_header_alone(tmp_path):
    write_app(tmp_path, "First", {"Split": {
        "useCases": {
            "boot": {"internal": True,
                     "interactor": [{"type": "call", "useCase": "share", "request": {"people": 0}}]},
            **SPLIT["useCases"]},
        "view": SPLIT["view"], "onAppear": ["boot"]}})
    p = planted(tmp_path, "explore", "First", "--walks", "2", "--steps", "2")
    assert p.returncode == 1, out(p)
    found = sorted((tmp_path / "explore").glob("no-crash-*.transcript"))
    assert len(found) == 1, out(p)
    assert all(l.startswith("#") for l in found[0].read_text().splitlines()), found[0].read_text()


# checks: docs/explore.md#what-it-writes
def test_a_hang_transcript_whose_app_holds_the_main_thread_stops_its_worker(tmp_path):
    """The shape explore writes for a hang (`# timeout:` of the --hang seconds, the action
    last with nothing under it); with the main thread held, `scenery test` stops the worker
    five seconds later, says so, and goes on to the next."""
    timer_app(tmp_path, "Hold")
    t = tmp_path / "found"
    write(t / "no-hang-1.transcript",
          ["# explore: no hang — 'start -1' on 'Timer': the app did not answer for 4 s: its main thread was held",
           "# app: ../Hold", "# timeout: 1"] + timer_frame() + ["> start -1"])
    write(t / "z-start.transcript", ["# app: ../Hold"] + timer_frame() + ["> start 3"]
          + timer_frame("started for 3 s"))
    p = planted(tmp_path, "test", "found", timeout=60)   # default --timeout 30: the header's 1 holds
    assert p.returncode == 1, out(p)
    passed, failed = pass_and_fail_lines(p)
    assert failed == [f"FAIL found/no-hang-1.transcript: {HELD}"], out(p)
    assert passed == ["PASS found/z-start.transcript"], out(p)
    assert p.stdout.splitlines()[-1] == "1 passed, 1 failed", out(p)


# ================================================================ eject: view alone

MENU_HOME = {"view": [{"type": "header", "text": "Home"},
                      {"type": "text", "text": "Hello @{env.who}"},
                      {"type": "button", "title": "Notes", "route": {"to": "Notes"}, "word": "notes"}]}
MENU_NOTES = {"state": {"count": {"type": "int", "default": 0}},
              "useCases": {"add": {"interactor": [
                  {"type": "set", "path": "state.count", "value": "@{state.count + 1}"}]}},
              "view": [{"type": "text", "text": "@{state.count} notes"},
                       {"type": "button", "title": "Add", "action": "add"}]}
HOME_FRAME = ["== Home ==", "Hello nobody", "[ Notes ]"]


def menu_app(root):
    return write_app(root, "Menu", {"Home": MENU_HOME, "Notes": MENU_NOTES}, env={"who": "nobody"})


def eject(cwd, *args, own=False):
    """`eject … --no-format`, by plain `scenery`, or with own=True by the planted executable."""
    if own:
        return planted(cwd, "eject", *args, "--no-format")
    return scenery(cwd, "eject", *args, "--no-format")


# Split's one use case is Swift already; its view reads no view model.
QUIET = {"useCases": SPLIT["useCases"],
         "view": [{"type": "header", "text": "Split"},
                  {"type": "text", "text": "Share a bill"},
                  {"type": "error"}]}


# checks: docs/eject.md#what-eject-writes
def test_a_scene_with_no_use_case_is_ejected_for_its_view_alone(tmp_path):
    menu_app(tmp_path)
    p = eject(tmp_path, "Menu", "Home")
    assert p.returncode == 0, out(p)
    assert "note: 'Home' has no use case to eject: its view is ejected alone" in p.stderr.splitlines() + p.stdout.splitlines(), out(p)
    assert files_under(tmp_path / "Sources") == ["MenuScenes/Home/HomeView.swift",
                                                 "MenuScenes/MenuScenes.swift"], out(p)
    created = [l for l in p.stdout.splitlines() + p.stderr.splitlines() if l.startswith("created ")]
    assert sorted(created) == ["created Sources/MenuScenes/Home/HomeView.swift",
                               "created Sources/MenuScenes/MenuScenes.swift"], out(p)


# checks: docs/eject.md#what-eject-writes
def test_a_view_alone_is_registered_with_register_view_unless_views_false(tmp_path):
    menu_app(tmp_path)
    p = eject(tmp_path, "Menu", "Home")
    assert p.returncode == 0, out(p)
    module = (tmp_path / "Sources" / "MenuScenes" / "MenuScenes.swift").read_text()
    assert "register(into" in module and "views" in module, module
    assert 'register(scene: "Home"' not in module, module
    registering = [l for l in module.splitlines() if 'register(view: "Home"' in l]
    assert len(registering) == 1, module
    # the view registration stands under `views` (here on the same line, or an enclosing if)
    body = module[module.index("func register("):]
    before = body[:body.index('register(view: "Home"')]
    assert re.search(r"\bif\b[^{\n]*\bviews\b", before), module
    assert "HomeView.draw" in registering[0], module


# checks: docs/eject.md#the-view
def test_the_view_alone_draws_each_component_in_order(tmp_path):
    menu_app(tmp_path)
    p = eject(tmp_path, "Menu", "Home")
    assert p.returncode == 0, out(p)
    view = flat((tmp_path / "Sources" / "MenuScenes" / "Home" / "HomeView.swift").read_text())
    assert "enum HomeView" in view, view
    assert "static func draw(_ scene: SceneContext, into view: inout SceneLines)" in view, view
    calls = [view.index(c) for c in ("view.header", "view.text", "view.button(")]
    assert calls == sorted(calls), view
    assert 'action: "notes"' in view, view           # a route button's word as its action
    assert "env.who" in view, view


# checks: docs/eject.md#what-eject-writes
def test_all_ejects_the_view_alone_beside_a_whole_scene(tmp_path):
    menu_app(tmp_path)
    p = eject(tmp_path, "Menu", "--all")
    assert p.returncode == 0, out(p)
    files = files_under(tmp_path / "Sources" / "MenuScenes")
    assert [f for f in files if f.startswith("Home/")] == ["Home/HomeView.swift"], files
    for name in ("NotesDataFlow", "NotesInteractor", "NotesBuilder", "NotesView"):
        assert f"Notes/{name}.swift" in files, files
    module = (tmp_path / "Sources" / "MenuScenes" / "MenuScenes.swift").read_text()
    assert 'register(scene: "Notes"' in module and 'register(view: "Notes"' in module, module
    assert 'register(scene: "Home"' not in module and 'register(view: "Home"' in module, module


# checks: docs/eject.md#what-eject-writes
def test_a_scene_whose_use_cases_are_all_swift_is_ejected_for_its_view_alone(tmp_path):
    write_app(tmp_path, "Quiet", {"Split": QUIET})
    p = eject(tmp_path, "Quiet", "Split")
    assert p.returncode == 0, out(p)
    said = [n for n in notes(p) if "'Split'" in n]
    assert said and "its view is ejected alone" in said[0], out(p)
    assert files_under(tmp_path / "Sources") == ["QuietScenes/QuietScenes.swift",
                                                 "QuietScenes/Split/SplitView.swift"], out(p)
    module = (tmp_path / "Sources" / "QuietScenes" / "QuietScenes.swift").read_text()
    assert 'register(view: "Split"' in module and 'register(scene: "Split"' not in module, module
    assert "Share" not in module


# checks: docs/eject.md#what-eject-writes
def test_a_swift_use_case_beside_a_json_one_is_left_out_of_the_builder(tmp_path):
    write_app(tmp_path, "Mix", {"Split": {
        "state": {"people": {"type": "int", "default": 2}},
        "useCases": {**SPLIT["useCases"],
                     "reset": {"interactor": [{"type": "set", "path": "state.people", "value": 2}]}},
        "view": [{"type": "text", "text": "@{state.people} people"},
                 {"type": "button", "title": "Reset", "action": "reset"},
                 {"type": "error"}]}})
    p = eject(tmp_path, "Mix", "Split")
    assert p.returncode == 0, out(p)
    builder = flat((tmp_path / "Sources" / "MixScenes" / "Split" / "SplitBuilder.swift").read_text())
    assert 'SwiftUseCase("reset"' in builder and 'SwiftUseCase("share"' not in builder, builder
    assert not [n for n in notes(p) if "view is ejected alone" in n], out(p)


# checks: docs/eject.md#what-eject-writes
def test_a_scene_whose_view_cannot_be_typed_is_left_out_with_a_note(tmp_path):
    # Split's view reads vm.shown, which only a Swift interactor's response gives: no type
    # before running. (The doc's example is a Swift presenter; the plain reading covers this.)
    write_app(tmp_path, "Tip", {"Home": MENU_HOME | {"view": [
        {"type": "header", "text": "Home"},
        {"type": "button", "title": "Split", "route": {"to": "Split"}, "word": "split"}]},
        "Split": SPLIT})
    p = eject(tmp_path, "Tip", "--all")
    assert p.returncode == 0, out(p)
    assert [n for n in notes(p) if "'Split'" in n], out(p)
    files = files_under(tmp_path / "Sources" / "TipScenes")
    assert files == ["Home/HomeView.swift", "TipScenes.swift"], files
    module = (tmp_path / "Sources" / "TipScenes" / "TipScenes.swift").read_text()
    assert '"Split"' not in module and "SplitView" not in module, module


# checks: docs/eject.md#what-eject-writes
@pytest.mark.parametrize("how", ["named", "all"])
def test_naming_only_scenes_with_nothing_to_eject_writes_nothing(tmp_path, how):
    write_app(tmp_path, "Tip", {"Split": SPLIT})
    args = ["Split"] if how == "named" else ["--all"]
    p = eject(tmp_path, "Tip", *args, "--output", "Out")
    assert p.returncode == 1, out(p)
    assert NOTHING_TO_EJECT in p.stderr.splitlines(), out(p)
    assert not (tmp_path / "Out").exists()


# checks: docs/cli.md#scenery-eject
def test_cli_the_shops_rewards_alone_is_refused_with_nothing_written(tmp_path):
    shutil.copytree(SAMPLES / "Shop", tmp_path / "Shop")
    before = files_under(tmp_path)
    p = eject(tmp_path, "Shop", "Rewards")
    assert p.returncode == 1, out(p)
    assert NOTHING_TO_EJECT in p.stderr.splitlines(), out(p)
    assert [n for n in notes(p) if "'Rewards'" in n], out(p)
    assert files_under(tmp_path) == before


# checks: docs/cli.md#scenery-eject
def test_cli_nothing_to_eject_with_tests_writes_no_tests_either(tmp_path):
    shutil.copytree(SAMPLES / "Shop", tmp_path / "Shop")
    p = shop(tmp_path, "eject", "Shop", "Rewards", "--tests", "Q/T", "--output", "Q/S", "--no-format")
    assert p.returncode == 1, out(p)
    assert NOTHING_TO_EJECT in p.stderr.splitlines(), out(p)
    assert not (tmp_path / "Q").exists()


# checks: docs/eject.md#layouts
@pytest.mark.parametrize("template,path", [
    ("yarch", "Home/HomeView.swift"),
    ("stt", "Home/View/HomeView.swift"),
    ("clean-swift", "Home/HomeView.swift"),
])
def test_a_view_alone_goes_where_the_layout_puts_views(tmp_path, template, path):
    menu_app(tmp_path)
    p = eject(tmp_path, "Menu", "Home", "--template", template)
    assert p.returncode == 0, out(p)
    assert files_under(tmp_path / "Sources" / "MenuScenes") == sorted([path, "MenuScenes.swift"])


# checks: docs/eject.md#layouts
def test_a_team_template_without_view_puts_the_view_alone_beside_the_dataflow(tmp_path):
    menu_app(tmp_path)
    p = scenery(tmp_path, "new", "template", "team", "--from", "stt")
    assert p.returncode == 0, out(p)
    config = tmp_path / "Templates" / "team" / "template.json"
    spec = json.loads(config.read_text())
    spec["eject"] = {"builder": "sources/{{Name}}/Wiring/{{Name}}Wiring.swift",
                     "dataFlow": "sources/{{Name}}/Flow/{{Name}}DataFlow.swift",
                     "interactor": "sources/{{Name}}/Flow/{{Name}}Interactor.swift",
                     "presenter": "sources/{{Name}}/Flow/{{Name}}Presenter.swift"}
    config.write_text(json.dumps(spec, indent=2))
    p = eject(tmp_path, "Menu", "--all", "--template", "team")
    assert p.returncode == 0, out(p)
    files = files_under(tmp_path / "Sources" / "MenuScenes")
    assert "Home/Flow/HomeView.swift" in files, files
    assert "Notes/Flow/NotesView.swift" in files and "Notes/Flow/NotesDataFlow.swift" in files, files
    assert [f for f in files if f.startswith("Home/")] == ["Home/Flow/HomeView.swift"], files


# ================================================================ eject: tests from transcripts

def menu_with_transcripts(root, transcripts):
    app = menu_app(root)
    for name, text in transcripts.items():
        write(app / "tests" / name, text)
    return app


# checks: docs/eject.md#tests-from-transcripts
def test_env_given_twice_holds_its_last_value_in_the_test(tmp_path):
    menu_with_transcripts(tmp_path, {"twice.transcript": [
        "# args: --env who=Ann --env who=Bob", "== Home ==", "Hello Bob", "[ Notes ]"]})
    ran = scenery(tmp_path, "test", "Menu")
    assert ran.returncode == 0, out(ran)               # the run holds the last value too
    p = eject(tmp_path, "Menu", "--all", "--tests", "T")
    assert p.returncode == 0, out(p)
    swift = flat((tmp_path / "T" / "MenuScenesTests" / "TwiceTranscriptTests.swift").read_text())
    assert 'env: ["who": "Bob"]' in swift, swift
    assert '"Ann"' not in swift, swift
    assert '"Hello Bob"' in swift, swift


# checks: docs/eject.md#tests-from-transcripts
def test_args_the_run_refuses_leave_the_transcript_out_with_the_documented_note(tmp_path):
    menu_with_transcripts(tmp_path, {
        "tokio.transcript": ["# args: --tz Asia/Tokio"] + HOME_FRAME,
        "plain.transcript": HOME_FRAME})
    p = eject(tmp_path, "Menu", "--all", "--tests", "T")
    said = [n for n in notes(p) if "tokio.transcript" in n]
    assert len(said) == 1, out(p)
    assert "its '# args:' are refused when it runs: option '--tz' takes" in said[0], out(p)
    tests = files_under(tmp_path / "T")
    assert "MenuScenesTests/PlainTranscriptTests.swift" in tests, out(p)
    assert not [t for t in tests if "Tokio" in t], tests


# checks: docs/eject.md#tests-from-transcripts
@pytest.mark.parametrize("args", ["--width 5", "--fixture nope=x.json", "--locale"])
def test_other_args_the_run_refuses_also_leave_it_out_with_a_note(tmp_path, args):
    menu_with_transcripts(tmp_path, {
        "refused.transcript": [f"# args: {args}"] + HOME_FRAME,
        "plain.transcript": HOME_FRAME})
    refused = scenery(tmp_path, "test", "Menu/tests/refused.transcript")
    assert refused.returncode != 0, out(refused)       # the run does refuse them
    p = eject(tmp_path, "Menu", "--all", "--tests", "T")
    assert [n for n in notes(p) if "refused.transcript" in n], out(p)
    tests = files_under(tmp_path / "T")
    assert "MenuScenesTests/PlainTranscriptTests.swift" in tests, out(p)
    assert "MenuScenesTests/RefusedTranscriptTests.swift" not in tests, tests


# checks: docs/eject.md#tests-from-transcripts
def test_tests_of_a_view_alone_scene_register_the_apps_components(tmp_path):
    need(PLANTED, "PLANTED")
    app = write_app(tmp_path, "Quiet", {"Split": QUIET})
    write(app / "tests" / "four.transcript",
          ["== Split ==", "Share a bill", "> share 4", "== Split ==", "Share a bill"])
    refused = eject(tmp_path, "Quiet", "--all", "--tests", "T", "--output", "S")
    assert refused.returncode == 1, out(refused)
    assert "'Share'" in refused.stderr, out(refused)
    assert not (tmp_path / "T").exists() and not (tmp_path / "S").exists()
    p = eject(tmp_path, "Quiet", "--all", "--tests", "T", "--output", "S", own=True)
    assert p.returncode == 0, out(p)
    assert files_under(tmp_path / "S") == ["QuietScenes/QuietScenes.swift",
                                           "QuietScenes/Split/SplitView.swift"]
    shared = flat((tmp_path / "T" / "QuietScenesTests" / "QuietScenesTranscripts.swift").read_text())
    assert "registerComponents(registry)" in shared, shared
    assert "QuietScenes.register(into: registry)" in shared, shared
    test = flat((tmp_path / "T" / "QuietScenesTests" / "FourTranscriptTests.swift").read_text())
    assert 'await app.send("share 4")' in test, test


# ================================================================ performance: ejected scenes

class Session:
    """A `run --format json` session fed line by line: each frame is one JSON line."""

    def __init__(self, binary, var, cwd, *args):
        need(binary, var)
        self.p = subprocess.Popen([binary, "run", *args, "--format", "json"], cwd=str(cwd),
                                  env=environment(cwd), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def frame(self):
        while True:
            line = self.lines.get(timeout=30)
            assert line is not None, "the session ended before a frame"
            obj = json.loads(line)
            if "scene" in obj:
                return obj

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return self.frame()

    def close(self):
        self.p.stdin.close()
        try:
            return self.p.wait(timeout=30)
        finally:
            if self.p.poll() is None:
                self.p.kill()


# checks: docs/performance.md#ejected-scenes
@pytest.mark.parametrize("which", ["scenery", "ejected"])
def test_a_file_provider_is_read_and_checked_on_every_fetch(tmp_path, which):
    binary, var = (SCENERY, "SCENERY") if which == "scenery" else (EJECTED, "EJECTED")
    need(binary, var)
    shutil.copytree(SAMPLES / "Shop", tmp_path / "Shop")
    data = tmp_path / "Shop" / "data" / "products.json"
    products = json.loads(data.read_text())
    s = Session(binary, var, tmp_path, "Shop", "--scene", "Catalog", "--state-dir", tmp_path / "state")
    try:
        first = s.frame()
        assert first["scene"] == "Catalog" and not first.get("error"), first
        assert not any("Renamed Phone" in l for l in first["lines"]), first
        renamed = [dict(p) for p in products]
        renamed[0]["name"] = "Renamed Phone"
        data.write_text(json.dumps(renamed))
        st = os.stat(data)
        os.utime(data, (st.st_atime + 5, st.st_mtime + 5))
        again = s.send("load")
        assert any("Renamed Phone" in l for l in again["lines"]), again   # read anew
        renamed[0]["price"] = "abc"
        data.write_text(json.dumps(renamed))
        os.utime(data, (st.st_atime + 10, st.st_mtime + 10))
        for _ in range(2):                                                 # refused every time
            bad = s.send("load")
            assert bad.get("error") and bad["error"]["code"] == "E513", bad
            assert "does not fit its model" in bad["error"]["message"], bad
    finally:
        code = s.close()
    assert code == 0
