import Foundation
import Testing
@testable import SceneryCLI
import SceneRuntime

@MainActor
@Suite struct TestCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A copy of the Shop with one transcript, so tests may break and update it.
    func shopWith(_ transcript: String) throws -> (app: URL, file: URL) {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-shop-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Scenes/Shop"), to: app)
        let tests = app.appendingPathComponent("tests")
        for name in try FileManager.default.contentsOfDirectory(atPath: tests.path) {
            try FileManager.default.removeItem(at: tests.appendingPathComponent(name))
        }
        let file = tests.appendingPathComponent("walk.transcript")
        try Data(transcript.utf8).write(to: file)
        return (app, file)
    }

    func test(_ arguments: [String]) async -> (code: Int32, out: String) {
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(["test"] + arguments, console: captured.console)
        return (code, captured.out + captured.error)
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
        #expect(result.out.contains("FAIL \(file.path)\n--- \(file.path) (expected)\n+++ \(file.path) (actual)\n@@ "))
        #expect(result.out.contains("\n-9 products\n"))
        #expect(result.out.contains("\n+8 products\n"))
        #expect(result.out.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func updateRewritesAFailingTranscriptWithWhatRan() async throws {
        let (app, file) = try shopWith("# args: --width 40\n> login\n")
        #expect(await test([app.path, "--update"]).code == 1)
        let rewritten = try String(contentsOf: file, encoding: .utf8)
        #expect(rewritten.hasPrefix("# args: --width 40\n== Sign in ==\nEmail: []\n[ Sign in ] (disabled)\n> login\nerror: 'login' is disabled"))
        #expect(await test([app.path]).code == 0)
    }

    @Test func filterPicksTranscriptsByPath() async {
        let result = await test([Self.root.appendingPathComponent("Scenes/Shop").path, "--filter", "russian"])
        #expect(result.out.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func usageMistakesExitTwo() async {
        #expect(await test([]).code == 2)
        #expect(await test(["/no/such/place"]).code == 2)
        #expect(await test(["x", "--updte"]).out == "error: unknown option '--updte'\n  hint: did you mean '--update'?\n")
    }
}

@Suite struct TranscriptTests {
    @Test func wildcardsAreExpandedSoTheDiffShowsOnlyRealChanges() throws {
        let transcript = try Transcript.parse("== A ==\n...\n> go\nnew line\n...\nend\n", path: "t")
        let actual = ["== A ==", "x", "y", "> go", "old line", "z", "end"]
        #expect(!transcript.matches(actual))
        // The missing line takes the place of the similar line the run printed instead, so the
        // diff shows "-new line +old line"; the wildcards stand for the lines around them.
        #expect(transcript.expanded(against: actual) == ["== A ==", "x", "y", "> go", "new line", "z", "end"])
    }

    @Test func aMatchingTranscriptExpandsToTheActualLines() throws {
        let transcript = try Transcript.parse("a\n...\nd\n", path: "t")
        let actual = ["a", "b", "c", "d"]
        #expect(transcript.matches(actual))
        #expect(transcript.expanded(against: actual) == actual)
    }
}
