"""Contract tests for `scenery explore` and app.json `invariants`, written from the
documentation alone: docs/explore.md (the whole page), docs/cli.md's "scenery explore", and
docs/manifest.md's "Invariants" with the E514 row of its diagnostics table.

Every app is written into pytest's tmp_path, each with a defect planted where the docs say
explore looks — a runtime error (E5xx), an invariant that becomes false, a dead end, a dead
end only when a provider fails — or with none. Explore runs with tmp_path as its working
directory, so its default `explore` folder lands there; every `scenery run` keeps its state
in tmp_path (`--state-dir`). Walks are kept few (20-60) so the file runs in seconds.
"""
import json
import re
from pathlib import Path

import pytest

from scenery_cli import run_scenery

TIMEOUT = 60

SUMMARY = re.compile(
    r"^explored (?P<app>\S+): (?P<walks>\d+) walks?, (?P<actions>\d+) actions?, "
    r"(?P<frames>\d+) distinct frames?, (?P<pct>\d+\.\d)% of places reached "
    r"\((?P<reached>\d+)/(?P<places>\d+)\), (?P<failures>\d+) failures?$")
FOUND_BY = re.compile(
    r"^# found by: scenery explore (?P<app>\S+) --seed (?P<seed>\d+), walk (?P<walk>\d+), "
    r"shrunk from (?P<before>\d+) actions? to (?P<after>\d+)$")
FIRST_UUID_OF_SEED_0 = "e220a839-7b1d-4daf-ae78-9e6aa1b965f4"


def run(args, cwd):
    return run_scenery(args, cwd, timeout=TIMEOUT)


def explore(cwd, app, *args):
    return run(["explore", app, *args], cwd)


def out(p):
    return p.stdout + p.stderr


def summary(p):
    lines = [l for l in p.stdout.splitlines() if l.startswith("explored ")]
    assert len(lines) == 1, out(p)
    m = SUMMARY.match(lines[0])
    assert m, f"summary line of an unexpected shape: {lines[0]!r}"
    return {k: (v if k == "app" else float(v) if k == "pct" else int(v))
            for k, v in m.groupdict().items()}


def fail_lines(p):
    return [l for l in out(p).splitlines() if l.startswith("FAIL ")]


def written(root, folder="explore"):
    d = Path(root) / folder
    return sorted(p.name for p in d.glob("*.transcript")) if d.is_dir() else []


def inputs(transcript_text):
    return [l[2:] for l in transcript_text.splitlines() if l.startswith("> ")]


def header(transcript_text):
    return [l for l in transcript_text.splitlines() if l.startswith("# ")]


def args_line(transcript_text):
    lines = [l for l in header(transcript_text) if l.startswith("# args:")]
    return lines[0][len("# args:"):].split() if lines else []


def write_app(root, app, scenes):
    root = Path(root)
    (root / "scenes").mkdir(parents=True, exist_ok=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        text = scene if isinstance(scene, str) else json.dumps(scene, indent=2)
        name = json.loads(text)["scene"]
        (root / "scenes" / f"{name}.json").write_text(text)
    return root


def script_run(cwd, app, lines, *flags):
    script = Path(cwd) / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    state = Path(cwd) / "state-run"
    state.mkdir(exist_ok=True)
    return run(["run", app, "--script", script, "--state-dir", state, *flags], cwd)


def setp(path, value, **kw):
    return {"type": "set", "path": path, "value": value, **kw}


# ---------------------------------------------------------------- apps

# The docs' own example: "Names", whose Profile.save divides by zero at scenes/Profile.json:4:93.
# The file is written by hand so the failing expression sits at line 4; the column is padded
# to 93 below once the position explore reports is known to be the token's.
NAMES_APP = {"formatVersion": 1, "name": "Names", "entry": "Profile"}


def names_profile(fixed=False):
    expr = "@{string(1 / (state.zero + 1))}" if fixed else "@{string(1 / state.zero)}"
    line4 = ('  "save": {"interactor": [{"type": "set", "path": "state.saved", '
             '"value": "%s"}]}' % expr)
    # put the '/' of the expression at column 93 (1-based)
    pad = 93 - (line4.index("/") + 1)
    line4 = " " * max(pad, 0) + line4
    return "\n".join([
        '{"formatVersion": 1, "scene": "Profile",',
        ' "state": {"name": {"type": "string", "default": ""}, "saved": {"type": "string", "default": "nothing"}, "zero": {"type": "decimal", "default": 0}},',
        ' "useCases": {',
        line4,
        ' },',
        ' "view": [{"type": "text", "text": "Saved: @{state.saved}"},',
        '          {"type": "input", "label": "Name", "bind": "state.name"},',
        '          {"type": "button", "title": "Save", "action": "save"}]}',
        ""])


def names(root, fixed=False):
    return write_app(Path(root) / "Names", NAMES_APP, [names_profile(fixed)])


# The Shelf of manifest.md#invariants: `take` may drive `left` below zero.
SHELF_INVARIANTS = {"Shelf": [{"check": "@{state.left >= 0}",
                               "message": "no fewer than none left: @{state.left}"}]}
SHELF_APP = {"formatVersion": 1, "name": "Shelf", "entry": "Shelf", "invariants": SHELF_INVARIANTS}
SHELF = {
    "formatVersion": 1, "scene": "Shelf",
    "state": {"left": {"type": "int", "default": 1}},
    "useCases": {"take": {"interactor": [setp("state.left", "@{state.left - 1}")]},
                 "put": {"interactor": [setp("state.left", "@{state.left + 1}")]}},
    "view": [{"type": "header", "text": "Shelf"},
             {"type": "text", "text": "Left: @{state.left}"},
             {"type": "button", "title": "Take", "action": "take"},
             {"type": "button", "title": "Put", "action": "put"},
             {"type": "error"}]}


def shelf(root, invariants=None, scene=None):
    app = dict(SHELF_APP)
    if invariants is not None:
        app["invariants"] = invariants
    return write_app(Path(root) / "Shelf", app, [scene or SHELF])


# A counter that never breaks anything: there is always something to do.
CALM_APP = {"formatVersion": 1, "name": "Calm", "entry": "Counter"}
CALM = {
    "formatVersion": 1, "scene": "Counter",
    "state": {"n": {"type": "int", "default": 0}, "note": {"type": "string", "default": ""}},
    "useCases": {"inc": {"interactor": [setp("state.n", "@{state.n + 1}")]},
                 "reset": {"interactor": [setp("state.n", 0)]}},
    "view": [{"type": "header", "text": "Counter"},
             {"type": "text", "text": "Count: @{state.n}"},
             {"type": "input", "label": "Note", "bind": "state.note"},
             {"type": "button", "title": "Inc", "action": "inc"},
             {"type": "button", "title": "Reset", "action": "reset"},
             {"type": "error"}]}


def calm(root):
    return write_app(Path(root) / "Calm", CALM_APP, [CALM])


# The app ends in a frame with nothing to do and nothing below it.
DEAD_APP = {"formatVersion": 1, "name": "Dead", "entry": "Home"}
DEAD = {
    "formatVersion": 1, "scene": "Home",
    "state": {"done": {"type": "bool", "default": False}},
    "useCases": {"finish": {"interactor": [setp("state.done", True)]}},
    "view": [{"type": "header", "text": "Home"},
             {"type": "text", "text": "@{state.done ? 'All done' : 'Working'}"},
             {"type": "button", "title": "Finish", "action": "finish", "if": "@{!state.done}"},
             {"type": "error"}]}


def flaky(root, handled=True, name="Flaky"):
    """A frame that shows nothing to do once `memo` fails to load: quietly (handled=True, a
    dead end only under a fault) or with the provider's banner saying why (handled=False)."""
    fetch = {"type": "fetch", "provider": "memo", "as": "m"}
    if handled:
        fetch["onError"] = [setp("state.failed", True)]
    app = {"formatVersion": 1, "name": name, "entry": "Home",
           "providers": {"memo": {"type": "keyValue", "model": "string", "default": "hello"}}}
    home = {
        "formatVersion": 1, "scene": "Home",
        "state": {"failed": {"type": "bool", "default": False},
                  "ready": {"type": "bool", "default": False},
                  "text": {"type": "string", "default": ""}},
        "onAppear": ["load"],
        "useCases": {
            "load": {"interactor": [fetch, setp("state.text", "@{m ?? ''}"),
                                    setp("state.ready", True, **{"if": "@{!state.failed}"})]},
            },
        "view": [{"type": "header", "text": "Home"},
                 {"type": "text", "text": "Memo: @{state.text}"},
                 {"type": "button", "title": "Reload", "action": "load",
                  "if": "@{state.ready && !state.failed}"},
                 {"type": "error"}]}
    return write_app(Path(root) / name, app, [home])


# Four typed use cases, each broken only by a value explore is said to try: 0, -1, a value
# past 32 bits, and an optional field left out.
EDGES_APP = {"formatVersion": 1, "name": "Edges", "entry": "Calc"}
EDGES = {
    "formatVersion": 1, "scene": "Calc",
    "state": {"x": {"type": "decimal", "default": 0}},
    "useCases": {
        "div": {"request": {"by": "int"}, "interactor": [setp("state.x", "@{10 / request.by}")]},
        "shift": {"request": {"n": "int"},
                  "interactor": [setp("state.x", "@{10 / (request.n + 1)}")]},
        "bump": {"request": {"x": "int?"}, "interactor": [setp("state.x", "@{request.x + 1}")]},
        "wide": {"request": {"n": "int"},
                 "interactor": [setp("state.x", "@{1 / (request.n > 2147483647 ? 0 : 1)}")]},
        "inc": {"interactor": [setp("state.x", "@{state.x + 1}")]}},
    "view": [{"type": "header", "text": "Calc"},
             {"type": "text", "text": "X: @{state.x}"},
             {"type": "button", "title": "Inc", "action": "inc"},
             {"type": "error"}]}


def edges(root):
    return write_app(Path(root) / "Edges", EDGES_APP, [EDGES])


# ---------------------------------------------------------------- explore an app

# checks: docs/explore.md#explore-an-app
def test_clean_app_exits_0_with_the_summary_line_and_writes_nothing(tmp_path):
    calm(tmp_path)
    p = explore(tmp_path, "Calm", "--walks", 20)
    assert p.returncode == 0, out(p)
    s = summary(p)
    assert s["app"] == "Calm" and s["walks"] == 20 and s["failures"] == 0, s
    assert 0 < s["actions"] <= 20 * 20, s  # up to --steps (default 20) a walk
    assert s["frames"] >= 2, s
    assert 0 < s["reached"] <= s["places"], s
    assert s["pct"] == round(100 * s["reached"] / s["places"], 1), s
    assert not fail_lines(p), out(p)
    assert not list(tmp_path.rglob("*.transcript")), out(p)
    # piped, nothing but the summary: no progress lines
    assert p.stdout.splitlines() == [f"explored Calm: {s['walks']} walks, {s['actions']} actions, "
                                     f"{s['frames']} distinct frames, {s['pct']:.1f}% of places reached "
                                     f"({s['reached']}/{s['places']}), 0 failures"], out(p)
    assert p.stderr == "", out(p)


# checks: docs/explore.md#explore-an-app
def test_summary_names_the_app_as_given_on_the_command_line(tmp_path):
    calm(tmp_path / "apps")
    p = explore(tmp_path, "apps/Calm", "--walks", 20)
    assert p.returncode == 0, out(p)
    assert summary(p)["app"] == "apps/Calm", out(p)


# checks: docs/cli.md#scenery-explore
def test_steps_bounds_the_actions_of_every_walk(tmp_path):
    calm(tmp_path)
    p = explore(tmp_path, "Calm", "--walks", 20, "--steps", 3)
    assert p.returncode == 0, out(p)
    s = summary(p)
    assert s["walks"] == 20 and 20 <= s["actions"] <= 60, s
    # defaults: 100 walks
    d = explore(tmp_path, "Calm", "--steps", 1)
    assert d.returncode == 0, out(d)
    assert summary(d)["walks"] == 100 and summary(d)["actions"] <= 100, out(d)


# checks: docs/explore.md#explore-an-app
def test_time_stops_starting_walks(tmp_path):
    """Every first frame waits 300 ms for `memo` (--fault delay): 50 walks cannot start in 1 s."""
    flaky(tmp_path)
    p = explore(tmp_path, "Flaky", "--walks", 50, "--steps", 1, "--time", 1,
                "--fault", "memo=delay:300")
    assert p.returncode == 0, out(p)
    s = summary(p)
    assert 1 <= s["walks"] < 50, s


# checks: docs/explore.md#explore-an-app
def test_same_seed_gives_the_same_walks_findings_and_transcripts(tmp_path):
    runs = []
    for tag in ["a", "b"]:
        edges(tmp_path / tag)
        shelf(tmp_path / tag)
        p1 = explore(tmp_path / tag, "Edges", "--walks", 40, "--seed", 3)
        p2 = explore(tmp_path / tag, "Shelf", "--walks", 40, "--seed", 3, "--output", "shelf")
        assert p1.returncode == 1 and p2.returncode == 1, out(p1) + out(p2)
        files = {str(f.relative_to(tmp_path / tag)): f.read_text()
                 for f in sorted((tmp_path / tag).rglob("*.transcript"))}
        runs.append((p1.stdout, p2.stdout, files))
    assert runs[0] == runs[1]
    assert runs[0][2], "no transcripts written"


# checks: docs/explore.md#explore-an-app
def test_the_seed_is_named_in_the_found_by_line(tmp_path):
    names(tmp_path)
    p = explore(tmp_path, "Names", "--walks", 20, "--seed", 7)
    assert p.returncode == 1, out(p)
    text = (tmp_path / "explore" / "no-runtime-error-1.transcript").read_text()
    found = [FOUND_BY.match(l) for l in header(text) if l.startswith("# found by:")]
    assert found and found[0] and found[0]["seed"] == "7", text


# checks: docs/explore.md#explore-an-app
def test_places_are_counted_as_test_coverage_counts_them(tmp_path):
    app = names(tmp_path, fixed=True)
    p = script_run(tmp_path, "Names", ["name Ada", "save", "quit"])
    assert p.returncode == 0, out(p)
    (app / "tests").mkdir()
    (app / "tests" / "save.transcript").write_text(p.stdout)
    t = run(["test", "Names", "--coverage", tmp_path / "cov.info"], tmp_path)
    assert t.returncode == 0, out(t)
    m = re.search(r"^coverage: [\d.]+% of places run \((\d+)/(\d+)\)", t.stdout, re.M)
    assert m, out(t)
    e = explore(tmp_path, "Names", "--walks", 20)
    assert e.returncode == 0, out(e)
    s = summary(e)
    assert s["places"] == int(m.group(2)), (out(t), out(e))
    # the walks press Save and type a name, as the transcript does: every place is reached
    assert s["reached"] == s["places"], out(e)


ITEMS_APP = {"formatVersion": 1, "name": "Items", "entry": "Home"}
ITEMS_HOME = {"formatVersion": 1, "scene": "Home",
              "view": [{"type": "header", "text": "Home"},
                       {"type": "button", "title": "Open", "route": {"to": "Item", "args": {"n": 1}},
                        "word": "open"}]}
ITEMS_ITEM = {"formatVersion": 1, "scene": "Item", "args": {"n": "decimal"},
              "state": {"x": {"type": "decimal", "default": 0}},
              "useCases": {"calc": {"interactor": [setp("state.x", "@{10 / args.n}")]}},
              "view": [{"type": "header", "text": "Item"},
                       {"type": "text", "text": "X: @{state.x}"},
                       {"type": "button", "title": "Calc", "action": "calc"},
                       {"type": "error"}]}


# checks: docs/cli.md#scenery-explore
def test_scene_and_arg_start_every_walk_there(tmp_path):
    write_app(tmp_path / "Items", ITEMS_APP, [ITEMS_HOME, ITEMS_ITEM])
    # from the entry, Item gets n=1 and nothing breaks
    clean = explore(tmp_path, "Items", "--walks", 20)
    assert clean.returncode == 0, out(clean)
    p = explore(tmp_path, "Items", "--scene", "Item", "--arg", "n=0", "--walks", 20)
    assert p.returncode == 1, out(p)
    assert summary(p)["failures"] == 1, out(p)
    [name] = written(tmp_path)
    text = (tmp_path / "explore" / name).read_text()
    body = [l for l in text.splitlines() if not l.startswith("# ")]
    assert body[0] == "== Item ==", text
    assert "(E502)" in text, text
    t = run(["test", tmp_path / "explore" / name], tmp_path)
    assert t.returncode == 1, out(t)


# checks: docs/cli.md#scenery-explore
def test_a_starting_scene_without_its_argument_is_a_usage_error(tmp_path):
    write_app(tmp_path / "Items", ITEMS_APP, [ITEMS_HOME, ITEMS_ITEM])
    p = explore(tmp_path, "Items", "--scene", "Item", "--walks", 5)
    assert p.returncode == 2, out(p)
    assert "'n'" in p.stderr, out(p)


# checks: docs/explore.md#explore-an-app
def test_an_app_with_errors_is_refused_with_its_findings(tmp_path):
    bad = json.loads(json.dumps(SHELF))
    bad["useCases"]["take"]["interactor"][0]["value"] = "@{state.lft - 1}"
    shelf(tmp_path, scene=bad)
    p = explore(tmp_path, "Shelf", "--walks", 5)
    assert p.returncode == 1, out(p)
    assert re.search(r"Shelf\.json:\d+:\d+: error\[E409\]", p.stderr), out(p)
    assert not list(tmp_path.rglob("*.transcript")), out(p)
    assert "explored " not in p.stdout, out(p)


# checks: docs/cli.md#scenery-explore
@pytest.mark.parametrize("args", [
    ["--walks", "0"],
    ["--steps", "0"],
    ["--walks", "many"],
    ["--seed", "x"],
    ["--fault", "nothing=fail"],
    ["--fault", "memo=explode"],
    ["--fixture", "nothing=data.json"],
    ["--bogus"],
], ids=["walks-0", "steps-0", "walks-nan", "seed-nan", "fault-unknown-provider",
        "fault-unknown-mode", "fixture-unknown-provider", "unknown-option"])
def test_a_bad_option_is_a_usage_error(tmp_path, args):
    flaky(tmp_path)
    (tmp_path / "data.json").write_text('"x"')
    p = explore(tmp_path, "Flaky", *args)
    assert p.returncode == 2, out(p)
    assert p.stderr.strip(), out(p)
    assert not list(tmp_path.rglob("*.transcript")), out(p)


# checks: docs/cli.md#scenery-explore
def test_a_misspelt_option_gets_a_did_you_mean(tmp_path):
    calm(tmp_path)
    p = explore(tmp_path, "Calm", "--walk", "5")
    assert p.returncode == 2, out(p)
    assert "did you mean '--walks'?" in p.stderr, out(p)


# checks: docs/cli.md#scenery-explore
def test_no_app_is_a_usage_error(tmp_path):
    p = run(["explore"], tmp_path)
    assert p.returncode == 2, out(p)


# ---------------------------------------------------------------- what it checks

# checks: docs/explore.md#what-it-writes
def test_the_documented_example_failure_line_and_transcript(tmp_path):
    names(tmp_path)
    p = explore(tmp_path, "Names", "--walks", 40)
    assert p.returncode == 1, out(p)
    lines = out(p).splitlines()
    fail = "FAIL no runtime error: Profile.save, step 1 (set): division by zero (E502) at scenes/Profile.json:4:93"
    assert fail in lines, out(p)
    assert lines[lines.index(fail) + 1] == "  1 action, written to explore/no-runtime-error-1.transcript", out(p)
    s = summary(p)
    assert (s["app"], s["walks"], s["failures"]) == ("Names", 40, 1), s
    assert (s["reached"], s["places"], s["pct"]) == (5, 5, 100.0), s
    text = (tmp_path / "explore" / "no-runtime-error-1.transcript").read_text().splitlines()
    assert text[0] == "# explore: no runtime error — Profile.save, step 1 (set): division by zero (E502) at scenes/Profile.json:4:93", text
    m = FOUND_BY.match(text[1])
    assert m and (m["app"], m["seed"], m["after"]) == ("Names", "0", "1"), text
    assert int(m["before"]) >= 1, text
    assert text[2:8] == ["# app: ../Names", "Saved: nothing", "Name: []  > name",
                         "[ Save ]  > save", "> save", ">> absent (E502)"], text
    t = run(["test", "explore/no-runtime-error-1.transcript"], tmp_path)
    assert t.returncode == 1, out(t)


# checks: docs/explore.md#what-it-checks
def test_a_message_for_the_user_is_not_a_failure(tmp_path):
    app = {"formatVersion": 1, "name": "Polite", "entry": "Desk",
           "providers": {"memo": {"type": "keyValue", "model": "string", "default": "hi"}}}
    desk = {
        "formatVersion": 1, "scene": "Desk",
        "state": {"text": {"type": "string", "default": ""},
                  "size": {"type": "string", "default": "S"},
                  "qty": {"type": "int", "default": 1},
                  "picked": {"type": "int", "default": 0}},
        "useCases": {
            "check": {"request": {"text": "string?"}, "interactor": [
                {"type": "validate", "rules": [
                    {"check": "@{count(request.text ?? '') > 3}", "message": "Too short"}]},
                setp("state.text", "@{request.text ?? ''}")]},
            "refuse": {"interactor": [{"type": "fail", "message": "Not today"}]},
            "load": {"interactor": [{"type": "fetch", "provider": "memo", "as": "m"},
                                    setp("state.text", "@{m ?? ''}")]},
            "pick": {"request": {"row": "int"}, "interactor": [setp("state.picked", "@{request.row}")]},
            "never": {"interactor": [setp("state.picked", 0)]}},
        "view": [{"type": "header", "text": "Desk"},
                 {"type": "text", "text": "Text: @{state.text} picked @{state.picked}"},
                 {"type": "list", "items": ["A", "B", "C"], "action": "pick"},
                 {"type": "choice", "label": "Size", "bind": "state.size", "options": ["S", "M"]},
                 {"type": "input", "label": "Qty", "bind": "state.qty", "min": 1, "max": 9},
                 {"type": "button", "title": "Refuse", "action": "refuse"},
                 {"type": "button", "title": "Load", "action": "load"},
                 {"type": "button", "title": "Never", "action": "never", "enabled": "@{false}"},
                 {"type": "error"}]}
    write_app(tmp_path / "Polite", app, [desk])
    v = run(["validate", "Polite"], tmp_path)
    assert v.returncode == 0, out(v)
    p = explore(tmp_path, "Polite", "--walks", 40)
    assert p.returncode == 0, out(p)
    assert summary(p)["failures"] == 0, out(p)
    # a provider that fails shows its message for the user: not a failure either
    f = explore(tmp_path, "Polite", "--walks", 40, "--faults")
    assert f.returncode == 0, out(f)
    g = explore(tmp_path, "Polite", "--walks", 20, "--fault", "memo=fail")
    assert g.returncode == 0, out(g)


# checks: docs/explore.md#explore-an-app
def test_an_internal_use_case_is_not_typed(tmp_path):
    app = {"formatVersion": 1, "name": "Quiet", "entry": "Home"}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"x": {"type": "decimal", "default": 0}, "zero": {"type": "decimal", "default": 0}},
            "useCases": {"secret": {"internal": True,
                                    "interactor": [setp("state.x", "@{1 / state.zero}")]},
                         "ping": {"interactor": [setp("state.x", "@{state.x + 1}")]}},
            "view": [{"type": "text", "text": "X: @{state.x}"},
                     {"type": "button", "title": "Ping", "action": "ping"}]}
    write_app(tmp_path / "Quiet", app, [home])
    p = explore(tmp_path, "Quiet", "--walks", 40)
    assert p.returncode == 0, out(p)


# checks: docs/explore.md#what-it-checks
def test_an_invariant_that_becomes_false_is_found(tmp_path):
    shelf(tmp_path)
    p = explore(tmp_path, "Shelf", "--walks", 30)
    assert p.returncode == 1, out(p)
    assert fail_lines(p) == ["FAIL invariants hold: Shelf, invariant: no fewer than none left: -1 (E514)"], out(p)
    assert written(tmp_path) == ["invariants-hold-1.transcript"], out(p)
    text = (tmp_path / "explore" / "invariants-hold-1.transcript").read_text()
    lines = text.splitlines()
    assert lines[0] == "# explore: invariants hold — Shelf, invariant: no fewer than none left: -1 (E514)", text
    # the check sits under the action that shows the banner: the last one
    last = max(i for i, l in enumerate(lines) if l.startswith("> "))
    assert lines[last + 1] == ">> absent (E514)", text
    assert "! Shelf, invariant: no fewer than none left: -1 (E514)" in lines[last + 2:], text
    t = run(["test", "explore/invariants-hold-1.transcript"], tmp_path)
    assert t.returncode == 1, out(t)


# checks: docs/explore.md#what-it-checks
@pytest.mark.parametrize("kind", ["invariant", "runtime-error"])
def test_a_failure_in_the_first_frame_is_found_and_its_transcript_fails(tmp_path, kind):
    """"After the first frame and after every action": a walk of no actions still breaks
    the property, and "scenery test fails on it today"."""
    if kind == "invariant":
        shelf(tmp_path, invariants={"Shelf": [{"check": "@{state.left > 5}",
                                               "message": "stocked: @{state.left}"}]})
        expected = ["FAIL invariants hold: Shelf, invariant: stocked: 1 (E514)"]
        code = "(E514)"
    else:
        scene = json.loads(json.dumps(SHELF))
        scene["state"]["zero"] = {"type": "decimal", "default": 0}
        scene["onAppear"] = ["start"]
        scene["useCases"]["start"] = {"internal": True,
                                      "interactor": [setp("state.left", "@{int(1 / state.zero)}")]}
        shelf(tmp_path, scene=scene, invariants={})
        expected = None
        code = "(E502)"
    p = explore(tmp_path, "Shelf", "--walks", 20)
    assert p.returncode == 1, out(p)
    if expected:
        assert fail_lines(p) == expected, out(p)
    else:
        assert len(fail_lines(p)) == 1 and fail_lines(p)[0].startswith("FAIL no runtime error: Shelf.start"), out(p)
    [name] = written(tmp_path)
    text = (tmp_path / "explore" / name).read_text()
    m = [FOUND_BY.match(l) for l in header(text) if l.startswith("# found by:")][0]
    assert m and m["after"] == "0", text
    assert code in text, text
    t = run(["test", tmp_path / "explore" / name], tmp_path)
    assert t.returncode == 1, out(t)


# checks: docs/manifest.md#invariants
def test_an_invariant_that_fails_to_evaluate_is_a_failure(tmp_path):
    scene = json.loads(json.dumps(SHELF))
    scene["state"]["zero"] = {"type": "decimal", "default": 1}
    scene["useCases"]["empty"] = {"interactor": [setp("state.zero", 0)]}
    scene["view"].insert(3, {"type": "button", "title": "Empty", "action": "empty"})
    shelf(tmp_path, invariants={"Shelf": [{"check": "@{1 / state.zero > 0}", "message": "positive"}]},
          scene=scene)
    r = script_run(tmp_path, "Shelf", ["empty", "quit"])
    assert r.returncode == 0, out(r)
    after = r.stdout[r.stdout.index("> empty"):]
    banners = [l for l in after.splitlines() if l.startswith("! ")]
    assert banners and "(E502)" in banners[0] and "(E514)" not in after, r.stdout
    p = explore(tmp_path, "Shelf", "--walks", 30)
    assert p.returncode == 1, out(p)
    assert any("(E502)" in l for l in fail_lines(p)), out(p)
    assert summary(p)["failures"] >= 1, out(p)


# checks: docs/explore.md#what-it-checks
def test_a_dead_end_is_found_and_written_with_its_actions_line(tmp_path):
    write_app(tmp_path / "Dead", DEAD_APP, [DEAD])
    p = explore(tmp_path, "Dead", "--walks", 20)
    assert p.returncode == 1, out(p)
    assert len(fail_lines(p)) == 1 and fail_lines(p)[0].startswith("FAIL no dead end: "), out(p)
    assert written(tmp_path) == ["no-dead-end-1.transcript"], out(p)
    text = (tmp_path / "explore" / "no-dead-end-1.transcript").read_text()
    lines = text.splitlines()
    assert lines[0].startswith("# explore: no dead end — "), text
    assert inputs(text) == ["finish"], text
    i = lines.index(">> actions")
    assert lines[i + 1] == ">> absent dead end:", text
    assert lines[i + 2] == "actions shown: none", text
    assert lines[-1] == "dead end: nothing to do, no message saying why, and no scene to go back to", text
    t = run(["test", "explore/no-dead-end-1.transcript"], tmp_path)
    assert t.returncode == 1, out(t)


# checks: docs/explore.md#what-it-checks
def test_a_scene_with_one_below_is_no_dead_end(tmp_path):
    app = {"formatVersion": 1, "name": "Deep", "entry": "Home"}
    home = {"formatVersion": 1, "scene": "Home",
            "view": [{"type": "header", "text": "Home"},
                     {"type": "button", "title": "More", "route": {"to": "Info"}, "word": "more"}]}
    info = {"formatVersion": 1, "scene": "Info",
            "view": [{"type": "header", "text": "Info"}, {"type": "text", "text": "Nothing here"}]}
    write_app(tmp_path / "Deep", app, [home, info])
    p = explore(tmp_path, "Deep", "--walks", 20)
    assert p.returncode == 0, out(p)
    assert summary(p)["reached"] == summary(p)["places"], out(p)


# checks: docs/explore.md#what-it-checks
def test_nothing_to_do_with_a_banner_saying_why_is_no_dead_end(tmp_path):
    flaky(tmp_path, handled=False)
    r = script_run(tmp_path, "Flaky", ["quit"], "--fault", "memo=fail")
    assert r.returncode == 0 and any(l.startswith("! ") for l in r.stdout.splitlines()), out(r)
    p = explore(tmp_path, "Flaky", "--walks", 20, "--fault", "memo=fail")
    assert p.returncode == 0, out(p)
    q = explore(tmp_path, "Flaky", "--walks", 20, "--faults")
    assert q.returncode == 0, out(q)


# checks: docs/explore.md#explore-an-app
# checks: docs/explore.md#faults
def test_faults_find_a_dead_end_that_only_a_failing_provider_makes(tmp_path):
    flaky(tmp_path, handled=True)
    clean = explore(tmp_path, "Flaky", "--walks", 20)
    assert clean.returncode == 0, out(clean)
    p = explore(tmp_path, "Flaky", "--walks", 20, "--faults")
    assert p.returncode == 1, out(p)
    assert [l.split(":")[0] for l in fail_lines(p)] == ["FAIL no dead end"], out(p)
    [name] = written(tmp_path)
    assert name == "no-dead-end-1.transcript"
    text = (tmp_path / "explore" / name).read_text()
    # docs/explore.md#faults: the fault is in '# args:' when it lasts the whole walk, or a
    # '>> fault' line where it began midway
    whole = args_line(text) in (["--fault", "memo=fail"], ["--fault", "memo=fail-store"])
    midway = any(l in (">> fault memo=fail", ">> fault memo=fail-store")
                 for l in text.splitlines())
    assert whole != midway, text
    t = run(["test", tmp_path / "explore" / name], tmp_path)
    assert t.returncode == 1, out(t)


# checks: docs/explore.md#explore-an-app
def test_values_at_the_edges_zero_minus_one_and_a_field_left_out(tmp_path):
    edges(tmp_path)
    p = explore(tmp_path, "Edges", "--walks", 60)
    assert p.returncode == 1, out(p)
    fails = fail_lines(p)
    assert any("Calc.div" in l and "(E502)" in l for l in fails), out(p)
    assert any("Calc.shift" in l and "(E502)" in l for l in fails), out(p)
    assert any("Calc.bump" in l and "(E501)" in l for l in fails), out(p)
    assert any("Calc.wide" in l and "(E502)" in l for l in fails), out(p)
    assert summary(p)["failures"] == len(fails) == 4, out(p)
    typed = {}
    for name in written(tmp_path):
        text = (tmp_path / "explore" / name).read_text()
        assert name.startswith("no-runtime-error-"), name
        typed[header(text)[0]] = inputs(text)
    by_use_case = {re.search(r"Calc\.(\w+)", k).group(1): v for k, v in typed.items()}
    assert by_use_case["div"][-1] in ("div 0", "div by=0"), by_use_case
    assert by_use_case["shift"][-1] in ("shift -1", "shift n=-1"), by_use_case
    assert by_use_case["wide"][-1].split()[0] == "wide", by_use_case
    assert int(by_use_case["wide"][-1].split()[-1].split("=")[-1]) > 2147483647, by_use_case
    # shrunk: the breaking action alone, its last words left out while it still breaks
    assert by_use_case["bump"] == ["bump"], by_use_case
    assert all(len(v) == 1 for v in by_use_case.values()), by_use_case


# checks: docs/explore.md#explore-an-app
def test_each_row_of_a_list_is_tried(tmp_path):
    app = {"formatVersion": 1, "name": "Rows", "entry": "List"}
    scene = {"formatVersion": 1, "scene": "List",
             "state": {"x": {"type": "decimal", "default": 0}},
             "useCases": {"open": {"request": {"row": "int"},
                                   "interactor": [setp("state.x", "@{10 / (3 - request.row)}")]}},
             "view": [{"type": "header", "text": "List"},
                      {"type": "list", "items": ["A", "B", "C"], "action": "open"},
                      {"type": "error"}]}
    write_app(tmp_path / "Rows", app, [scene])
    p = explore(tmp_path, "Rows", "--walks", 30)
    assert p.returncode == 1, out(p)
    [name] = written(tmp_path)
    text = (tmp_path / "explore" / name).read_text()
    assert inputs(text) in (["open 3"], ["open row=3"]), text


# checks: docs/explore.md#explore-an-app
def test_inputs_with_rules_get_values_they_let_through(tmp_path):
    """Save breaks only once ZIP matches its pattern and Qty is within its bounds."""
    app = {"formatVersion": 1, "name": "Zip", "entry": "Form"}
    form = {
        "formatVersion": 1, "scene": "Form",
        "state": {"zip": {"type": "string", "default": ""}, "qty": {"type": "int?"},
                  "out": {"type": "decimal", "default": 0}},
        "useCases": {"save": {"request": {"ok": "bool"}, "interactor": [
            setp("state.out", "@{1 / (state.qty - state.qty)}",
                 **{"if": "@{state.qty != null && state.qty >= 1 && state.qty <= 9 && matches(state.zip, '^[0-9]{5}$')}"})]}},
        "view": [{"type": "header", "text": "Form"},
                 {"type": "input", "label": "ZIP", "bind": "state.zip", "required": True,
                  "pattern": "[0-9]{5}"},
                 {"type": "input", "label": "Qty", "bind": "state.qty", "required": True,
                  "min": 1, "max": 9},
                 {"type": "button", "title": "Save", "action": "save", "request": {"ok": True}},
                 {"type": "error"}]}
    write_app(tmp_path / "Zip", app, [form])
    v = run(["validate", "Zip"], tmp_path)
    assert v.returncode == 0, out(v)
    p = explore(tmp_path, "Zip", "--walks", 60)
    assert p.returncode == 1, out(p)
    assert any("Form.save" in l and "(E502)" in l for l in fail_lines(p)), out(p)


# ---------------------------------------------------------------- what it writes

# checks: docs/explore.md#what-it-writes
def test_shrinking_leaves_only_the_actions_that_break_it(tmp_path):
    scene = json.loads(json.dumps(SHELF))
    scene["state"]["note"] = {"type": "string", "default": ""}
    scene["useCases"]["look"] = {"interactor": [setp("state.note", "looked")]}
    scene["view"].insert(2, {"type": "button", "title": "Look", "action": "look"})
    for seed in (0, 1, 2):
        out_dir = f"seed{seed}"
        shelf(tmp_path / out_dir, scene=scene)
        p = explore(tmp_path / out_dir, "Shelf", "--walks", 30, "--seed", seed)
        assert p.returncode == 1, out(p)
        text = (tmp_path / out_dir / "explore" / "invariants-hold-1.transcript").read_text()
        assert inputs(text) == ["take", "take"], text
        m = [FOUND_BY.match(l) for l in header(text) if l.startswith("# found by:")][0]
        assert m and m["after"] == "2" and int(m["before"]) >= 2, text
        assert "  2 actions, written to explore/invariants-hold-1.transcript" in out(p).splitlines(), out(p)


# checks: docs/explore.md#what-it-writes
def test_failures_of_the_same_cause_are_written_once(tmp_path):
    names(tmp_path)
    p = explore(tmp_path, "Names", "--walks", 60)
    assert p.returncode == 1, out(p)
    assert written(tmp_path) == ["no-runtime-error-1.transcript"], out(p)
    assert len(fail_lines(p)) == 1 and summary(p)["failures"] == 1, out(p)
    # written from the first walk that found it: the same seed's walks before it do not
    text = (tmp_path / "explore" / "no-runtime-error-1.transcript").read_text()
    m = [FOUND_BY.match(l) for l in header(text) if l.startswith("# found by:")][0]
    assert m, text
    walk = int(m["walk"])
    upto = explore(tmp_path, "Names", "--walks", walk, "--output", "upto")
    assert upto.returncode == 1, out(upto)
    if walk > 1:
        before = explore(tmp_path, "Names", "--walks", walk - 1, "--output", "before")
        assert before.returncode == 0, out(before)


# checks: docs/explore.md#what-it-writes
def test_failures_of_different_properties_are_numbered_and_listed(tmp_path):
    """A runtime error, an invariant and a dead end in one app: three files, one per
    property, numbered as the docs' list numbers them (1, 2, 3, …)."""
    app = {"formatVersion": 1, "name": "Mixed", "entry": "Home",
           "invariants": {"Home": [{"check": "@{state.n < 2}", "message": "too many: @{state.n}"}]}}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"n": {"type": "int", "default": 0}, "x": {"type": "decimal", "default": 0},
                      "done": {"type": "bool", "default": False}},
            "useCases": {"inc": {"interactor": [setp("state.n", "@{state.n + 1}")]},
                         "crash": {"interactor": [setp("state.x", "@{1 / (state.x - state.x)}")]},
                         "finish": {"interactor": [setp("state.done", True)]}},
            "view": [{"type": "text", "text": "N: @{state.n}"},
                     {"type": "button", "title": "Inc", "action": "inc", "if": "@{!state.done}"},
                     {"type": "button", "title": "Crash", "action": "crash", "if": "@{!state.done}"},
                     {"type": "button", "title": "Finish", "action": "finish", "if": "@{!state.done}"},
                     {"type": "error"}]}
    write_app(tmp_path / "Mixed", app, [home])
    p = explore(tmp_path, "Mixed", "--walks", 40)
    assert p.returncode == 1, out(p)
    names_ = written(tmp_path)
    kinds = sorted(re.sub(r"-\d+\.transcript$", "", n) for n in names_)
    assert kinds == ["invariants-hold", "no-dead-end", "no-runtime-error"], names_
    numbers = sorted(int(re.search(r"-(\d+)\.transcript$", n).group(1)) for n in names_)
    assert numbers == [1, 2, 3], names_
    listed = [l.split(", written to ")[1] for l in out(p).splitlines() if ", written to " in l]
    assert sorted(listed) == sorted(f"explore/{n}" for n in names_), out(p)
    assert summary(p)["failures"] == 3, out(p)
    for n in names_:
        t = run(["test", f"explore/{n}"], tmp_path)
        assert t.returncode == 1, (n, out(t))


# checks: docs/cli.md#scenery-explore
def test_output_names_the_folder_and_app_stays_relative_to_the_transcript(tmp_path):
    names(tmp_path / "apps")
    p = explore(tmp_path, "apps/Names", "--walks", 20, "--output", "found/deep")
    assert p.returncode == 1, out(p)
    assert not (tmp_path / "explore").exists(), out(p)
    assert written(tmp_path, "found/deep") == ["no-runtime-error-1.transcript"], out(p)
    assert "  1 action, written to found/deep/no-runtime-error-1.transcript" in out(p).splitlines(), out(p)
    text = (tmp_path / "found/deep/no-runtime-error-1.transcript").read_text()
    assert "# app: ../../apps/Names" in header(text), text
    t = run(["test", "found/deep/no-runtime-error-1.transcript"], tmp_path)
    assert t.returncode == 1, out(t)
    # the folder can move into the app's tests/ (then it names the app from there)
    moved = tmp_path / "apps" / "Names" / "tests"
    moved.mkdir()
    body = [l for l in text.splitlines() if not l.startswith("# app:")]
    (moved / "found.transcript").write_text("\n".join(body) + "\n")
    t = run(["test", "apps/Names"], tmp_path)
    assert t.returncode == 1 and "FAIL apps/Names/tests/found.transcript" in out(t), out(t)


# checks: docs/explore.md#what-it-writes
def test_the_transcript_passes_once_the_app_is_fixed_and_updated(tmp_path):
    names(tmp_path)
    p = explore(tmp_path, "Names", "--walks", 20)
    assert p.returncode == 1, out(p)
    path = "explore/no-runtime-error-1.transcript"
    t = run(["test", path], tmp_path)
    assert t.returncode == 1 and "FAIL " in t.stderr, out(t)
    names(tmp_path, fixed=True)  # overwrite the scene with the fixed one
    u = run(["test", path, "--update"], tmp_path)
    assert u.returncode == 0, out(u)
    t = run(["test", path], tmp_path)
    assert t.returncode == 0 and t.stdout.splitlines()[-1] == "1 passed, 0 failed", out(t)
    assert ">> absent (E502)" in (tmp_path / path).read_text()


# checks: docs/explore.md#explore-an-app
def test_session_options_go_into_args(tmp_path):
    app = {"formatVersion": 1, "name": "Memo", "entry": "Home", "env": {"mode": "red"},
           "providers": {"memo": {"type": "keyValue", "model": "string", "default": "x"}}}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"x": {"type": "decimal", "default": 0}, "note": {"type": "string", "default": ""}},
            "useCases": {"crash": {"interactor": [setp("state.x", "@{1 / state.x}")]},
                         "save": {"interactor": [{"type": "store", "provider": "memo", "value": "y",
                                                  "onError": [setp("state.note", "not saved")]}]}},
            "view": [{"type": "text", "text": "Today @{date(env.now, 'iso')} @{env.mode}"},
                     {"type": "button", "title": "Crash", "action": "crash"},
                     {"type": "button", "title": "Save", "action": "save"},
                     {"type": "error"}]}
    write_app(tmp_path / "Memo", app, [home])
    p = explore(tmp_path, "Memo", "--walks", 20, "--locale", "de_DE", "--now", "2026-03-01T10:00:00Z",
                "--tz", "Europe/Paris", "--env", "mode=blue", "--fault", "memo=fail-store")
    assert p.returncode == 1, out(p)
    [name] = written(tmp_path)
    text = (tmp_path / "explore" / name).read_text()
    args = " ".join(args_line(text))
    for part in ["--locale de_DE", "--now 2026-03-01T10:00:00Z", "--tz Europe/Paris",
                 "--env mode=blue", "--fault memo=fail-store"]:
        assert part in args, text
    assert "Today 2026-03-01 blue" in text, text
    t = run(["test", tmp_path / "explore" / name], tmp_path)
    assert t.returncode == 1, out(t)


# checks: docs/explore.md#explore-an-app
def test_a_fixture_shapes_the_walks_and_goes_into_args_relative_to_the_transcript(tmp_path):
    """The fixture's value is what breaks `load`; the transcript must show the frame the
    walk showed and name the fixture relative to itself."""
    app = {"formatVersion": 1, "name": "Fixed", "entry": "Home",
           "providers": {"memo": {"type": "keyValue", "model": "string", "default": "fine"}}}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"text": {"type": "string", "default": ""}, "x": {"type": "decimal", "default": 0}},
            "onAppear": ["load"],
            "useCases": {"load": {"interactor": [
                {"type": "fetch", "provider": "memo", "as": "m"},
                setp("state.text", "@{m ?? ''}")]},
                "check": {"interactor": [setp("state.x", "@{1 / (state.text == 'boom' ? 0 : 1)}")]}},
            "view": [{"type": "header", "text": "Home"},
                     {"type": "text", "text": "Memo: @{state.text}"},
                     {"type": "button", "title": "Check", "action": "check"},
                     {"type": "error"}]}
    write_app(tmp_path / "Fixed", app, [home])
    (tmp_path / "fix").mkdir()
    (tmp_path / "fix" / "memo.json").write_text('"boom"')
    clean = explore(tmp_path, "Fixed", "--walks", 20)
    assert clean.returncode == 0, out(clean)
    p = explore(tmp_path, "Fixed", "--walks", 20, "--fixture", "memo=fix/memo.json")
    assert p.returncode == 1, out(p)
    [name] = written(tmp_path)
    text = (tmp_path / "explore" / name).read_text()
    assert " ".join(args_line(text)) == "--fixture memo=../fix/memo.json", text
    assert "cannot read fixture" not in text, text
    assert "== Home ==" in text and "Memo: boom" in text, text
    assert inputs(text) == ["check"], text
    # it fails where the property does: on the absent check, not on the frames
    t = run(["test", tmp_path / "explore" / name], tmp_path)
    assert t.returncode == 1, out(t)
    assert "'(E502)' appeared" in t.stderr, out(t)


# checks: docs/explore.md#explore-an-app
def test_ids_in_the_transcript_come_from_seed_0(tmp_path):
    app = {"formatVersion": 1, "name": "Ids", "entry": "Home"}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"id": {"type": "string", "default": ""}, "x": {"type": "decimal", "default": 0}},
            "onAppear": ["mint"],
            "useCases": {"mint": {"internal": True, "interactor": [setp("state.id", "@{uuid()}")]},
                         "crash": {"interactor": [setp("state.x", "@{1 / state.x}")]}},
            "view": [{"type": "text", "text": "Id: @{state.id}"},
                     {"type": "button", "title": "Crash", "action": "crash"},
                     {"type": "error"}]}
    write_app(tmp_path / "Ids", app, [home])
    p = explore(tmp_path, "Ids", "--walks", 20, "--seed", 5)
    assert p.returncode == 1, out(p)
    [name] = written(tmp_path)
    text = (tmp_path / "explore" / name).read_text()
    assert f"Id: {FIRST_UUID_OF_SEED_0}" in text.splitlines(), text
    t = run(["test", tmp_path / "explore" / name], tmp_path)
    assert t.returncode == 1 and "'(E502)' appeared" in t.stderr, out(t)


# ---------------------------------------------------------------- invariants in the manifest

# checks: docs/manifest.md#diagnostics
def test_a_false_invariant_shows_the_e514_banner_in_a_run(tmp_path):
    scene = json.loads(json.dumps(SHELF))
    scene["view"] = [v for v in scene["view"] if v["type"] != "error"]
    shelf(tmp_path, scene=scene)
    p = script_run(tmp_path, "Shelf", ["take", "take", "put", "quit"])
    assert p.returncode == 0, out(p)
    frames = p.stdout.split("> ")
    banner = "! Shelf, invariant: no fewer than none left: -1 (E514)"
    assert banner not in frames[0] and banner not in frames[1], p.stdout
    assert banner in frames[2].splitlines(), p.stdout
    assert "(E514)" not in frames[3], p.stdout  # holds again after `put`


# checks: docs/manifest.md#invariants
def test_a_transcript_with_the_banner_passes_scenery_test(tmp_path):
    app = shelf(tmp_path)
    p = script_run(tmp_path, "Shelf", ["take", "take", "quit"])
    assert "(E514)" in p.stdout, out(p)
    (app / "tests").mkdir()
    (app / "tests" / "below.transcript").write_text(p.stdout)
    t = run(["test", "Shelf"], tmp_path)
    assert t.returncode == 0, out(t)
    # and one that expects no banner fails: test draws the invariant too
    (app / "tests" / "below.transcript").write_text(
        "\n".join(l for l in p.stdout.splitlines() if "(E514)" not in l) + "\n")
    t = run(["test", "Shelf"], tmp_path)
    assert t.returncode == 1, out(t)


# checks: docs/manifest.md#invariants
def test_invariants_read_vm_shared_and_env(tmp_path):
    app = {"formatVersion": 1, "name": "Reads", "entry": "Counter",
           "env": {"limit": "3"},
           "shared": {"count": {"type": "int", "default": 0}},
           "invariants": {"Counter": [
               {"check": "@{(vm.total ?? 0) <= int(env.limit)}", "message": "over the limit: @{vm.total}"},
               {"check": "@{shared.count < 10}", "message": "ten"}]}}
    counter = {"formatVersion": 1, "scene": "Counter",
               "useCases": {"add": {"interactor": [setp("shared.count", "@{shared.count + 1}")],
                                    "presenter": {"total": "@{shared.count}"}}},
               "view": [{"type": "text", "text": "Total: @{vm.total}"},
                        {"type": "button", "title": "Add", "action": "add"},
                        {"type": "error"}]}
    write_app(tmp_path / "Reads", app, [counter])
    v = run(["validate", "Reads"], tmp_path)
    assert v.returncode == 0, out(v)
    p = script_run(tmp_path, "Reads", ["add", "add", "add", "add", "quit"])
    assert p.returncode == 0, out(p)
    assert "! Counter, invariant: over the limit: 4 (E514)" in p.stdout.splitlines(), p.stdout
    assert p.stdout.count("(E514)") == 1, p.stdout
    q = script_run(tmp_path, "Reads", ["add", "add", "add", "add", "quit"], "--env", "limit=5")
    assert q.returncode == 0 and "(E514)" not in q.stdout, out(q)


INVARIANT_FINDINGS = [
    ("scene", {"Shelff": [{"check": "@{state.left >= 0}", "message": "m"}]}, "E301", "did you mean 'Shelf'?"),
    ("field", {"Shelf": [{"check": "@{state.lft >= 0}", "message": "m"}]}, "E409", None),
    ("vm", {"Shelf": [{"check": "@{vm.nothing}", "message": "m"}]}, "E407", None),
    ("key", {"Shelf": [{"check": "@{state.left >= 0}", "mesage": "m"}]}, "E201", "did you mean 'message'?"),
]


# checks: docs/manifest.md#invariants
@pytest.mark.parametrize("kind,invariants,code,hint", INVARIANT_FINDINGS,
                         ids=[f[0] for f in INVARIANT_FINDINGS])
def test_invariants_are_validated_like_any_expression(tmp_path, kind, invariants, code, hint):
    shelf(tmp_path, invariants=invariants)
    p = run(["validate", "Shelf"], tmp_path)
    assert p.returncode == 1, out(p)
    assert re.search(r"Shelf/app\.json:\d+:\d+: error\[%s\]" % code, p.stderr), out(p)
    if hint:
        assert hint in p.stderr, out(p)
    # explore refuses the app with the same finding
    e = explore(tmp_path, "Shelf", "--walks", 5)
    assert e.returncode == 1 and f"error[{code}]" in e.stderr, out(e)
    assert not list(tmp_path.rglob("*.transcript")), out(e)


# checks: docs/manifest.md#invariants
def test_an_invariant_over_args_validates_and_holds(tmp_path):
    app = {"formatVersion": 1, "name": "Args", "entry": "Home",
           "invariants": {"Item": [{"check": "@{args.n > 0}", "message": "n is @{args.n}"}]}}
    item = {"formatVersion": 1, "scene": "Item", "args": {"n": "int"},
            "view": [{"type": "text", "text": "N: @{args.n}"}]}
    write_app(tmp_path / "Args", app, [ITEMS_HOME, item])
    v = run(["validate", "Args"], tmp_path)
    assert v.returncode == 0, out(v)
    ok = script_run(tmp_path, "Args", ["quit"], "--scene", "Item", "--arg", "n=2")
    assert ok.returncode == 0 and "(E514)" not in ok.stdout, out(ok)
    bad = script_run(tmp_path, "Args", ["quit"], "--scene", "Item", "--arg", "n=0")
    assert "! Item, invariant: n is 0 (E514)" in bad.stdout.splitlines(), out(bad)
