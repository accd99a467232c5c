"""Contract cases written from docs/architecture.md#collections-and-units-of-work, docs/architecture.md#declared-once and docs/cli.md alone.

Units of work are driven through `scenery run` with `--fault PROVIDER=delay:MS` standing in
for a server. The docs say how `scenery run` treats a line typed while a use case runs:
architecture.md "One action line, hop by hop" has the CLI read a line, perform it and wait
for `RuntimeApp.waitUntilSettled` before it renders, and cli.md promises that "frames are
printed once the work an action started has finished" and that output "is deterministic for
the same inputs and flags". So two typed lines never overlap in `scenery run`; use cases
that run at once are two `onAppear` use cases (manifest.md#collections: "Use cases that run
at once (two `onAppear` use cases, one typed while another awaits a server) take turns").
The cases therefore time a scene's first frame (it waits for all of its `onAppear` work),
and check that lines fed over time give the transcript a script gives.

Every app is written into pytest's tmp_path and validated first; every run keeps its state
in tmp_path (`--state-dir`, `XDG_STATE_HOME`, `TMPDIR`).
"""
# checks: docs/architecture.md#collections-and-units-of-work
# checks: docs/architecture.md#declared-once
# checks: docs/cli.md#scenery-run
# checks: docs/cli.md#scenery-test

import concurrent.futures
import json
import os
import pathlib
import re
import subprocess
import threading
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
SCENERY = os.environ.get("SCENERY", str(REPO / ".build" / "debug" / "scenery"))
CLI_DOC = REPO / "docs" / "cli.md"


# --- the app ---------------------------------------------------------------------------

APP = {
    "formatVersion": 1,
    "name": "Units",
    "entry": "Home",
    "models": {"Item": {"id": "string", "label": "string"}},
    "providers": {
        "alpha": {"type": "collection", "model": "Item", "key": "id"},
        "beta": {"type": "collection", "model": "Item", "key": "id"},
        # inline providers that --fault makes "a server" that answers late
        "server": {"type": "inline", "value": 1, "model": "int"},
        "other": {"type": "inline", "value": 2, "model": "int"},
        "tick": {"type": "inline", "value": 3, "model": "int"},
    },
}


def _insert(provider, key, label):
    return {"type": "insert", "provider": provider, "value": "@{{id: %s, label: '%s'}}" % (key, label)}


def _fetch(provider, local, args=None):
    step = {"type": "fetch", "provider": provider, "as": local}
    if args is not None:
        step["args"] = args
    return step


def _set(path, value):
    return {"type": "set", "path": path, "value": value}


SCENES = {
    "Home": {
        "formatVersion": 1,
        "scene": "Home",
        "state": {"alphaCount": {"type": "int?"}, "betaCount": {"type": "int?"}},
        "useCases": {
            "isolate": {"interactor": [{"type": "route", "to": "Isolate", "mode": "push"}]},
            "turns": {"interactor": [{"type": "route", "to": "Turns", "mode": "push"}]},
            "race": {"interactor": [{"type": "route", "to": "Race", "mode": "push"}]},
            "peek": {"interactor": [{"type": "route", "to": "Peek", "mode": "push"}]},
            "show": {"interactor": [{"type": "route", "to": "Show", "mode": "push",
                                     "args": {"label": "home"}}]},
            "count": {"interactor": [
                _fetch("alpha", "na", {"count": True}),
                _fetch("beta", "nb", {"count": True}),
                _set("state.alphaCount", "@{na}"),
                _set("state.betaCount", "@{nb}"),
            ]},
            # writes, then awaits the server: its write is open meanwhile
            "hold": {"request": {"id": "string"}, "interactor": [
                _insert("alpha", "'h-' + request.id", "held"),
                _fetch("server", "answer"),
            ]},
            # writes, awaits the server, then fails: its write must be undone
            "boom": {"request": {"id": "string"}, "interactor": [
                _insert("alpha", "'b-' + request.id", "boom"),
                _fetch("server", "answer"),
                {"type": "fail", "message": "the first one failed"},
            ]},
        },
        "view": [
            {"type": "header", "text": "Home"},
            {"type": "text", "if": "@{state.alphaCount != null}",
             "text": "alpha: @{state.alphaCount} beta: @{state.betaCount}"},
            {"type": "error"},
        ],
    },
    # one use case holds alpha's unit while it awaits the server; the other reads beta,
    # touched for the first time, then awaits a server of its own
    "Isolate": {
        "formatVersion": 1,
        "scene": "Isolate",
        "state": {"held": {"type": "bool", "default": False}, "betaCount": {"type": "int?"}},
        "onAppear": ["holdAlpha", "readBeta"],
        "useCases": {
            "holdAlpha": {"internal": True, "interactor": [
                _insert("alpha", "'i1'", "held"),
                _fetch("server", "answer"),
                _set("state.held", True),
            ]},
            "readBeta": {"internal": True, "interactor": [
                _fetch("beta", "n", {"count": True}),
                _fetch("other", "answer"),
                _set("state.betaCount", "@{n}"),
            ]},
        },
        "view": [
            {"type": "header", "text": "Isolate"},
            {"type": "text", "text": "held: @{state.held} beta: @{state.betaCount}"},
            {"type": "error"},
        ],
    },
    # two writers at once; the first fails after the server answers
    "Turns": {
        "formatVersion": 1,
        "scene": "Turns",
        "state": {"second": {"type": "string", "default": "not yet"}},
        "onAppear": ["first", "second"],
        "useCases": {
            "first": {"internal": True, "interactor": [
                _insert("alpha", "'t1'", "first"),
                _fetch("server", "answer"),
                {"type": "fail", "message": "the first one failed"},
            ]},
            "second": {"internal": True, "interactor": [
                _insert("alpha", "'t2'", "second"),
                _set("state.second", "written"),
            ]},
        },
        "view": [
            {"type": "header", "text": "Turns"},
            {"type": "text", "text": "second: @{state.second}"},
            {"type": "error"},
        ],
    },
    # as Turns, but both insert the same key: which one wrote first shows in the output
    "Race": {
        "formatVersion": 1,
        "scene": "Race",
        "state": {"second": {"type": "string", "default": "not yet"}},
        "onAppear": ["first", "second"],
        "useCases": {
            "first": {"internal": True, "interactor": [
                _insert("alpha", "'k'", "first"),
                _fetch("server", "answer"),
                {"type": "fail", "message": "the first one failed"},
            ]},
            "second": {"internal": True, "interactor": [
                _insert("alpha", "'k'", "second"),
                _set("state.second", "written"),
            ]},
        },
        "view": [
            {"type": "header", "text": "Race"},
            {"type": "text", "text": "second: @{state.second}"},
            {"type": "error"},
        ],
    },
    # a reader while another's write is open
    "Peek": {
        "formatVersion": 1,
        "scene": "Peek",
        "state": {"seen": {"type": "int?"}},
        "onAppear": ["write", "look"],
        "useCases": {
            "write": {"internal": True, "interactor": [
                _insert("alpha", "'p1'", "open"),
                _fetch("server", "answer"),
            ]},
            "look": {"internal": True, "interactor": [
                _fetch("tick", "t"),
                _fetch("alpha", "n", {"count": True}),
                _set("state.seen", "@{n}"),
            ]},
        },
        "view": [
            {"type": "header", "text": "Peek"},
            {"type": "text", "text": "seen: @{state.seen}"},
            {"type": "error"},
        ],
    },
    "Show": {
        "formatVersion": 1,
        "scene": "Show",
        "args": {"label": "string"},
        "view": [{"type": "header", "text": "Show @{args.label}"}],
    },
}


def _env(tmp_path):
    env = dict(os.environ)
    for name in ("xdg", "tmp"):
        (tmp_path / name).mkdir(exist_ok=True)
    env["XDG_STATE_HOME"] = str(tmp_path / "xdg")
    env["TMPDIR"] = str(tmp_path / "tmp")
    env.pop("FORCE_COLOR", None)
    env["NO_COLOR"] = "1"
    return env


def _scenery(tmp_path, *args, input_text=None, timeout=20):
    return subprocess.run([SCENERY, *map(str, args)], input=input_text, capture_output=True,
                          text=True, env=_env(tmp_path), timeout=timeout)


def _make_app(tmp_path):
    app = tmp_path / "Units"
    (app / "scenes").mkdir(parents=True)
    (app / "app.json").write_text(json.dumps(APP, indent=1))
    for name, scene in SCENES.items():
        (app / "scenes" / f"{name}.json").write_text(json.dumps(scene, indent=1))
    done = _scenery(tmp_path, "validate", app)
    assert done.returncode == 0, done.stderr
    assert "no problems found" in done.stdout
    return app


class Session:
    """A `scenery run` fed over a pipe, one line at a time, its output lines timed."""

    def __init__(self, tmp_path, *args):
        self.started = time.monotonic()
        self.proc = subprocess.Popen([SCENERY, "run", *map(str, args)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     bufsize=1, env=_env(tmp_path))
        self.lines = []  # (seconds since start, line)
        self.cond = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            with self.cond:
                self.lines.append((time.monotonic() - self.started, line.rstrip("\n")))
                self.cond.notify_all()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return time.monotonic() - self.started

    def wait_for(self, pattern, after=0, timeout=10):
        """The (time, line) of the first output line at index >= after matching pattern."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for at, line in self.lines[after:]:
                    if re.search(pattern, line):
                        return at, line
                left = deadline - time.monotonic()
                assert left > 0, f"no line matching {pattern!r}; output so far: {self.text()}"
                self.cond.wait(left)

    def text(self):
        return "\n".join(line for _, line in self.lines)

    def finish(self):
        self.proc.stdin.close()
        rc = self.proc.wait(timeout=20)
        self.reader.join(timeout=5)
        err = self.proc.stderr.read()
        self.proc.stderr.close()
        self.proc.stdout.close()
        return rc, self.text(), err


def _after(output, echo):
    """The output lines after the echo of an input line."""
    lines = output.splitlines()
    assert echo in lines, output
    return lines[lines.index(echo) + 1:]


def _collection_line(output, name):
    found = re.findall(rf"^collection {name}: .*$", output, re.M)
    assert len(found) == 1, output
    return found[0]


# --- units of work ---------------------------------------------------------------------

def test_a_use_case_reading_another_collection_never_waits_on_a_unit_that_awaits_a_server(tmp_path):
    # architecture.md: "Every collection of the app is opened — its table made or migrated,
    # its fixture seeded — when the database first is, before any unit can hold the writer,
    # so a use case that first touches a collection while another's unit awaits a server
    # never waits on that unit". manifest.md: two onAppear use cases "run at once".
    app = _make_app(tmp_path)
    fixture = tmp_path / "beta.json"
    fixture.write_text(json.dumps([{"id": "b1", "label": "x"}, {"id": "b2", "label": "y"}]))
    delay_ms = 1500
    s = Session(tmp_path, app, "--state-dir", tmp_path / "state", "--fixture", f"beta={fixture}",
                "--fault", f"server=delay:{delay_ms}", "--fault", f"other=delay:{delay_ms}")
    s.wait_for(r"^== Home ==$")
    sent = s.send("isolate")
    at, _ = s.wait_for(r"^held: ")
    s.send("back")
    s.send("count")
    s.send("quit")
    rc, out, err = s.finish()
    assert rc == 0, err
    assert "held: true beta: 2" in out, out
    elapsed = at - sent
    # Both use cases await a server of delay_ms. Run at once and unblocked, the frame (which
    # waits for both) comes after about one delay; had readBeta waited for holdAlpha's unit
    # before it could open beta, it would come after two.
    assert elapsed >= delay_ms / 1000 - 0.1, f"the delay did not apply ({elapsed:.2f} s)"
    assert elapsed < 2 * delay_ms / 1000 - 0.4, (
        f"the reader of 'beta' waited on the unit holding 'alpha': frame after {elapsed:.2f} s")
    # holdAlpha's write committed once its steps had run
    assert "alpha: 1 beta: 2" in _after(out, "> count"), out


def test_two_writers_take_turns_and_only_the_failed_ones_writes_are_undone(tmp_path):
    # manifest.md#collections: "when it fails or stops ... none of them is kept";
    # "Use cases that run at once ... take turns: one that writes waits until the other's
    # writes have committed or been undone, so neither can undo the other's."
    app = _make_app(tmp_path)
    s = Session(tmp_path, app, "--state-dir", tmp_path / "state", "--fault", "server=delay:600")
    s.wait_for(r"^== Home ==$")
    s.send("turns")
    s.wait_for(r"^second: ")
    s.send("state")
    s.send("back")
    s.send("count")
    rc, out, err = s.finish()
    assert rc == 0, err
    assert "second: written" in out, out
    assert "! the first one failed" in out, out
    alpha = _collection_line(out, "alpha")
    assert alpha.startswith("collection alpha: 1 record"), alpha
    assert '"t2"' in alpha and '"t1"' not in alpha, alpha
    assert "alpha: 1 beta: 0" in _after(out, "> count"), out


def test_a_reader_while_another_writes_sees_only_what_has_committed(tmp_path):
    # manifest.md#collections: "A use case that only reads, while another's writes are
    # still open, reads what has committed: never a record that the other may still undo."
    app = _make_app(tmp_path)
    s = Session(tmp_path, app, "--state-dir", tmp_path / "state",
                "--fault", "server=delay:700", "--fault", "tick=delay:150")
    s.wait_for(r"^== Home ==$")
    s.send("peek")
    s.wait_for(r"^seen: ")
    s.send("back")
    s.send("count")
    rc, out, err = s.finish()
    assert rc == 0, err
    assert "seen: 0" in out, out  # the open insert of 'p1' was not seen
    assert "alpha: 1 beta: 0" in _after(out, "> count"), out  # ...and it did commit after


def test_two_writers_at_once_give_the_same_output_every_run(tmp_path):
    # cli.md#scenery-run: "Output is deterministic for the same inputs and flags".
    # architecture.md: "two use cases that write wait for each other there, in the order
    # they asked" — Race's onAppear asks for `first` then `second`, both inserting key 'k'.
    # Whoever writes first decides the banner, so one run cannot tell; many runs can.
    app = _make_app(tmp_path)

    def one(i):
        done = _scenery(tmp_path, "run", app, "--state-dir", tmp_path / f"state{i}",
                        "--fault", "server=delay:5", input_text="race\nstate\n")
        assert done.returncode == 0, done.stderr
        return done.stdout

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        outputs = list(pool.map(one, range(120)))
    distinct = {}
    for out in outputs:
        distinct[out] = distinct.get(out, 0) + 1
    assert len(distinct) == 1, "the same input gave %d outputs:\n%s" % (
        len(distinct), "\n-----\n".join(f"{n}x:\n{o}" for o, n in distinct.items()))
    out = outputs[0]
    assert "! the first one failed" in out and "second: written" in out, out
    assert '{"id":"k","label":"second"}' in _collection_line(out, "alpha").replace(" ", ""), out


def test_lines_fed_while_a_use_case_awaits_a_server_give_the_scripted_transcript(tmp_path):
    # cli.md#scenery-run: each line "is echoed as `> line` before the frame it produces";
    # "frames are printed once the work an action started has finished"; output "is
    # deterministic for the same inputs and flags". manifest.md#collections: a use case
    # that fails keeps none of its writes.
    app = _make_app(tmp_path)
    lines = ["boom y", "hold z", "count", "state"]
    s = Session(tmp_path, app, "--state-dir", tmp_path / "fed", "--fault", "server=delay:700")
    s.wait_for(r"^== Home ==$")
    s.send(lines[0])
    time.sleep(0.2)  # `boom` now awaits the server with its insert open
    s.send(lines[1])
    time.sleep(0.2)
    s.send(lines[2])
    s.wait_for(r"^> count$")
    s.send(lines[3])
    rc, fed, err = s.finish()
    assert rc == 0, err

    script = tmp_path / "lines.txt"
    script.write_text("\n".join(lines) + "\n")
    done = _scenery(tmp_path, "run", app, "--state-dir", tmp_path / "scripted",
                    "--fault", "server=delay:700", "--script", script)
    assert done.returncode == 0, done.stderr
    assert fed == done.stdout.rstrip("\n"), f"fed over time:\n{fed}\n--- scripted:\n{done.stdout}"

    out = fed.splitlines()
    assert out.index("! the first one failed") < out.index("> hold z"), fed
    assert "alpha: 1 beta: 0" in out[out.index("> count"):], fed
    alpha = _collection_line(fed, "alpha")
    assert '"h-z"' in alpha and '"b-y"' not in alpha, alpha


# --- declared once: options ------------------------------------------------------------

def _documented_options(section):
    """(name, value placeholder or '') for each row of the option table under `## SECTION`."""
    text = CLI_DOC.read_text()
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    body = text[start:end if end != -1 else len(text)]
    options = []
    for row in re.findall(r"^\| `(--[^`]+)` \|", body, re.M):
        spec = row.replace("\\|", "|")
        name, _, value = spec.partition(" ")
        options.append((name, value))
    return options


def test_help_shows_every_documented_run_and_test_option_with_its_value(tmp_path):
    # architecture.md#declared-once: a `run`/`test` option is declared once and read by
    # "the parser, the usage text, a recording's `# args:`", and the tests fail "when
    # docs/cli.md's option tables and the declarations disagree".
    # cli.md: `--help` "prints the same text as `scenery help SUBCOMMAND`".
    for sub, least in (("scenery run", 18), ("scenery test", 10)):
        options = _documented_options(sub)
        assert len(options) >= least, options
        word = sub.split()[1]
        helped = _scenery(tmp_path, word, "--help")
        assert helped.returncode == 0, helped.stderr
        assert _scenery(tmp_path, "help", word).stdout == helped.stdout
        missing = []
        for name, value in options:
            if name == "--worker":
                continue  # documented as "internal ...; not for people"
            shown = name + (" " + value if value else "")
            if not re.search(rf"^\s+{re.escape(shown)}(\s|$)", helped.stdout, re.M):
                missing.append(shown)
        assert not missing, f"{word} --help lacks {missing}:\n{helped.stdout}"


def test_a_misspelt_option_is_a_usage_error_with_a_did_you_mean(tmp_path):
    # cli.md: "2 usage. A usage mistake names the valid choices, with a did-you-mean"
    # (the `--widht` example); usage errors go to standard error.
    app = _make_app(tmp_path)
    done = _scenery(tmp_path, "run", app, "--widht", "40", input_text="")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "error: unknown option '--widht'" in done.stderr, done.stderr
    assert "hint: did you mean '--width'?" in done.stderr, done.stderr
    assert "error:" not in done.stdout and "==" not in done.stdout, done.stdout

    done = _scenery(tmp_path, "test", app, "--filtr", "x")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "error: unknown option '--filtr'" in done.stderr, done.stderr
    assert "did you mean '--filter'?" in done.stderr, done.stderr


def test_a_repeated_option_is_refused_unless_it_is_repeatable(tmp_path):
    # cli.md marks the options that may be given again "(repeatable)" (`[--env K=V]...`
    # in the usage); the others are given once, and a usage mistake is exit 2.
    app = _make_app(tmp_path)
    for args in (["run", app, "--width", "40", "--width", "50"],
                 ["run", app, "--now", "2026-01-01T00:00:00Z", "--now", "2026-02-01T00:00:00Z"],
                 ["test", app, "--jobs", "1", "--jobs", "2"]):
        done = _scenery(tmp_path, *args, input_text="")
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert f"'{args[2]}'" in done.stderr, done.stderr
        assert "==" not in done.stdout, done.stdout
    done = _scenery(tmp_path, "run", app, "--state-dir", tmp_path / "state",
                    "--env", "A=1", "--env", "B=2",
                    "--fault", "server=delay:1", "--fault", "other=delay:1", input_text="quit\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== Home =="), done.stdout


def test_record_keeps_the_documented_options_in_its_args_and_replays(tmp_path):
    # cli.md `--record FILE`: "a header with `# args:` giving the width, locale, `--now` and
    # `--seed` used (always ...), any `--tz`, `--scene`, `--arg`, `--env`, `--fixture` (paths
    # relative to FILE), `--fault`, `--render`, `--format`, `--trace` and `--strict`, and an
    # `# app:` line unless FILE is in the app's `tests/` folder"; the transcript is one
    # "that `scenery test FILE` passes as it stands".
    app = _make_app(tmp_path)
    folder = tmp_path / "recordings"
    folder.mkdir()
    fixture = folder / "beta.json"
    fixture.write_text(json.dumps([{"id": "b1", "label": "x"}]))
    record = folder / "show.transcript"
    kept = ["--width 40", "--locale en_GB", "--now 2026-03-01T00:00:00Z", "--seed 7",
            "--tz Europe/Paris", "--scene Show", "--arg label=hi", "--env K=V",
            "--fault server=delay:5", "--render diff", "--trace", "--strict"]
    args = [word for option in kept for word in option.split(" ")]
    done = _scenery(tmp_path, "run", app, "--record", record, "--fixture", f"beta={fixture}",
                    *args, input_text="help\nquit\n")
    assert done.returncode == 0, done.stderr
    header = [line for line in record.read_text().splitlines() if line.startswith("# ")]
    arg_lines = [line for line in header if line.startswith("# args:")]
    assert len(arg_lines) == 1, header
    recorded = arg_lines[0][len("# args:"):]
    for option in kept + ["--fixture beta=beta.json"]:
        assert re.search(rf"(^|\s){re.escape(option)}(\s|$)", recorded), (option, recorded)
    assert "--state-dir" not in recorded and str(tmp_path) not in recorded, recorded
    assert any(line.startswith("# app:") for line in header), header

    replay = _scenery(tmp_path, "test", record)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "1 passed, 0 failed" in replay.stdout, replay.stdout


def test_record_always_writes_the_defaults_and_refuses_what_it_must(tmp_path):
    # cli.md `--record`: width, locale, `--now` and `--seed` are written "always"; no
    # `# app:` line in the app's tests/ folder; `--format` is kept and a JSON recording
    # "replays as it stands too"; "a file that does (kept as it is unless `--overwrite` is
    # given), is a usage error (exit 2) before anything runs"; "`--state-dir` is refused".
    app = _make_app(tmp_path)
    (app / "tests").mkdir()
    record = app / "tests" / "plain.transcript"
    done = _scenery(tmp_path, "run", app, "--record", record, "--format", "json",
                    input_text="count\nquit\n")
    assert done.returncode == 0, done.stderr
    text = record.read_text()
    recorded = re.search(r"^# args:(.*)$", text, re.M)
    assert recorded, text
    for pattern in (r"--width 60", r"--locale en_US", r"--now 2026-01-01T00:00:00Z",
                    r"--seed \d+", r"--format json"):
        assert re.search(rf"(^|\s){pattern}(\s|$)", recorded.group(1)), (pattern, text)
    assert not re.search(r"^# app:", text, re.M), text

    replay = _scenery(tmp_path, "test", app)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "1 passed, 0 failed" in replay.stdout, replay.stdout

    again = _scenery(tmp_path, "run", app, "--record", record, input_text="quit\n")
    assert again.returncode == 2, (again.stdout, again.stderr)
    assert record.read_text() == text
    assert "==" not in again.stdout, again.stdout
    over = _scenery(tmp_path, "run", app, "--record", record, "--overwrite", input_text="quit\n")
    assert over.returncode == 0, over.stderr
    assert record.read_text() != text

    refused = _scenery(tmp_path, "run", app, "--record", tmp_path / "other.transcript",
                       "--state-dir", tmp_path / "state", input_text="quit\n")
    assert refused.returncode != 0, refused.stdout
    assert "--state-dir" in refused.stderr, refused.stderr
