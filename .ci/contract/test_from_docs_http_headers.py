"""Contract tests for Scenery's `http` providers, written from
docs/reliability.md#hostile-servers and docs/manifest.md alone (no source, no tests read).

A header value holding a line break is refused
(`api: header 'X-Query' holds a line break, which HTTP does not allow`) and never sent;
the same header without one reaches the server; a 500, a slow server (`timeout`) and a
refused connection are clear errors in the scene's error banner.
"""
# checks: docs/reliability.md#hostile-servers
# checks: docs/manifest.md#providers
import http.server
import json
import os
import socket
import subprocess
import threading
import time

import pytest

SCENERY = os.environ.get("SCENERY", "scenery")
SLOW_SECONDS = 4
TIMEOUT_MS = 600

APP = {
    "formatVersion": 1, "name": "HttpContract", "entry": "Home",
    "env": {"apiBase": "http://127.0.0.1:9", "downBase": "http://127.0.0.1:9"},
    "models": {"Echo": {"query": "string?"}},
    "providers": {
        "api": {"type": "http", "url": "@{env.apiBase}/echo", "headers": {"X-Query": "@{args.q}"},
                "timeout": 2000, "cache": "networkOnly", "model": "Echo"},
        "broken": {"type": "http", "url": "@{env.apiBase}/fail", "timeout": 2000, "cache": "networkOnly"},
        "slow": {"type": "http", "url": "@{env.apiBase}/slow", "timeout": TIMEOUT_MS, "cache": "networkOnly"},
        "down": {"type": "http", "url": "@{env.downBase}/x", "timeout": 2000, "cache": "networkOnly"},
    },
}

def use_case(provider, args=None, request=None):
    step = {"type": "fetch", "provider": provider, "as": "got"}
    if args:
        step["args"] = args
    uc = {"interactor": [step], "response": {"got": "@{got}"}, "presenter": {"echo": "@{response.got.query}"}}
    if request:
        uc["request"] = request
    return uc

SCENE = {
    "formatVersion": 1, "scene": "Home",
    "state": {"nl": {"type": "string", "default": "\n"}},
    "useCases": {
        "good": use_case("api", {"q": "@{request.q}"}, {"q": "string"}),
        "bad": use_case("api", {"q": "@{request.q}@{state.nl}X-Injected: 1"}, {"q": "string"}),
        "fail": use_case("broken"),
        "slow": use_case("slow"),
        "down": use_case("down"),
    },
    "view": [
        {"type": "header", "text": "Home"},
        {"type": "text", "text": "echo=@{vm.echo ?? 'none'}"},
        {"type": "error"},
    ],
}


class Handler(http.server.BaseHTTPRequestHandler):
    received = []  # (path, headers) of every request the server got

    def log_message(self, *a):
        pass

    def _json(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        Handler.received.append((self.path, dict(self.headers)))
        try:
            if self.path == "/echo":
                self._json(200, {"query": self.headers.get("X-Query")})
            elif self.path == "/fail":
                self._json(500, {"error": "boom"})
            elif self.path == "/slow":
                time.sleep(SLOW_SECONDS)
                self._json(200, {"query": "late"})
            else:
                self._json(404, {"error": "no route"})
        except (BrokenPipeError, ConnectionResetError):
            pass


@pytest.fixture(scope="module")
def server():
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield "http://127.0.0.1:%d" % srv.server_address[1]
    srv.shutdown()
    srv.server_close()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens on it now
    return port


@pytest.fixture
def app(tmp_path):
    root = tmp_path / "HttpContract"
    (root / "scenes").mkdir(parents=True)
    (root / "app.json").write_text(json.dumps(APP, indent=1))
    (root / "scenes" / "Home.json").write_text(json.dumps(SCENE, indent=1))
    env = env_for(tmp_path)
    v = subprocess.run([SCENERY, "validate", str(root)], capture_output=True, text=True, env=env, timeout=60)
    assert v.returncode == 0, v.stdout + v.stderr
    return root


def env_for(tmp_path):
    env = dict(os.environ)
    env.update(XDG_STATE_HOME=str(tmp_path / "xdg"), TMPDIR=str(tmp_path), NO_COLOR="1")
    (tmp_path / "xdg").mkdir(exist_ok=True)
    return env


def run(app, lines, *env_args):
    tmp = app.parent
    script = tmp / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    args = [SCENERY, "run", str(app), "--script", str(script), "--width", "200",
            "--state-dir", str(tmp / "state")]
    for kv in env_args:
        args += ["--env", kv]
    start = time.monotonic()
    p = subprocess.run(args, capture_output=True, text=True, env=env_for(tmp), timeout=60)
    elapsed = time.monotonic() - start
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout, elapsed


def frame_after(out, line):
    """The output printed after the echoed input `> line`, up to the next echoed input."""
    marker = "> " + line + "\n"
    assert marker in out, out
    return out.split(marker, 1)[1].split("\n> ", 1)[0]


def banners(frame):
    return [l[2:] for l in frame.splitlines() if l.startswith("! ")]


def test_header_with_line_break_is_refused_and_never_sent(app, server):
    Handler.received.clear()
    out, _ = run(app, ["bad hello", "quit"], "apiBase=" + server)
    frame = frame_after(out, "bad hello")
    assert "api: header 'X-Query' holds a line break, which HTTP does not allow" in banners(frame), frame
    assert "echo=none" in frame
    assert [p for p, _ in Handler.received if p == "/echo"] == [], Handler.received
    assert not any("X-Injected" in h for _, hs in Handler.received for h in hs)


def test_header_without_line_break_reaches_server(app, server):
    Handler.received.clear()
    out, _ = run(app, ["good hello", "quit"], "apiBase=" + server)
    frame = frame_after(out, "good hello")
    assert banners(frame) == [], frame
    assert "echo=hello" in frame
    sent = [hs for p, hs in Handler.received if p == "/echo"]
    assert len(sent) == 1 and sent[0].get("X-Query") == "hello"


def test_next_request_runs_after_a_refused_header(app, server):
    # reliability.md: each failure "is a clear error ..., and the next request runs"
    Handler.received.clear()
    out, _ = run(app, ["bad one", "good two", "quit"], "apiBase=" + server)
    assert "echo=two" in frame_after(out, "good two")
    assert [hs.get("X-Query") for p, hs in Handler.received if p == "/echo"] == ["two"]


def test_http_500_is_an_error(app, server):
    out, _ = run(app, ["fail", "quit"], "apiBase=" + server)
    msgs = banners(frame_after(out, "fail"))
    assert len(msgs) == 1, msgs
    assert msgs[0].startswith("broken: ") and "answered HTTP 500" in msgs[0], msgs


def test_slow_server_times_out_within_timeout(app, server):
    out, elapsed = run(app, ["slow", "quit"], "apiBase=" + server)
    msgs = banners(frame_after(out, "slow"))
    assert msgs == ["slow: timed out after %d ms" % TIMEOUT_MS], msgs
    # bounded by its own timeout, not by the server's 4 s (allowing for start-up)
    assert elapsed < SLOW_SECONDS - 0.5, elapsed


def test_refused_connection_is_cannot_reach(app, server):
    url = "http://127.0.0.1:%d" % free_port()
    out, _ = run(app, ["down", "quit"], "apiBase=" + server, "downBase=" + url)
    msgs = banners(frame_after(out, "down"))
    assert len(msgs) == 1, msgs
    assert msgs[0].startswith("down: cannot reach ") and msgs[0].endswith("connection refused"), msgs
    assert url in msgs[0]
