import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

/// A real HTTP server on 127.0.0.1 (python3's http.server with a few routes), started and
/// stopped by the tests: `/deals` answers JSON, `/slow` waits 2 s, `/broken` answers 500,
/// `/count` counts its calls.
final class TestServer: Sendable {
    let port: Int
    private let process: Process

    static let script = #"""
        import http.server, json, sys, time
        calls = {"n": 0}
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args): pass
            def do_GET(self):
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

    struct StepError: Error { let message: String; init(_ message: String) { self.message = message } }
}

@MainActor
@Suite(.serialized) struct HTTPProviderTests {
    func files(path: String, timeout: Int = 1000, cache: String = "networkFirst") -> [String: String] {
        [
            "app.json": appJSON(#""env": {"apiBase": "http://127.0.0.1:1"}, "providers": {"api": {"type": "http", "url": "@{env.apiBase}\#(path)", "timeout": \#(timeout), "cache": "\#(cache)", "headers": {"X-Query": "@{args.q ?? 'none'}"}}}"#),
            "scenes/Main.json": #"""
                {"formatVersion": 1, "scene": "Main",
                 "useCases": {"load": {"request": {"q": "string?"}, "interactor": [{"type": "fetch", "provider": "api", "as": "data", "args": {"q": "@{request.q}"}}],
                   "response": {"data": "@{data}"}, "presenter": {"data": "@{response.data}"}}},
                 "view": [{"type": "text", "text": "@{vm.data}"}, {"type": "error"}]}
                """#,
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
        let deals = try TestApp(files(path: "/deals"), options: options(server))
        try await deals.start()
        try await deals.send("load")
        #expect(deals.lines(width: 60) == ["[{title: 'Cables', discount: 0.5}]"])
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
