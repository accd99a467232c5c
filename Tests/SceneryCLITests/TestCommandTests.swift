import Foundation
import Testing
@testable import SceneryCLI
import VIP
import SceneRuntime
import ScenerySupport

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

    func test(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(["test"] + arguments, console: captured.console)
        return (code, captured.out, captured.error)
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
        #expect(result.out.hasSuffix("updated \(file.path)\n0 passed, 1 updated, 0 failed\n"))
        let rewritten = try String(contentsOf: file, encoding: .utf8)
        #expect(rewritten.hasPrefix("# args: --width 40 --locale en_US\n== Sign in ==\nEmail: []\n[ Sign in ] (disabled)\n> login\nerror: 'login' is disabled"))
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
        #expect(rewritten.hasPrefix("# no args\n# args: --width 60 --locale en_US\n== Sign in ==\n...\n> login\nerror: 'login' is disabled"))
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
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-tiny-\(UUID().uuidString)")
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
        let result = await test([app.path, try Self.tinyApp().path, "--timeout", "1"])
        #expect(result.code == 1)
        #expect(result.error == "FAIL \(slow.path): timed out after 1 s\n")
        #expect(result.out.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func filterPicksTranscriptsByPath() async {
        let result = await test([Self.root.appendingPathComponent("Scenes/Shop").path, "--filter", "russian"])
        #expect(result.out.hasSuffix("1 passed, 0 failed\n"))
    }

    /// An app whose two scenes replace each other from `onAppear`, forever.
    static func cycleApp() throws -> URL {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-cycle-\(UUID().uuidString)")
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
        let result = await test([cycle.path, try Self.tinyApp().path, "--timeout", "1"])
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
        // Found by the transcript fuzz target: the first literal line also matches the
        // line the wildcard stands for, and the expansion must still be the output.
        let repeated = try Transcript.parse("...\n> open 1\n== A ==", path: "t")
        let output = ["> open 1", "> open 1", "== A =="]
        #expect(repeated.matches(output))
        #expect(repeated.expanded(against: output) == output)
        #expect(repeated.updated(with: output) == "...\n> open 1\n== A ==\n")
    }

    /// The leftmost-run matcher against the textbook table over every prefix pair.
    @Test func wildcardMatchingAgreesWithTheFullTable() throws {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let expected = (0..<next(8)).map { _ in ["a", "b", "...", "a"][next(4)] }
            let actual = (0..<next(10)).map { _ in ["a", "b", "c"][next(3)] }
            let transcript = try Transcript.parse(expected.map { $0 + "\n" }.joined(), path: "t")
            #expect(transcript.matches(actual) == Self.tableMatch(expected, actual), "\(expected) vs \(actual)")
            // An update always gives a transcript that matches.
            #expect(try Transcript.parse(transcript.updated(with: actual), path: "t").matches(actual), "\(expected) vs \(actual)")
            // A matching transcript expands to the output and updates to itself (adjacent
            // wildcards merged into one).
            if transcript.matches(actual) {
                #expect(transcript.expanded(against: actual) == actual, "\(expected) vs \(actual)")
                let merged = expected.enumerated().filter { $0.offset == 0 || !($0.element == "..." && expected[$0.offset - 1] == "...") }.map(\.element)
                #expect(transcript.updated(with: actual) == (merged.isEmpty ? "" : merged.joined(separator: "\n") + "\n"), "\(expected) vs \(actual)")
            }
        }
    }

    /// 10 000 inputs (30 000 lines) with one line changed: the expanded diff shows that line
    /// alone. The n×m tables this replaces took 18 s and 539 MB at 4 000 inputs.
    @Test(.timeLimit(.minutes(1))) func aLongTranscriptMatchesAndDiffsInLinearTime() throws {
        let body = (0..<10_000).flatMap { ["> open \($0)", "== Item \($0) ==", "price: \($0).00"] }
        let transcript = try Transcript.parse("# app: .\n" + (body.prefix(3) + ["..."] + body.dropFirst(6)).joined(separator: "\n") + "\n", path: "t")
        #expect(transcript.matches(body))
        var actual = body
        actual[15_001] = "== Item 5000 (sold out) =="
        #expect(!transcript.matches(actual))
        let diff = LineDiff.lines(expected: transcript.expanded(against: actual), actual: actual)
        #expect(diff.filter { if case .same = $0 { false } else { true } } == [.expected("== Item 5000 =="), .actual("== Item 5000 (sold out) ==")])
        #expect(try Transcript.parse(transcript.updated(with: actual), path: "t").matches(actual))
    }

    static func tableMatch(_ expected: [String], _ actual: [String]) -> Bool {
        var reachable = [[Bool]](repeating: [Bool](repeating: false, count: actual.count + 1), count: expected.count + 1)
        reachable[expected.count][actual.count] = true
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count, through: 0, by: -1) {
                reachable[i][j] = expected[i] == "..."
                    ? reachable[i + 1][j] || (j < actual.count && reachable[i][j + 1])
                    : j < actual.count && expected[i] == actual[j] && reachable[i + 1][j + 1]
            }
        }
        return reachable[0][0]
    }

    /// A transcript saved with Windows line endings reads line by line (Swift counts `\r\n`
    /// as one character, so splitting at "\n" read the whole file as one line). Found by
    /// the transcript fuzz target.
    @Test func windowsLineEndingsSplitIntoLines() throws {
        let transcript = try Transcript.parse("# args: --width 40\r\n== A ==\r\n...\r\nend\r\n", path: "t")
        #expect(transcript.arguments == ["--width", "40"])
        #expect(transcript.expected == ["== A ==", "...", "end"])
        #expect(transcript.matches(["== A ==", "x", "end"]))
        #expect(Transcript.lines(of: "a\r\nb\n\nc\r\n") == ["a", "b", "", "c"])
        // Found by the transcript fuzz target: output ending in carriage returns updates to
        // a transcript that matches it.
        #expect(Transcript.lines(of: "\r\r") == [])
        let output = Transcript.lines(of: "x\r\r\n\r\r")
        #expect(try Transcript.parse(try Transcript.parse("", path: "t").updated(with: output), path: "t").matches(output))
        // Output whose first line looks like a header line stays in the body.
        let hashed = ["# args:'", "== A =="]
        #expect(try Transcript.parse("", path: "t").updated(with: hashed) == "...\n# args:'\n== A ==\n")
        #expect(try Transcript.parse(try Transcript.parse("", path: "t").updated(with: hashed), path: "t").matches(hashed))
    }
}
