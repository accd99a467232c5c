"""Contract tests for tests made from transcripts run at another time, zone or environment, and
for transcript timeouts and hangs, written from the documentation alone:

- docs/eject.md, "Tests from transcripts": the transcript's `--now` becomes the tester's
  `now: Date(timeIntervalSince1970: …)`, "left out at the usual `2026-01-01T00:00:00Z`", `--tz`
  becomes `timeZone:` and `--env` `env: ["K": "V"]`; eject "writes down every frame they
  show, whole", so the frames asserted are those the JSON scenes show with those options;
  `>> clock` is `app.moveClock(…)` and `>> restart` is `await app.restart()` and an assertion
  of the first frame the app shows again; "A transcript a test cannot replay the same way —
  one that delays a provider in real time (`delay:MS` …), runs with `--format` or `--trace`
  …, or has a `>> ` line the run refuses (`>> clock soon`) — is left out with a `note:`
  saying why";
- docs/testing.md, "2. A JSON scene in Swift: SceneTester": the initializer
  `SceneTester(app:locale:fixtures:faults:registry:width:fixtureFiles:seed:stateSeed:now:timeZone:env:)`
  (labels in that order), `now` (default `2026-01-01T00:00:00Z`, moved by `moveClock`),
  `timeZone` "the IANA zone dates show in" and `env` "the `env.NAME` values, as `--now`, `--tz`
  and `--env` set them" — checked only as the text of the tests `eject --tests` writes, since
  Swift cannot be compiled here;
- docs/cli.md, "scenery test": the `--timeout SECONDS` row (1–86400, default 30; `FAIL path:
  timed out after N s`; "its work is cancelled and the run goes on to the next transcript"),
  as it bears on `--jobs` (output "exactly those of `--jobs 1`") and `--format junit` (a
  `<failure>` holding the reason); docs/testing.md, "3. A flow: transcripts": the message of
  a bad `# timeout:` (`'# timeout:' takes whole seconds from 1 to 86400, not '0'`);
- docs/explore.md, "What it checks" (the "no hang" row) and "What it writes" (for a hang, a
  `# timeout:` line of the `--hang` seconds, "the action that hung as its last line, with
  nothing under it … for a first frame that hangs, the header alone"), and "Explore an app"
  (the findings and summary of `--jobs N` are those of a serial run).

Not covered: an app that holds its main thread itself (cli.md's `--timeout` row, "five
seconds after the timeout … `timed out after N s, and its app still holds the main thread`",
and explore.md's "no hang" row and "What it writes" for a held main thread). Only a Swift
component can do that — cli.md: `scenery` on an app with no Swift components "cannot hold
it" — and the docs name no component of the prebuilt executables that does.
The cases test_from_docs_hangs_and_timeouts.py already has (a hang found once, its
cancellation in explore, `# timeout:` against `--timeout`, `--hang` range) are not repeated.

Every app, state folder and output is in pytest's tmp_path; every command runs there with
XDG_STATE_HOME inside it, and `scenery run` gets a `--state-dir` inside it.
"""
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import threading
import time
import xml.etree.ElementTree as ET
from datetime import datetime
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"
TIMEOUT = 90

# The signature testing.md's API table gives the tester's initializer.
DOCUMENTED_INIT = ["app", "locale", "fixtures", "faults", "registry", "width", "fixtureFiles",
                   "seed", "stateSeed", "now", "timeZone", "env"]
USUAL_NOW = "2026-01-01T00:00:00Z"


# ---------------------------------------------------------------- helpers

def need_scenery():
    if not SCENERY:
        pytest.skip("SCENERY is not set")


def run(args, cwd, timeout=TIMEOUT):
    need_scenery()
    env = dict(os.environ)
    for name in ("FORCE_COLOR", "EJECTED_SCENES", "EJECTED_VIEWS"):
        env.pop(name, None)
    env["NO_COLOR"] = "1"
    env["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")
    return subprocess.run([SCENERY, *[str(a) for a in args]], cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=timeout)


def timed(args, cwd, timeout=TIMEOUT):
    t0 = time.monotonic()
    p = run(args, cwd, timeout)
    return p, time.monotonic() - t0


def out(p):
    return p.stdout + p.stderr


def notes(p):
    return [l for l in out(p).splitlines() if l.startswith("note:")]


def write_app(root, app, scenes):
    root = Path(root)
    (root / "scenes").mkdir(parents=True, exist_ok=True)
    (root / "tests").mkdir(exist_ok=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        (root / "scenes" / f"{scene['scene']}.json").write_text(json.dumps(scene, indent=2))
    return root


def setp(path, value, **kw):
    return {"type": "set", "path": path, "value": value, **kw}


def epoch(iso):
    """Seconds since 1970 of an ISO-8601 time with its zone, or of a day (midnight UTC)."""
    text = iso.replace("Z", "+00:00")
    if len(text) == 10:
        text += "T00:00:00+00:00"
    return datetime.fromisoformat(text).timestamp()


# ---------------------------------------------------------------- the Swift eject writes

STRING = r'"(?:[^"\\\n]|\\.)*"'


def unescape(literal):
    """The text a one-line Swift string literal stands for."""
    assert literal[0] == '"' and literal[-1] == '"', literal
    simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}

    def one(m):
        if m.group(1).startswith("u{"):
            return chr(int(m.group(2), 16))
        return simple[m.group(1)]
    body = literal[1:-1]
    assert not re.search(r"(?<!\\)(?:\\\\)*\\\(", body), f"interpolation in {literal}"
    return re.sub(r"\\(u\{([0-9A-Fa-f]+)\}|.)", one, body)


def split_top(text):
    """Split Swift argument text at the commas outside strings and brackets."""
    parts, depth, cur, i = [], 0, "", 0
    while i < len(text):
        c = text[i]
        if c == '"':
            m = re.compile(STRING).match(text, i)
            assert m, text[i:]
            cur += m.group(0)
            i = m.end()
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    if cur.strip():
        parts.append(cur.strip())
    return parts


def constructor(swift):
    """The labelled arguments of the `SceneTester(...)` the test makes: [(label, value)]."""
    i = swift.index("try SceneTester(") + len("try SceneTester(")
    depth, j = 1, i
    while depth:
        c = swift[j]
        if c == '"':
            j = re.compile(STRING).match(swift, j).end()
            continue
        depth += {"(": 1, ")": -1}.get(c, 0)
        j += 1
    args = []
    for part in split_top(swift[i:j - 1]):
        m = re.match(r"(\w+):\s*(.*)$", part, re.S)
        assert m, part
        args.append((m.group(1), m.group(2).strip()))
    return args


def labels(swift):
    return [l for l, _ in constructor(swift)]


def arg(swift, label):
    found = [v for l, v in constructor(swift) if l == label]
    return found[0] if found else None


def now_seconds(value):
    """The seconds of `Date(timeIntervalSince1970: N)`, N a Swift number literal."""
    m = re.fullmatch(r"Date\(timeIntervalSince1970:\s*(-?[0-9_]+(?:\.[0-9_]+)?)\)", value)
    assert m, value
    return float(m.group(1).replace("_", ""))


def env_pairs(value):
    """The pairs of a `["K": "V", …]` dictionary literal, in order."""
    v = value.strip()
    assert v.startswith("[") and v.endswith("]"), v
    inner = v[1:-1].strip()
    if inner == ":":
        return []
    pairs = []
    for part in split_top(inner):
        m = re.fullmatch(r"(%s)\s*:\s*(%s)" % (STRING, STRING), part)
        assert m, part
        pairs.append((unescape(m.group(1)), unescape(m.group(2))))
    return pairs


EVENT = re.compile(
    r"await app\.start\((?P<start>[^\n]*?)\)\n"
    r"|await app\.sendRefused\((?P<rline>%(s)s),\s*(?P<rmsg>%(s)s)\)"
    r"|await app\.send\((?P<send>%(s)s)\)"
    r"|app\.assertLines\(\[(?P<lines>(?:\s*%(s)s\s*,?)*)\s*\]\)"
    r"|app\.moveClock\((?P<clock>%(s)s)\)"
    r"|await app\.(?P<restart>restart)\(\)"
    r"|await app\.(?P<finish>finish)\(\)" % {"s": STRING}, re.S)


def events(swift):
    """What replay() does, in order: ('start', a), ('send', line), ('refused', line, msg),
    ('lines', [...]), ('clock', move), ('restart',), ('finish',)."""
    body = swift[swift.index("func replay()"):]
    found = []
    for m in EVENT.finditer(body):
        if m.group("start") is not None:
            found.append(("start", m.group("start")))
        elif m.group("rline") is not None:
            found.append(("refused", unescape(m.group("rline")), unescape(m.group("rmsg"))))
        elif m.group("send") is not None:
            found.append(("send", unescape(m.group("send"))))
        elif m.group("lines") is not None:
            found.append(("lines", [unescape(s) for s in re.findall(STRING, m.group("lines"))]))
        elif m.group("clock") is not None:
            found.append(("clock", unescape(m.group("clock"))))
        elif m.group("restart") is not None:
            found.append(("restart",))
        else:
            found.append(("finish",))
    return found


def frames(swift):
    return [e[1] for e in events(swift) if e[0] == "lines"]


def suite_name(stem):
    return "".join(w[:1].upper() + w[1:] for w in stem.split("-")) + "TranscriptTests"


def eject_tests(cwd, app):
    return run(["eject", app, "--all", "--tests", "T", "--output", "S", "--no-format"], cwd)


def swift_of(cwd, module, stem):
    return Path(cwd) / "T" / f"{module}Tests" / f"{suite_name(stem)}.swift"


def run_frames(cwd, app, flags, lines, state="run-state"):
    """`scenery run APP FLAGS --script` with the lines: the frames printed, in order, the
    first one first (an echoed `>> ` directive prints none)."""
    script = Path(cwd) / "script.txt"
    script.write_text("".join(l + "\n" for l in lines))
    folder = Path(cwd) / state
    folder.mkdir(exist_ok=True)
    p = run(["run", app, *flags, "--script", script, "--state-dir", folder], cwd)
    assert p.returncode == 0, out(p)
    blocks, cur = [], []
    for line in p.stdout.splitlines():
        if line.startswith(("> ", ">> ")):
            if cur:
                blocks.append(cur)
            cur = []
        else:
            cur.append(line)
    if cur:
        blocks.append(cur)
    return blocks


# ---------------------------------------------------------------- the When app

WHEN_APP = {"formatVersion": 1, "name": "When", "entry": "When", "locale": "en_US",
            "env": {"mode": "plain", "extra": "none"},
            "providers": {"memo": {"type": "keyValue", "model": "string", "default": "none"}}}
WHEN = {
    "formatVersion": 1, "scene": "When",
    "state": {"note": {"type": "string", "default": ""}},
    "useCases": {
        "load": {"interactor": [{"type": "fetch", "provider": "memo", "as": "m"},
                                setp("state.note", "@{m}")]},
        "save": {"request": {"text": "string"},
                 "interactor": [{"type": "store", "provider": "memo", "value": "@{request.text}"},
                                setp("state.note", "@{request.text}")]}},
    "onAppear": ["load"],
    "view": [{"type": "header", "text": "When"},
             {"type": "text", "text": "Now: @{now()}"},
             {"type": "text", "text": "Day: @{date(now(), 'long')} @{date(now(), 'time')}"},
             {"type": "text", "text": "Started: @{env.now}"},
             {"type": "text", "text": "Mode: @{env.mode}"},
             {"type": "text", "text": "Extra: @{env.extra}"},
             {"type": "text", "text": "Note: @{state.note}"},
             {"type": "button", "title": "Save", "action": "save"}]}


def when_app(root, transcripts, name="When"):
    app = dict(WHEN_APP, name=name)
    root = write_app(Path(root) / name, app, [WHEN])
    for stem, text in transcripts.items():
        (root / "tests" / f"{stem}.transcript").write_text(text)
    return root


def transcript(args, body="...\n"):
    return f"# t\n# args: --width 50 {args}\n{body}"


def made(cwd, transcripts, app="When"):
    """Write the When app with these transcripts, eject it with --tests; the process and
    the Swift of each test written (None where none was)."""
    when_app(cwd, transcripts, name=app)
    p = eject_tests(cwd, app)
    assert p.returncode == 0, out(p)
    swift = {}
    for stem in transcripts:
        f = swift_of(cwd, f"{app}Scenes", stem)
        swift[stem] = f.read_text() if f.exists() else None
    return p, swift


def said_about(p, stem):
    return [n for n in notes(p) if f"{stem}.transcript" in n]


# ---------------------------------------------------------------- eject --tests: --now

OTHER_NOWS = ["2026-03-01T20:00:00Z", "2026-03-01T20:00:00+01:00", "1969-12-31T23:59:59Z",
              "2026-03-01T20:00:00.250Z"]


# checks: docs/eject.md#tests-from-transcripts, docs/testing.md#2-a-json-scene-in-swift-scenetester
@pytest.mark.parametrize("now", OTHER_NOWS, ids=["utc", "offset", "before-1970", "fraction"])
def test_another_now_becomes_now_date_of_its_moment(tmp_path, now):
    p, swift = made(tmp_path, {"later": transcript(f"--now {now}")})
    text = swift["later"]
    assert text is not None, out(p)
    assert not said_about(p, "later"), out(p)
    value = arg(text, "now")
    assert value is not None, constructor(text)
    assert abs(now_seconds(value) - epoch(now)) < 1e-6, (value, now)
    # the frame asserted is the one the JSON scenes show at that time
    [first] = run_frames(tmp_path, "When", ["--width", "50", "--now", now], [])
    assert frames(text) == [first], (frames(text), first)


# checks: docs/eject.md#tests-from-transcripts ("left out at the usual 2026-01-01T00:00:00Z"),
# docs/testing.md#2-a-json-scene-in-swift-scenetester ("default `2026-01-01T00:00:00Z`")
@pytest.mark.parametrize("args", [f"--now {USUAL_NOW}", "--now 2026-01-01T01:00:00+01:00",
                                  "--now 2026-01-01"],
                         ids=["usual", "same-moment-offset", "day"])
def test_the_usual_now_is_left_out_of_the_tester(tmp_path, args):
    """Plain reading: "the usual `2026-01-01T00:00:00Z`" is a moment, however it is written
    (a day is midnight UTC, docs/testing.md#time)."""
    p, swift = made(tmp_path, {"usual": transcript(args)})
    text = swift["usual"]
    assert text is not None, out(p)
    assert "now" not in labels(text), constructor(text)
    assert frames(text)[0][1] == f"Now: {USUAL_NOW}", frames(text)


# ---------------------------------------------------------------- eject --tests: --tz

# checks: docs/eject.md#tests-from-transcripts, docs/testing.md#2-a-json-scene-in-swift-scenetester
@pytest.mark.parametrize("zone", ["America/St_Johns"])
def test_tz_becomes_time_zone_the_iana_name(tmp_path, zone):
    p, swift = made(tmp_path, {"zoned": transcript(f"--tz {zone} --now 2026-03-01T20:00:00Z")})
    text = swift["zoned"]
    assert text is not None, out(p)
    assert not said_about(p, "zoned"), out(p)
    value = arg(text, "timeZone")
    assert value is not None and re.fullmatch(STRING, value), constructor(text)
    assert unescape(value) == zone
    [shown] = run_frames(tmp_path, "When", ["--width", "50", "--now", "2026-03-01T20:00:00Z",
                                            "--tz", zone], [])
    [utc] = run_frames(tmp_path, "When", ["--width", "50", "--now", "2026-03-01T20:00:00Z"], [])
    assert shown != utc  # the zone shows in the frame
    assert frames(text) == [shown], (frames(text), shown)


# ---------------------------------------------------------------- eject --tests: --env

ENV_CASES = [
    (["mode=blue", "extra=two words"], [("mode", "blue"), ("extra", "two words")]),
    (["extra=say \"hi\" \\(x) $y é"], [("extra", "say \"hi\" \\(x) $y é")]),
    (["mode=a=b"], [("mode", "a=b")]),
]


# checks: docs/eject.md#tests-from-transcripts, docs/testing.md#2-a-json-scene-in-swift-scenetester
@pytest.mark.parametrize("given,pairs", ENV_CASES, ids=["two", "escapes", "equals-in-value"])
def test_env_becomes_an_env_dictionary_of_the_values_given(tmp_path, given, pairs):
    flags = [w for kv in given for w in ("--env", kv)]
    p, swift = made(tmp_path, {"envs": transcript(shlex.join(flags))})
    text = swift["envs"]
    assert text is not None, out(p)
    assert not said_about(p, "envs"), out(p)
    value = arg(text, "env")
    assert value is not None, constructor(text)
    assert sorted(env_pairs(value)) == sorted(pairs), value
    [shown] = run_frames(tmp_path, "When", ["--width", "50", *flags], [])
    assert frames(text) == [shown], (frames(text), shown)
    for k, v in pairs:
        assert f"{'Mode' if k == 'mode' else 'Extra'}: {v}" in shown, shown


# checks: docs/eject.md#tests-from-transcripts
def test_env_given_twice_is_one_key_holding_the_value_the_run_used(tmp_path):
    p, swift = made(tmp_path, {"twice": transcript("--env mode=a --env mode=b")})
    text = swift["twice"]
    assert text is not None, out(p)
    assert "Mode: b" in frames(text)[0], frames(text)
    pairs = env_pairs(arg(text, "env"))
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), pairs
    assert dict(pairs)["mode"] == "b", pairs


# checks: docs/eject.md#tests-from-transcripts
def test_env_with_an_empty_value_the_run_takes_is_made_a_test(tmp_path):
    when_app(tmp_path, {"empty": transcript("--env mode=")})
    [shown] = run_frames(tmp_path, "When", ["--width", "50", "--env", "mode="], [])
    assert "Mode:" in shown and "Mode: plain" not in shown, shown
    t = run(["test", "When"], tmp_path)
    assert t.returncode == 0, out(t)
    p = eject_tests(tmp_path, "When")
    assert p.returncode == 0, out(p)
    f = swift_of(tmp_path, "WhenScenes", "empty")
    assert f.exists(), out(p)
    assert env_pairs(arg(f.read_text(), "env")) == [("mode", "")]


# ---------------------------------------------------------------- eject --tests: together

EVERY = ("# every\n# state: seeds/one\n# args: --width 44 --locale de_DE --seed 3 "
         "--fault memo=fail-store --fixture memo=memo.json --now 2026-07-04T12:30:00Z "
         "--tz Europe/Paris --env mode=blue\n...\n")


# checks: docs/testing.md#2-a-json-scene-in-swift-scenetester, docs/eject.md#tests-from-transcripts
def test_the_tester_takes_every_option_with_the_documented_labels_in_their_order(tmp_path):
    """Swift takes labelled arguments in the order declared, so a test that gives them all
    gives them as `SceneTester(app:locale:fixtures:faults:registry:width:fixtureFiles:seed:
    stateSeed:now:timeZone:env:)` lists them: `now:`, `timeZone:` and `env:` last."""
    app = when_app(tmp_path, {"every": EVERY})
    (app / "tests" / "seeds" / "one").mkdir(parents=True)
    (app / "tests" / "memo.json").write_text('"fixed"\n')
    p = eject_tests(tmp_path, "When")
    assert p.returncode == 0, out(p)
    text = swift_of(tmp_path, "WhenScenes", "every").read_text()
    got = labels(text)
    assert got == ["app", "locale", "faults", "registry", "width", "fixtureFiles", "seed",
                   "stateSeed", "now", "timeZone", "env"], got
    assert got == [l for l in DOCUMENTED_INIT if l in got]
    assert now_seconds(arg(text, "now")) == epoch("2026-07-04T12:30:00Z")
    assert unescape(arg(text, "timeZone")) == "Europe/Paris"
    assert env_pairs(arg(text, "env")) == [("mode", "blue")]
    [shown] = run_frames(tmp_path, "When", shlex.split(
        "--width 44 --locale de_DE --seed 3 --fault memo=fail-store --fixture "
        "memo=When/tests/memo.json --now 2026-07-04T12:30:00Z --tz Europe/Paris --env mode=blue"), [])
    assert frames(text) == [shown], (frames(text), shown)
    assert "Day: 4. Juli 2026 14:30" in shown and "Note: fixed" in shown, shown


CLOCKED = """# clocked
# args: --width 50 --now 2026-03-01T20:00:00Z --tz Asia/Tokyo --env mode=blue
...
> save a
...
>> clock +2h
> save b
...
>> restart
...
"""


def clocked(tmp_path):
    p, swift = made(tmp_path, {"clocked": CLOCKED})
    text = swift["clocked"]
    assert text is not None, out(p)
    assert not said_about(p, "clocked"), out(p)
    return text


FLAGS = ["--width", "50", "--now", "2026-03-01T20:00:00Z", "--tz", "Asia/Tokyo", "--env", "mode=blue"]


# checks: docs/eject.md#tests-from-transcripts ("`>> clock +2h` is `app.moveClock("+2h")`"),
# docs/testing.md#2-a-json-scene-in-swift-scenetester (`now` "moved by `moveClock`")
def test_a_clock_move_at_another_now_is_move_clock_and_the_frames_follow_it(tmp_path):
    text = clocked(tmp_path)
    got = events(text)
    kinds = [e[0] for e in got]
    assert kinds == ["start", "lines", "send", "lines", "clock", "send", "lines", "restart",
                     "lines", "finish"], got
    assert got[4] == ("clock", "+2h"), got
    expected = run_frames(tmp_path, "When", FLAGS, ["save a", ">> clock +2h", "save b"])
    assert frames(text)[:3] == expected, (frames(text), expected)
    # now() moved two hours; env.now stays the time the session started (testing.md#time)
    after = frames(text)[2]
    assert "Now: 2026-03-01T22:00:00Z" in after and "Started: 2026-03-01T20:00:00Z" in after, after
    assert "Day: March 2, 2026 07:00" in after, after


# checks: docs/eject.md#tests-from-transcripts ("`>> restart` is `await app.restart()` and an
# assertion of the first frame the app shows again"), docs/testing.md#time ("`>> restart`
# starts the new session at `--now` again")
def test_a_restart_at_another_now_asserts_the_first_frame_at_that_now_again(tmp_path):
    text = clocked(tmp_path)
    state = "restart-state"
    run_frames(tmp_path, "When", FLAGS, ["save a", ">> clock +2h", "save b"], state=state)
    [again] = run_frames(tmp_path, "When", FLAGS, [], state=state)
    assert frames(text)[3] == again, (frames(text)[3], again)
    assert "Now: 2026-03-01T20:00:00Z" in again and "Note: b" in again, again


# checks: docs/eject.md#tests-from-transcripts
def test_the_orders_sample_seen_from_tokyo_is_made_a_test_with_its_now_and_zone(tmp_path):
    app = tmp_path / "Scenes" / "Orders"
    shutil.copytree(SAMPLES / "Orders", app)
    source = app / "tests" / "elsewhere.transcript"
    if not source.exists():
        pytest.skip("the Orders sample has no elsewhere.transcript")
    args = next(l for l in source.read_text().splitlines() if l.startswith("# args:"))
    words = shlex.split(args[len("# args:"):])
    now, zone = words[words.index("--now") + 1], words[words.index("--tz") + 1]
    p = run(["eject", "Scenes/Orders", "--all", "--tests", "T", "--output", "S", "--no-format"],
            tmp_path)
    assert p.returncode == 0, out(p)
    assert not [n for n in notes(p) if ".transcript" in n], out(p)
    folder = tmp_path / "T" / "OrdersScenesTests"
    text = (folder / "ElsewhereTranscriptTests.swift").read_text()
    assert now_seconds(arg(text, "now")) == epoch(now)
    assert unescape(arg(text, "timeZone")) == zone
    shown = [l for f in frames(text) for l in f]
    assert any(l.startswith("Placed ") for l in shown), shown
    # the transcripts at the usual now give the tester none
    edit = (folder / "EditTranscriptTests.swift").read_text()
    assert "now" not in labels(edit) and "timeZone" not in labels(edit), labels(edit)


# ---------------------------------------------------------------- eject --tests: left out

LEFT_OUT = {
    "clock-soon": (transcript("--now 2026-03-01T20:00:00Z", "...\n>> clock soon\n> save a\n...\n"),
                   "clock soon"),
    "clock-no-zone": (transcript("--env mode=blue", "...\n>> clock 2026-03-01T09:00\n...\n"),
                      "2026-03-01T09:00"),
    "fault-no-provider": (transcript("--tz Asia/Tokyo", "...\n>> fault mem=fail\n...\n"),
                          "mem=fail"),
    "delay-at-now": (transcript("--now 2026-03-01T20:00:00Z --tz Asia/Tokyo --fault memo=delay:10"),
                     "delay"),
}


# checks: docs/eject.md#tests-from-transcripts ("A transcript a test cannot replay the same way
# — … — is left out with a `note:` saying why")
@pytest.mark.parametrize("stem", list(LEFT_OUT))
def test_a_transcript_a_test_cannot_replay_is_left_out_whatever_its_now_zone_or_env(tmp_path, stem):
    text, why = LEFT_OUT[stem]
    when_app(tmp_path, {stem: text, "kept": transcript("--now 2026-03-01T20:00:00Z --env mode=blue")})
    p = eject_tests(tmp_path, "When")
    assert p.returncode == 0, out(p)
    written = sorted(f.name for f in (tmp_path / "T" / "WhenScenesTests").iterdir())
    assert written == ["KeptTranscriptTests.swift", "WhenScenesTranscripts.swift"], (written, out(p))
    said = said_about(p, stem)
    assert len(said) == 1, out(p)
    assert why in said[0], said[0]
    assert not said_about(p, "kept"), out(p)


# checks: docs/eject.md#tests-from-transcripts
def test_a_timeout_header_does_not_leave_a_transcript_out(tmp_path):
    """`# timeout:` is not among the reasons a transcript is left out."""
    p, swift = made(tmp_path, {"bounded": "# b\n# timeout: 5\n# args: --width 50 --now "
                                          "2026-03-01T20:00:00Z\n...\n> save a\n...\n"})
    assert swift["bounded"] is not None, out(p)
    assert not said_about(p, "bounded"), out(p)
    assert ("send", "save a") in events(swift["bounded"])


# checks: docs/eject.md#tests-from-transcripts
def test_a_zone_the_run_refuses_is_not_written_as_a_test_asserting_the_refusal(tmp_path):
    when_app(tmp_path, {"tokio": transcript("--tz Asia/Tokio"), "kept": transcript("")})
    r = run(["run", "When", "--tz", "Asia/Tokio", "--state-dir", tmp_path / "st"], tmp_path)
    assert r.returncode == 2, out(r)
    p = eject_tests(tmp_path, "When")
    f = swift_of(tmp_path, "WhenScenes", "tokio")
    if p.returncode == 0:
        assert not f.exists(), f.read_text()
        assert said_about(p, "tokio"), out(p)
    else:
        assert "tokio" in out(p).lower() or "Asia/Tokio" in out(p), out(p)


# ---------------------------------------------------------------- scenery test --timeout

def timeout_app(tmp_path, transcripts):
    return when_app(tmp_path, transcripts, name="Slow")


SLOW = "# slow\n# args: --width 50 --fault memo=delay:20000\n...\n"
QUICK = "# quick\n# args: --width 50\n...\n> save hi\n...\nNote: hi\n...\n"


# checks: docs/cli.md#scenery-test (`--timeout SECONDS` "1–86400")
@pytest.mark.parametrize("value", ["0", "86401", "1.5"], ids=["0", "86401", "fraction"])
def test_a_timeout_outside_1_to_86400_is_a_usage_error(tmp_path, value):
    timeout_app(tmp_path, {"quick": QUICK})
    p = run(["test", "Slow", "--timeout", value], tmp_path)
    assert p.returncode == 2, out(p)
    assert "timeout" in p.stderr, out(p)
    assert not re.search(r"^(PASS|FAIL) ", out(p), re.M), out(p)


# checks: docs/cli.md#scenery-test ("fail a transcript that runs longer than this … with
# `FAIL path: timed out after N s`")
def test_the_timeout_option_alone_fails_a_slow_transcript_naming_its_seconds(tmp_path):
    timeout_app(tmp_path, {"slow": SLOW})
    p, took = timed(["test", "Slow/tests/slow.transcript", "--timeout", "2"], tmp_path)
    assert p.returncode == 1, out(p)
    assert re.search(r"^FAIL Slow/tests/slow\.transcript: timed out after 2 s$", p.stderr, re.M), out(p)
    assert p.stdout.splitlines()[-1] == "0 passed, 1 failed", out(p)
    assert 1.8 <= took < 12, took


# checks: docs/cli.md#scenery-test ("a transcript that runs longer than this")
def test_the_timeout_bounds_the_whole_transcript_not_each_action(tmp_path):
    """Four reads of 700 ms each (the first frame and three saves): no action takes 2 s, the
    transcript takes more."""
    text = ("# c\n# args: --width 50 --fault memo=delay:700\n...\n> save a\n...\n> save b\n"
            "...\n> save c\n...\nNote: c\n...\n")
    timeout_app(tmp_path, {"cumulative": text})
    p = run(["test", "Slow", "--timeout", "5"], tmp_path)
    assert p.returncode == 0, out(p)  # it passes given the time
    q, took = timed(["test", "Slow", "--timeout", "2"], tmp_path)
    assert q.returncode == 1, out(q)
    assert re.search(r"^FAIL \S*cumulative\.transcript: timed out after 2 s$", q.stderr, re.M), out(q)
    assert took < 10, took


# checks: docs/cli.md#scenery-test (`--timeout`: "the run goes on to the next transcript";
# `--jobs`: "the output and the summary are exactly those of `--jobs 1`")
def test_under_jobs_a_timed_out_transcript_fails_and_the_others_go_on_as_in_a_serial_run(tmp_path):
    timeout_app(tmp_path, {"a-slow": SLOW, "b-quick": QUICK, "c-slow": SLOW, "d-quick": QUICK})
    one, took1 = timed(["test", "Slow", "--timeout", "1", "--jobs", "1"], tmp_path)
    two, took2 = timed(["test", "Slow", "--timeout", "1", "--jobs", "2"], tmp_path)
    for p in (one, two):
        assert p.returncode == 1, out(p)
        for stem in ("a-slow", "c-slow"):
            assert re.search(r"^FAIL \S*%s\.transcript: timed out after 1 s$" % stem, p.stderr, re.M), out(p)
        assert p.stdout.splitlines() == ["PASS Slow/tests/b-quick.transcript",
                                         "PASS Slow/tests/d-quick.transcript",
                                         "2 passed, 2 failed"], out(p)
    assert one.stdout == two.stdout and one.stderr == two.stderr, (out(one), out(two))
    assert took1 < 15 and took2 < 15, (took1, took2)


# checks: docs/cli.md#scenery-test (`--format junit`: "a `<failure>` holding the reason")
def test_a_junit_report_holds_the_timeout_as_the_failures_reason(tmp_path):
    timeout_app(tmp_path, {"a-slow": SLOW, "b-quick": QUICK})
    report = tmp_path / "report.xml"
    p = run(["test", "Slow", "--timeout", "1", "--format", "junit", "--output", report], tmp_path)
    assert p.returncode == 1, out(p)
    root = ET.parse(report).getroot()
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert set(cases) == {"a-slow", "b-quick"}, list(cases)
    failure = cases["a-slow"].find("failure")
    assert failure is not None
    reason = (failure.get("message") or "") + (failure.text or "")
    assert "timed out after 1 s" in reason, reason
    assert cases["b-quick"].find("failure") is None


# checks: docs/testing.md#3-a-flow-transcripts ("else the transcript fails: `'# timeout:' takes
# whole seconds from 1 to 86400, not '0'`")
@pytest.mark.parametrize("value", ["0"])
def test_a_bad_timeout_header_fails_that_transcript_with_the_documented_message(tmp_path, value):
    timeout_app(tmp_path, {"a-bad": f"# b\n# timeout: {value}\n# args: --width 50\n...\n",
                           "b-quick": QUICK})
    p = run(["test", "Slow", "--jobs", "1"], tmp_path)
    assert p.returncode == 1, out(p)
    expected = f"FAIL Slow/tests/a-bad.transcript: '# timeout:' takes whole seconds from 1 to 86400, not '{value}'"
    assert expected in p.stderr.splitlines(), out(p)
    assert p.stdout.splitlines() == ["PASS Slow/tests/b-quick.transcript", "1 passed, 1 failed"], out(p)


class Silent:
    """Listens on 127.0.0.1 and never answers; records when each connection was taken and
    when the client closed it."""

    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.lock = threading.Lock()
        self.conns = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            rec = [c, time.monotonic(), None]
            with self.lock:
                self.conns.append(rec)
            threading.Thread(target=self._read, args=(rec,), daemon=True).start()

    def _read(self, rec):
        try:
            while rec[0].recv(4096):
                pass
        except OSError:
            pass
        rec[2] = time.monotonic()

    def times(self):
        with self.lock:
            return [(r[1], r[2]) for r in self.conns]

    def stop(self):
        try:
            self.sock.close()
        except OSError:
            pass
        with self.lock:
            for r in self.conns:
                try:
                    r[0].close()
                except OSError:
                    pass


# checks: docs/cli.md#scenery-test (`--timeout`: "its work is cancelled and the run goes on to
# the next transcript")
def test_the_work_of_a_timed_out_transcript_is_cancelled_while_the_run_goes_on(tmp_path):
    srv = Silent()
    try:
        app = {"formatVersion": 1, "name": "Net", "entry": "Home",
               "providers": {"api": {"type": "http", "url": f"http://127.0.0.1:{srv.port}/x",
                                     "timeout": 60000, "cache": "networkOnly"},
                             "memo": {"type": "keyValue", "model": "string", "default": "m"}}}
        home = {"formatVersion": 1, "scene": "Home",
                "state": {"text": {"type": "string", "default": "nothing yet"}},
                "useCases": {
                    "load": {"interactor": [{"type": "fetch", "provider": "api", "as": "got",
                                             "onError": [setp("state.text", "failed")]},
                                            setp("state.text", "loaded")]},
                    "read": {"interactor": [{"type": "fetch", "provider": "memo", "as": "m"},
                                            setp("state.text", "@{m}")]}},
                "view": [{"type": "header", "text": "Home"},
                         {"type": "text", "text": "Got: @{state.text}"},
                         {"type": "button", "title": "Load", "action": "load"},
                         {"type": "button", "title": "Read", "action": "read"},
                         {"type": "error"}]}
        root = write_app(tmp_path / "Net", app, [home])
        (root / "tests" / "a-hang.transcript").write_text("# h\n...\n> load\n...\n")
        (root / "tests" / "b-slow.transcript").write_text(
            "# s\n# args: --fault memo=delay:1200\n...\n> read\n...\nGot: m\n...\n")
        p = run(["test", "Net", "--timeout", "2", "--jobs", "1"], tmp_path)
        ended = time.monotonic()
        conns = srv.times()
    finally:
        srv.stop()
    assert p.returncode == 1, out(p)
    assert re.search(r"^FAIL \S*a-hang\.transcript: timed out after 2 s$", p.stderr, re.M), out(p)
    assert re.search(r"^PASS \S*b-slow\.transcript$", p.stdout, re.M), out(p)
    assert len(conns) >= 1, conns
    opened, closed = conns[0]
    # given up when the transcript timed out, not when the process ended
    assert closed is not None and closed < ended - 0.5, (opened, closed, ended)


# ---------------------------------------------------------------- explore: what it writes for a hang

GATE_APP = {"formatVersion": 1, "name": "Gate", "entry": "Home",
            "providers": {"memo": {"type": "keyValue", "model": "string", "default": "hello"}}}
GATE = {
    "formatVersion": 1, "scene": "Home",
    "state": {"armed": {"type": "bool", "default": False},
              "text": {"type": "string", "default": "nothing yet"}},
    "useCases": {
        "arm": {"interactor": [setp("state.armed", True)]},
        "load": {"interactor": [{"type": "fetch", "if": "@{state.armed}", "provider": "memo", "as": "got"},
                                setp("state.text", "@{state.armed ? 'loaded' : 'not armed'}")]}},
    "view": [{"type": "header", "text": "Home"},
             {"type": "text", "text": "Got: @{state.text}"},
             {"type": "text", "text": "Armed: @{state.armed}"},
             {"type": "button", "title": "Arm", "action": "arm"},
             {"type": "button", "title": "Load", "action": "load"}]}
GATE_ARGS = ["--walks", "2", "--steps", "6", "--hang", "1", "--fault", "memo=delay:3000"]


def header(text):
    lines = text.splitlines()
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        i += 1
    return lines[:i], lines[i:]


@pytest.fixture(scope="module")
def gate_runs(tmp_path_factory):
    """`scenery explore Gate` with `--jobs 1` and `--jobs 2`: Load reads the slow provider
    only once Arm was pressed, so a hang needs two actions."""
    need_scenery()
    result = {}
    for jobs in ("1", "2"):
        root = tmp_path_factory.mktemp(f"gate-{jobs}")
        write_app(root / "Gate", GATE_APP, [GATE])
        p = run(["explore", "Gate", *GATE_ARGS, "--jobs", jobs], root)
        files = sorted((root / "explore").glob("*.transcript")) if (root / "explore").is_dir() else []
        result[jobs] = (root, p, files)
    return result


# checks: docs/explore.md#what-it-writes ("the action that hung as its last line, with nothing
# under it"), docs/explore.md#what-it-checks ("no hang")
def test_a_hang_after_other_actions_keeps_them_and_ends_at_the_action_that_hung(gate_runs):
    root, p, files = gate_runs["1"]
    assert p.returncode == 1, out(p)
    assert [f.name for f in files] == ["no-hang-1.transcript"], out(p)
    head, body = header(files[0].read_text())
    assert head[0].startswith("# explore: no hang"), head
    assert [l for l in head if l.startswith("# timeout:")] == ["# timeout: 1"], head
    assert any(l.startswith("# args:") and "--fault memo=delay:3000" in l for l in head), head
    assert [l for l in body if l.startswith("> ")] == ["> arm", "> load"], body
    assert body[-1] == "> load", body
    # the frame the arm showed is there, as `scenery run` prints it
    i = body.index("> arm")
    assert "Armed: true" in body[i + 1:body.index("> load")], body
    t = run(["test", files[0]], root)
    assert t.returncode == 1, out(t)
    assert re.search(r"^FAIL \S*no-hang-1\.transcript: timed out after 1 s$", t.stderr, re.M), out(t)


# checks: docs/explore.md#explore-an-app ("the findings added up … and the summary are those of
# a serial run")
def test_a_hang_found_with_two_workers_is_the_one_a_serial_run_finds(gate_runs):
    _, p1, f1 = gate_runs["1"]
    _, p2, f2 = gate_runs["2"]
    assert p2.returncode == p1.returncode == 1, out(p2)
    assert p2.stdout == p1.stdout, (p1.stdout, p2.stdout)
    assert [f.name for f in f2] == [f.name for f in f1]
    assert [f.read_text() for f in f2] == [f.read_text() for f in f1]


# checks: docs/explore.md#what-it-writes ("for a first frame that hangs, the header alone")
def test_a_first_frame_that_hangs_is_written_as_the_header_alone(tmp_path):
    app = {"formatVersion": 1, "name": "First", "entry": "Home",
           "providers": {"memo": {"type": "keyValue", "model": "string", "default": "hello"}}}
    home = {"formatVersion": 1, "scene": "Home",
            "state": {"text": {"type": "string", "default": "nothing yet"}},
            "useCases": {"load": {"interactor": [{"type": "fetch", "provider": "memo", "as": "got"},
                                                 setp("state.text", "@{got}")]}},
            "onAppear": ["load"],
            "view": [{"type": "header", "text": "Home"},
                     {"type": "text", "text": "Got: @{state.text}"},
                     {"type": "button", "title": "Load", "action": "load"}]}
    write_app(tmp_path / "First", app, [home])
    p = run(["explore", "First", "--walks", "2", "--steps", "3", "--hang", "2",
             "--fault", "memo=delay:5000"], tmp_path)
    assert p.returncode == 1, out(p)
    files = sorted((tmp_path / "explore").glob("*.transcript"))
    assert [f.name for f in files] == ["no-hang-1.transcript"], out(p)
    text = files[0].read_text()
    head, body = header(text)
    assert head and head[0].startswith("# explore: no hang"), text
    assert "# timeout: 2" in head, text
    assert [l for l in body if l.strip()] == [], text
    t, took = timed(["test", files[0]], tmp_path)
    assert t.returncode == 1, out(t)
    assert re.search(r"^FAIL \S*no-hang-1\.transcript: timed out after 2 s$", t.stderr, re.M), out(t)
    assert took < 4.5, took  # the 2 s of its header, not the 5 s delay
