import Foundation
import Testing

@testable import SceneryCLI

/// `scenery test --coverage`: what the transcripts ran, at each place's manifest line.
// checks: docs/cli.md#coverage-tracefiles
@MainActor
@Suite struct CoverageTests {
    /// A counter: `add` runs its `set` only under 3 and checks a rule; `reset` never runs.
    static func counterApp() throws -> URL {
        let app = scratchFolder.appendingPathComponent("scenery-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "Counter", "entry": "Counter"}"#.utf8).write(to: app.appendingPathComponent("app.json"))
        let scene = """
            {"formatVersion": 1, "scene": "Counter",
             "state": {"count": {"type": "int", "default": 0}},
             "useCases": {
              "add": {"interactor": [
               {"type": "validate", "rules": [{"check": "@{state.count < 9}", "message": "full"}]},
               {"type": "set", "path": "state.count", "value": "@{state.count + 1}", "if": "@{state.count < 3}"}]},
              "reset": {"interactor": [
               {"type": "set", "path": "state.count", "value": 0}]}},
             "view": [
              {"type": "header", "text": "Count @{state.count}"},
              {"type": "text", "text": "many", "if": "@{state.count > 5}"},
              {"type": "button", "title": "Add", "action": "add"},
              {"type": "button", "title": "Reset", "action": "reset"}]}
            """
        try Data(scene.utf8).write(to: app.appendingPathComponent("scenes/Counter.json"))
        let transcript = "== Count 0 ==\n...\n> add\n== Count 1 ==\n...\n"
        try Data(transcript.utf8).write(to: app.appendingPathComponent("tests/add.transcript"))
        return app
    }

    func test(_ arguments: [String], executable: String? = nil) async -> (code: Int32, out: String, error: String) {
        await runScenery(["test"] + arguments, executable: executable)
    }

    @Test func theSummaryNamesWhatNeverRanAtItsLine() async throws {
        let app = try Self.counterApp()
        let result = await test([app.path, "--coverage", app.appendingPathComponent("c.info").path])
        #expect(result.code == 0)
        let file = app.appendingPathComponent("scenes/Counter.json").path
        #expect(
            result.out == """
                PASS \(app.path)/tests/add.transcript
                coverage: \(file) 1/2 use cases, 2/3 steps, 3/6 branches, 1/1 rules, 3/4 components; never run: reset at 7:3, reset.set at 8:4, view[1] text at 11:3
                coverage: 70.0% of places run (7/10), 3/6 branches taken
                1 passed, 0 failed

                """)
    }

    @Test func theTracefileGivesLinesFunctionsAndBranchesOfTheManifest() async throws {
        let app = try Self.counterApp()
        let info = app.appendingPathComponent("c.info")
        _ = await test([app.path, "--coverage", info.path])
        let file = app.appendingPathComponent("scenes/Counter.json").path
        // Line 5 holds the validate step and its rule; the header renders twice (the first
        // frame and after `add`), the text is hidden twice; each `if` has its two branches.
        #expect(
            try String(contentsOf: info, encoding: .utf8) == """
                TN:scenery
                SF:\(file)
                FN:4,add
                FN:7,reset
                FNDA:1,add
                FNDA:0,reset
                FNF:2
                FNH:1
                BRDA:5,2,0,1
                BRDA:5,2,1,0
                BRDA:6,3,0,1
                BRDA:6,3,1,0
                BRDA:11,7,0,0
                BRDA:11,7,1,2
                BRF:6
                BRH:3
                DA:4,1
                DA:5,2
                DA:6,1
                DA:7,0
                DA:8,0
                DA:10,2
                DA:11,0
                DA:12,2
                DA:13,2
                LF:9
                LH:6
                end_of_record

                """)
    }

    @Test func belowTheMinimumFailsAndAtItPasses() async throws {
        let app = try Self.counterApp()
        let below = await test([app.path, "--min-coverage", "80"])
        #expect(below.code == 1)
        #expect(below.error == "error: 70.0% of places ran, below --min-coverage 80\n")
        #expect(await test([app.path, "--min-coverage", "70"]).code == 0)
        let bad = await test([app.path, "--min-coverage", "120"])
        #expect(bad.code == 2)
        #expect(
            bad.error
                == "error: option '--min-coverage' takes a percentage from 0 to 100, not '120'\n  hint: for example '--min-coverage 80'\n")
    }

    /// Workers count in their own processes; the parent adds their counts up to the
    /// same report a serial run writes.
    @Test(.timeLimit(.minutes(2))) func workersCountWhatASerialRunCounts() async throws {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "scenery")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the scenery executable first")
        let app = try Self.counterApp()
        try Data("== Count 0 ==\n...\n> add\n...\n> add\n...\n> add\n...\n> add\n== Count 3 ==\n...\n".utf8)
            .write(to: app.appendingPathComponent("tests/many.transcript"))
        let serial = app.appendingPathComponent("serial.info"), parallel = app.appendingPathComponent("parallel.info")
        let one = await test([app.path, "--jobs", "1", "--coverage", serial.path], executable: binary.path)
        let two = await test([app.path, "--jobs", "2", "--coverage", parallel.path], executable: binary.path)
        #expect(one.code == 0)
        #expect(two.out == one.out)
        #expect(try String(contentsOf: parallel, encoding: .utf8) == String(contentsOf: serial, encoding: .utf8))
        #expect(try String(contentsOf: serial, encoding: .utf8).contains("BRDA:6,3,1,1"))  // the `if` not taken at 3
    }
}
