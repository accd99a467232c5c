import Foundation
import ScenerySupport
import Testing
import VIP

@testable import SceneryCLI

// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct SceneSessionTests {
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes/Shop").path

    func run(_ script: String, _ extra: [String], app: String = Self.shop) async throws -> (code: Int32, out: String, error: String) {
        let folder = scratchFolder.appendingPathComponent("scenery-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("script")
        try Data(script.utf8).write(to: file)
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(
            ["run", app, "--script", file.path, "--state-dir", folder.appendingPathComponent("state").path] + extra,
            console: captured.console)
        return (code, captured.out, captured.error)
    }

    @Test func jsonFramesCarryTheSceneStackViewModelLinesAndError() async throws {
        let result = try await run("email ada\nlogin\n", ["--format", "json", "--width", "30"])
        // Every line of a JSON run is one object: frames, inputs, errors, traces.
        #expect(result.code == 0)
        let objects = try result.out.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(objects.compactMap { $0["input"] as? String } == ["email ada", "login"])
        let frames = objects.filter { $0["scene"] != nil }
        #expect(frames.count == 3)
        let last = try #require(frames.last)
        #expect(last["scene"] as? String == "Login")
        #expect(last["stack"] as? [String] == ["Login"])
        // The error is an object: a validate message has no code, and says where its rule is.
        let error = try #require(last["error"] as? [String: Any])
        #expect(error["message"] as? String == "'ada' is not an email address")
        #expect(error["code"] is NSNull)
        #expect(error["scene"] as? String == "Login")
        #expect(error["useCase"] as? String == "login")
        #expect(error["stepType"] as? String == "validate")
        // Relative to the app folder (docs/manifest.md, Runtime errors), wherever the run started.
        // checks: docs/manifest.md#runtime-errors
        #expect(error["file"] as? String == "scenes/Login.json")
        #expect(error["line"] as? Int == 16)
        #expect(error["column"] as? Int == 22)
        #expect((last["lines"] as? [String])?.prefix(2) == ["== Sign in ==", "Email: [ada]"])
    }

    /// Runs a script against a small app whose use case divides by its request.
    func runBooks(_ script: String, _ extra: [String]) async throws -> (code: Int32, out: String, error: String) {
        let folder = scratchFolder.appendingPathComponent("scenery-books-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"formatVersion": 1, "name": "Books", "entry": "Books"}"#.utf8).write(to: folder.appendingPathComponent("app.json"))
        try Data(
            #"""
            {"formatVersion": 1, "scene": "Books", "state": {"n": {"type": "decimal?", "default": null}},
             "useCases": {"book": {"request": {"by": "int"},
               "interactor": [{"type": "set", "path": "state.n", "value": "@{10 / request.by}"}]}},
             "view": [{"type": "text", "text": "n=@{state.n}"}, {"type": "error"}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("scenes/Books.json"))
        return try await run(script, extra, app: folder.path)
    }

    @Test func aRuntimeErrorNamesItsSceneUseCaseStepAndPosition() async throws {
        let text = try await runBooks("book 0\nbook 2\n", ["--width", "100", "--trace"])
        #expect(text.code == 0)
        #expect(text.out.contains("\n! Books.book, step 1 (set): division by zero (E502) at scenes/Books.json:3:69\n"))
        #expect(text.out.contains("trace: error Books.book, step 1 (set): division by zero (E502) at scenes/Books.json:3:69\n"))
        #expect(text.out.contains("> book 2\n"), "the session goes on")
        #expect(text.out.hasSuffix("\nn=5\n"))

        let json = try await runBooks("book 0\n", ["--format", "json"])
        let frame = try #require(
            json.out.split(separator: "\n").last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let error = try #require(frame["error"] as? [String: Any])
        #expect(error["code"] as? String == "E502")
        #expect(error["scene"] as? String == "Books")
        #expect(error["useCase"] as? String == "book")
        #expect(error["step"] as? Int == 1)
        #expect(error["file"] as? String == "scenes/Books.json")
        #expect(error["line"] as? Int == 3)
        #expect(error["column"] as? Int == 69)
    }

    @Test func strictStopsAtARuntimeErrorAndPrintsItOnStandardError() async throws {
        let result = try await runBooks("book 0\nbook 2\n", ["--strict"])
        #expect(result.code == 1)
        #expect(!result.out.contains("> book 2"))
        #expect(result.error.contains("/scenes/Books.json:3:69: error[E502]: division by zero\n  note: in Books.book, step 1 (set)\n"))
    }

    @Test func diffRenderPrintsOnlyChangedLines() async throws {
        let result = try await run("email ada@example.com\n", ["--render", "diff", "--width", "30"])
        #expect(
            result.out
                == "+1 == Sign in ==\n+2 Email: []\n+3 [ Sign in ] (disabled)\n> email ada@example.com\n~2 Email: [ada@example.com]\n~3 [ Sign in ]\n"
        )
    }

    @Test func diffRenderOfAListPrintsOnlyTheRowThatChanged() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"formatVersion": 1, "name": "Rows", "entry": "Rows"}"#.utf8).write(to: folder.appendingPathComponent("app.json"))
        try Data(
            #"""
            {"formatVersion": 1, "scene": "Rows", "state": {"items": {"type": "[string]", "default": ["a", "b", "c", "d", "e"]}},
             "useCases": {"change": {"interactor": [{"type": "set", "path": "state.items", "value": ["a", "b", "X", "d", "e"]}]}},
             "view": [{"type": "header", "text": "Rows"}, {"type": "list", "items": "@{state.items}"}, {"type": "text", "text": "end"}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("scenes/Rows.json"))

        let result = try await run("change\n", ["--render", "diff", "--width", "20"], app: folder.path)

        #expect(result.error == "")
        #expect(result.out.hasSuffix("> change\n~4 3. X\n"))
    }

    @Test func traceShowsRequestsResponsesAndRoutes() async throws {
        let result = try await run("email ada@example.com\nlogin\n", ["--trace", "--width", "30"])
        #expect(result.out.contains("trace: request Login.email {\"text\":\"ada@example.com\"}\n"))
        #expect(result.out.contains("trace: route root Catalog args={}\n"))
    }

    @Test func jsonTraceEventsAreObjects() async throws {
        let result = try await run("email ada@example.com\nlogin\n", ["--trace", "--format", "json", "--width", "30"])
        let traces = try result.out.split(separator: "\n").compactMap { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["trace"]
        }.map { try #require($0 as? [String: Any]) }
        let request = try #require(traces.first { $0["event"] as? String == "request" && $0["useCase"] as? String == "email" })
        #expect(request["scene"] as? String == "Login")
        #expect(request["request"] as? [String: String] == ["text": "ada@example.com"])
        let route = try #require(traces.last { $0["event"] as? String == "route" })
        #expect(route["mode"] as? String == "root")
        #expect(route["to"] as? String == "Catalog")
        #expect(route["result"] is NSNull)
        let response = try #require(traces.last { $0["event"] as? String == "response" })
        #expect(response["scene"] as? String == "Catalog")
        #expect(((response["response"] as? [String: Any])?["products"] as? [Any])?.count == 8)
    }

    @Test func strictStopsAtTheFirstBadLine() async throws {
        let result = try await run("frobnicate\nemail ada@example.com\n", ["--strict"])
        #expect(result.code == 1)
        #expect(result.out.hasSuffix("> frobnicate\nerror: unknown action 'frobnicate' in Login; try 'help'\n"))
    }

    @Test func theSameInputGivesTheSameOutput() async throws {
        let script = "email ada@example.com\nlogin\nload sale\nopen 1\nadd\ncart\n"
        let first = try await run(script, ["--width", "40"])
        let second = try await run(script, ["--width", "40"])
        #expect(first.out == second.out)
        #expect(first.out.contains("Total: $0.10"))
    }

    @Test func aSceneThatNeedsArgumentsStartsWithTypedArgs() async throws {
        let result = try await run("", ["--scene", "Checkout", "--arg", "total=12.5", "--width", "30"])
        #expect(result.code == 0, "\(result.error)")
        #expect(result.out.hasPrefix("== Checkout ==\nTo pay: $12.50\n"))
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledSessionStopsAndCancelsTheWorkItWaitsFor() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-cancel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("script")
        try Data("email ada@example.com\nlogin\nback\n".utf8).write(to: script)
        let captured = CapturedConsole()
        // The catalog's products take ten minutes to come: 'login' waits for them.
        let arguments = [
            "run", Self.shop, "--script", script.path, "--state-dir", folder.appendingPathComponent("state").path,
            "--fault", "products=delay:600000"
        ]
        let session = Task { await SceneryCommand.run(arguments, console: captured.console) }
        while !captured.out.contains("> login") { try await Task.sleep(for: .milliseconds(20)) }
        session.cancel()
        // Returns once its scenes left and their work was cancelled, without reading on.
        _ = await session.value
        #expect(!captured.out.contains("> back"))
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledSessionStopsScenesThatRouteToEachOtherForever() async throws {
        // A and B route to each other on appear, each fetching first; the fetch takes 100 ms,
        // so the 32 routes that stop a cycle take longer than the session is given.
        let app = try TestCommandTests.cycleApp()
        try Data(#"{"formatVersion": 1, "name": "Cycle", "entry": "A", "providers": {"tick": {"type": "file", "path": "tick.json"}}}"#.utf8)
            .write(to: app.appendingPathComponent("app.json"))
        try Data("1".utf8).write(to: app.appendingPathComponent("tick.json"))
        for (name, other) in [("A", "B"), ("B", "A")] {
            let scene = """
                {"formatVersion": 1, "scene": "\(name)", "onAppear": ["go"],
                 "useCases": {"go": {"interactor": [{"type": "fetch", "provider": "tick", "as": "t"}, {"type": "route", "to": "\(other)", "mode": "replace"}]}},
                 "view": [{"type": "header", "text": "\(name)"}]}
                """
            try Data(scene.utf8).write(to: app.appendingPathComponent("scenes/\(name).json"))
        }
        let script = app.appendingPathComponent("script")
        try Data("quit\n".utf8).write(to: script)
        let captured = CapturedConsole()
        let arguments = ["run", app.path, "--script", script.path, "--fault", "tick=delay:100"]
        let session = Task { await SceneryCommand.run(arguments, console: captured.console) }
        try await Task.sleep(for: .milliseconds(300))
        session.cancel()
        // The scenes leave, cancelling the use case that would route next, so the session ends.
        _ = await session.value
        #expect(!captured.out.contains("> quit"))
    }

    @Test func onATerminalTheErrorBannerIsRedAndTheRestPlain() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("script")
        try Data("email ada\nlogin\nfrob\n".utf8).write(to: script)
        let out = Locked("")
        let console = Console(out: { text in out.withLock { $0 += text } }, error: { _ in }, outTerminal: Terminal(colors: true))
        _ = await SceneryCommand.run(
            [
                "run", Self.shop, "--script", script.path, "--width", "40",
                "--state-dir", folder.appendingPathComponent("state").path
            ], console: console)
        let text = out.withLock { $0 }
        #expect(text.contains("\n\u{1B}[1;31m! 'ada' is not an email address\u{1B}[0m\n"))
        #expect(text.contains("\n\u{1B}[1;31merror:\u{1B}[0m\u{1B}[1m unknown action 'frob' in Login; try 'help'\u{1B}[0m\n"))
        #expect(text.contains("\n== Sign in ==\n"))
    }

    @Test func anAppWithErrorsDoesNotRun() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "T", "entry": "Mian"}"#.utf8).write(to: folder.appendingPathComponent("app.json"))
        try Data(#"{"formatVersion": 1, "scene": "Main"}"#.utf8).write(to: folder.appendingPathComponent("scenes/Main.json"))
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(["run", folder.path], console: captured.console)
        #expect(code == 1)
        #expect(captured.error.contains("error[E301]: unknown scene 'Mian'"))
    }

    /// A message says what to do: a script that is not there says why, a path that names no
    /// app offers the one it most likely means.
    @Test func aMissingScriptOrAppSaysWhy() async {
        let script = await runScenery(["run", Self.shop, "--script", "nope.txt"])
        #expect(script.code == 2)
        #expect(
            script.error
                == "error: cannot read script 'nope.txt': no such file\n  hint: give the path of a file of input lines, one action a line\n"
        )
        let app = await runScenery(["run", "Scenes/Shopp"])
        #expect(app.code == 2)
        #expect(app.error == "error: no app folder or scene file at 'Scenes/Shopp'\n  hint: did you mean 'Scenes/Shop'?\n")
    }

    /// A number too big to be whole says so, rather than that it is not whole.
    @Test func aWholeNumberTooLargeSaysItsRange() async throws {
        let result = try await runBooks("book 99999999999999999999\n", [])
        #expect(result.out.contains("'book': by must be a whole number from \(Int.min) to \(Int.max), not '99999999999999999999'"))
    }

    @Test(arguments: [
        (
            ["--fault", "deals=explode"],
            "error: option '--fault' takes PROVIDER=fail, PROVIDER=fail-store or PROVIDER=delay:MS, not 'deals=explode'\n"
        ),
        (["--fault", "deals"], "error: option '--fault' takes PROVIDER=fail, PROVIDER=fail-store or PROVIDER=delay:MS, not 'deals'\n"),
        (["--fault", "deal=fail"], "error: option '--fault' names unknown provider 'deal'\n  hint: did you mean 'deals'?\n"),
        (
            ["--fixture", "zzz=none.json"],
            "error: option '--fixture' names unknown provider 'zzz'\n  hint: choose one of: deals, loyalty, orders, products, session\n"
        ),
        (["--env", "novalue"], "error: option '--env' takes K=V, not 'novalue'\n"),
        (
            ["--tz", "Berlin"],
            "error: option '--tz' takes an IANA time zone like Europe/Paris or UTC, not 'Berlin'\n  hint: did you mean 'Europe/Berlin'?\n"
        ),
        (
            ["--width", "--state-dir"],
            "error: option '--width' needs a value, but '--state-dir' is an option\n  hint: give it as '--width VALUE'\n"
        ),
        (["--now", "yesterday"], "error: option '--now' takes an ISO-8601 time like 2026-01-01T10:00:00Z, not 'yesterday'\n"),
        (["--render", "partial"], "error: unknown value for '--render' 'partial'\n  hint: choose one of: full, diff\n"),
        (["--scene", "Checkout"], "error: scene 'Checkout' needs argument 'total' (decimal)\n  hint: give it with '--arg total=9.99'\n"),
        (["--scene", "Checkout", "--arg", "totl=3"], "error: scene 'Checkout' has no argument 'totl'\n  hint: did you mean 'total'?\n"),
        (["--scene", "Checkout", "--arg", "total=lots"], "error: option '--arg': total must be a number, not 'lots'\n"),
        (["--scene", "Checkout", "--arg", "total"], "error: option '--arg' takes NAME=VALUE, not 'total'\n"),
        (["--scene", "Cart", "--arg", "total=3"], "error: scene 'Cart' has no argument 'total'\n  hint: 'Cart' takes no arguments\n"),
        (["--scene", "Chekout"], "error: unknown scene 'Chekout'\n  hint: did you mean 'Checkout'?\n")
    ])
    func badOptionsAreUsageErrors(extra: [String], message: String) async throws {
        // (A usage error of its own is a usage error: the table's options come after the run's.)
        let result = try await run("", extra)
        #expect(result.code == 2)
        #expect(result.error == message)
    }
}
