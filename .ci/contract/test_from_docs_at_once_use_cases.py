"""Contract tests for use cases that run at once, written from the documentation alone:

- docs/architecture.md, "One action line, hop by hop", step 5: a JSON use case whose every
  step, its handlers' too, is `set`, `let`, `validate`, `fail`, `route`, `present`, `remove`
  or a `work` step with a built-in worker, and which writes no collection, runs at once with
  no task (`JSONInteractor.runAtOnce`). Nothing in the docs lets such a use case behave
  otherwise than any use case: what it sets, presents, routes and reports, and the order the
  frames show it, are the docs' rules for steps (docs/manifest.md: "Interactor steps",
  "Error paths", "Routes", "Built-in workers", "Runtime errors"). Step 5's last sentence: a
  route `SceneRouter` cannot take goes to the scene's error service, the banner.
- docs/performance.md, "A scene pushed, loaded and popped" and the push-pop rows of "What
  each row compares" (under "## Collections"): `push-pop-immediate` beside `push-pop`. No
  benchmark row is run: the benchmark executable is only asked for an unknown row, and only
  when SCENERY_BENCHMARKS names it.

Two ways of checking "the same as any other use case" are used: the rules themselves, on
scripted runs of a small app (`scenery run APP --script FILE`, docs/cli.md), and a twin of
the app whose one use case carries an extra step that is not in step 5's list (a `call`, a
`fetch` of an inline provider, or an `insert` into a collection whose `if` is false), so
that it runs as any use case does (in a task). The extra step is put in the place of as many
spaces in the original file, so every other byte of every manifest is at the same line and
column and frames, banners and `--format json` errors compare byte for byte.

Every app, script and state folder is in pytest's tmp_path; `--state-dir` points there and
XDG_STATE_HOME does too.
"""
import json
import os
import subprocess
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")
BENCH = os.environ.get("SCENERY_BENCHMARKS")
TIMEOUT = 60
WIDTH = "160"


# ---------------------------------------------------------------- helpers

def need(binary, var):
    if not binary:
        pytest.skip(f"{var} is not set")


def environment(cwd):
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    env["NO_COLOR"] = "1"
    env["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")  # never $HOME
    return env


def scenery(cwd, *args, timeout=TIMEOUT):
    need(SCENERY, "SCENERY")
    return subprocess.run([SCENERY, *[str(a) for a in args]], cwd=str(cwd), env=environment(cwd),
                          capture_output=True, text=True, timeout=timeout)


def out(p):
    return f"exit {p.returncode}\n--- stdout\n{p.stdout}--- stderr\n{p.stderr}"


def script_run(tmp_path, app, lines, *flags, state="state", expect=0):
    """`scenery run APP --script FILE --state-dir DIR`, every line echoed before its frame."""
    script = Path(tmp_path) / f"script-{Path(app).parent.name}-{Path(app).name}.txt"
    script.write_text("".join(l + "\n" for l in lines))
    state_dir = Path(tmp_path) / state
    state_dir.mkdir(parents=True, exist_ok=True)
    p = scenery(tmp_path, "run", app, "--script", script, "--state-dir", state_dir,
                "--width", WIDTH, *flags)
    if expect is not None:
        assert p.returncode == expect, out(p)
    return p


def frames(stdout):
    """[(input or None for the first frame, [lines])]: the output cut at each `> ` echo."""
    result = [(None, [])]
    for line in stdout.splitlines():
        if line.startswith("> "):
            result.append((line[2:], []))
        else:
            result[-1][1].append(line)
    return result


def frame_after(stdout, echo, nth=0):
    found = [f for i, f in frames(stdout) if i == echo]
    assert len(found) > nth, f"no frame after '> {echo}':\n{stdout}"
    return found[nth]


def first_frame(stdout):
    return frames(stdout)[0][1]


def banners(frame):
    return [l for l in frame if l.startswith("! ")]


def rows(frame):
    return [l for l in frame if l[:1].isdigit() and ". " in l]


def state_of(stdout):
    """The top scene's state, from the `state: {…}` line the built-in word `state` prints."""
    found = [l for l in stdout.splitlines() if l.startswith("state: ")]
    assert found, stdout
    return json.loads(found[-1][len("state: "):])


def json_frames(stdout):
    objects = [json.loads(l) for l in stdout.splitlines() if l.strip()]
    return [o for o in objects if "lines" in o]


# ---------------------------------------------------------------- the app

ITEMS = [
    {"id": "a", "name": "Lamp", "price": 30, "done": False},
    {"id": "b", "name": "Mug", "price": 7.25, "done": False},
    {"id": "c", "name": "Pen", "price": 1.5, "done": True},
]

ROWS = {"each": "@{response.items}", "as": "i",
        "value": {"title": "@{i.name}", "detail": "@{i.price | currency}"}}

MARK = "__TWIN__"          # stands where a twin's extra step goes

# Steps not in step 5's list: each keeps its use case in a task.
EXTRA_STEPS = {
    "call": {"type": "call", "useCase": "noop"},
    "fetch": {"type": "fetch", "provider": "consts", "as": "unusedConst"},
    "insert": {"type": "insert", "if": "@{false}", "provider": "notes", "value": {"id": "never"}},
}
PAD = 2 + max(len(json.dumps(s)) for s in EXTRA_STEPS.values())


def app_json():
    return {
        "formatVersion": 1, "name": "AtOnce", "entry": "Home",
        "models": {"Item": {"id": "string", "name": "string", "price": "decimal", "done": "bool"},
                   "Note": {"id": "string"}},
        "providers": {"consts": {"type": "inline", "value": [1, 2], "model": "[int]"},
                      "notes": {"type": "collection", "model": "Note"}},
    }


def home_use_cases():
    return {
        "load": {
            "internal": True,
            "interactor": [
                {"type": "let", "as": "all", "value": "@{state.items}"},
                {"type": "work", "worker": "filter", "input": "@{all}",
                 "args": {"where": "@{!it.done}"}, "as": "open"},
                {"type": "work", "worker": "append", "input": "@{state.log}",
                 "args": {"item": "load"}, "as": "logged"},
                {"type": "set", "path": "state.log", "value": "@{logged}"},
            ],
            "response": {"items": "@{open}"},
            "presenter": {"rows": ROWS, "summary": "@{count(response.items)} open"},
        },
        "greet": {
            "request": {"name": "string?"},
            "interactor": [
                {"type": "validate", "rules": [
                    {"check": "@{request.name}", "message": "Enter a name"},
                    {"check": "@{count(request.name ?? '') > 3}", "message": "The name is too short"}]},
                {"type": "set", "path": "state.note", "value": "hello @{request.name}"},
            ],
        },
        "refuse": {
            "interactor": [
                {"type": "fail", "message": "Not today"},
                {"type": "set", "path": "state.note", "value": "after the fail"},
            ],
        },
        "skip": {
            "interactor": [
                {"type": "fail", "if": "@{count(state.items) == 0}", "message": "Nothing left"},
                {"type": "set", "path": "state.note", "value": "went on"},
            ],
        },
        "pageHandled": {
            "interactor": [
                {"type": "work", "worker": "page", "input": "@{state.items}", "args": {"size": 0},
                 "as": "page", "fallback": [],
                 "onError": [{"type": "set", "path": "state.note",
                              "value": "handled @{error.code} from @{error.from}"}]},
                {"type": "set", "path": "state.note", "value": "@{state.note}; page holds @{count(page)}"},
            ],
        },
        "pageFallback": {
            "interactor": [
                {"type": "work", "worker": "page", "input": "@{state.items}", "args": {"size": 0},
                 "as": "page", "fallback": ["x", "y"]},
                {"type": "set", "path": "state.note", "value": "fallback holds @{count(page)}"},
            ],
        },
        "pageBare": {
            "interactor": [
                {"type": "work", "worker": "page", "input": "@{state.items}", "args": {"size": 0}, "as": "page"},
                {"type": "set", "path": "state.note", "value": "after the page"},
            ],
        },
        "pageCase": {
            "interactor": [
                {"type": "work", "worker": "page", "input": "@{state.items}", "args": {"size": 0}, "as": "page"},
                {"type": "set", "path": "state.note", "value": "@{state.note}, went on"},
            ],
            "onError": [{"type": "set", "path": "state.note", "value": "use case handler saw @{error.code}"}],
        },
        "pageFail": {
            "interactor": [
                {"type": "work", "worker": "page", "input": "@{state.items}", "args": {"size": 0}, "as": "page",
                 "onError": [{"type": "set", "path": "state.stage", "value": "in the handler"},
                             {"type": "fail", "message": "Paging failed: @{error.message}"}]},
                {"type": "set", "path": "state.note", "value": "after the failed page"},
            ],
        },
        "staged": {
            "interactor": [
                {"type": "present", "response": {"stage": "loading"}},
                {"type": "set", "path": "state.note", "value": "staged"},
            ],
            "response": {"stage": "done"},
            "presenter": {"stage": "@{response.stage}"},
        },
        "stalled": {
            "interactor": [
                {"type": "present", "response": {"stage": "loading"}},
                {"type": "fail", "message": "Stopped while loading"},
                {"type": "set", "path": "state.note", "value": "stalled"},
            ],
            "response": {"stage": "done"},
            "presenter": {"stage": "@{response.stage}"},
        },
        "drop": {
            "request": {"id": "string"},
            "interactor": [
                {"type": "remove", "path": "state.items", "where": "@{it.id == request.id}"},
                {"type": "work", "worker": "filter", "input": "@{state.items}",
                 "args": {"where": "@{!it.done}"}, "as": "open"},
            ],
            "response": {"items": "@{open}"},
            "presenter": {"rows": ROWS, "summary": "@{count(response.items)} open"},
        },
        "mark": {
            "request": {"id": "string"},
            "interactor": [
                {"type": "set", "path": "state.items", "where": "@{it.id == request.id}",
                 "value": "@{it + {done: true}}"},
                {"type": "work", "worker": "filter", "input": "@{state.items}",
                 "args": {"where": "@{!it.done}"}, "as": "open"},
            ],
            "response": {"items": "@{open}"},
            "presenter": {"rows": ROWS, "summary": "@{count(response.items)} open"},
        },
        "open": {
            "request": {"id": "string?"},
            "interactor": [
                {"type": "let", "as": "picked", "value": "@{request.id}"},
                {"type": "route", "to": "Detail", "mode": "push", "args": {"id": "@{picked}"}},
            ],
        },
        "goback": {
            "interactor": [
                {"type": "set", "path": "state.note", "value": "before going back"},
                {"type": "route", "mode": "back"},
            ],
        },
        "div": {
            "interactor": [
                {"type": "set", "path": "state.note", "value": "before dividing"},
                {"type": "set", "path": "state.note", "value": "@{string(1 / 0)}"},
            ],
        },
        "returned": {
            "internal": True,
            "request": {"id": "string"},
            "interactor": [
                {"type": "set", "path": "state.note", "value": "back from @{request.id}"},
            ],
        },
        "noop": {"internal": True, "interactor": [{"type": "let", "as": "nothing", "value": 1}]},
    }


def home_scene():
    return {
        "formatVersion": 1, "scene": "Home",
        "state": {
            "note": {"type": "string", "default": "none"},
            "stage": {"type": "string", "default": "idle"},
            "items": {"type": "[Item]", "default": ITEMS},
            "log": {"type": "[string]", "default": []},
        },
        "view": [
            {"type": "header", "text": "Home"},
            {"type": "text", "text": "Note: @{state.note}"},
            {"type": "text", "text": "Log: @{join(state.log, ',')}"},
            {"type": "text", "text": "Stage: @{vm.stage ?? state.stage}"},
            {"type": "list", "items": "@{vm.rows}", "empty": "Nothing open"},
            {"type": "text", "text": "Summary: @{vm.summary}"},
            {"type": "error"},
        ],
        "onAppear": ["load"],
        "onResult": "returned",
        "useCases": home_use_cases(),
    }


def detail_scene():
    return {
        "formatVersion": 1, "scene": "Detail",
        "args": {"id": "string"},
        "view": [
            {"type": "header", "text": "@{vm.title ?? 'Detail'}"},
            {"type": "error"},
        ],
        "onAppear": ["show"],
        "useCases": {
            "show": {"internal": True,
                     "interactor": [{"type": "let", "as": "id", "value": "@{args.id}"}],
                     "response": {"id": "@{id}"},
                     "presenter": {"title": "Item @{response.id}"}},
            "done": {"interactor": [
                {"type": "let", "as": "id", "value": "@{args.id}"},
                {"type": "route", "mode": "back", "result": {"id": "@{id}"}}]},
            "save": {"interactor": [
                {"type": "insert", "provider": "notes", "value": {"id": "@{args.id}"}},
                {"type": "route", "mode": "back", "result": {"id": "@{args.id}"}}]},
            "noop": {"internal": True, "interactor": [{"type": "let", "as": "nothing", "value": 1}]},
        },
    }


def place_mark(scenes, where):
    """where = (scene, use case) for the end of its interactor, or (scene, use case, step
    index) for the end of that step's onError, or (scene, use case, "onError"); or a list of
    such places."""
    if isinstance(where, list):
        for one in where:
            place_mark(scenes, one)
        return
    scene, use_case, *rest = where
    uc = scenes[scene]["useCases"][use_case]
    if not rest:
        uc["interactor"].append(MARK)
    elif rest[0] == "onError":
        uc["onError"].append(MARK)
    else:
        uc["interactor"][rest[0]]["onError"].append(MARK)


def manifest_text(body, extra):
    """The scene as one line of JSON: the mark becomes PAD spaces (extra None) or the extra
    step and spaces, PAD characters either way, so nothing else moves."""
    text = json.dumps(body)
    marker = f', "{MARK}"'
    put = "" if extra is None else ", " + json.dumps(EXTRA_STEPS[extra])
    return text.replace(marker, put.ljust(PAD))


def write_app(root, where=None, extra=None):
    """The app; with `where`, its twin's mark placed there (extra None: spaces only)."""
    app = Path(root) / "AtOnce"
    (app / "scenes").mkdir(parents=True)
    (app / "app.json").write_text(json.dumps(app_json(), indent=1))
    scenes = {"Home": home_scene(), "Detail": detail_scene()}
    if where:
        place_mark(scenes, where)
    for name, body in scenes.items():
        (app / "scenes" / f"{name}.json").write_text(manifest_text(body, extra))
    return app


def app(tmp_path, name="plain"):
    return write_app(Path(tmp_path) / name)


def run_app(tmp_path, lines, *flags, name="plain", expect=0):
    a = app(tmp_path, name)
    return script_run(tmp_path, a, lines, *flags, state=f"state-{name}", expect=expect).stdout


# ================================================================ the first frame

# checks: docs/architecture.md#one-action-line-hop-by-hop
def test_an_on_appear_use_case_of_let_work_and_set_shows_its_result_in_the_first_frame(tmp_path):
    stdout = run_app(tmp_path, [])
    first = first_frame(stdout)
    assert first[0] == "== Home ==", stdout
    assert "Log: load" in first, stdout
    assert "Note: none" in first, stdout
    shown = rows(first)
    assert len(shown) == 2, stdout
    assert shown[0].startswith("1. Lamp") and shown[0].endswith("$30.00"), stdout
    assert shown[1].startswith("2. Mug") and shown[1].endswith("$7.25"), stdout
    assert "Summary: 2 open" in first, stdout


# checks: docs/testing.md#3-a-flow-transcripts
def test_a_transcript_of_the_first_frame_and_a_return_passes_under_scenery_test(tmp_path):
    a = app(tmp_path)
    transcript = a / "tests" / "first.transcript"
    transcript.parent.mkdir()
    transcript.write_text("\n".join([
        "# the onAppear use case has run in the first frame, and again on every return",
        f"# args: --width {WIDTH}",
        "== Home ==",
        "Note: none",
        "Log: load",
        "...",
        "Summary: 2 open",
        "> open b",
        "== Item b ==",
        "> done",
        "== Home ==",
        "Note: back from b",
        "Log: load,load",
        "...",
    ]) + "\n")
    p = scenery(tmp_path, "test", a)
    assert p.returncode == 0, out(p)
    assert "PASS " in p.stdout and "first.transcript" in p.stdout, out(p)
    assert p.stdout.splitlines()[-1] == "1 passed, 0 failed", out(p)


# checks: docs/architecture.md#one-action-line-hop-by-hop
def test_a_scene_pushed_by_an_at_once_route_shows_its_at_once_on_appear_result(tmp_path):
    stdout = run_app(tmp_path, ["open b", "stack"])
    pushed = frame_after(stdout, "open b")
    assert pushed[0] == "== Item b ==", stdout
    assert banners(pushed) == [], stdout
    assert frame_after(stdout, "stack") == ["Home > Detail"], stdout


# ================================================================ validate and fail

# checks: docs/manifest.md#interactor-steps
def test_a_failed_validate_shows_every_failing_message_in_order_and_stops(tmp_path):
    stdout = run_app(tmp_path, ["greet"])
    frame = frame_after(stdout, "greet")
    assert banners(frame) == ["! Enter a name", "! The name is too short"], stdout
    assert "Note: none" in frame, stdout


# checks: docs/manifest.md#interactor-steps
def test_a_validate_that_holds_lets_the_later_steps_run_and_clears_the_banner(tmp_path):
    stdout = run_app(tmp_path, ["greet Al", "greet Alice"])
    short = frame_after(stdout, "greet Al")
    assert banners(short) == ["! The name is too short"], stdout
    assert "Note: none" in short, stdout
    ok = frame_after(stdout, "greet Alice")
    assert banners(ok) == [], stdout
    assert "Note: hello Alice" in ok, stdout


# checks: docs/manifest.md#interactor-steps
def test_fail_shows_its_message_alone_and_stops_the_later_steps(tmp_path):
    stdout = run_app(tmp_path, ["refuse"])
    frame = frame_after(stdout, "refuse")
    assert banners(frame) == ["! Not today"], stdout
    assert "Note: none" in frame, stdout


# checks: docs/manifest.md#interactor-steps
def test_a_fail_whose_if_is_false_is_skipped_and_the_use_case_goes_on(tmp_path):
    stdout = run_app(tmp_path, ["skip"])
    frame = frame_after(stdout, "skip")
    assert banners(frame) == [], stdout
    assert "Note: went on" in frame, stdout


# checks: docs/manifest.md#runtime-errors
def test_format_json_says_where_a_fail_came_from_with_no_code(tmp_path):
    stdout = run_app(tmp_path, ["refuse"], "--format", "json")
    frame = json_frames(stdout)[-1]
    error = frame["error"]
    assert error is not None, stdout
    assert error["code"] is None, stdout
    assert error["message"] == "Not today" and error["banner"] == "Not today", stdout
    assert (error["scene"], error["useCase"], error["step"], error["stepType"]) == \
        ("Home", "refuse", 1, "fail"), stdout
    assert error["file"] == "scenes/Home.json", stdout


# checks: docs/manifest.md#runtime-errors
def test_format_json_says_where_a_failed_validate_came_from_with_no_code(tmp_path):
    stdout = run_app(tmp_path, ["greet Al"], "--format", "json")
    error = json_frames(stdout)[-1]["error"]
    assert error["code"] is None, stdout
    assert error["message"] == "The name is too short", stdout
    assert (error["useCase"], error["step"], error["stepType"]) == ("greet", 1, "validate"), stdout


# ================================================================ a built-in worker that fails

# checks: docs/manifest.md#error-paths
def test_a_failing_built_in_worker_runs_its_on_error_steps_and_the_local_takes_its_fallback(tmp_path):
    stdout = run_app(tmp_path, ["pageHandled"])
    frame = frame_after(stdout, "pageHandled")
    assert banners(frame) == [], stdout          # nothing shows unless the handler puts it there
    assert "Note: handled E504 from page; page holds 0" in frame, stdout


# checks: docs/manifest.md#error-paths
def test_a_failing_built_in_worker_with_a_fallback_alone_goes_on_with_it(tmp_path):
    stdout = run_app(tmp_path, ["pageFallback"])
    frame = frame_after(stdout, "pageFallback")
    assert banners(frame) == [], stdout
    assert "Note: fallback holds 2" in frame, stdout


# checks: docs/manifest.md#error-paths
def test_the_use_cases_own_on_error_handles_a_failing_built_in_worker_and_it_goes_on(tmp_path):
    stdout = run_app(tmp_path, ["pageCase"])
    frame = frame_after(stdout, "pageCase")
    assert banners(frame) == [], stdout
    assert "Note: use case handler saw E504, went on" in frame, stdout


# checks: docs/manifest.md#error-paths
def test_a_fail_in_a_built_in_workers_on_error_shows_its_message_and_stops_the_use_case(tmp_path):
    stdout = run_app(tmp_path, ["pageFail"])
    frame = frame_after(stdout, "pageFail")
    shown = banners(frame)
    assert len(shown) == 1 and shown[0].startswith("! Paging failed: "), stdout
    assert "(E504)" not in shown[0], stdout    # error.message: without code or position
    assert "Stage: in the handler" in frame, stdout   # the handler's steps before it ran
    assert "Note: none" in frame, stdout              # the step after it did not


# checks: docs/manifest.md#error-paths
def test_an_unhandled_built_in_worker_failure_is_e504_in_the_banner_and_stops(tmp_path):
    stdout = run_app(tmp_path, ["pageBare"])
    frame = frame_after(stdout, "pageBare")
    shown = banners(frame)
    assert len(shown) == 1, stdout
    assert shown[0].startswith("! Home.pageBare, step 1 (work): "), stdout
    assert "(E504) at scenes/Home.json:" in shown[0], stdout
    assert "Note: none" in frame, stdout


# checks: docs/manifest.md#error-paths
def test_trace_prints_a_recovered_line_for_a_handled_built_in_worker_failure(tmp_path):
    stdout = run_app(tmp_path, ["pageHandled"], "--trace")
    recovered = [l for l in stdout.splitlines() if l.startswith("trace: recovered ")]
    assert len(recovered) == 1, stdout
    assert recovered[0].startswith("trace: recovered Home.pageHandled step 1 {"), stdout
    error = json.loads(recovered[0][len("trace: recovered Home.pageHandled step 1 "):])
    assert error["code"] == "E504" and error["from"] == "page", stdout


# checks: docs/manifest.md#runtime-errors
def test_a_runtime_error_in_a_set_names_scene_use_case_step_and_position(tmp_path):
    stdout = run_app(tmp_path, ["div"])
    frame = frame_after(stdout, "div")
    shown = banners(frame)
    assert len(shown) == 1, stdout
    assert shown[0].startswith("! Home.div, step 2 (set): division by zero (E502) at scenes/Home.json:1:"), stdout


# checks: docs/manifest.md#runtime-errors
def test_under_strict_a_runtime_error_of_an_at_once_use_case_ends_the_session_with_1(tmp_path):
    a = app(tmp_path)
    p = script_run(tmp_path, a, ["div", "greet Alice"], "--strict", expect=1)
    assert "error[E502]: division by zero" in p.stderr, out(p)
    assert "note: in Home.div, step 2 (set)" in p.stderr, out(p)
    assert "> greet Alice" not in p.stdout, out(p)


# ================================================================ present, remove, set where

# checks: docs/manifest.md#interactor-steps
def test_a_present_step_presents_now_and_the_response_after_the_steps_comes_last(tmp_path):
    stdout = run_app(tmp_path, ["staged"])
    frame = frame_after(stdout, "staged")
    assert "Stage: done" in frame, stdout
    assert "Note: staged" in frame, stdout
    assert banners(frame) == [], stdout


# checks: docs/manifest.md#interactor-steps
def test_what_a_present_step_presented_stays_when_a_later_fail_stops_the_use_case(tmp_path):
    stdout = run_app(tmp_path, ["stalled"])
    frame = frame_after(stdout, "stalled")
    assert "Stage: loading" in frame, stdout
    assert banners(frame) == ["! Stopped while loading"], stdout
    assert "Note: none" in frame, stdout


# checks: docs/manifest.md#nested-paths-and-list-items
def test_remove_drops_the_matching_items_in_place(tmp_path):
    stdout = run_app(tmp_path, ["drop a", "state"])
    frame = frame_after(stdout, "drop a")
    shown = rows(frame)
    assert len(shown) == 1 and shown[0].startswith("1. Mug"), stdout
    assert "Summary: 1 open" in frame, stdout
    assert [i["id"] for i in state_of(stdout)["items"]] == ["b", "c"], stdout


# checks: docs/manifest.md#nested-paths-and-list-items
def test_set_with_where_changes_the_matching_items_and_keeps_their_order(tmp_path):
    stdout = run_app(tmp_path, ["mark a", "state"])
    frame = frame_after(stdout, "mark a")
    shown = rows(frame)
    assert len(shown) == 1 and shown[0].startswith("1. Mug"), stdout
    items = state_of(stdout)["items"]
    assert [i["id"] for i in items] == ["a", "b", "c"], stdout
    assert [i["done"] for i in items] == [True, False, True], stdout


# ================================================================ routes

# checks: docs/architecture.md#one-action-line-hop-by-hop
def test_a_route_back_with_nowhere_to_go_is_an_error_banner_and_the_user_stays(tmp_path):
    stdout = run_app(tmp_path, ["goback", "stack"])
    frame = frame_after(stdout, "goback")
    assert frame[0] == "== Home ==", stdout
    shown = banners(frame)
    assert len(shown) == 1, stdout
    assert shown[0].startswith("! Home.goback, step 2 (route): "), stdout
    assert "(E510)" in shown[0], stdout
    assert "Note: before going back" in frame, stdout
    assert frame_after(stdout, "stack") == ["Home"], stdout


# checks: docs/architecture.md#one-action-line-hop-by-hop
def test_a_route_whose_argument_is_null_at_run_time_is_e510_and_the_user_stays(tmp_path):
    stdout = run_app(tmp_path, ["open", "stack"])
    frame = frame_after(stdout, "open")
    assert frame[0] == "== Home ==", stdout
    shown = banners(frame)
    assert len(shown) == 1 and "(E510)" in shown[0], stdout
    assert shown[0].startswith("! Home.open, step 2 (route): "), stdout
    assert frame_after(stdout, "stack") == ["Home"], stdout


# checks: docs/manifest.md#routes
def test_a_result_routed_back_reaches_the_parents_on_result_and_on_appear_runs_again(tmp_path):
    stdout = run_app(tmp_path, ["open b", "done", "stack"])
    back = frame_after(stdout, "done")
    assert back[0] == "== Home ==", stdout
    assert "Note: back from b" in back, stdout
    assert "Log: load,load" in back, stdout
    assert banners(back) == [], stdout
    assert frame_after(stdout, "stack") == ["Home"], stdout


def cycle_app(root, extra=None):
    """Home's route button goes to Ping; Ping's and Pong's onAppear route to each other."""
    a = Path(root) / "Cycle"
    (a / "scenes").mkdir(parents=True)
    (a / "app.json").write_text(json.dumps({
        "formatVersion": 1, "name": "Cycle", "entry": "Home",
        "providers": {"consts": {"type": "inline", "value": [1, 2], "model": "[int]"}}}))
    noop = {"internal": True, "interactor": [{"type": "let", "as": "nothing", "value": 1}]}
    scenes = {
        "Home": {"formatVersion": 1, "scene": "Home",
                 "view": [{"type": "header", "text": "Home"},
                          {"type": "button", "title": "Go", "route": {"to": "Ping"}, "word": "go"},
                          {"type": "error"}]},
        "Ping": {"formatVersion": 1, "scene": "Ping", "onAppear": ["next"],
                 "view": [{"type": "header", "text": "Ping"}, {"type": "error"}],
                 "useCases": {"next": {"internal": True, "interactor": [
                     {"type": "route", "to": "Pong", "mode": "push"}, MARK]}, "noop": noop}},
        "Pong": {"formatVersion": 1, "scene": "Pong", "onAppear": ["next"],
                 "view": [{"type": "header", "text": "Pong"}, {"type": "error"}],
                 "useCases": {"next": {"internal": True, "interactor": [
                     {"type": "route", "to": "Ping", "mode": "push"}, MARK]}, "noop": noop}},
    }
    for name, body in scenes.items():
        (a / "scenes" / f"{name}.json").write_text(manifest_text(body, extra))
    return a


# checks: docs/manifest.md#routes
def test_on_appear_routes_round_a_cycle_are_refused_with_e511_and_unwind_to_where_the_user_acted(tmp_path):
    a = cycle_app(tmp_path / "plain")
    p = script_run(tmp_path, a, ["go", "stack"])
    frame = frame_after(p.stdout, "go")
    assert frame[0] == "== Home ==", p.stdout
    text = " ".join(l[2:] for l in banners(frame))
    assert "(E511)" in text, p.stdout
    assert "Ping → Pong" in text or "Pong → Ping" in text, p.stdout
    assert frame_after(p.stdout, "stack") == ["Home"], p.stdout


# checks: docs/architecture.md#one-action-line-hop-by-hop
def test_the_cycle_of_routes_ends_the_same_when_its_use_cases_run_in_a_task(tmp_path):
    at_once = script_run(tmp_path, cycle_app(tmp_path / "at-once"), ["go", "stack"], state="s1")
    twin = script_run(tmp_path, cycle_app(tmp_path / "twin", "call"), ["go", "stack"], state="s2")
    assert at_once.stdout == twin.stdout, f"--- at once\n{at_once.stdout}--- twin\n{twin.stdout}"


# ================================================================ the same as a use case in a task

FULL_SCRIPT = [
    "greet", "greet Al", "greet Alice", "refuse", "skip",
    "pageHandled", "pageFallback", "pageBare", "pageCase", "pageFail",
    "staged", "stalled", "drop a", "mark b",
    "open", "open b", "done", "open c", "stack", "back",
    "goback", "div", "state", "stack",
]

# Where the twin's extra step goes: the end of a use case's steps, of a step's onError, or of
# a use case's onError ("its handlers' too").
TWIN_PLACES = {
    "onAppear load": ("Home", "load"),
    "validate": ("Home", "greet"),
    "fail": ("Home", "refuse"),
    "step onError": ("Home", "pageHandled", 0),
    "unhandled worker": ("Home", "pageBare"),
    "use case onError": ("Home", "pageCase", "onError"),
    "fail in onError": ("Home", "pageFail", 0),
    "present": ("Home", "staged"),
    "present then fail": ("Home", "stalled"),
    "remove": ("Home", "drop"),
    "set where": ("Home", "mark"),
    "route push": ("Home", "open"),
    "route back result": ("Detail", "done"),
    "onResult": ("Home", "returned"),
    "route back nowhere": ("Home", "goback"),
    "runtime error": ("Home", "div"),
}


def without_noop(stdout):
    return "\n".join(l for l in stdout.splitlines() if ".noop " not in l)


def pair(tmp_path, where, extra, *flags):
    plain = write_app(tmp_path / "at-once", where, None)
    twin = write_app(tmp_path / "twin", where, extra)
    assert (plain / "scenes" / f"{where[0]}.json").read_text() != \
        (twin / "scenes" / f"{where[0]}.json").read_text()
    assert len((plain / "scenes" / f"{where[0]}.json").read_text()) == \
        len((twin / "scenes" / f"{where[0]}.json").read_text())
    a = script_run(tmp_path, plain, FULL_SCRIPT, *flags, state="state-at-once").stdout
    b = script_run(tmp_path, twin, FULL_SCRIPT, *flags, state="state-twin").stdout
    return a, b


# checks: docs/architecture.md#one-action-line-hop-by-hop
@pytest.mark.parametrize("place", list(TWIN_PLACES), ids=lambda s: s.replace(" ", "-"))
def test_frames_and_trace_are_those_of_a_twin_with_a_call_step(tmp_path, place):
    a, b = pair(tmp_path, TWIN_PLACES[place], "call", "--trace")
    assert without_noop(a) == without_noop(b), f"--- at once\n{a}--- twin (call)\n{b}"



# checks: docs/architecture.md#one-action-line-hop-by-hop
@pytest.mark.parametrize("parent", [
    "at once",
    "in a task",
])
def test_a_result_from_a_use_case_that_writes_reaches_the_parents_use_cases(tmp_path, parent):
    where = [("Home", "returned"), ("Home", "load")]
    a = write_app(tmp_path / "app", where, None if parent == "at once" else "call")
    stdout = script_run(tmp_path, a, ["open b", "save", "state"]).stdout
    back = frame_after(stdout, "save")
    assert back[0] == "== Home ==", stdout
    assert banners(back) == [], stdout
    assert "collection notes: 1 record" in stdout, stdout          # the write was kept
    assert "Note: back from b" in back, stdout                      # onResult ran
    assert "Log: load,load" in back, stdout                         # onAppear ran again


# checks: docs/architecture.md#one-action-line-hop-by-hop
@pytest.mark.parametrize("place, extra", [
    ("validate", "fetch"),
    ("step onError", "insert"),
    ("runtime error", "fetch"),
    ("route back result", "fetch"),
    ("route back result", "insert"),
], ids=lambda s: s.replace(" ", "-"))
def test_json_frames_are_those_of_a_twin_with_a_fetch_or_a_collection_write(tmp_path, place, extra):
    a, b = pair(tmp_path, TWIN_PLACES[place], extra, "--format", "json")
    assert len(json_frames(a)) == 1 + sum(1 for l in FULL_SCRIPT if l not in ("state", "stack")), a
    assert json_frames(a) == json_frames(b), f"--- at once\n{a}--- twin ({extra})\n{b}"


# checks: docs/architecture.md#one-action-line-hop-by-hop
def test_two_on_appear_use_cases_show_in_the_order_listed_whether_or_not_in_a_task(tmp_path):
    def two(root, extra):
        a = Path(root) / "Two"
        (a / "scenes").mkdir(parents=True)
        (a / "app.json").write_text(json.dumps({"formatVersion": 1, "name": "Two", "entry": "Home"}))
        append = lambda word: [  # noqa: E731
            {"type": "work", "worker": "append", "input": "@{state.log}", "args": {"item": word}, "as": "l"},
            {"type": "set", "path": "state.log", "value": "@{l}"}]
        body = {"formatVersion": 1, "scene": "Home", "onAppear": ["first", "second"],
                "state": {"log": {"type": "[string]", "default": []}},
                "view": [{"type": "header", "text": "Home"},
                         {"type": "text", "text": "Log: @{join(state.log, ',')}"}, {"type": "error"}],
                "useCases": {"first": {"internal": True, "interactor": append("first") + [MARK]},
                             "second": {"internal": True, "interactor": append("second")},
                             "noop": {"internal": True, "interactor": [{"type": "let", "as": "x", "value": 1}]}}}
        (a / "scenes" / "Home.json").write_text(manifest_text(body, extra))
        return a
    at_once = script_run(tmp_path, two(tmp_path / "at-once", None), [], state="s1").stdout
    twin = script_run(tmp_path, two(tmp_path / "twin", "call"), [], state="s2").stdout
    assert "Log: first,second" in first_frame(at_once), at_once
    assert at_once == twin, f"--- at once\n{at_once}--- twin\n{twin}"


# checks: docs/architecture.md#one-action-line-hop-by-hop
def test_an_at_once_on_appear_beside_one_that_writes_shows_as_it_does_in_a_task(tmp_path):
    def two(root, extra):
        a = Path(root) / "Writes"
        (a / "scenes").mkdir(parents=True)
        (a / "app.json").write_text(json.dumps({
            "formatVersion": 1, "name": "Writes", "entry": "Home",
            "models": {"Note": {"id": "string"}},
            "providers": {"notes": {"type": "collection", "model": "Note"}}}))
        append = lambda word: [  # noqa: E731
            {"type": "work", "worker": "append", "input": "@{state.log}", "args": {"item": word}, "as": "l"},
            {"type": "set", "path": "state.log", "value": "@{l}"}]
        body = {"formatVersion": 1, "scene": "Home", "onAppear": ["writer", "quick"],
                "state": {"log": {"type": "[string]", "default": []}},
                "view": [{"type": "header", "text": "Home"},
                         {"type": "text", "text": "Log: @{join(state.log, ',')}"}, {"type": "error"}],
                "useCases": {
                    "writer": {"internal": True, "interactor": [
                        {"type": "insert", "provider": "notes", "value": {"id": "@{uuid()}"}}] + append("writer")},
                    "quick": {"internal": True, "interactor": append("quick") + [MARK]},
                    "noop": {"internal": True, "interactor": [{"type": "let", "as": "x", "value": 1}]}}}
        (a / "scenes" / "Home.json").write_text(manifest_text(body, extra))
        return a
    script = ["state"]
    at_once = script_run(tmp_path, two(tmp_path / "at-once", None), script, "--seed", "0", state="s1").stdout
    twin = script_run(tmp_path, two(tmp_path / "twin", "call"), script, "--seed", "0", state="s2").stdout
    assert "collection notes: 1 record" in at_once, at_once
    log = state_of(at_once)["log"]
    assert sorted(log) == ["quick", "writer"], at_once
    assert at_once == twin, f"--- at once\n{at_once}--- twin\n{twin}"


# ================================================================ performance.md: push and pop

PUSH_POP_ROWS = ["push-pop", "push-pop-immediate"]


def bench_listing():
    need(BENCH, "SCENERY_BENCHMARKS")
    p = subprocess.run([BENCH, "no-such-row"], capture_output=True, text=True, timeout=60)
    return p, p.stdout + p.stderr


# checks: docs/performance.md#a-scene-pushed-loaded-and-popped
# ("so a second row (`push-pop-immediate`) holds it to a typed screen whose interactor is an
# `ImmediateInteractor`"); the rows are described in "What each row compares", under
# docs/performance.md#collections
@pytest.mark.parametrize("row", PUSH_POP_ROWS)
def test_an_unknown_row_lists_the_push_pop_rows(row):
    p, listing = bench_listing()
    assert p.returncode == 2, listing
    words = set(listing.replace(",", " ").replace("`", " ").replace("'", " ").split())
    assert row in words, f"row {row!r} not in listing:\n{listing}"


def push_pop_app(root, extra=None):
    """performance.md's push-pop, the JSON side: a scene pushed by its route's word, its
    onAppear use case filtering two names into rows, then back."""
    a = Path(root) / "PushPop"
    (a / "scenes").mkdir(parents=True)
    (a / "app.json").write_text(json.dumps({
        "formatVersion": 1, "name": "PushPop", "entry": "Home",
        "providers": {"consts": {"type": "inline", "value": [1, 2], "model": "[int]"}}}))
    (a / "scenes" / "Home.json").write_text(json.dumps({
        "formatVersion": 1, "scene": "Home",
        "view": [{"type": "header", "text": "Home"},
                 {"type": "button", "title": "Search", "route": {"to": "Names"}, "word": "search"}]}))
    body = {
        "formatVersion": 1, "scene": "Names", "onAppear": ["load"],
        "state": {"names": {"type": "[string]", "default": ["Ada", "Grace", "Alan"]}},
        "view": [{"type": "header", "text": "Names"},
                 {"type": "list", "items": "@{vm.rows}", "empty": "Nothing"}],
        "useCases": {
            "load": {"internal": True,
                     "interactor": [{"type": "work", "worker": "filter", "input": "@{state.names}",
                                     "args": {"where": "@{count(it) > 3}"}, "as": "found"}, MARK],
                     "response": {"names": "@{found}"},
                     "presenter": {"rows": {"each": "@{response.names}", "as": "n", "value": "@{n}"}}},
            "noop": {"internal": True, "interactor": [{"type": "let", "as": "x", "value": 1}]}},
    }
    (a / "scenes" / "Names.json").write_text(manifest_text(body, extra))
    return a


PUSH_POP = ["search", "back", "search", "back", "search", "stack", "back", "stack"]


# checks: docs/performance.md#a-scene-pushed-loaded-and-popped
def test_the_push_pop_scene_shows_the_same_two_rows_on_every_push_and_pops_home(tmp_path):
    p = script_run(tmp_path, push_pop_app(tmp_path / "at-once"), PUSH_POP)
    pushes = [f for i, f in frames(p.stdout) if i == "search"]
    assert len(pushes) == 3, p.stdout
    for f in pushes:
        assert f[0] == "== Names ==", p.stdout
        assert rows(f) == ["1. Grace", "2. Alan"], p.stdout
    for f in [f for i, f in frames(p.stdout) if i == "back"]:
        assert f[0] == "== Home ==", p.stdout
    assert [f for i, f in frames(p.stdout) if i == "stack"] == [["Home > Names"], ["Home"]], p.stdout


# checks: docs/performance.md#a-scene-pushed-loaded-and-popped
def test_the_push_pop_scene_runs_the_same_as_its_twin_in_a_task(tmp_path):
    a = script_run(tmp_path, push_pop_app(tmp_path / "at-once"), PUSH_POP, state="s1").stdout
    b = script_run(tmp_path, push_pop_app(tmp_path / "twin", "call"), PUSH_POP, state="s2").stdout
    assert a == b, f"--- at once\n{a}--- twin\n{b}"
