"""Contract tests for `scenery eject --tests DIR` and the `>> stored` directive, written from
the documentation alone: docs/eject.md ("Tests from transcripts"), docs/cli.md (the
synopsis and "scenery eject") and docs/testing.md (the directive list of "3. A flow:
transcripts", and "State: seeds, fixtures, restarts and absent lines").

Swift cannot be compiled here, so the tests eject writes are checked as text: the
SceneTester each one builds, the inputs it sends and the frames it asserts, read back out
of the Swift (string literals unescaped) and compared with what `scenery run` shows for the
same inputs. Every app is copied or written into pytest's tmp_path and every command runs
there; `scenery run` gets a `--state-dir` inside it and XDG_STATE_HOME points inside it too.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")
SHOP = os.environ.get("SHOP")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"
FORMAT_CONFIGURATION = REPO / ".ci" / "swift-format.json"
TIMEOUT = 60


# ---------------------------------------------------------------- helpers

def need(binary, var):
    if not binary:
        pytest.skip(f"{var} is not set")


def run(args, cwd, env=None):
    full = dict(os.environ)
    full.pop("EJECTED_SCENES", None)
    full.pop("FORCE_COLOR", None)
    full["NO_COLOR"] = "1"
    full["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")
    if env:
        full.update(env)
    return subprocess.run([str(a) for a in args], cwd=str(cwd), env=full,
                          capture_output=True, text=True, timeout=TIMEOUT)


def out(p):
    return p.stdout + p.stderr


def scenery(cwd, *args, binary=None):
    binary = binary or SCENERY
    need(binary, "SHOP" if binary is SHOP else "SCENERY")
    return run([binary, *args], cwd)


def eject_tests(cwd, app, *extra, binary=None, tests="T"):
    """`eject APP --all --tests DIR --no-format`: the Swift's content, not its layout."""
    return scenery(cwd, "eject", app, "--all", "--tests", tests, "--no-format", *extra,
                   binary=binary)


def files_under(root):
    root = Path(root)
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def copy_sample(dest_root, name):
    dest = Path(dest_root) / "Scenes" / name
    shutil.copytree(SAMPLES / name, dest)
    return dest


def orders_with(tmp, transcripts):
    """The Orders sample with only the transcripts given (its seeds kept)."""
    app = copy_sample(tmp, "Orders")
    for t in (app / "tests").glob("*.transcript"):
        t.unlink()
    for name, text in transcripts.items():
        (app / "tests" / name).write_text(text)
    return app


def flat(text):
    """Swift text with whitespace collapsed and none just inside brackets."""
    t = re.sub(r"\s+", " ", text)
    t = re.sub(r"([(\[]) ", r"\1", t)
    t = re.sub(r" ([)\]])", r"\1", t)
    return t.strip()


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


EVENT = re.compile(
    r"await app\.start\((?P<start>.*?)\)\n"
    r"|await app\.sendRefused\((?P<rline>%(s)s),\s*(?P<rmsg>%(s)s)\)"
    r"|await app\.send\((?P<send>%(s)s)\)"
    r"|app\.assertLines\(\[(?P<lines>(?:\s*%(s)s\s*,?)*)\s*\]\)"
    r"|^[ \t]*//(?!/) ?(?P<comment>[^\n]*)$"
    r"|await app\.(?P<finish>finish)\(\)" % {"s": STRING}, re.M | re.S)


def events(swift):
    """What a replay() test does, in order: ('start', args), ('send', line),
    ('refused', line, message), ('lines', [...]), ('comment', text), ('finish',)."""
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
        elif m.group("comment") is not None:
            found.append(("comment", m.group("comment")))
        else:
            found.append(("finish",))
    return found


def constructor_of(swift):
    """The `SceneTester(...)` construction, flattened."""
    m = re.search(r"try SceneTester\((.*?)\)\s*\n\s*app\.exhaustivity", swift, re.S)
    assert m, swift
    return flat("SceneTester(" + m.group(1) + ")")


def header_args(transcript_text):
    for line in transcript_text.splitlines():
        if line.startswith("# args:"):
            return shlex.split(line[len("# args:"):])
    return []


def inputs_of(transcript_text):
    return [l[2:] for l in transcript_text.splitlines() if l.startswith("> ")]


def run_blocks(cwd, app, flags, lines):
    """`scenery run` with the lines as a script: the first frame, then (line, output) pairs."""
    script = Path(cwd) / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    state = Path(cwd) / "run-state"
    state.mkdir(exist_ok=True)
    p = scenery(cwd, "run", app, *flags, "--script", script, "--state-dir", state)
    assert p.returncode == 0, out(p)
    first, pairs, current = [], [], None
    for line in p.stdout.splitlines():
        if line.startswith("> "):
            current = (line[2:], [])
            pairs.append(current)
        elif current is None:
            first.append(line)
        else:
            current[1].append(line)
    return first, pairs


def notes(p):
    return [l for l in out(p).splitlines() if l.startswith("note:")]


PRINT_ONLY = {"help", "state", "stack"}


# ---------------------------------------------------------------- eject --tests: files

# checks: docs/eject.md#tests-from-transcripts
def test_tests_writes_a_file_per_transcript_and_the_shared_file(tmp_path):
    app = copy_sample(tmp_path, "Orders")
    p = eject_tests(tmp_path, "Scenes/Orders", "--template", "stt")
    assert p.returncode == 0, out(p)
    written = set(files_under(tmp_path / "T" / "OrdersScenesTests"))
    # every transcript is made a test: a '>> restart' and a '>> fault' become the tester's calls
    names = [t.stem for t in (app / "tests").glob("*.transcript")]
    expected = {"OrdersScenesTranscripts.swift"} | {
        "".join(w.capitalize() for w in n.split("-")) + "TranscriptTests.swift" for n in names}
    assert written == expected, out(p)
    created = {l[len("created T/OrdersScenesTests/"):] for l in p.stdout.splitlines()
               if l.startswith("created T/OrdersScenesTests/")}
    assert created == expected, out(p)
    assert list((tmp_path / "T").iterdir()) == [tmp_path / "T" / "OrdersScenesTests"]


# checks: docs/eject.md#tests-from-transcripts
def test_test_file_is_named_after_its_transcript_with_one_replay_test(tmp_path):
    orders_with(tmp_path, {"edit.transcript": "# e\n# args: --width 60\n...\n",
                           "details-unavailable.transcript": "# d\n# args: --width 60\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    folder = tmp_path / "T" / "OrdersScenesTests"
    for transcript, suite in [("edit", "EditTranscriptTests"),
                              ("details-unavailable", "DetailsUnavailableTranscriptTests")]:
        text = (folder / f"{suite}.swift").read_text()
        assert re.search(r"@Suite struct %s\b" % suite, text), text
        assert len(re.findall(r"@Test func replay\(\) async throws", text)) == 1, text
        assert len(re.findall(r"@Test\b", text)) == 1, text
        assert f"{transcript}.transcript" in text, text


# checks: docs/eject.md#tests-from-transcripts
def test_shared_file_finds_the_app_from_its_own_place_and_registers_the_module(tmp_path):
    app = orders_with(tmp_path, {"plain.transcript": "# p\n# args: --width 60\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders", tests="a/b/Deep")
    assert p.returncode == 0, out(p)
    shared = tmp_path / "a/b/Deep/OrdersScenesTests/OrdersScenesTranscripts.swift"
    text = shared.read_text()
    f = flat(text)
    assert re.search(r"\benum OrdersScenesTranscripts\b", f), text
    m = re.search(r"static let app = URL\(fileURLWithPath: #filePath\)"
                  r"\.deletingLastPathComponent\(\)\.appendingPathComponent\((%s)\)" % STRING, f)
    assert m, text
    found = os.path.normpath(os.path.join(str(shared.parent), unescape(m.group(1))))
    assert found == str(app), (found, str(app))
    assert re.search(r"static func registry\(\) -> SceneRegistry", f), text
    assert "OrdersScenes.register(into: registry)" in f, text
    assert re.search(r"^import OrdersScenes$", text, re.M), text
    test = (shared.parent / "PlainTranscriptTests.swift").read_text()
    assert "app: OrdersScenesTranscripts.app" in flat(test), test
    assert "registry: OrdersScenesTranscripts.registry()" in flat(test), test


# checks: docs/eject.md#tests-from-transcripts
def test_module_option_names_the_tests_folder_and_shared_type(tmp_path):
    orders_with(tmp_path, {"plain.transcript": "# p\n# args: --width 60\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders", "--module", "Flows")
    assert p.returncode == 0, out(p)
    folder = tmp_path / "T" / "FlowsTests"
    assert sorted(files_under(folder)) == ["FlowsTranscripts.swift", "PlainTranscriptTests.swift"]
    shared = flat((folder / "FlowsTranscripts.swift").read_text())
    assert "enum FlowsTranscripts" in shared and "Flows.register(into: registry)" in shared
    assert "FlowsTranscripts.registry()" in flat((folder / "PlainTranscriptTests.swift").read_text())


def doc_example():
    text = (REPO / "docs" / "eject.md").read_text()
    section = text[text.index("## Tests from transcripts"):]
    return re.search(r"```swift\n(.*?)```", section, re.S).group(1)


# checks: docs/eject.md#tests-from-transcripts
def test_documented_edit_example_is_what_eject_writes(tmp_path):
    copy_sample(tmp_path, "Orders")
    p = eject_tests(tmp_path, "Scenes/Orders", "--template", "stt")
    assert p.returncode == 0, out(p)
    written = flat((tmp_path / "T/OrdersScenesTests/EditTranscriptTests.swift").read_text())
    before, after = doc_example().split("…\n")
    assert flat(before) in written, (flat(before), written[:1500])
    assert written.endswith(flat(after)), written[-300:]


# ---------------------------------------------------------------- eject --tests: what a test holds

# checks: docs/eject.md#tests-from-transcripts
def test_every_frame_is_asserted_whole_as_the_scenes_show_it(tmp_path):
    """create.transcript is recorded with --render diff; its test asserts whole frames,
    each as `scenery run --render full` shows it, after each input sent as typed."""
    app = copy_sample(tmp_path, "Orders")
    transcript = (app / "tests" / "create.transcript").read_text()
    assert "--render diff" in transcript
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = [e for e in events((tmp_path / "T/OrdersScenesTests/CreateTranscriptTests.swift").read_text())
           if e[0] != "comment"]
    flags = [a for a in header_args(transcript) if a not in ("--render", "diff")]
    typed = [l for l in inputs_of(transcript) if not l.startswith("#")]
    first, pairs = run_blocks(tmp_path, "Scenes/Orders", flags + ["--render", "full"], typed)
    expected = [("start", ""), ("lines", first)]
    for line, shown in pairs:
        if shown and shown[0].startswith("error: "):
            assert len(shown) == 1, shown
            expected.append(("refused", line, shown[0][len("error: "):]))
        elif line.split()[0] in PRINT_ONLY:
            continue
        else:
            expected += [("send", line), ("lines", shown)]
    expected.append(("finish",))
    assert got == expected


# checks: docs/eject.md#tests-from-transcripts
def test_frames_a_transcript_wrote_as_ellipsis_are_written_whole(tmp_path):
    orders_with(tmp_path, {"dots.transcript": "# dots\n# args: --width 60\n...\n> new\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = events((tmp_path / "T/OrdersScenesTests/DotsTranscriptTests.swift").read_text())
    first, pairs = run_blocks(tmp_path, "Scenes/Orders", ["--width", "60"], ["new"])
    assert got == [("start", ""), ("lines", first), ("send", "new"), ("lines", pairs[0][1]),
                   ("finish",)]
    assert first[0] == "== Orders ==" and pairs[0][1][0] == "== New order =="


# checks: docs/eject.md#tests-from-transcripts
def test_frames_are_what_the_json_scenes_show_not_what_a_stale_transcript_says(tmp_path):
    orders_with(tmp_path, {"stale.transcript": "# stale\n# args: --width 60\n== Wrong ==\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = events((tmp_path / "T/OrdersScenesTests/StaleTranscriptTests.swift").read_text())
    first, _ = run_blocks(tmp_path, "Scenes/Orders", ["--width", "60"], [])
    assert ("lines", first) in got, got
    assert ("lines", ["== Wrong =="]) not in got, got


# checks: docs/eject.md#tests-from-transcripts
def test_a_refused_input_becomes_send_refused_with_its_message(tmp_path):
    copy_sample(tmp_path, "Shop")
    for t in (tmp_path / "Scenes/Shop/tests").glob("*.transcript"):
        if t.name != "login.transcript":
            t.unlink()
    # The Shop has Swift components: its tests are made with its own executable.
    need(SHOP, "SHOP")
    p = eject_tests(tmp_path, "Scenes/Shop", binary=SHOP)
    assert p.returncode == 0, out(p)
    got = events((tmp_path / "T/ShopScenesTests/LoginTranscriptTests.swift").read_text())
    refused = [e for e in got if e[0] == "refused"]
    assert refused == [("refused", "login",
                        "'login' is disabled: the 'Sign in' button is disabled now")], got
    assert ("send", "login") in got  # the later login, once the email is there


# checks: docs/eject.md#tests-from-transcripts
def test_help_state_and_stack_are_left_as_comments(tmp_path):
    orders_with(tmp_path, {"prints.transcript":
                           "# prints\n# args: --width 60\n...\n> help\n...\n> state\n...\n"
                           "> stack\n...\n> new\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = events((tmp_path / "T/OrdersScenesTests/PrintsTranscriptTests.swift").read_text())
    sends = [e for e in got if e[0] in ("send", "refused")]
    assert sends == [("send", "new")], got
    comments = [e[1] for e in got if e[0] == "comment"]
    for word in ["help", "state", "stack"]:
        assert any(re.search(r"\b%s\b" % word, c) for c in comments), comments
    # the comments stand where the inputs stood: before the 'new' that followed them
    assert [e[0] for e in got[:6]] == ["start", "lines", "comment", "comment", "comment", "send"], got


# checks: docs/eject.md#tests-from-transcripts
def test_transcript_comment_lines_become_comments_before_the_next_input(tmp_path):
    orders_with(tmp_path, {"remarks.transcript":
                           "# remarks\n# args: --width 60\n...\n> # an empty list first\n"
                           "> new\n...\n> # then back\n> back\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = [e for e in events((tmp_path / "T/OrdersScenesTests/RemarksTranscriptTests.swift").read_text())
           if e[0] != "lines"]
    assert got == [("start", ""), ("comment", "an empty list first"), ("send", "new"),
                   ("comment", "then back"), ("send", "back"), ("finish",)]


# checks: docs/eject.md#tests-from-transcripts
def test_inputs_and_frames_are_swift_literals_of_the_exact_text(tmp_path):
    typed = "note 'say \"hi\" \\(x) $y'"
    orders_with(tmp_path, {"quotes.transcript":
                           "# quotes\n# args: --width 60\n...\n> new\n...\n"
                           "> # a \"quoted\" \\(remark)\n> " + typed + "\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = events((tmp_path / "T/OrdersScenesTests/QuotesTranscriptTests.swift").read_text())
    assert ("send", typed) in got, got
    assert ("comment", 'a "quoted" \\(remark)') in got, got
    frame = got[got.index(("send", typed)) + 1]
    assert frame[0] == "lines" and 'Note: [say "hi" \\(x) $y]  > note' in frame[1], frame


OPTION_CASES = [
    ("--width 50", ["width: 50"]),
    ("--locale ru_RU", ['locale: "ru_RU"']),
    ("--seed 7", ["seed: 7"]),
    ("--fixture orders=seeds/two.json",
     ['fixtureFiles: ["orders": URL(fileURLWithPath: OrdersScenesTranscripts.app)'
      '.appendingPathComponent("tests/seeds/two.json")]']),
    ("--fault orders=fail", ['faults: ["orders": .fail]']),
    ("--fault orders=fail-store", ['faults: ["orders": .failStores]']),
]


# checks: docs/eject.md#tests-from-transcripts
@pytest.mark.parametrize("args,fragments", OPTION_CASES, ids=[a.split()[0] + "-" + a.split()[1]
                                                              for a, _ in OPTION_CASES])
def test_a_transcripts_run_options_become_the_testers(tmp_path, args, fragments):
    orders_with(tmp_path, {"opt.transcript": f"# opt\n# args: {args}\n...\n> new\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    text = (tmp_path / "T/OrdersScenesTests/OptTranscriptTests.swift").read_text()
    call = constructor_of(text)
    for fragment in fragments:
        assert fragment in call, call
    assert "app: OrdersScenesTranscripts.app" in call and \
        "registry: OrdersScenesTranscripts.registry()" in call, call
    assert "app.exhaustivity = .off" in text
    got = events(text)
    assert got[0] == ("start", "") and got[-1] == ("finish",), got
    # the frames are those the JSON scenes show with the same options
    first, pairs = run_blocks(tmp_path, "Scenes/Orders",
                              shlex.split(args.replace("seeds/", "Scenes/Orders/tests/seeds/")), ["new"])
    assert [e for e in got if e[0] == "lines"] == [("lines", first), ("lines", pairs[0][1])]


# checks: docs/eject.md#tests-from-transcripts
def test_scene_and_arg_become_the_start_of_the_test(tmp_path):
    orders_with(tmp_path, {"details.transcript":
                           "# details\n# args: --width 60 --scene OrderDetails --arg orderId=gone "
                           "--fixture orders=seeds/two.json\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    got = events((tmp_path / "T/OrdersScenesTests/DetailsTranscriptTests.swift").read_text())
    assert got[0] == ("start", 'at: "OrderDetails", args: .record(Record(fields: [("orderId", .string("gone"))]))'), got
    first, _ = run_blocks(tmp_path, "Scenes/Orders",
                          ["--width", "60", "--scene", "OrderDetails", "--arg", "orderId=gone",
                           "--fixture", "orders=Scenes/Orders/tests/seeds/two.json"], [])
    assert got[1] == ("lines", first), got
    assert "! This order no longer exists." in first


LEFT_OUT = [
    ("midway-delay", "# m\n# args: --width 60\n...\n>> fault orders=delay:100\n...\n", "delay"),
    ("delay", "# d\n# args: --width 60 --fault orders=delay:100\n...\n", "delay"),
    ("format", "# f\n# args: --width 60 --format json\n...\n", "--format"),
    ("trace", "# t\n# args: --width 60 --trace\n...\n", "--trace"),
]


# checks: docs/eject.md#tests-from-transcripts
@pytest.mark.parametrize("name,text,why", LEFT_OUT, ids=[c[0] for c in LEFT_OUT])
def test_a_transcript_a_test_cannot_replay_is_left_out_with_a_note(tmp_path, name, text, why):
    app = orders_with(tmp_path, {f"{name}.transcript": text,
                                 "kept.transcript": "# k\n# args: --width 60\n...\n"})
    (app / "tests" / "seeds" / "one").mkdir(parents=True)
    (app / "tests" / "seeds" / "one" / "Orders.json").write_text("{}\n")
    assert scenery(tmp_path, "test", "Scenes/Orders").returncode == 0  # the transcript itself passes
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    written = set(files_under(tmp_path / "T" / "OrdersScenesTests"))
    assert written == {"OrdersScenesTranscripts.swift", "KeptTranscriptTests.swift"}, out(p)
    said = [n for n in notes(p) if f"{name}.transcript" in n]
    assert len(said) == 1, out(p)
    assert why in said[0], said[0]


# checks: docs/eject.md#tests-from-transcripts ("Its `>> ` lines become the tester's calls,
# where they stand")
def test_clock_fault_and_stored_lines_become_the_testers_calls(tmp_path):
    orders_with(tmp_path, {
        "directives.transcript": "# d\n# args: --width 60\n...\n>> clock +1h\n>> fault orders=fail\n"
                                 "> new\n...\n>> fault orders=none\n>> fault orders=fail-store\n>> stored\n...\n"})
    assert scenery(tmp_path, "test", "Scenes/Orders").returncode == 0
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    text = (tmp_path / "T/OrdersScenesTests/DirectivesTranscriptTests.swift").read_text()
    calls = [l.strip() for l in text.splitlines()
             if l.strip().startswith(("app.moveClock", "app.inject", "await app.assertStored", "await app.send"))]
    assert calls[:5] == ['app.moveClock("+1h")', 'app.inject(.fail, on: "orders")', 'await app.send("new")',
                         'app.inject(nil, on: "orders")', 'app.inject(.failStores, on: "orders")'], calls
    assert len(calls) == 6 and calls[5].startswith("await app.assertStored(["), calls


# checks: docs/eject.md#tests-from-transcripts ("`>> actions` is `app.assertActions([…])`")
def test_an_actions_line_becomes_the_testers_assert_actions(tmp_path):
    orders_with(tmp_path, {"offers.transcript": "# o\n# args: --width 60\n...\n>> actions\n...\n"})
    assert scenery(tmp_path, "test", "Scenes/Orders").returncode == 0
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    text = flat((tmp_path / "T/OrdersScenesTests/OffersTranscriptTests.swift").read_text())
    # an empty list offers no row, and its action is not typed either, as the legend says
    assert 'app.assertActions(["actions shown: new"])' in text, text


# checks: docs/eject.md#tests-from-transcripts ("`>> restart` is `await app.restart()` and an
# assertion of the first frame the app shows again; a `# state:` seed is the tester's
# `stateSeed:`")
def test_a_restart_and_a_state_seed_become_the_testers(tmp_path):
    app = orders_with(tmp_path, {
        "again.transcript": "# a\n# state: seeds/empty\n# args: --width 60\n...\n>> restart\n...\n"})
    (app / "tests" / "seeds" / "empty").mkdir(parents=True)
    assert scenery(tmp_path, "test", "Scenes/Orders").returncode == 0
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    text = flat((tmp_path / "T/OrdersScenesTests/AgainTranscriptTests.swift").read_text())
    assert 'stateSeed: URL(fileURLWithPath: OrdersScenesTranscripts.app).appendingPathComponent("tests/seeds/empty")' in text, text
    assert "await app.restart() app.assertLines([" in text, text


# checks: docs/eject.md#tests-from-transcripts
def test_a_transcript_at_the_usual_now_and_one_with_absent_lines_are_made_tests(tmp_path):
    """A transcript at the usual --now, and one with `>> absent` lines, are made tests: neither is a reason to leave one out."""
    orders_with(tmp_path, {
        "fixed.transcript": "# f\n# args: --width 60 --now 2026-01-01T00:00:00Z --seed 0\n...\n",
        "absent.transcript": "# a\n# args: --width 60\n...\n>> absent Wrong\n> new\n...\n"})
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    written = set(files_under(tmp_path / "T" / "OrdersScenesTests"))
    assert {"FixedTranscriptTests.swift", "AbsentTranscriptTests.swift"} <= written, out(p)
    assert not [n for n in notes(p) if ".transcript" in n], out(p)
    got = events((tmp_path / "T/OrdersScenesTests/AbsentTranscriptTests.swift").read_text())
    assert ("send", "new") in got


# ---------------------------------------------------------------- eject --tests: Swift components

# checks: docs/eject.md#tests-from-transcripts
def test_registry_calls_register_components_only_for_an_app_with_swift_components(tmp_path):
    copy_sample(tmp_path, "Shop")
    copy_sample(tmp_path, "Orders")
    p = eject_tests(tmp_path, "Scenes/Shop", binary=SHOP or SCENERY)
    q = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0 and q.returncode == 0, out(p) + out(q)
    shop = flat((tmp_path / "T/ShopScenesTests/ShopScenesTranscripts.swift").read_text())
    orders = flat((tmp_path / "T/OrdersScenesTests/OrdersScenesTranscripts.swift").read_text())
    registry = shop[shop.index("static func registry()"):]
    assert "registerComponents(registry)" in registry, shop
    # registered as the app's executable does: its components, then the module
    assert registry.index("registerComponents(registry)") < registry.index("ShopScenes.register(into: registry)")
    assert "registerComponents" not in orders, orders
    # the function is the team's: eject neither writes nor defines it
    written = files_under(tmp_path / "T")
    assert "ShopScenesTests/Components.swift" not in written
    assert not any(re.search(rb"func registerComponents", v) for v in written.values())


# checks: docs/eject.md#tests-from-transcripts
def test_eject_runs_the_transcripts_with_the_executables_swift_components(tmp_path):
    need(SHOP, "SHOP")
    app = copy_sample(tmp_path, "Shop")
    for t in (app / "tests").glob("*.transcript"):
        t.unlink()
    rewards = (app / "tests/swift/rewards.transcript").read_text().splitlines(keepends=True)
    (app / "tests/rewards.transcript").write_text(
        "".join(l for l in rewards if not l.startswith(("# app:", "# run with"))))
    assert scenery(tmp_path, "test", app / "tests/rewards.transcript", binary=SHOP).returncode == 0
    p = eject_tests(tmp_path, "Scenes/Shop", binary=SHOP)
    assert p.returncode == 0, out(p)
    got = events((tmp_path / "T/ShopScenesTests/RewardsTranscriptTests.swift").read_text())
    frames = [e[1] for e in got if e[0] == "lines"]
    assert ["== Rewards ==", "You have 471 points", "★★ Silver", "Add something to earn points",
            "400 points make a $4.00 voucher", "[ Back ]"] in frames, frames
    assert any("! points are redeemed in hundreds, not 150" in f for f in frames), frames


# ---------------------------------------------------------------- eject --tests: the samples

def need_swift_format():
    swift = shutil.which("swift")
    ok = False
    if swift:
        try:
            ok = subprocess.run([swift, "format", "--version"], capture_output=True,
                                timeout=TIMEOUT).returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            ok = False
    if not ok or not FORMAT_CONFIGURATION.exists():
        pytest.skip("'swift format' or the project's format configuration is not available")


# checks: docs/eject.md#tests-from-transcripts
# Formatted with the project's own configuration (.ci/swift-format.json), as its files are.
@pytest.mark.parametrize("app,template,binary_var", [("Orders", "stt", "SCENERY"),
                                                     ("Shop", "yarch", "SHOP")])
def test_checked_in_sample_tests_are_what_eject_tests_writes(tmp_path, app, template, binary_var):
    binary = {"SCENERY": SCENERY, "SHOP": SHOP}[binary_var]
    need(binary, binary_var)
    need_swift_format()
    copy_sample(tmp_path, app)
    p = scenery(tmp_path, "eject", f"Scenes/{app}", "--all", "--template", template,
                "--tests", "Tests", "--format-configuration", FORMAT_CONFIGURATION, binary=binary)
    assert p.returncode == 0, out(p)
    fresh = files_under(tmp_path / "Tests" / f"{app}ScenesTests")
    there = files_under(REPO / "Tests" / f"{app}ScenesTests")
    there.pop("Components.swift", None)  # the team's registerComponents, not eject's
    assert sorted(fresh) == sorted(there)
    for name in there:
        assert fresh[name].decode() == there[name].decode(), name


# checks: docs/eject.md#tests-from-transcripts
def test_test_files_import_only_what_the_test_target_is_said_to_depend_on(tmp_path):
    """eject.md: "The test target depends on the module, `SceneTesting`, `SceneRuntime`,
    `SceneManifest` and `Testing`." The files eject writes should need nothing else
    (Foundation aside)."""
    copy_sample(tmp_path, "Orders")
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 0, out(p)
    imported = set()
    for text in files_under(tmp_path / "T").values():
        imported |= set(re.findall(r"^import (\w+)$", text.decode(), re.M))
    assert {"OrdersScenes", "SceneTesting", "SceneRuntime", "Testing"} <= imported, imported
    allowed = {"OrdersScenes", "SceneTesting", "SceneRuntime", "SceneManifest", "Testing", "Foundation"}
    assert imported <= allowed, f"imported beyond the documented dependencies: {sorted(imported - allowed)}"


# checks: docs/eject.md#eject-a-scene
def test_a_test_file_that_exists_is_not_written_over_without_force(tmp_path):
    orders_with(tmp_path, {"plain.transcript": "# p\n# args: --width 60\n...\n"})
    mine = tmp_path / "T" / "OrdersScenesTests" / "PlainTranscriptTests.swift"
    mine.parent.mkdir(parents=True)
    mine.write_text("// my own test\n")
    before = files_under(tmp_path)
    p = eject_tests(tmp_path, "Scenes/Orders")
    assert p.returncode == 1, out(p)
    assert "T/OrdersScenesTests/PlainTranscriptTests.swift" in out(p), out(p)
    assert files_under(tmp_path) == before
    p = eject_tests(tmp_path, "Scenes/Orders", "--force")
    assert p.returncode == 0, out(p)
    assert "my own test" not in mine.read_text() and "func replay()" in mine.read_text()


# ---------------------------------------------------------------- cli.md

def synopsis(block_text):
    m = re.search(r"^(scenery eject .*?)(?=^scenery |\Z)", block_text, re.M | re.S)
    assert m, block_text
    return " ".join(m.group(1).split())


# checks: docs/cli.md#scenery-eject
def test_tests_option_is_in_every_synopsis_and_in_help(tmp_path):
    cli = (REPO / "docs" / "cli.md").read_text()
    top = re.search(r"```\n(scenery run .*?)```", cli, re.S).group(1)
    section = cli[cli.index("## scenery eject"):]
    own = re.search(r"```\n(.*?)```", section, re.S).group(1)
    eject_md = (REPO / "docs" / "eject.md").read_text()
    guide = re.search(r"```\n(scenery eject .*?)```", eject_md, re.S).group(1)
    assert synopsis(top) == synopsis(own) == synopsis(guide)
    assert "[--tests DIR]" in synopsis(top)
    h = scenery(tmp_path, "eject", "--help")
    assert h.returncode == 0, out(h)
    usage = re.search(r"USAGE: (scenery eject .*?)\n\n", h.stdout, re.S).group(1)
    assert " ".join(usage.split()) == synopsis(top), h.stdout
    assert re.search(r"^\s+--tests DIR\s", h.stdout, re.M), h.stdout
    assert "MODULETests" in h.stdout, h.stdout


# checks: docs/cli.md#scenery-eject
def test_tests_without_a_folder_is_a_usage_error(tmp_path):
    copy_sample(tmp_path, "Orders")
    before = files_under(tmp_path)
    p = scenery(tmp_path, "eject", "Scenes/Orders", "--all", "--tests")
    assert p.returncode == 2, out(p)
    assert "--tests" in p.stderr, out(p)
    assert files_under(tmp_path) == before


# checks: docs/cli.md#scenery-eject
def test_without_tests_eject_writes_no_tests(tmp_path):
    copy_sample(tmp_path, "Orders")
    p = scenery(tmp_path, "eject", "Scenes/Orders", "--all", "--no-format")
    assert p.returncode == 0, out(p)
    assert sorted(f.name for f in tmp_path.iterdir() if not f.name.startswith(".")) == \
        ["Scenes", "Sources"], out(p)
    assert not any("Tests/" in l for l in p.stdout.splitlines()), out(p)


# ---------------------------------------------------------------- testing.md: >> stored

NOTES_APP = {
    "formatVersion": 1, "name": "Notes", "entry": "Notes",
    "models": {"Order": {"id": "string", "total": "int"}},
    "providers": {
        "note": {"type": "keyValue", "model": "string", "default": "none"},
        "alpha": {"type": "keyValue", "model": "int", "default": 3},
        "orders": {"type": "collection", "model": "Order", "key": "id"},
        "fixed": {"type": "inline", "model": "[string]", "value": ["a"]},
    },
}
NOTES_SCENE = {
    "formatVersion": 1, "scene": "Notes",
    "state": {"note": {"type": "string", "default": ""},
              "draft": {"type": "string", "default": "none"}},
    "useCases": {
        "load": {"interactor": [{"type": "fetch", "provider": "note", "as": "n"},
                                {"type": "set", "path": "state.note", "value": "@{n}"}]},
        "save": {"request": {"text": "string"}, "interactor": [
            {"type": "store", "provider": "note", "value": "@{request.text}"},
            {"type": "set", "path": "state.note", "value": "@{request.text}"}]},
        "draft": {"request": {"text": "string"}, "interactor": [
            {"type": "set", "path": "state.draft", "value": "@{request.text}"}]},
        "add": {"request": {"id": "string", "total": "int"}, "interactor": [
            {"type": "insert", "provider": "orders",
             "value": {"id": "@{request.id}", "total": "@{request.total}"}}]},
    },
    "onAppear": ["load"],
    "view": [{"type": "text", "text": "Note: @{state.note}"},
             {"type": "text", "text": "Draft: @{state.draft}"}],
}


def notes_app(tmp, transcript, name="t"):
    app = Path(tmp) / "Notes"
    (app / "scenes").mkdir(parents=True)
    (app / "tests").mkdir()
    (app / "app.json").write_text(json.dumps(NOTES_APP, indent=2))
    (app / "scenes" / "Notes.json").write_text(json.dumps(NOTES_SCENE, indent=2))
    path = app / "tests" / f"{name}.transcript"
    path.write_text(transcript)
    return app, path


def stored_lines(text):
    return [l for l in text.splitlines() if l.startswith("stored ")]


# checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_stored_prints_each_keyvalue_provider_and_collection_in_name_order(tmp_path):
    app, _ = notes_app(tmp_path, """\
# stored
# args: --width 60
Note: none
Draft: none
>> stored
stored alpha: 3
stored note: "none"
...
> save hello
Note: hello
Draft: none
>> stored
stored alpha: 3
stored note: "hello"
...
""")
    p = scenery(tmp_path, "test", "Notes")
    assert p.returncode == 0, out(p)
    assert "PASS Notes/tests/t.transcript" in p.stdout, out(p)
    # every line, read back through --update: one per keyValue provider and collection,
    # in name order, none for the inline provider
    path = app / "tests" / "t.transcript"
    path.write_text("# stored\n# args: --width 60\n>> stored\n> save hello\n>> stored\n")
    q = scenery(tmp_path, "test", "Notes", "--update")
    assert q.returncode == 0, out(q)
    text = path.read_text()
    names = [re.match(r"stored (\w+):", l).group(1) for l in stored_lines(text)]
    assert names == ["alpha", "note", "orders"] * 2, text


# checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_stored_lists_a_collections_records_as_json_with_their_count(tmp_path):
    app, path = notes_app(tmp_path, "# c\n# args: --width 60\n> add a1 5\n> add b2 7\n>> stored\n")
    p = scenery(tmp_path, "test", "Notes", "--update")
    assert p.returncode == 0, out(p)
    text = path.read_text()
    lines = [l for l in stored_lines(text) if l.startswith("stored orders:")]
    assert len(lines) == 1, text
    m = re.match(r"stored orders: 2 records (.*)$", lines[0])
    assert m, lines[0]
    records = json.loads(m.group(1))
    assert sorted(records, key=lambda r: r["id"]) == [{"id": "a1", "total": 5}, {"id": "b2", "total": 7}]
    q = scenery(tmp_path, "test", "Notes")
    assert q.returncode == 0, out(q)


# checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_stored_after_a_restart_shows_what_survived_it(tmp_path):
    app, _ = notes_app(tmp_path, """\
# survives
# args: --width 60
...
> save hello
...
> draft wip
...
>> restart
Note: hello
Draft: none
>> stored
stored alpha: 3
stored note: "hello"
...
>> absent wip
""")
    p = scenery(tmp_path, "test", "Notes")
    assert p.returncode == 0, out(p)


# checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_stored_shows_a_keyvalue_fixture_until_something_is_stored(tmp_path):
    """The fixture "takes the place of the provider's default", which `>> stored` shows
    before any store; the fixture file is never written."""
    app, _ = notes_app(tmp_path, """\
# fixture
# args: --width 60 --fixture note=note.json
Note: from the fixture
Draft: none
>> stored
stored alpha: 3
stored note: "from the fixture"
...
> save x
...
>> stored
stored alpha: 3
stored note: "x"
...
""")
    (app / "tests" / "note.json").write_text('"from the fixture"\n')
    p = scenery(tmp_path, "test", "Notes")
    assert p.returncode == 0, out(p)
    assert json.loads((app / "tests" / "note.json").read_text()) == "from the fixture"


# checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_stored_says_when_a_provider_cannot_be_read(tmp_path):
    app, path = notes_app(tmp_path, "# f\n# args: --width 60 --fault note=fail\n...\n>> stored\n")
    p = scenery(tmp_path, "test", "Notes", "--update")
    assert p.returncode == 0, out(p)
    lines = stored_lines(path.read_text())
    assert [l.split(":")[0] for l in lines] == ["stored alpha", "stored note", "stored orders"], lines
    assert lines[0] == "stored alpha: 3", lines
    assert lines[1].startswith("stored note: cannot be read: "), lines


# checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_stored_is_echoed_and_its_lines_are_compared_as_output(tmp_path):
    app, _ = notes_app(tmp_path, """\
# wrong
# args: --width 60
...
> save hello
...
>> stored
stored alpha: 3
stored note: "bye"
...
""")
    p = scenery(tmp_path, "test", "Notes")
    assert p.returncode == 1, out(p)
    assert "FAIL Notes/tests/t.transcript" in p.stderr, out(p)
    diff = p.stderr.splitlines()
    assert ' >> stored' in diff, out(p)           # in the output as in the transcript
    assert '-stored note: "bye"' in diff, out(p)
    assert '+stored note: "hello"' in diff, out(p)


# checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_update_keeps_stored_where_it_stood_and_writes_its_lines(tmp_path):
    app, path = notes_app(tmp_path, "# u\n# args: --width 60\n>> stored\n> save hi\n>> stored\n")
    p = scenery(tmp_path, "test", "Notes", "--update")
    assert p.returncode == 0, out(p)
    text = path.read_text()
    directives = [l for l in text.splitlines() if l.startswith(">")]
    assert directives == [">> stored", "> save hi", ">> stored"], text
    assert 'stored note: "none"' in text and 'stored note: "hi"' in text, text
    assert text.index('stored note: "none"') < text.index("> save hi") < text.index('stored note: "hi"')
    q = scenery(tmp_path, "test", "Notes", "--jobs", "2")
    assert q.returncode == 0 and "PASS Notes/tests/t.transcript" in q.stdout, out(q)


# checks: docs/testing.md#3-a-flow-transcripts
def test_stored_in_the_shop_lists_its_keyvalue_providers_only(tmp_path):
    """The Shop keeps `orders` and `session` in keyValue providers; `loyalty` is Swift,
    `products` a file and `deals` http: none of those has a line."""
    need(SHOP, "SHOP")
    app = copy_sample(tmp_path, "Shop")
    for t in (app / "tests").glob("*.transcript"):
        t.unlink()
    (app / "tests" / "s.transcript").write_text("""\
# s
# args: --width 48
...
>> stored
stored orders: []
stored session: null
> email ada@example.com
...
> login
...
>> stored
stored orders: []
stored session: "ada@example.com"
""")
    p = scenery(tmp_path, "test", "Scenes/Shop", binary=SHOP)
    assert p.returncode == 0, out(p)
    assert "PASS" in p.stdout, out(p)


# checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
def test_an_unknown_directive_fails_the_transcript_naming_its_line(tmp_path):
    app, _ = notes_app(tmp_path, "# u\n# args: --width 60\n...\n>> stored\n...\n>> sotred\n...\n")
    (app / "tests" / "ok.transcript").write_text("# ok\n# args: --width 60\n...\n")
    p = scenery(tmp_path, "test", "Notes")
    assert p.returncode == 1, out(p)
    fail = [l for l in p.stderr.splitlines() if l.startswith("FAIL Notes/tests/t.transcript")]
    assert fail, out(p)
    assert "line 6: unknown directive '>> sotred'" in fail[0], fail[0]
    assert "PASS Notes/tests/ok.transcript" in p.stdout, out(p)
    assert "1 passed, 1 failed" in p.stdout, out(p)
