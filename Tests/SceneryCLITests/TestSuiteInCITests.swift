import Foundation
import Testing

@testable import SceneryCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a CI system needs from `scenery test`: stable shards that cover the suite, a JUnit
/// report its pages read, and worker processes whose output is a serial run's.
// checks: docs/testing.md#in-ci-jobs-shards-and-junit-reports
@MainActor
@Suite struct TestSuiteInCITests {
    static let shop = TestCommandTests.root.appendingPathComponent("Scenes/Shop").path

    func test(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        await runScenery(["test"] + arguments)
    }

    /// A suite of twelve copies of the tiny app's transcript, named t01…t12.
    func suite(_ count: Int = 12) throws -> URL {
        let app = try TestCommandTests.tinyApp()
        let tests = app.appendingPathComponent("tests")
        try FileManager.default.removeItem(at: tests.appendingPathComponent("hi.transcript"))
        for index in 1...count {
            try Data("== Hi ==\n".utf8).write(to: tests.appendingPathComponent(String(format: "t%02d.transcript", index)))
        }
        return app
    }

    func passedNames(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { String($0.split(separator: "/").last ?? "") }
    }

    @Test func theShardsTogetherRunEveryTranscriptOnce() async throws {
        let app = try suite()
        let whole = passedNames(await test([app.path, "--jobs", "1"]).out)
        #expect(whole.count == 12)
        var union: [String] = []
        for index in 1...3 {
            let result = await test([app.path, "--shard", "\(index)/3"])
            #expect(result.code == 0)
            union += passedNames(result.out)
        }
        #expect(union.sorted() == whole)
    }

    @Test func aFileLandsInTheSameShardHoweverThePathIsSpelledAndWhateverIsAdded() async throws {
        let app = try suite()
        let before = passedNames(await test([app.path, "--shard", "2/3"]).out)
        let spelledOtherwise = passedNames(await test([app.path + "/", "--shard", "2/3"]).out)
        try Data("== Hi ==\n".utf8).write(to: app.appendingPathComponent("tests/t99.transcript"))
        let afterAdding = passedNames(await test([app.path, "--shard", "2/3"]).out).filter { $0 != "t99.transcript" }
        #expect(!before.isEmpty)
        #expect(spelledOtherwise == before)
        #expect(afterAdding == before)
        #expect(TestCommand.shardKey(of: "\(app.path)/tests/t01.transcript", foundAt: app.path) == "tests/t01.transcript")
    }

    @Test func anEmptyShardPasses() async throws {
        let app = try TestCommandTests.tinyApp()
        var results: [(code: Int32, out: String, error: String)] = []
        for index in 1...4 { results.append(await test([app.path, "--shard", "\(index)/4"])) }
        #expect(results.allSatisfy { $0.code == 0 })
        #expect(results.filter { $0.out.contains("no transcripts fall in shard") }.count == 3)
    }

    @Test func badValuesAreUsageErrorsWithAHint() async {
        for (arguments, message) in [
            (["--shard", "3/2"], "error: '--shard 3/2': the shard must be from 1 to 2\n  hint: shards are numbered 1/2 to 2/2\n"),
            (
                ["--shard", "one"],
                "error: '--shard' takes I/N, not 'one'\n  hint: for example '--shard 1/3' runs the first of three shares\n"
            ),
            (["--shard", "0/0"], "error: '--shard 0/0': the number of shards must be from 1 to 1000\n"),
            (
                ["--format", "junit"],
                "error: '--format junit' needs '--output FILE'\n  hint: for example '--format junit --output report.xml'\n"
            ),
            (["--output", "r.xml"], "error: '--output' is for '--format junit'\n  hint: add '--format junit'\n")
        ] {
            let result = await test([Self.shop] + arguments)
            #expect(result.code == 2, "\(arguments)")
            #expect(result.error == message)
        }
        let jobs = await test([Self.shop, "--jobs", "0"])
        #expect(jobs.code == 2)
        #expect(
            jobs.error.hasPrefix(
                "error: option '--jobs' takes a whole number from 1 to 256, not '0'\n  hint: '--jobs 1' runs one transcript at a time"))
    }

    @Test func theJUnitReportHoldsEveryTranscriptAndEachFailuresDiff() async throws {
        let (app, file) = try TestCommandTests().shopWith(
            TestCommandTests.passing.replacingOccurrences(of: "== Catalog ==", with: "== Katalog <&> =="))
        try Data("== Hi ==\n".utf8).write(to: app.appendingPathComponent("tests/other.transcript"))
        let report = app.appendingPathComponent("report.xml")
        let result = await test([app.path, "--format", "junit", "--output", report.path, "--shard", "1/1"])
        #expect(result.code == 1)

        let document = try XMLDocument(contentsOf: report)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "2")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "name")?.stringValue == app.appendingPathComponent("tests").path)
        let property = try #require(suite.elements(forName: "properties").first?.elements(forName: "property").first)
        #expect(property.attribute(forName: "name")?.stringValue == "shard")
        #expect(property.attribute(forName: "value")?.stringValue == "1/1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.compactMap { $0.attribute(forName: "name")?.stringValue } == ["other", "walk"])
        #expect(cases.allSatisfy { Double($0.attribute(forName: "time")?.stringValue ?? "") != nil })
        // Both fail: "other" expects the Hi header, "walk" a catalog spelt otherwise.
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "the output differs from the transcript")
        #expect(failure.stringValue?.contains("-== Hi ==") == true)
        #expect(cases[1].elements(forName: "failure").first?.stringValue?.contains("== Katalog <&> ==") == true)
        _ = file
    }

    @Test func xmlTextEscapesMarkupAndWritesControlCharactersVisibly() {
        #expect(XMLText.escaped(#"a<b>&"c"'d"#) == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d")
        #expect(XMLText.escaped("tab\tnew\nline\r") == "tab\tnew\nline\r")
        #expect(XMLText.escaped("esc\u{1B}[31m nul\u{0}") == "esc\\u{1B}[31m nul\\u{0}")
        #expect(XMLText.escaped("Каталог ✓ \u{FFFF}") == "Каталог ✓ \\u{FFFF}")
    }

    /// `--jobs` starts this package's `scenery` executable as workers; its output must be
    /// a serial run's, byte for byte, failures and their diffs included.
    @Test(.timeLimit(.minutes(2))) func workersPrintWhatASerialRunPrints() async throws {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "scenery")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the scenery executable first")
        let (app, _) = try TestCommandTests().shopWith(TestCommandTests.passing)
        for name in ["buy", "catalog", "deals", "login", "russian"] {
            try FileManager.default.copyItem(
                atPath: "\(Self.shop)/tests/\(name).transcript", toPath: "\(app.path)/tests/\(name).transcript")
        }
        try Data("== Hi ==\n".utf8).write(to: app.appendingPathComponent("tests/broken.transcript"))
        func run(_ jobs: String) async throws -> (Int32, String, String) {
            let captured = CapturedConsole()
            let code = await SceneryCommand.run(["test", app.path, "--jobs", jobs], console: captured.console, executable: binary.path)
            return (code, captured.out, captured.error)
        }
        let serial = try await run("1")
        let parallel = try await run("3")
        #expect(serial.0 == 1)
        #expect(parallel.0 == serial.0)
        #expect(parallel.1 == serial.1)
        #expect(parallel.2 == serial.2)
        #expect(serial.1.hasSuffix("6 passed, 1 failed\n"))
    }

    @Test func aWorkerThatCannotStartFailsItsTranscriptsWithWhy() async throws {
        let app = try suite(2)
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(["test", app.path, "--jobs", "2"], console: captured.console, executable: "/no/such/scenery")
        #expect(code == 1)
        #expect(captured.error.contains("FAIL \(app.path)/tests/t01.transcript: cannot start a worker '/no/such/scenery'"))
        #expect(captured.out.hasSuffix("0 passed, 2 failed\n"))
    }
}
