import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport
import Testing

@testable import SceneryCLI

/// `scenery run --record FILE`: a session kept as a transcript that passes at once.
// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct RecordTests {
    static let shop = TestCommandTests.root.appendingPathComponent("Scenes/Shop").path

    func folder() throws -> URL {
        let folder = scratchFolder.appendingPathComponent("scenery-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func command(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(arguments, console: captured.console)
        return (code, captured.out, captured.error)
    }

    @Test func aRecordedRunPassesAsATranscriptWithItsArgumentsAndFixtures() async throws {
        let folder = try folder()
        let script = folder.appendingPathComponent("steps")
        try Data("email ada@example.com\nlogin\nload phone\nquit\n".utf8).write(to: script)
        // A fixture beside the recording: the transcript names it relative to itself.
        let fixture = folder.appendingPathComponent("data/phones.json")
        try FileManager.default.createDirectory(at: fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"[{"id": "p0", "name": "Phone Zero", "price": 1.5, "category": "phones", "tags": []}]"#.utf8).write(to: fixture)
        let file = folder.appendingPathComponent("walk.transcript")
        let run = await command([
            "run", Self.shop, "--script", script.path, "--width", "44", "--locale", "ru_RU",
            "--fixture", "products=\(fixture.path)", "--record", file.path
        ])
        #expect(run.code == 0)
        #expect(run.error == "recorded to \(file.path); replay it with 'scenery test \(file.path)'\n")

        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "# walk — recorded with 'scenery run --record'")
        #expect(lines[1] == "# app: \(PathText.relative(Self.shop, from: folder.path))")
        // The seed is the random one the run used, so the recording replays with its ids.
        let seed = try #require(lines[2].firstMatch(of: #/--seed (\d+) /#).map { String($0.1) })
        #expect(UInt64(seed) != nil)
        #expect(
            lines[2] == "# args: --width 44 --locale ru_RU --now 2026-01-01T00:00:00Z --seed \(seed) --fixture products=data/phones.json")
        // The body is the run's output as printed, inputs echoed.
        #expect(Array(lines.dropFirst(3)) == Transcript.lines(of: run.out) + [""])
        #expect(text.contains("> load phone\n"))
        #expect(text.contains("Phone Zero"))

        let test = await command(["test", file.path])
        #expect(test.code == 0)
        #expect(test.out == "PASS \(file.path)\n1 passed, 0 failed\n")
    }

    @Test func aRecordingInTheAppsTestsFolderNeedsNoAppLine() async throws {
        let (app, _) = try TestCommandTests().shopWith("")
        let file = app.appendingPathComponent("tests/new.transcript")
        let script = try folder().appendingPathComponent("steps")
        try Data("email ada@example.com\n".utf8).write(to: script)
        #expect(await command(["run", app.path, "--script", script.path, "--record", file.path]).code == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("# app:"))
        #expect(await command(["test", file.path]).code == 0)
    }

    /// At a terminal the typed line is not echoed to the screen, which shows it already,
    /// but the recording holds it as a scripted run would print it.
    @Test func typedLinesGoToTheRecordingButNotTheScreen() async throws {
        let screen = CapturedConsole()
        let recording = CapturedConsole()
        let console = screen.console.mirrored(to: recording.console)
        var lines = ["email ada@example.com"][...]
        let source = LineSource(isInteractive: true) { lines.popFirst().map { .text($0) } }
        let loop = SessionLoop(console: console, strict: false)
        _ = await loop.run(
            source, perform: { _ in .frame },
            printFrame: {
                console.line("== frame ==")
                return false
            })
        #expect(screen.out == "== frame ==\n")
        #expect(screen.error == "> > ")
        #expect(recording.out == "> email ada@example.com\n== frame ==\n")
    }

    @Test func recordingFromAStateFolderIsAUsageError() async throws {
        let result = await command(["run", Self.shop, "--record", "x.transcript", "--state-dir", "/tmp/x"])
        #expect(result.code == 2)
        #expect(
            result.error == "error: '--record' runs from an empty state folder, as 'scenery test' does\n  hint: leave out '--state-dir'\n")
    }
}
