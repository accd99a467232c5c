import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

/// A real HTTP server on 127.0.0.1 (python3's http.server with a few routes), started and
/// stopped by the tests: `/deals` answers JSON, `/slow` waits 2 s, `/broken` answers 500,
/// `/count` counts its calls; hostile ones: `/forever` streams without end, `/trickle` sends
/// a byte at a time, `/big` sends 64 KiB of garbage (`/bigdeclared` declares its length),
/// `/garbage` sends 10 MiB of binary, `/hugenumber` a number no decimal holds, `/cut` closes mid-body, `/text` answers HTML, `/loop` redirects to itself.
// checks: docs/reliability.md#hostile-servers
final class TestServer: Sendable {
    let port: Int
    private let process: Process

    static let script = #"""
        import http.server, json, sys, time
        calls = {"n": 0}
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args): pass
            def hostile(self):
                p = self.path
                if p in ("/forever", "/trickle"):
                    self.send_response(200); self.send_header("Content-Type", "application/json"); self.end_headers()
                    chunk = b"[" + b"1," * 32768 if p == "/forever" else b" "
                    try:
                        while True:
                            self.wfile.write(chunk); self.wfile.flush()
                            if p == "/trickle": time.sleep(0.05)
                    except Exception: return True
                if p in ("/big", "/bigdeclared"):
                    self.send_response(200)
                    if p == "/bigdeclared": self.send_header("Content-Length", "65536")
                    self.end_headers(); self.wfile.write(b"x" * 65536); return True
                if p == "/garbage":
                    self.send_response(200); self.end_headers()
                    try: self.wfile.write(bytes(range(256)) * 40960)
                    except Exception: pass
                    return True
                if p == "/hugenumber":
                    self.send_response(200); self.send_header("Content-Length", "32"); self.end_headers()
                    self.wfile.write(b'[{"title":"x","discount":1e999}]'); return True
                if p == "/cut":
                    self.send_response(200); self.send_header("Content-Length", "1000"); self.end_headers()
                    self.wfile.write(b"[1,2,3"); self.wfile.flush(); self.connection.close(); return True
                if p == "/text":
                    self.send_response(200); self.send_header("Content-Type", "text/html"); self.send_header("Content-Length", "13")
                    self.end_headers(); self.wfile.write(b"<html></html>"); return True
                if p == "/loop":
                    self.send_response(302); self.send_header("Location", "/loop"); self.send_header("Content-Length", "0"); self.end_headers(); return True
                return False
            def do_GET(self):
                if self.hostile(): return
                if self.path == "/slow": time.sleep(2)
                if self.path == "/broken":
                    self.send_response(500); self.end_headers(); return
                calls["n"] += 1
                body = {"/deals": [{"title": "Cables", "discount": 0.5}], "/count": {"n": calls["n"]}}.get(self.path, {"path": self.path, "q": self.headers.get("X-Query")})
                data = json.dumps(body).encode()
                self.send_response(200); self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw StepError("the test server did not start") }
        self.port = port
    }

    /// SIGKILL: the child inherits a signal mask in which SIGTERM may be blocked.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    struct StepError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}

@MainActor
@Suite(.serialized) struct HTTPProviderTests {
    func files(path: String, timeout: Int = 5000, cache: String = "networkFirst", maxBytes: Int? = nil) -> [String: String] {
        let limit = maxBytes.map { #", "maxBytes": \#($0)"# } ?? ""
        return [
            "app.json": appJSON(
                #""env": {"apiBase": "http://127.0.0.1:1"}, "providers": {"api": {"type": "http", "url": "@{env.apiBase}\#(path)", "timeout": \#(timeout)\#(limit), "cache": "\#(cache)", "headers": {"X-Query": "@{args.q ?? 'none'}"}}}"#
            ),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main",
             "useCases": {"load": {"request": {"q": "string?"}, "interactor": [{"type": "fetch", "provider": "api", "as": "data", "args": {"q": "@{request.q}"}}],
               "response": {"data": "@{data}"}, "presenter": {"data": "@{response.data}"}}},
             "view": [{"type": "text", "text": "@{vm.data}"}, {"type": "error"}]}
            """#
        ]
    }

    func options(_ server: TestServer) -> RuntimeOptions {
        var options = RuntimeOptions()
        options.env["apiBase"] = "http://127.0.0.1:\(server.port)"
        return options
    }

    @Test func fetchesJSONWithTemplatedURLAndHeaders() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let test = try TestApp(files(path: "/echo"), options: options(server))
        try await test.start()
        try await test.send("load", ["q": .string("phones")])
        #expect(test.lines(width: 60) == ["{path: '/echo', q: 'phones'}"])
        // /deals answers 38 bytes: a cap of exactly that takes it (37 is refused, below).
        let deals = try TestApp(files(path: "/deals", maxBytes: 38), options: options(server))
        try await deals.start()
        try await deals.send("load")
        #expect(deals.lines(width: 60) == ["[{title: 'Cables', discount: 0.5}]"])
    }

    // checks: docs/reliability.md#hostile-servers
    @Test func aHeaderValueWithALineBreakIsRefusedAndNothingIsSent() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let test = try TestApp(files(path: "/count"), options: options(server))
        try await test.start()
        try await test.send("load", ["q": .string("phones\r\nX-Injected: yes")])
        #expect(test.top?.errors == ["api: header 'X-Query' holds a line break, which HTTP does not allow"])
        try await test.send("load", ["q": .string("phones")])
        #expect(test.lines(width: 60) == ["{n: 1}"], "the refused request never reached the server")
    }

    @Test func aSlowServerTimesOutWithAClearError() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let test = try TestApp(files(path: "/slow", timeout: 200), options: options(server))
        try await test.start()
        try await test.send("load")
        #expect(test.top?.errors == ["api: timed out after 200 ms"])
    }

    @Test func aServerErrorAndARefusedConnectionAreReported() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let broken = try TestApp(files(path: "/broken"), options: options(server))
        try await broken.start()
        try await broken.send("load")
        #expect(broken.top?.errors == ["api: http://127.0.0.1:\(server.port)/broken answered HTTP 500"])
        let refused = try TestApp(files(path: "/deals"))
        try await refused.start()
        try await refused.send("load")
        #expect(refused.top?.errors == ["api: cannot reach http://127.0.0.1:1/deals: connection refused"])
    }

    /// Hostile servers: each a clear error within the timeout, the transfer cancelled, the
    /// session going on.
    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            ("/forever", 30000, nil, "api: URL sent more than 8388608 bytes (its 'maxBytes'); the rest was not read"),
            ("/trickle", 300, nil, "api: timed out after 300 ms"),
            ("/forever", 5000, 100_000, "api: URL sent more than 100000 bytes (its 'maxBytes'); the rest was not read"),
            ("/big", 5000, 1000, "api: URL sent more than 1000 bytes (its 'maxBytes'); the rest was not read"),
            ("/bigdeclared", 5000, 1000, "api: URL sent more than 1000 bytes (its 'maxBytes'); the rest was not read"),
            // /deals answers 38 bytes: a cap one under is refused as the body passes it.
            ("/deals", 5000, 37, "api: URL sent more than 37 bytes (its 'maxBytes'); the rest was not read"),
            ("/garbage", 30000, 1_000_000, "api: URL sent more than 1000000 bytes (its 'maxBytes'); the rest was not read"),
            ("/text", 5000, nil, "api: URL did not answer with JSON: 1:1: unexpected character '<'; expected a value"),
            (
                "/hugenumber", 5000, nil,
                "api: URL did not answer with JSON: 1:26: invalid number: 1e999 is out of range: numbers keep 38 significant digits and exponents from -128 to 127"
            )
        ] as [(String, Int, Int?, String)])
    func aHostileServerIsAClearErrorAndTheSessionGoesOn(path: String, timeout: Int, maxBytes: Int?, expected: String) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let test = try TestApp(files(path: path, timeout: timeout, maxBytes: maxBytes), options: options(server))
        try await test.start()
        try await test.send("load")
        let url = "http://127.0.0.1:\(server.port)\(path)"
        #expect(test.top?.errors == [expected.replacingOccurrences(of: "URL", with: url)])
        try await test.send("load")
        #expect(test.top?.errors.count == 1, "the next request runs and fails the same way")
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["/cut", "/loop"])
    func aBodyCutShortOrARedirectLoopIsAnError(path: String) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let test = try TestApp(files(path: path, timeout: 5000), options: options(server))
        try await test.start()
        try await test.send("load")
        let error = try #require(test.top?.errors.first)
        #expect(error.hasPrefix("api: "), "\(error)")
        #expect(test.lines(width: 200).first == "! " + error)
    }

    @Test func cacheFirstAnswersFromTheCacheAndNetworkFirstFallsBackToIt() async throws {
        let server = try TestServer()
        let cached = try TestApp(files(path: "/count", cache: "cacheFirst"), options: options(server))
        try await cached.start()
        try await cached.send("load")
        try await cached.send("load")
        #expect(cached.lines() == ["{n: 1}"])

        let fallback = try TestApp(files(path: "/count", cache: "networkFirst"), options: options(server))
        try await fallback.start()
        try await fallback.send("load")
        #expect(fallback.lines() == ["{n: 2}"])
        server.stop()
        try await fallback.send("load")
        #expect(fallback.lines() == ["{n: 2}"])
        #expect(fallback.top?.errors == [])
    }
}
