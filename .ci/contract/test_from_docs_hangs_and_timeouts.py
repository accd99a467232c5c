"""Contract tests for hangs and transcript timeouts, written from the documentation alone:

- docs/explore.md: the synopsis (`--hang SECONDS`), the "no hang" row of "What it checks",
  the hang paragraph of "What it writes" (a `# timeout:` line of the `--hang` seconds, the
  action that hung as the transcript's last line with nothing under it, `scenery test`
  saying `timed out after N s`), `--hang` among the options `# found by:` names, and the
  first bullet of "What is not there yet" (`--hang` catches work that waits);
- docs/cli.md: the `--hang SECONDS` row of the `scenery explore` options (1–600, default 5;
  a value out of range is a usage error, exit 2);
- docs/testing.md, "3. A flow: transcripts": the `# timeout: SECONDS` header (fails the
  transcript when it runs longer than that, as `--timeout` does; the lower of the two holds;
  whole seconds, 1–86400).

Work that never finishes is made two ways, with no real server: an `http` provider
(docs/manifest.md) whose `url` points at a TCP port on 127.0.0.1 that takes connections and
never answers a byte (a socket served by a thread of this test), with a `timeout` of 60 s
(6 s for the first-frame case, to keep the file short);
and `--fault P=delay:MS` (docs/cli.md, docs/testing.md#faults), which makes a provider wait
in real time. Every app, state folder and output lives in pytest's tmp_path; every command
runs there with XDG_STATE_HOME inside it. `--hang 1` and a few walks keep the file short.
"""
import json
import re
import socket
import threading
import time
from pathlib import Path

import pytest

from scenery_cli import need_scenery, run_scenery

TIMEOUT = 90

SUMMARY = re.compile(
    r"^explored (?P<app>\S+): (?P<walks>\d+) walks?, (?P<actions>\d+) actions?, "
    r"(?P<frames>\d+) distinct frames?, (?P<pct>\d+\.\d)% of places reached "
    r"\((?P<reached>\d+)/(?P<places>\d+)\), (?P<failures>\d+) failures?$")
FOUND_BY = re.compile(r"^# found by: scenery explore (?P<command>.*), walk (?P<walk>\d+), "
                      r"shrunk from (?P<before>\d+) actions? to (?P<after>\d+)$")


# ---------------------------------------------------------------- helpers

def run(args, cwd, timeout=TIMEOUT):
    return run_scenery(args, cwd, timeout=timeout)


def timed(args, cwd, timeout=TIMEOUT):
    t0 = time.monotonic()
    p = run(args, cwd, timeout)
    return p, time.monotonic() - t0


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


def transcripts(root, folder="explore"):
    d = Path(root) / folder
    return sorted(d.glob("*.transcript")) if d.is_dir() else []


def header(text):
    return [l for l in text.splitlines() if l.startswith("#")]


def body(text):
    """Everything after the header (which ends at the first line without '#')."""
    lines = text.splitlines()
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        i += 1
    return lines[i:]


def header_value(text, name):
    vals = [l[len(f"# {name}:"):].strip() for l in header(text) if l.startswith(f"# {name}:")]
    return vals


def found_by(text):
    lines = [l for l in header(text) if l.startswith("# found by:")]
    assert len(lines) == 1, text
    m = FOUND_BY.match(lines[0])
    assert m, f"# found by: of an unexpected shape: {lines[0]!r}"
    return m


def option_value(command, name):
    """The value after `name` in the command part of a `# found by:` line, or None."""
    words = command.split()
    for i, w in enumerate(words):
        if w == name and i + 1 < len(words):
            return words[i + 1]
        if w.startswith(name + "="):
            return w[len(name) + 1:]
    return None


def write_app(root, app, scenes):
    root = Path(root)
    (root / "scenes").mkdir(parents=True, exist_ok=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        (root / "scenes" / f"{scene['scene']}.json").write_text(json.dumps(scene, indent=2))
    return root


def setp(path, value, **kw):
    return {"type": "set", "path": path, "value": value, **kw}


# ---------------------------------------------------------------- a server that never answers

class Silent:
    """Listens on 127.0.0.1, takes every connection and never sends a byte. Records, for each
    connection, when it was taken and when the other side closed it (None while open)."""

    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.lock = threading.Lock()
        self.conns = []  # [socket, opened, closed]
        self.stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.stopped:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            rec = [c, time.monotonic(), None]
            with self.lock:
                self.conns.append(rec)
            threading.Thread(target=self._read, args=(rec,), daemon=True).start()

    def _read(self, rec):
        c = rec[0]
        try:
            while True:
                data = c.recv(4096)  # the request; never answered
                if not data:
                    break
        except OSError:
            pass
        rec[2] = time.monotonic()

    def times(self):
        with self.lock:
            return [(r[1], r[2]) for r in self.conns]

    def stop(self):
        self.stopped = True
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


@pytest.fixture
def silent():
    s = Silent()
    yield s
    s.stop()


# ---------------------------------------------------------------- apps

def waits_app(root, name="Waits", port=None, on_appear=False, fixed=False, timeout_ms=60000):
    """One scene, Home, whose only use case `load` reads a provider: `api`, an http provider
    at the silent port with a 60 s timeout (port given), or `memo`, a keyValue provider (no
    port: slow only under `--fault memo=delay:MS`). There is always a Load button, so nothing
    but a hang (or a slow read) can break a walk. `fixed`: load reads nothing."""
    providers = {"memo": {"type": "keyValue", "model": "string", "default": "hello"}}
    provider = "memo"
    if port is not None:
        providers["api"] = {"type": "http", "url": f"http://127.0.0.1:{port}/things",
                            "timeout": timeout_ms, "cache": "networkOnly"}
        provider = "api"
    app = {"formatVersion": 1, "name": name, "entry": "Home", "providers": providers}
    if fixed:
        load = [setp("state.text", "done")]
    else:
        load = [{"type": "fetch", "provider": provider, "as": "got",
                 "onError": [setp("state.text", "failed")]},
                setp("state.text", "loaded")]
    home = {
        "formatVersion": 1, "scene": "Home",
        "state": {"text": {"type": "string", "default": "nothing yet"}},
        "useCases": {"load": {"interactor": load}},
        "view": [{"type": "header", "text": "Home"},
                 {"type": "text", "text": "Got: @{state.text}"},
                 {"type": "button", "title": "Load", "action": "load"},
                 {"type": "error"}]}
    if on_appear:
        home["onAppear"] = ["load"]
    return write_app(Path(root) / name, app, [home])


# A use case that divides by zero: a runtime error (E502) explore finds at once.
NAMES_APP = {"formatVersion": 1, "name": "Names", "entry": "Profile"}
NAMES = {
    "formatVersion": 1, "scene": "Profile",
    "state": {"saved": {"type": "string", "default": "nothing"},
              "zero": {"type": "decimal", "default": 0}},
    "useCases": {"save": {"interactor": [setp("state.saved", "@{string(1 / state.zero)}")]}},
    "view": [{"type": "text", "text": "Saved: @{state.saved}"},
             {"type": "button", "title": "Save", "action": "save"},
             {"type": "error"}]}


# ---------------------------------------------------------------- one explore run, shared

@pytest.fixture(scope="module")
def hang_run(tmp_path_factory):
    """`scenery explore Waits --walks 3 --steps 5 --hang 1` on an app whose Load button waits
    on a server that never answers (within a 60 s provider timeout); then `scenery test` on
    what it wrote."""
    need_scenery()
    root = tmp_path_factory.mktemp("hang")
    srv = Silent()
    try:
        waits_app(root, port=srv.port)
        p, took = timed(["explore", "Waits", "--walks", 3, "--steps", 5, "--hang", 1], root)
        ended = time.monotonic()
        conns = srv.times()
        files = transcripts(root)
        t = t_took = None
        if len(files) == 1:
            t, t_took = timed(["test", files[0]], root)
        yield {"root": root, "p": p, "took": took, "ended": ended, "conns": conns,
               "files": files, "t": t, "t_took": t_took}
    finally:
        srv.stop()


def the_transcript(hr):
    assert len(hr["files"]) == 1, (hr["files"], out(hr["p"]))
    return hr["files"][0].read_text()


# ---------------------------------------------------------------- explore: no hang

# checks: docs/explore.md#what-it-checks
def test_work_that_never_finishes_is_a_hang_found_once(hang_run):
    p = hang_run["p"]
    assert p.returncode == 1, out(p)
    s = summary(p)
    assert s["app"] == "Waits" and s["walks"] == 3, s
    # every walk hangs at the same place, for the same reason: written once
    assert s["failures"] == 1, out(p)
    fails = fail_lines(p)
    assert len(fails) == 1 and fails[0].startswith("FAIL no hang: "), out(p)


# checks: docs/explore.md#what-it-checks
def test_a_hang_ends_its_walk_and_explore_does_not_wait_for_the_servers_timeout(hang_run):
    p = hang_run["p"]
    s = summary(p)
    # each walk's first action is Load, which hangs: "The walk ends there" (up to --steps 5
    # actions otherwise)
    assert s["actions"] <= s["walks"], out(p)
    # three walks of 1 s hangs, not the provider's 60 s timeout
    assert hang_run["took"] < 30, (hang_run["took"], out(p))


# checks: docs/explore.md#what-it-checks
def test_the_work_of_a_walk_that_hung_is_cancelled(hang_run):
    """"its work is cancelled": the request the first walk sent is given up (its connection
    closed by the client) while explore goes on, not only when the process ends."""
    conns = hang_run["conns"]
    assert len(conns) >= 2, conns  # one a walk at least
    opened, closed = conns[0]
    assert closed is not None, conns
    assert closed < hang_run["ended"] - 0.5, (closed, hang_run["ended"], conns)


# checks: docs/explore.md#what-it-writes
def test_a_hang_is_written_as_no_hang_N_and_listed(hang_run):
    p = hang_run["p"]
    assert [f.name for f in hang_run["files"]] == ["no-hang-1.transcript"], out(p)
    lines = out(p).splitlines()
    i = next(i for i, l in enumerate(lines) if l.startswith("FAIL no hang: "))
    assert lines[i + 1] == "  1 action, written to explore/no-hang-1.transcript", out(p)


# checks: docs/explore.md#what-it-writes
def test_the_hang_transcript_has_a_timeout_line_of_the_hang_seconds(hang_run):
    text = the_transcript(hang_run)
    assert header(text)[0].startswith("# explore: no hang — "), text
    assert header_value(text, "timeout") == ["1"], text
    assert header_value(text, "app") == ["../Waits"], text


# checks: docs/explore.md#what-it-writes
def test_the_action_that_hung_is_the_last_line_with_nothing_under_it(hang_run):
    text = the_transcript(hang_run)
    b = body(text)
    assert b, text
    assert b[-1] == "> load", text
    # the frame before it is the session's output, as `scenery run` prints it
    assert "Got: nothing yet" in b, text
    assert [l for l in b if l.startswith("> ")] == ["> load"], text
    assert text.rstrip("\n").splitlines()[-1] == "> load", repr(text)


# checks: docs/explore.md#what-it-writes
def test_scenery_test_says_timed_out_after_the_hang_seconds(hang_run):
    t = hang_run["t"]
    assert t is not None, out(hang_run["p"])
    assert t.returncode == 1, out(t)
    path = hang_run["files"][0]
    assert re.search(r"^FAIL \S*no-hang-1\.transcript: timed out after 1 s$", out(t), re.M), out(t)
    assert "0 passed, 1 failed" in t.stdout, out(t)
    # 1 s, not the provider's 60 s nor --timeout's 30 s default
    assert hang_run["t_took"] < 20, hang_run["t_took"]
    assert path.exists()


# checks: docs/explore.md#what-it-writes
def test_found_by_names_the_hang_option(hang_run):
    m = found_by(the_transcript(hang_run))
    cmd = m["command"]
    assert cmd.split()[0] == "Waits", cmd
    assert option_value(cmd, "--hang") == "1", cmd
    assert option_value(cmd, "--steps") == "5", cmd
    assert option_value(cmd, "--seed") == "0", cmd
    assert m["after"] == "1", m.group(0)


# checks: docs/explore.md#what-it-writes
def test_found_by_names_the_hang_option_for_any_finding(tmp_path):
    """--hang shapes every walk (where it ends), so `# found by:` names it for a runtime
    error found with it too."""
    write_app(tmp_path / "Names", NAMES_APP, [NAMES])
    p = run(["explore", "Names", "--walks", 3, "--hang", 3], tmp_path)
    assert p.returncode == 1, out(p)
    files = transcripts(tmp_path)
    assert [f.name for f in files] == ["no-runtime-error-1.transcript"], out(p)
    text = files[0].read_text()
    cmd = found_by(text)["command"]
    assert option_value(cmd, "--hang") == "3", cmd
    # a hang's `# timeout:` line is for hangs
    assert header_value(text, "timeout") == [], text


@pytest.fixture(scope="module")
def first_frame_run(tmp_path_factory):
    """`scenery explore Waits --walks 2 --steps 3 --hang 1` on an app whose first frame (an
    `onAppear` load) waits on the silent server, with a provider timeout of 6 s."""
    need_scenery()
    root = tmp_path_factory.mktemp("first-frame")
    srv = Silent()
    try:
        waits_app(root, port=srv.port, on_appear=True, timeout_ms=6000)
        p, took = timed(["explore", "Waits", "--walks", 2, "--steps", 3, "--hang", 1], root)
        conns = srv.times()
        files = transcripts(root)
        t = None
        if len(files) == 1:
            t = run(["test", files[0]], root)
        yield {"root": root, "p": p, "took": took, "conns": conns, "files": files, "t": t}
    finally:
        srv.stop()


# checks: docs/explore.md#what-it-checks
def test_the_first_frames_work_can_hang_too(first_frame_run):
    p = first_frame_run["p"]
    assert p.returncode == 1, out(p)
    fails = fail_lines(p)
    assert len(fails) == 1 and fails[0].startswith("FAIL no hang: "), out(p)
    files = first_frame_run["files"]
    assert [f.name for f in files] == ["no-hang-1.transcript"], out(p)
    text = files[0].read_text()
    assert header_value(text, "timeout") == ["1"], text
    # no action started it: the transcript types nothing
    assert not [l for l in body(text) if l.startswith("> ")], text
    t = first_frame_run["t"]
    assert t.returncode == 1, out(t)
    assert re.search(r"^FAIL \S*no-hang-1\.transcript: timed out after 1 s$", out(t), re.M), out(t)


# checks: docs/explore.md#what-it-checks
def test_a_first_frame_hang_is_cut_after_hang_seconds(first_frame_run):
    conns = first_frame_run["conns"]
    assert conns, conns
    for opened, closed in conns:
        assert closed is not None and closed - opened < 3, conns
    # two walks of a 1 s hang each, not the provider's 6 s timeout
    assert first_frame_run["took"] < 5, first_frame_run["took"]


# checks: docs/explore.md#what-it-checks
def test_the_default_hang_is_5_seconds(tmp_path):
    """Without --hang, a read that waits 7 s is a hang after 5 s: `# timeout: 5`, and
    `scenery test` says `timed out after 5 s`."""
    waits_app(tmp_path)
    p, took = timed(["explore", "Waits", "--walks", 1, "--steps", 1,
                     "--fault", "memo=delay:7000"], tmp_path)
    assert p.returncode == 1, out(p)
    fails = fail_lines(p)
    assert len(fails) == 1 and fails[0].startswith("FAIL no hang: "), out(p)
    files = transcripts(tmp_path)
    assert [f.name for f in files] == ["no-hang-1.transcript"], out(p)
    text = files[0].read_text()
    assert header_value(text, "timeout") == ["5"], text
    assert body(text)[-1] == "> load", text
    assert took >= 4.5, took
    t = run(["test", files[0]], tmp_path)
    assert t.returncode == 1, out(t)
    assert re.search(r"^FAIL \S*no-hang-1\.transcript: timed out after 5 s$", out(t), re.M), out(t)


# checks: docs/explore.md#what-it-checks
def test_work_that_finishes_before_the_default_5_seconds_is_no_hang(tmp_path):
    waits_app(tmp_path)
    p, took = timed(["explore", "Waits", "--walks", 1, "--steps", 1,
                     "--fault", "memo=delay:2000"], tmp_path)
    assert p.returncode == 0, out(p)
    assert summary(p)["failures"] == 0, out(p)
    assert not transcripts(tmp_path), out(p)
    assert took >= 1.9, took  # the read did wait


# checks: docs/explore.md#what-it-checks
def test_work_that_finishes_within_hang_is_no_hang(tmp_path):
    waits_app(tmp_path)
    p = run(["explore", "Waits", "--walks", 2, "--steps", 3, "--hang", 1,
             "--fault", "memo=delay:200"], tmp_path)
    assert p.returncode == 0, out(p)
    assert summary(p)["failures"] == 0, out(p)
    assert not transcripts(tmp_path), out(p)


# checks: docs/explore.md#what-is-not-there-yet
def test_hang_catches_work_that_waits_on_a_delayed_provider(tmp_path):
    """`--hang` catches work that waits: a provider under `--fault memo=delay:4000`. The
    fault shapes the walk, so it is in `# args:`; the transcript times out after 1 s."""
    waits_app(tmp_path)
    p, took = timed(["explore", "Waits", "--walks", 2, "--steps", 3, "--hang", 1,
                     "--fault", "memo=delay:4000"], tmp_path)
    assert p.returncode == 1, out(p)
    fails = fail_lines(p)
    assert len(fails) == 1 and fails[0].startswith("FAIL no hang: "), out(p)
    files = transcripts(tmp_path)
    assert [f.name for f in files] == ["no-hang-1.transcript"], out(p)
    text = files[0].read_text()
    assert header_value(text, "timeout") == ["1"], text
    args = " ".join(header_value(text, "args"))
    assert "--fault memo=delay:4000" in args, text
    assert body(text)[-1] == "> load", text
    t, t_took = timed(["test", files[0]], tmp_path)
    assert t.returncode == 1, out(t)
    assert re.search(r"^FAIL \S*no-hang-1\.transcript: timed out after 1 s$", out(t), re.M), out(t)
    assert t_took < 4, t_took  # cut at 1 s, not the 4 s delay


# checks: docs/explore.md#what-it-writes
def test_the_hang_transcript_passes_once_the_app_is_fixed_and_updated(tmp_path, silent):
    waits_app(tmp_path, port=silent.port)
    p = run(["explore", "Waits", "--walks", 1, "--steps", 2, "--hang", 1], tmp_path)
    assert p.returncode == 1, out(p)
    [f] = transcripts(tmp_path)
    # fixed: Load no longer waits on the server
    waits_app(tmp_path, fixed=True)
    u = run(["test", f, "--update"], tmp_path)
    assert u.returncode == 0, out(u)
    assert "0 passed, 1 updated, 0 failed" in u.stdout, out(u)
    t = run(["test", f], tmp_path)
    assert t.returncode == 0, out(t)
    assert "1 passed, 0 failed" in t.stdout, out(t)
    text = f.read_text()
    assert "Got: done" in text, text
    assert header_value(text, "timeout") == ["1"], text


# ---------------------------------------------------------------- cli: --hang

# checks: docs/cli.md#scenery-explore
@pytest.mark.parametrize("value", ["0", "601", "-1", "five", "1.5", None],
                         ids=["0", "601", "minus-1", "not-a-number", "fraction", "missing"])
def test_a_hang_out_of_range_is_a_usage_error(tmp_path, value):
    waits_app(tmp_path)
    args = ["explore", "Waits", "--walks", 2, "--hang"] + ([value] if value is not None else [])
    p = run(args, tmp_path)
    assert p.returncode == 2, out(p)
    assert p.stderr.strip(), out(p)
    assert "explored " not in p.stdout, out(p)
    assert not list(tmp_path.rglob("*.transcript")), out(p)


# checks: docs/cli.md#scenery-explore
@pytest.mark.parametrize("value", ["1", "600"])
def test_hang_takes_1_to_600(tmp_path, value):
    waits_app(tmp_path)
    p = run(["explore", "Waits", "--walks", 3, "--steps", 3, "--hang", value], tmp_path)
    assert p.returncode == 0, out(p)
    assert summary(p)["walks"] == 3, out(p)


# checks: docs/explore.md#exploring-an-app
def test_the_explore_help_shows_hang(tmp_path):
    """The synopsis has `[--hang SECONDS]`; `scenery help explore` prints the subcommand's
    help (docs/cli.md#scenery-help-and-scenery-version)."""
    p = run(["help", "explore"], tmp_path)
    assert p.returncode == 0, out(p)
    assert re.search(r"--hang\b", p.stdout), out(p)
    q = run(["explore", "--help"], tmp_path)
    assert q.returncode == 0 and q.stdout == p.stdout, out(q)


# ---------------------------------------------------------------- transcripts: # timeout:

HANGING = """# args: --fault memo=delay:20000
# timeout: {n}
...
> load
...
"""

QUICK = """# timeout: {n}
...
> load
...
Got: loaded
...
"""


def app_tests_folder(tmp_path):
    app = waits_app(tmp_path)
    d = app / "tests"
    d.mkdir()
    return d


# checks: docs/testing.md#3-a-flow-transcripts
def test_a_timeout_header_fails_a_transcript_that_runs_longer(tmp_path):
    d = app_tests_folder(tmp_path)
    (d / "slow.transcript").write_text(HANGING.format(n=1))
    t, took = timed(["test", d / "slow.transcript"], tmp_path)
    assert t.returncode == 1, out(t)
    assert re.search(r"^FAIL \S*slow\.transcript: timed out after 1 s$", out(t), re.M), out(t)
    assert "0 passed, 1 failed" in t.stdout, out(t)
    assert took < 15, took  # 1 s, not the 20 s delay nor --timeout's 30


# checks: docs/testing.md#3-a-flow-transcripts
def test_a_transcript_that_finishes_within_its_timeout_passes(tmp_path):
    d = app_tests_folder(tmp_path)
    (d / "quick.transcript").write_text(QUICK.format(n=1))
    t = run(["test", d / "quick.transcript"], tmp_path)
    assert t.returncode == 0, out(t)
    assert "1 passed, 0 failed" in t.stdout, out(t)


# checks: docs/testing.md#3-a-flow-transcripts
@pytest.mark.parametrize("header_s,option_s", [(1, 3), (3, 1)], ids=["header-lower", "option-lower"])
def test_the_lower_of_timeout_header_and_option_holds(tmp_path, header_s, option_s):
    d = app_tests_folder(tmp_path)
    (d / "slow.transcript").write_text(HANGING.format(n=header_s))
    t, took = timed(["test", d / "slow.transcript", "--timeout", option_s], tmp_path)
    assert t.returncode == 1, out(t)
    assert re.search(r"^FAIL \S*slow\.transcript: timed out after 1 s$", out(t), re.M), out(t)
    assert took < 15, took


# checks: docs/testing.md#3-a-flow-transcripts
def test_a_transcript_over_its_timeout_fails_and_the_run_goes_on(tmp_path):
    """As `--timeout` does: the transcript fails, its work is cancelled and the run goes on
    to the next transcript."""
    d = app_tests_folder(tmp_path)
    (d / "a-slow.transcript").write_text(HANGING.format(n=1))
    (d / "b-quick.transcript").write_text(QUICK.format(n=1))
    t, took = timed(["test", tmp_path / "Waits", "--jobs", 1], tmp_path)
    assert t.returncode == 1, out(t)
    assert re.search(r"^FAIL \S*a-slow\.transcript: timed out after 1 s$", out(t), re.M), out(t)
    assert re.search(r"^PASS \S*b-quick\.transcript$", t.stdout, re.M), out(t)
    assert t.stdout.splitlines()[-1] == "1 passed, 1 failed", out(t)
    assert took < 15, took


# checks: docs/testing.md#3-a-flow-transcripts
@pytest.mark.parametrize("n", [1, 86400])
def test_a_timeout_header_takes_whole_seconds_1_to_86400(tmp_path, n):
    d = app_tests_folder(tmp_path)
    (d / "quick.transcript").write_text(QUICK.format(n=n))
    t = run(["test", d / "quick.transcript"], tmp_path)
    assert t.returncode == 0, out(t)
    assert "1 passed, 0 failed" in t.stdout, out(t)


# checks: docs/testing.md#3-a-flow-transcripts
@pytest.mark.parametrize("n", ["0", "86401", "1.5", "-1", "soon"])
def test_a_timeout_header_outside_whole_seconds_1_to_86400_does_not_pass(tmp_path, n):
    """The docs give the range, not what a value outside it does; a transcript that holds one
    must not pass as if the line were not there."""
    d = app_tests_folder(tmp_path)
    (d / "quick.transcript").write_text(QUICK.format(n=n))
    t = run(["test", d / "quick.transcript"], tmp_path)
    assert t.returncode in (1, 2), out(t)
    assert "1 passed" not in t.stdout, out(t)
    assert "timeout" in out(t), out(t)
