"""Contract tests for a transcript's `>> ` directives and `# state:` seed in the tests
`scenery eject --tests DIR` writes, and for the SceneTester calls those tests are made of,
written from the documentation alone: docs/eject.md ("Tests from transcripts": "Its `>> `
lines become the tester's calls, where they stand", and which transcripts are still left
out with a `note:`) and docs/testing.md ("2. A JSON scene in Swift: SceneTester": the rows
for `SceneTester(...stateSeed:)`, `moveClock`, `inject`, `restart` and `assertStored`).

Swift is not compiled here: the tests eject writes are read back as text. A replay() body
is parsed statement by statement (anything that is not one of the tester's documented
calls fails the parse), its string literals unescaped, and compared with what the JSON
scenes show for the same transcript: `scenery test --update` fills a transcript's output
blocks with whole frames, `>> stored` lines and the frame after a `>> restart`, and
`scenery run --script` prints the `>> stored` lines of a scripted run.

Every app is written or copied into pytest's tmp_path and every command runs there;
`scenery run` gets a `--state-dir` inside it and XDG_STATE_HOME points inside it too.
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

# The signature testing.md's API table gives the tester's initializer.
DOCUMENTED_INIT = ["app", "locale", "fixtures", "faults", "registry", "width",
                   "fixtureFiles", "seed", "stateSeed"]


# ---------------------------------------------------------------- helpers

def run(args, cwd):
    if not SCENERY:
        pytest.skip("SCENERY is not set")
    env = dict(os.environ)
    env.pop("EJECTED_SCENES", None)
    env.pop("FORCE_COLOR", None)
    env["NO_COLOR"] = "1"
    env["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")
    return subprocess.run([SCENERY, *[str(a) for a in args]], cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=TIMEOUT)


def out(p):
    return p.stdout + p.stderr


def eject_tests(cwd, app, *extra):
    p = run(["eject", app, "--all", "--tests", "T", "--no-format", *extra], cwd)
    return p


def notes(p):
    return [l for l in out(p).splitlines() if l.startswith("note:")]


def suite_name(stem):
    return "".join(w[:1].upper() + w[1:] for w in stem.split("-")) + "TranscriptTests"


def swift_of(cwd, module, stem):
    return Path(cwd) / "T" / f"{module}Tests" / f"{suite_name(stem)}.swift"


def update_and_pass(cwd, app):
    """Fill the transcripts' output with what ran (`--update`), then they must pass as written."""
    run(["test", app, "--update"], cwd)
    p = run(["test", app], cwd)
    assert p.returncode == 0, out(p)
    return p


# The Clock app: a keyValue `note`, a keyValue list of `stamps` made with now(), a keyValue
# list of `notes`, a session id made with uuid() when the scene appears.
CLOCK_APP = {
    "formatVersion": 1, "name": "Clock", "entry": "Clock",
    "providers": {
        "note": {"type": "keyValue", "model": "string", "default": "none"},
        "notes": {"type": "keyValue", "model": "[string]", "default": []},
        "stamps": {"type": "keyValue", "model": "[date]", "default": []},
    },
}
CLOCK_SCENE = {
    "formatVersion": 1, "scene": "Clock",
    "state": {"note": {"type": "string", "default": ""},
              "id": {"type": "string", "default": ""},
              "stamps": {"type": "[date]", "default": []}},
    "useCases": {
        "load": {"interactor": [
            {"type": "fetch", "provider": "note", "as": "n"},
            {"type": "fetch", "provider": "stamps", "as": "s"},
            {"type": "set", "path": "state.note", "value": "@{n}"},
            {"type": "set", "path": "state.stamps", "value": "@{s}"},
            {"type": "set", "path": "state.id", "value": "@{uuid()}"}]},
        "save": {"request": {"text": "string"}, "interactor": [
            {"type": "store", "provider": "note", "value": "@{request.text}"},
            {"type": "set", "path": "state.note", "value": "@{request.text}"}]},
        "add": {"request": {"text": "string"}, "interactor": [
            {"type": "fetch", "provider": "notes", "as": "n"},
            {"type": "work", "worker": "append", "input": "@{n}",
             "args": {"item": "@{request.text}"}, "as": "m"},
            {"type": "store", "provider": "notes", "value": "@{m}"}]},
        "stamp": {"interactor": [
            {"type": "work", "worker": "append", "input": "@{state.stamps}",
             "args": {"item": "@{now()}"}, "as": "s"},
            {"type": "store", "provider": "stamps", "value": "@{s}"},
            {"type": "set", "path": "state.stamps", "value": "@{s}"}]},
    },
    "onAppear": ["load"],
    "view": [
        {"type": "header", "text": "Clock"},
        {"type": "text", "text": "Note: @{state.note}"},
        {"type": "text", "text": "Session: @{state.id}"},
        {"type": "list", "items": "@{state.stamps}", "empty": "No stamps"},
        {"type": "button", "title": "Stamp", "action": "stamp"},
        {"type": "error"},
    ],
}


def clock_app(tmp, transcripts):
    app = Path(tmp) / "Clock"
    (app / "scenes").mkdir(parents=True)
    (app / "tests").mkdir()
    (app / "app.json").write_text(json.dumps(CLOCK_APP, indent=2))
    (app / "scenes" / "Clock.json").write_text(json.dumps(CLOCK_SCENE, indent=2))
    for name, text in transcripts.items():
        (app / "tests" / name).write_text(text)
    return app


def orders_with(tmp, transcripts, keep=()):
    """A copy of the Orders sample with only the transcripts given (its seeds kept)."""
    app = Path(tmp) / "Scenes" / "Orders"
    shutil.copytree(SAMPLES / "Orders", app)
    for t in (app / "tests").glob("*.transcript"):
        if t.name not in keep:
            t.unlink()
    for name, text in transcripts.items():
        (app / "tests" / name).write_text(text)
    return app


# ---------------------------------------------------------------- reading the Swift

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


def strings_in(text):
    return [unescape(s) for s in re.findall(STRING, text)]


LIST = r"\[(?P<%s>(?:\s*%s\s*,?)*)\s*\]" % ("{name}", STRING)
STATEMENTS = [
    ("start", re.compile(r"await app\.start\((?P<args>[^\n]*)\)[ \t]*\n")),
    ("lines", re.compile(r"app\.assertLines\(" + LIST.format(name="items") + r"\)")),
    ("refused", re.compile(r"await app\.sendRefused\((?P<a>%s),\s*(?P<b>%s)\)" % (STRING, STRING))),
    ("send", re.compile(r"await app\.send\((?P<a>%s)\)" % STRING)),
    ("clock", re.compile(r"app\.moveClock\((?P<a>%s)\)" % STRING)),
    ("inject", re.compile(r"app\.inject\((?P<mode>\.fail|\.failStores|nil),\s*on:\s*(?P<a>%s)\)" % STRING)),
    ("stored", re.compile(r"await app\.assertStored\(" + LIST.format(name="items") + r"\)")),
    ("restart", re.compile(r"await app\.restart\(\)")),
    ("comment", re.compile(r"//(?!/) ?(?P<text>[^\n]*)")),
    ("finish", re.compile(r"await app\.finish\(\)")),
]


def balanced(text, start):
    """The index just past the parenthesis closing the one at text[start]."""
    assert text[start] == "("
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == '"':
            m = re.compile(STRING).match(text, i)
            assert m, text[i:i + 80]
            i = m.end()
            continue
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise AssertionError("unbalanced: " + text[start:start + 200])


def top_level_labels(args):
    """The argument labels of a call's argument text, outside nested brackets and strings."""
    labels, depth, i, piece = [], 0, 0, ""
    pieces = []
    while i < len(args):
        c = args[i]
        if c == '"':
            m = re.compile(STRING).match(args, i)
            piece += m.group(0)
            i = m.end()
            continue
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            pieces.append(piece)
            piece = ""
        else:
            piece += c
        i += 1
    pieces.append(piece)
    for p in pieces:
        m = re.match(r"\s*(\w+)\s*:", p)
        labels.append(m.group(1) if m else None)
    return labels


def constructor(swift):
    """(labels, argument text) of the `SceneTester(...)` a replay() test makes."""
    i = swift.index("try SceneTester(") + len("try SceneTester")
    end = balanced(swift, i)
    args = swift[i + 1:end - 1]
    return top_level_labels(args), args


def replay(swift):
    """What a replay() test does after making its tester, statement by statement, strictly:
    ('start', args), ('lines', [...]), ('send', line), ('refused', line, message),
    ('clock', move), ('inject', mode, provider), ('stored', [...]), ('restart',),
    ('comment', text), ('finish',)."""
    i = swift.index("try SceneTester(") + len("try SceneTester")
    pos = balanced(swift, i)
    m = re.compile(r"\s*app\.exhaustivity = \.off").match(swift, pos)
    assert m, swift[pos:pos + 200]
    pos = m.end()
    found = []
    while True:
        pos = re.compile(r"\s*").match(swift, pos).end()
        if re.fullmatch(r"[\s}]*", swift[pos:]):
            break
        for kind, rx in STATEMENTS:
            m = rx.match(swift, pos)
            if m:
                break
        else:
            raise AssertionError("not one of the tester's calls: " + swift[pos:pos + 200])
        pos = m.end()
        if kind == "start":
            found.append((kind, m.group("args")))
        elif kind in ("lines", "stored"):
            found.append((kind, strings_in(m.group("items"))))
        elif kind == "refused":
            found.append((kind, unescape(m.group("a")), unescape(m.group("b"))))
        elif kind in ("send", "clock"):
            found.append((kind, unescape(m.group("a"))))
        elif kind == "inject":
            found.append((kind, m.group("mode"), unescape(m.group("a"))))
        elif kind == "comment":
            found.append((kind, m.group("text")))
        else:
            found.append((kind,))
    return found


# ---------------------------------------------------------------- reading a transcript

MODES = {"fail": ".fail", "fail-store": ".failStores", "none": "nil"}


def expected_replay(transcript_text):
    """What docs/eject.md says a transcript whose output blocks are whole frames becomes:
    each input sent where it stands and its frame asserted, a refused one `sendRefused`,
    `> # text` a comment, `>> clock X` `moveClock("X")`, `>> fault P=M` `inject(M, on: P)`,
    `>> stored` `assertStored` of the printed lines, `>> restart` `restart()` and the first
    frame, `>> absent` nothing."""
    lines = transcript_text.splitlines()
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        i += 1
    items = []  # (marker, block)
    marker, block = ("start",), []
    for line in lines[i:]:
        if line.startswith(">> absent "):
            continue  # it sits among the output lines and stands for none of them
        if line.startswith("> ") or line.startswith(">> "):
            items.append((marker, block))
            marker, block = (line,), []
        else:
            block.append(line)
    items.append((marker, block))
    found = []
    for (mark,), block in items:
        if mark == "start":
            found += [("start", ""), ("lines", block)]
        elif mark.startswith("> # "):
            assert not block, block
            found.append(("comment", mark[4:]))
        elif mark.startswith("> "):
            if len(block) == 1 and block[0].startswith("error: "):
                found.append(("refused", mark[2:], block[0][len("error: "):]))
            else:
                found += [("send", mark[2:]), ("lines", block)]
        elif mark.startswith(">> clock "):
            assert not block, block
            found.append(("clock", mark[len(">> clock "):]))
        elif mark.startswith(">> fault "):
            assert not block, block
            provider, mode = mark[len(">> fault "):].split("=", 1)
            found.append(("inject", MODES[mode], provider))
        elif mark == ">> stored":
            found.append(("stored", block))
        elif mark == ">> restart":
            found += [("restart",), ("lines", block)]
        elif mark.startswith(">> absent "):
            assert not block, block
        else:
            raise AssertionError(mark)
    found.append(("finish",))
    return found


def blocks_after(transcript_text, marker):
    """The output blocks that follow each line equal to marker."""
    lines = transcript_text.splitlines()
    found = []
    for n, line in enumerate(lines):
        if line == marker:
            block = []
            for l in lines[n + 1:]:
                if l.startswith(">> absent "):
                    continue
                if l.startswith("> ") or l.startswith(">> "):
                    break
                block.append(l)
            found.append(block)
    return found


# ---------------------------------------------------------------- eject.md: directives become calls

CLOCK_ALL = """\
# all the directives, where they stand
# args: --width 50
>> stored
> stamp
>> clock +2h
> # the clock moved two hours
> stamp
> add milk
> save hi
>> stored
>> absent Wrong
>> fault note=fail
> save x
>> fault note=none
>> fault stamps=fail-store
> stamp
>> stored
>> restart
>> stored
> stamp
"""


# checks: docs/eject.md#tests-from-transcripts
def test_each_directive_becomes_the_testers_call_where_it_stands(tmp_path):
    app = clock_app(tmp_path, {"all.transcript": CLOCK_ALL})
    update_and_pass(tmp_path, "Clock")
    transcript = (app / "tests" / "all.transcript").read_text()
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    swift = swift_of(tmp_path, "ClockScenes", "all").read_text()
    got = replay(swift)
    assert got == expected_replay(transcript)
    # spelled as the docs spell them
    for call in ['app.moveClock("+2h")', 'app.inject(.fail, on: "note")',
                 'app.inject(nil, on: "note")', 'app.inject(.failStores, on: "stamps")',
                 "await app.assertStored([", "await app.restart()"]:
        assert call in swift, call
    # `>> absent` lines need nothing of their own
    assert "absent" not in swift and "Wrong" not in swift


# checks: docs/eject.md#tests-from-transcripts
def test_the_documented_fault_midway_sample_becomes_inject_calls_on_its_collection(tmp_path):
    """testing.md's Faults example is Scenes/Orders' fault-midway.transcript; its `>> fault`
    lines, on the `orders` collection, are the tester's `inject` where they stand."""
    app = orders_with(tmp_path, {}, keep=("fault-midway.transcript",))
    transcript = (app / "tests" / "fault-midway.transcript").read_text()
    assert run(["test", "Scenes/Orders"], tmp_path).returncode == 0
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = replay(swift_of(tmp_path, "OrdersScenes", "fault-midway").read_text())
    assert got == expected_replay(transcript)
    assert [e for e in got if e[0] == "inject"] == [
        ("inject", ".fail", "orders"), ("inject", "nil", "orders"),
        ("inject", ".failStores", "orders")]
    assert not [n for n in notes(p) if "fault-midway" in n], out(p)


CLOCK_MOVES = """\
# moves
# args: --width 50
>> clock +2h
> stamp
>> clock -30m
> stamp
>> clock 2026-03-01T09:00:00Z
> stamp
>> clock +1d12h
> stamp
>> clock 2026-03-01T09:00:00+01:00
> stamp
>> clock 2026-04-02
> stamp
"""


# checks: docs/eject.md#tests-from-transcripts
def test_clock_lines_become_move_clock_with_the_move_as_written(tmp_path):
    """`>> clock +2h` is `app.moveClock("+2h")`; every form testing.md's Time gives is passed
    on as it was typed, and the frames asserted after it show the moved time."""
    app = clock_app(tmp_path, {"moves.transcript": CLOCK_MOVES})
    update_and_pass(tmp_path, "Clock")
    transcript = (app / "tests" / "moves.transcript").read_text()
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    got = replay(swift_of(tmp_path, "ClockScenes", "moves").read_text())
    assert [e[1] for e in got if e[0] == "clock"] == [
        "+2h", "-30m", "2026-03-01T09:00:00Z", "+1d12h", "2026-03-01T09:00:00+01:00", "2026-04-02"]
    assert got == expected_replay(transcript)
    last = [e for e in got if e[0] == "lines"][-1][1]
    assert [l for l in last if re.match(r"\d+\. ", l)] == [
        "1. 2026-01-01T02:00:00Z", "2. 2026-01-01T01:30:00Z", "3. 2026-03-01T09:00:00Z",
        "4. 2026-03-02T21:00:00Z", "5. 2026-03-01T08:00:00Z", "6. 2026-04-02T00:00:00Z"], last


# checks: docs/eject.md#tests-from-transcripts
def test_stored_lines_are_asserted_as_the_run_printed_them(tmp_path):
    """`>> stored` is `await app.assertStored([…])` with the lines the run printed: here a
    collection's records, before and after a delete, as `scenery run --script` prints them."""
    orders_with(tmp_path, {"kept.transcript":
                           "# kept\n# args: --width 60 --fixture orders=seeds/two.json\n"
                           ">> stored\n> open 1\n> delete\n>> stored\n"})
    update_and_pass(tmp_path, "Scenes/Orders")
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = replay(swift_of(tmp_path, "OrdersScenes", "kept").read_text())
    stored = [e[1] for e in got if e[0] == "stored"]

    script = tmp_path / "script.txt"
    script.write_text(">> stored\nopen 1\ndelete\n>> stored\n")
    state = tmp_path / "run-state"
    r = run(["run", "Scenes/Orders", "--width", "60",
             "--fixture", "orders=Scenes/Orders/tests/seeds/two.json",
             "--script", script, "--state-dir", state], tmp_path)
    assert r.returncode == 0, out(r)
    printed, current = [], None
    for line in r.stdout.splitlines():
        if line == ">> stored":
            current = []
            printed.append(current)
        elif line.startswith("> ") or line.startswith(">> "):
            current = None
        elif current is not None and line.startswith("stored "):
            current.append(line)
    assert stored == printed
    assert stored[0][0].startswith("stored orders: 2 records [{"), stored
    assert stored[1][0].startswith("stored orders: 1 record [{"), stored


# checks: docs/eject.md#tests-from-transcripts
def test_stored_asserts_a_provider_that_cannot_be_read_as_the_run_said_it(tmp_path):
    app = clock_app(tmp_path, {"unreadable.transcript":
                               "# u\n# args: --width 50\n> save a\n>> fault note=fail\n>> stored\n"})
    update_and_pass(tmp_path, "Clock")
    transcript = (app / "tests" / "unreadable.transcript").read_text()
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    got = replay(swift_of(tmp_path, "ClockScenes", "unreadable").read_text())
    assert got == expected_replay(transcript)
    stored = [e[1] for e in got if e[0] == "stored"][0]
    assert [l.split(":")[0] for l in stored] == ["stored note", "stored notes", "stored stamps"]
    assert stored[0].startswith("stored note: cannot be read: "), stored


CLOCK_RESTART = """\
# restart
# args: --width 50
>> clock +2h
> stamp
> save kept
>> restart
> stamp
"""


# checks: docs/eject.md#tests-from-transcripts
def test_restart_becomes_restart_and_an_assertion_of_the_first_frame_shown_again(tmp_path):
    """The frame asserted after `await app.restart()` is the one the run showed: what was
    stored is there, the session's id is the next seed's, and the clock is back at --now."""
    app = clock_app(tmp_path, {"restart.transcript": CLOCK_RESTART})
    update_and_pass(tmp_path, "Clock")
    transcript = (app / "tests" / "restart.transcript").read_text()
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    got = replay(swift_of(tmp_path, "ClockScenes", "restart").read_text())
    assert got == expected_replay(transcript)
    n = got.index(("restart",))
    assert got[n + 1][0] == "lines", got  # the first frame, asserted at once
    again = got[n + 1][1]
    assert again == blocks_after(transcript, ">> restart")[0]
    first = got[1][1]
    assert "Note: kept" in again and "1. 2026-01-01T02:00:00Z" in again, again
    session = [l for l in again if l.startswith("Session: ")]
    assert session and session != [l for l in first if l.startswith("Session: ")], (first, again)
    after = got[n + 3][1]
    assert "2. 2026-01-01T00:00:00Z" in after, after


# checks: docs/eject.md#tests-from-transcripts
def test_restart_at_a_scene_given_by_scene_and_arg_takes_no_arguments(tmp_path):
    """The tester restarts where `start` started; the test says only `restart()`."""
    first = ("== Order ==\n[ Edit ] (disabled)\n[ Delete ] (disabled)\n[ Back ]\n"
             "! This order no longer exists.\n")
    app = orders_with(tmp_path, {"again.transcript":
                                 "# again\n# args: --width 60 --scene OrderDetails --arg orderId=gone "
                                 "--fixture orders=seeds/two.json\n" + first + ">> restart\n" + first})
    assert run(["test", "Scenes/Orders"], tmp_path).returncode == 0
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = replay(swift_of(tmp_path, "OrdersScenes", "again").read_text())
    frame = first.splitlines()
    assert got == [("start", 'at: "OrderDetails", args: .record(Record(fields: [("orderId", .string("gone"))]))'),
                   ("lines", frame), ("restart",), ("lines", frame), ("finish",)]
    assert not notes(p) or not [n for n in notes(p) if "again" in n], out(p)


# checks: docs/eject.md#tests-from-transcripts
def test_a_state_seed_is_the_testers_state_seed_found_from_the_app(tmp_path):
    """`# state: ../seedroot/one` (relative to the transcript) is a `stateSeed:` URL made
    from the app's folder that names the same folder; the first frame shows the seed."""
    app = clock_app(tmp_path, {"seeded.transcript":
                               "# s\n# state: ../seedroot/one\n# args: --width 50\n> stamp\n",
                               "plain.transcript": "# p\n# state: seeds/two/\n# args: --width 50\n"})
    (app / "seedroot" / "one").mkdir(parents=True)
    (app / "seedroot" / "one" / "Clock.json").write_text('{"note": "from the seed"}\n')
    (app / "tests" / "seeds" / "two").mkdir(parents=True)
    (app / "tests" / "seeds" / "two" / "Clock.json").write_text('{"note": "two"}\n')
    update_and_pass(tmp_path, "Clock")
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    for stem, folder, shown in [("seeded", app / "seedroot" / "one", "Note: from the seed"),
                                ("plain", app / "tests" / "seeds" / "two", "Note: two")]:
        swift = swift_of(tmp_path, "ClockScenes", stem).read_text()
        labels, args = constructor(swift)
        assert labels[-1] == "stateSeed", labels
        m = re.search(r"stateSeed:\s*URL\(fileURLWithPath:\s*ClockScenesTranscripts\.app\)"
                      r"\.appendingPathComponent\((%s)\)\s*$" % STRING, args)
        assert m, args
        assert os.path.normpath(os.path.join(str(app), unescape(m.group(1)))) == str(folder)
        got = replay(swift)
        assert shown in got[1][1], got[1]
    # the seed folders are the transcripts', not copied or written
    assert json.loads((app / "seedroot/one/Clock.json").read_text()) == {"note": "from the seed"}


# checks: docs/eject.md#tests-from-transcripts
def test_a_transcript_without_a_state_seed_gives_the_tester_none(tmp_path):
    clock_app(tmp_path, {"bare.transcript": "# b\n# args: --width 50\n> save a\n>> restart\n"})
    update_and_pass(tmp_path, "Clock")
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    labels, _ = constructor(swift_of(tmp_path, "ClockScenes", "bare").read_text())
    assert "stateSeed" not in labels, labels


LEFT_OUT = {
    "delay-midway": ("# m\n# args: --width 60\n...\n>> fault orders=delay:20\n...\n", "delay"),
    "delay-args": ("# d\n# args: --width 60 --fault orders=delay:20\n...\n", "delay"),
    "format": ("# f\n# args: --width 60 --format json\n...\n", "--format"),
    "trace": ("# t\n# args: --width 60 --trace\n...\n", "--trace"),
}
KEPT = {
    "clock": "# c\n# args: --width 60\n...\n>> clock +2h\n> new\n...\n",
    "fault-fail": "# f\n# args: --width 60\n...\n>> fault orders=fail\n> new\n...\n",
    "fault-store": "# f\n# args: --width 60\n...\n>> fault orders=fail-store\n>> fault orders=none\n...\n",
    "stored": "# s\n# args: --width 60\n...\n>> stored\n...\n",
    "restart": "# r\n# args: --width 60\n...\n>> restart\n...\n",
    "seeded": "# s\n# state: seeds/empty\n# args: --width 60\n...\n",
    "at-now": "# n\n# args: --width 60 --now 2026-01-01T00:00:00Z\n...\n>> clock +1d\n...\n",
    "now": "# n\n# args: --width 60 --now 2026-03-01T00:00:00Z\n...\n",
    "env": "# e\n# args: --width 60 --env k=v\n...\n",
    "tz": "# t\n# args: --width 60 --tz Europe/Paris\n...\n",
}


# checks: docs/eject.md#tests-from-transcripts
def test_only_real_time_delays_and_other_run_options_leave_a_transcript_out(tmp_path):
    """A `delay:MS` (in `# args:` or a `>> fault`), `--format` or `--trace` leaves a
    transcript out with a `note:` saying why; `>> clock`, `>> fault` with another mode,
    `>> stored`, `>> restart`, `# state:`, `--now`, `--env` and `--tz` do not."""
    transcripts = {f"{k}.transcript": v[0] for k, v in LEFT_OUT.items()}
    transcripts.update({f"{k}.transcript": v for k, v in KEPT.items()})
    app = orders_with(tmp_path, transcripts)
    (app / "tests" / "seeds" / "empty").mkdir(parents=True)
    t = run(["test", "Scenes/Orders"], tmp_path)
    assert t.returncode == 0, out(t)  # each transcript passes as written
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    written = {f.name for f in (tmp_path / "T" / "OrdersScenesTests").iterdir()}
    assert written == {"OrdersScenesTranscripts.swift"} | {f"{suite_name(k)}.swift" for k in KEPT}, out(p)
    for name, (_, why) in LEFT_OUT.items():
        said = [n for n in notes(p) if f"{name}.transcript" in n]
        assert len(said) == 1, (name, out(p))
        assert why in said[0], said[0]
    for name in KEPT:
        assert not [n for n in notes(p) if f"/{name}.transcript" in n], (name, out(p))


# checks: docs/eject.md#tests-from-transcripts
def test_a_directive_the_run_refuses_is_not_written_as_a_call_that_fails(tmp_path):
    """Not said in so many words: testing.md says `moveClock` "fails the test" on a move it
    cannot read, where `>> clock soon` only prints an error and the transcript goes on. A test
    made from such a transcript could not replay it the same way, so it must not call
    `moveClock("soon")` (or inject on a provider the app does not have)."""
    app = clock_app(tmp_path, {"bad.transcript":
                               "# b\n# args: --width 50\n>> clock soon\n>> fault nte=fail\n> stamp\n",
                               "good.transcript": "# g\n# args: --width 50\n>> clock +1h\n> stamp\n"})
    update_and_pass(tmp_path, "Clock")
    assert "error: 'soon' is not a move of the clock" in (app / "tests/bad.transcript").read_text()
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    bad = swift_of(tmp_path, "ClockScenes", "bad")
    if bad.exists():
        text = bad.read_text()
        assert 'moveClock("soon")' not in text and '"nte"' not in text, text
    else:
        assert [n for n in notes(p) if "bad.transcript" in n], out(p)
    assert swift_of(tmp_path, "ClockScenes", "good").exists()


# ---------------------------------------------------------------- testing.md: the tester's calls

# checks: docs/testing.md#2-a-json-scene-in-swift-scenetester
def test_the_tester_is_made_with_the_documented_labels_in_their_order(tmp_path):
    """`SceneTester(app:locale:fixtures:faults:registry:width:fixtureFiles:seed:stateSeed:)`:
    Swift takes labelled arguments in the declared order, so every test eject writes uses
    those labels only, in that order, `stateSeed:` last."""
    clock = clock_app(tmp_path, {
        "every.transcript": "# e\n# state: seeds/one\n# args: --width 44 --locale en_US --seed 3 "
                            "--fault note=fail-store --fixture stamps=stamps.json\n> stamp\n",
        "few.transcript": "# f\n# args: --width 50\n"})
    (clock / "tests" / "seeds" / "one").mkdir(parents=True)
    (clock / "tests" / "stamps.json").write_text('["2025-06-01T00:00:00Z"]\n')
    update_and_pass(tmp_path, "Clock")
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    texts = {stem: swift_of(tmp_path, "ClockScenes", stem).read_text() for stem in ("every", "few")}
    for stem, text in texts.items():
        labels, _ = constructor(text)
        assert None not in labels, labels
        assert labels == [l for l in DOCUMENTED_INIT if l in labels], (stem, labels)
        assert labels[0] == "app" and "registry" in labels, labels
    labels, args = constructor(texts["every"])
    assert labels == ["app", "locale", "faults", "registry", "width", "fixtureFiles", "seed", "stateSeed"], labels
    assert re.search(r'faults:\s*\["note":\s*\.failStores\]', args), args
    assert re.search(r"seed:\s*3\b", args), args
    got = replay(texts["every"])
    assert "1. 2025-06-01T00:00:00Z" in got[1][1], got[1]


# checks: docs/testing.md#2-a-json-scene-in-swift-scenetester
def test_move_clock_takes_the_documented_moves_unlabelled(tmp_path):
    """`moveClock(_ move)` with `"+2h"`, `"-30m"`, `"2026-03-01T09:00:00Z"`: no label, a
    string, as the tests eject writes call it."""
    clock_app(tmp_path, {"doc.transcript": "# d\n# args: --width 50\n>> clock +2h\n>> clock -30m\n"
                                           ">> clock 2026-03-01T09:00:00Z\n> stamp\n"})
    update_and_pass(tmp_path, "Clock")
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    swift = swift_of(tmp_path, "ClockScenes", "doc").read_text()
    calls = re.findall(r"^\s*(.*moveClock.*)$", swift, re.M)
    assert calls == ['app.moveClock("+2h")', 'app.moveClock("-30m")',
                     'app.moveClock("2026-03-01T09:00:00Z")'], calls
    got = replay(swift)
    assert "1. 2026-03-01T09:00:00Z" in got[-2][1], got[-2]


# checks: docs/testing.md#2-a-json-scene-in-swift-scenetester
def test_inject_nil_lifts_a_fault_the_testers_faults_gave(tmp_path):
    """`inject(_ fault, on: provider)`: `.fail`, `.failStores`, or `nil` to lift it (the one
    `faults:` gave too). A transcript run with `--fault orders=fail` that lifts it with
    `>> fault orders=none` is a tester made with `faults: ["orders": .fail]` and
    `inject(nil, on: "orders")`, after which the orders are read."""
    app = orders_with(tmp_path, {"lift.transcript":
                                 "# l\n# args: --width 60 --fault orders=fail --fixture orders=seeds/two.json\n"
                                 ">> fault orders=none\n> new\n> back\n"})
    update_and_pass(tmp_path, "Scenes/Orders")
    transcript = (app / "tests" / "lift.transcript").read_text()
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    swift = swift_of(tmp_path, "OrdersScenes", "lift").read_text()
    _, args = constructor(swift)
    assert re.search(r'faults:\s*\["orders":\s*\.fail\]', args), args
    got = replay(swift)
    assert got == expected_replay(transcript)
    assert got[2] == ("inject", "nil", "orders"), got
    assert any("cannot be loaded" in l for l in got[1][1]), got[1]
    assert "2 orders, $49.75 in all" in got[-2][1], got[-2]


# checks: docs/testing.md#2-a-json-scene-in-swift-scenetester
def test_restart_comes_back_with_the_testers_faults_and_the_next_seed(tmp_path):
    """`restart()`: "with the tester's faults and the next seed". The test says only
    `await app.restart()`; the frame it asserts is that of a session with the faults the
    tester was made with (not one injected later) and seed 6 after `--seed 5`."""
    app = clock_app(tmp_path, {"seeds.transcript":
                               "# s\n# args: --width 50 --seed 5 --fault note=fail-store\n"
                               ">> fault note=none\n> save a\n>> fault stamps=fail\n>> restart\n"
                               "> save b\n> stamp\n"})
    update_and_pass(tmp_path, "Clock")
    transcript = (app / "tests" / "seeds.transcript").read_text()
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    got = replay(swift_of(tmp_path, "ClockScenes", "seeds").read_text())
    assert got == expected_replay(transcript)
    n = got.index(("restart",))
    assert got[n + 1][0] == "lines" and got[n + 2][0] != "inject", got
    # the next seed: the session id a fresh run with --seed 6 shows
    script = tmp_path / "empty.txt"
    script.write_text("")
    r = run(["run", "Clock", "--width", "50", "--seed", "6", "--script", script,
             "--state-dir", tmp_path / "run-state"], tmp_path)
    assert r.returncode == 0, out(r)
    six = [l for l in r.stdout.splitlines() if l.startswith("Session: ")][0]
    assert six in got[n + 1][1], (six, got[n + 1])
    # the tester's fault is back (the store fails), the injected one is gone (stamps read and written)
    after_save = got[n + 3][1]
    assert any("note: could not be written" in l for l in after_save), after_save
    after_stamp = got[n + 5][1]
    assert "1. 2026-01-01T00:00:00Z" in after_stamp and not any(l.startswith("! ") for l in after_stamp)


# checks: docs/testing.md#2-a-json-scene-in-swift-scenetester
def test_assert_stored_takes_the_lines_as_stored_prints_them(tmp_path):
    """`assertStored(_ lines)`: a line each as `>> stored` prints it (`stored notes: ["milk"]`)."""
    clock_app(tmp_path, {"milk.transcript": "# m\n# args: --width 50\n> add milk\n>> stored\n"})
    update_and_pass(tmp_path, "Clock")
    p = eject_tests(tmp_path, "Clock")
    assert p.returncode == 0, out(p)
    swift = swift_of(tmp_path, "ClockScenes", "milk").read_text()
    got = replay(swift)
    assert got[-2] == ("stored", ['stored note: "none"', 'stored notes: ["milk"]', "stored stamps: []"]), got
    assert '"stored notes: [\\"milk\\"]"' in swift
    assert re.search(r"await app\.assertStored\(\[", swift)


# checks: docs/testing.md#2-a-json-scene-in-swift-scenetester
def test_assert_stored_of_an_app_with_no_durable_provider_is_empty(tmp_path):
    app = tmp_path / "Plain"
    (app / "scenes").mkdir(parents=True)
    (app / "tests").mkdir()
    (app / "app.json").write_text(json.dumps({
        "formatVersion": 1, "name": "Plain", "entry": "Plain",
        "providers": {"words": {"type": "inline", "model": "[string]", "value": ["a"]}}}))
    (app / "scenes" / "Plain.json").write_text(json.dumps({
        "formatVersion": 1, "scene": "Plain", "state": {}, "useCases": {},
        "view": [{"type": "header", "text": "Plain"}]}))
    (app / "tests" / "p.transcript").write_text("# p\n# args: --width 40\n== Plain ==\n>> stored\n")
    assert run(["test", "Plain"], tmp_path).returncode == 0
    p = eject_tests(tmp_path, "Plain")
    assert p.returncode == 0, out(p)
    got = replay(swift_of(tmp_path, "PlainScenes", "p").read_text())
    assert got == [("start", ""), ("lines", ["== Plain =="]), ("stored", []), ("finish",)]
