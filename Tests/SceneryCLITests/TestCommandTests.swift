import Foundation
import SceneRuntime
import ScenerySupport
import Testing
import VIP

@testable import SceneryCLI

// checks: docs/cli.md#scenery-test
// checks: docs/testing.md#3-a-flow-transcripts
@MainActor
@Suite struct TestCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A copy of the Shop with one transcript, so tests may break and update it.
    func shopWith(_ transcript: String) throws -> (app: URL, file: URL) {
        let app = scratchFolder.appendingPathComponent("scenery-shop-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Scenes/Shop"), to: app)
        let tests = app.appendingPathComponent("tests")
        for name in try FileManager.default.contentsOfDirectory(atPath: tests.path) {
            try FileManager.default.removeItem(at: tests.appendingPathComponent(name))
        }
        let file = tests.appendingPathComponent("walk.transcript")
        try Data(transcript.utf8).write(to: file)
        return (app, file)
    }

    func test(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        await runScenery(["test"] + arguments)
    }

    static let passing = """
        # a walk that only checks what matters
        # args: --width 40
        == Sign in ==
        ...
        > email ada@example.com
        ...
        > login
        == Catalog ==
        ...
        8 products
        ...

        """

    @Test func theSampleTranscriptsPass() async {
        let result = await test([Self.root.appendingPathComponent("Scenes/Shop").path])
        #expect(result.code == 0)
        #expect(result.out.hasSuffix("5 passed, 0 failed\n"))
    }

    /// The Orders sample (a durable list, details, a 14-field form, failures handled on
    /// screen) passes, and its transcripts run every place of its scenes.
    @Test func theOrdersSampleRunsEveryPlace() async {
        let result = await test([Self.root.appendingPathComponent("Scenes/Orders").path, "--min-coverage", "100"])
        #expect(result.code == 0, "\(result.out)\(result.error)")
        #expect(result.out.hasSuffix("10 passed, 0 failed\n"))
    }

    @Test func wildcardsMatchAnyLines() async throws {
        let (app, _) = try shopWith(Self.passing)
        let result = await test([app.path])
        #expect(result.code == 0, "\(result.out)")
        #expect(result.out.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func aBrokenTranscriptFailsWithAUnifiedDiff() async throws {
        let (app, file) = try shopWith(Self.passing.replacingOccurrences(of: "8 products", with: "9 products"))
        let result = await test([app.path])
        #expect(result.code == 1)
        // The failure and its diff go to standard error, the summary to standard output.
        #expect(result.error.hasPrefix("FAIL \(file.path)\n--- \(file.path) (expected)\n+++ \(file.path) (actual)\n@@ "))
        #expect(result.error.contains("\n-9 products\n"))
        #expect(result.error.contains("\n+8 products\n"))
        #expect(result.out == "0 passed, 1 failed\n")
    }

    @Test func updateRewritesAFailingTranscriptWithWhatRanAndExitsZero() async throws {
        let (app, file) = try shopWith("# args: --width 40\n> login\n")
        let result = await test([app.path, "--update"])
        #expect(result.code == 0)
        #expect(result.out == "updated \(file.path)\n0 passed, 1 updated, 0 failed\n")
        // Rewritten so that it passes, it is no failure: no FAIL and no diff.
        #expect(result.error.isEmpty, "\(result.error)")
        let rewritten = try String(contentsOf: file, encoding: .utf8)
        #expect(
            rewritten.hasPrefix(
                "# args: --width 40 --locale en_US\n== Sign in ==\nEmail: []\n[ Sign in ] (disabled)\n> login\nerror: 'login' is disabled"))
        #expect(await test([app.path]).code == 0)
    }

    @Test func updateRewritesOnlyTheLinesThatChangedAndKeepsWildcards() async throws {
        let (app, file) = try shopWith(Self.passing.replacingOccurrences(of: "8 products", with: "9 products"))
        #expect(await test([app.path, "--update"]).code == 0)
        let rewritten = try String(contentsOf: file, encoding: .utf8)
        // Only the changed line and the locale the run used differ; every '...' stays.
        #expect(rewritten == Self.passing.replacingOccurrences(of: "# args: --width 40", with: "# args: --width 40 --locale en_US"))
        #expect(await test([app.path]).code == 0)
    }

    @Test func updateRecordsTheDefaultWidthAndLocaleInANewArgsLine() async throws {
        let (app, file) = try shopWith("# no args\n== Sign in ==\n...\n> login\n")
        #expect(await test([app.path, "--update"]).code == 0)
        let rewritten = try String(contentsOf: file, encoding: .utf8)
        #expect(
            rewritten.hasPrefix("# no args\n# args: --width 60 --locale en_US\n== Sign in ==\n...\n> login\nerror: 'login' is disabled"))
        #expect(await test([app.path]).code == 0)
    }

    @Test func aPassingTranscriptIsNotRewrittenByUpdate() async throws {
        let (app, file) = try shopWith(Self.passing)
        #expect(await test([app.path, "--update"]).out == "PASS \(file.path)\n1 passed, 0 updated, 0 failed\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.passing)
    }

    @Test func aFilterThatMatchesNothingFails() async {
        let result = await test([Self.root.appendingPathComponent("Scenes/Shop").path, "--filter", "nothing-like-this"])
        #expect(result.code == 1)
        #expect(result.error == "error: no transcript path contains 'nothing-like-this'\n")
    }

    /// An app of one static scene and a transcript that passes in a moment, even on a
    /// loaded machine, so a short `--timeout` never catches it.
    static func tinyApp() throws -> URL {
        let app = scratchFolder.appendingPathComponent("scenery-tiny-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "Tiny", "entry": "Hi"}"#.utf8).write(to: app.appendingPathComponent("app.json"))
        try Data(#"{"formatVersion": 1, "scene": "Hi", "view": [{"type": "header", "text": "Hi"}]}"#.utf8)
            .write(to: app.appendingPathComponent("scenes/Hi.json"))
        try Data("== Hi ==\n".utf8).write(to: app.appendingPathComponent("tests/hi.transcript"))
        return app
    }

    @Test(.timeLimit(.minutes(1))) func aTranscriptPastItsTimeoutFailsAndTheRunGoesOn() async throws {
        let (app, _) = try shopWith(Self.passing)
        try FileManager.default.removeItem(at: app.appendingPathComponent("tests/walk.transcript"))
        // Every fetch of the products waits ten minutes: the catalog never settles.
        let slow = app.appendingPathComponent("tests/slow.transcript")
        try Data("# args: --width 40 --fault products=delay:600000\n> email ada@example.com\n> login\n".utf8).write(to: slow)
        // Five seconds, not one: the tiny transcript after it shares the main actor with the
        // other suites of this process, which may hold it for a while on a loaded machine.
        let result = await test([app.path, try Self.tinyApp().path, "--timeout", "5"])
        #expect(result.code == 1)
        #expect(result.error == "FAIL \(slow.path): timed out after 5 s\n")
        #expect(result.out.hasSuffix("1 passed, 1 failed\n"))
    }

    // checks: docs/testing.md#3-a-flow-transcripts
    @Test(.timeLimit(.minutes(1))) func aTranscriptsOwnTimeoutBoundsItAndCanOnlyBeTighter() async throws {
        let (app, _) = try shopWith(Self.passing)
        try FileManager.default.removeItem(at: app.appendingPathComponent("tests/walk.transcript"))
        let slow = app.appendingPathComponent("tests/slow.transcript")
        let body = "# args: --width 40 --fault products=delay:600000\n> email ada@example.com\n> login\n"
        try Data("# timeout: 1\n\(body)".utf8).write(to: slow)
        let own = await test([app.path])
        #expect(own.code == 1)
        #expect(own.error == "FAIL \(slow.path): timed out after 1 s\n")
        // A longer one does not lift --timeout.
        try Data("# timeout: 3600\n\(body)".utf8).write(to: slow)
        let lower = await test([app.path, "--timeout", "1"])
        #expect(lower.error == "FAIL \(slow.path): timed out after 1 s\n")
        try Data("# timeout: soon\n\(body)".utf8).write(to: slow)
        let bad = await test([app.path])
        #expect(bad.error == "FAIL \(slow.path): '# timeout:' takes whole seconds from 1 to 86400, not 'soon'\n")
    }

    @Test func filterPicksTranscriptsByPath() async {
        let result = await test([Self.root.appendingPathComponent("Scenes/Shop").path, "--filter", "russian"])
        #expect(result.out.hasSuffix("1 passed, 0 failed\n"))
    }

    /// An app whose two scenes replace each other from `onAppear`, forever.
    static func cycleApp() throws -> URL {
        let app = scratchFolder.appendingPathComponent("scenery-cycle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "Cycle", "entry": "A"}"#.utf8).write(to: app.appendingPathComponent("app.json"))
        for (name, other) in [("A", "B"), ("B", "A")] {
            let scene = """
                {"formatVersion": 1, "scene": "\(name)", "onAppear": ["go"],
                 "useCases": {"go": {"interactor": [{"type": "route", "to": "\(other)", "mode": "replace"}]}},
                 "view": [{"type": "header", "text": "\(name)"}]}
                """
            try Data(scene.utf8).write(to: app.appendingPathComponent("scenes/\(name).json"))
        }
        return app
    }

    @Test(.timeLimit(.minutes(1))) func scenesThatNeverSettleFailTheirTranscriptAndTheRunGoesOn() async throws {
        let cycle = try Self.cycleApp()
        let spin = cycle.appendingPathComponent("tests/spin.transcript")
        try Data("== A ==\n".utf8).write(to: spin)
        let result = await test([cycle.path, try Self.tinyApp().path, "--timeout", "5"])
        #expect(result.code == 1)
        #expect(result.error.hasPrefix("FAIL \(spin.path)"))
        #expect(result.out.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func usageMistakesExitTwo() async {
        #expect(await test([]).code == 2)
        #expect(await test(["/no/such/place"]).code == 2)
        #expect(await test(["x", "--timeout", "0"]).error == "error: option '--timeout' takes a whole number from 1 to 86400, not '0'\n")
        #expect(await test(["x", "--updte"]).error == "error: unknown option '--updte'\n  hint: did you mean '--update'?\n")
    }
}
