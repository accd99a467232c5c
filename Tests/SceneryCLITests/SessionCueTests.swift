import Foundation
import SceneManifest
import SceneRuntime
import Testing
@testable import SceneryCLI

/// A session at a terminal says what to type under its first frame; a scripted one does
/// not, so its output stays a transcript.
// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct SessionCueTests {
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes/Shop").path

    func session(interactive: Bool) async throws -> CapturedConsole {
        let report = Validator.validate(path: Self.shop)
        let loaded = try #require(report.app)
        let app = try RuntimeApp(loaded)
        let captured = CapturedConsole()
        let session = SceneSession(app: app, width: 60, render: .full, format: .text, trace: false, strict: false, console: captured.console)
        var lines = ["Sign", "quit"][...]
        let source = LineSource(isInteractive: interactive) { lines.popFirst().map { .text($0) } }
        _ = await session.run(source, startAt: nil)
        return captured
    }

    @Test func aSessionAtATerminalSaysWhatToTypeAndAScriptedOneDoesNot() async throws {
        let terminal = try await session(interactive: true)
        #expect(terminal.error.hasPrefix(SceneSession.cue + "\n"))
        #expect((terminal.out + terminal.error).contains("the 'Sign in' button is typed as 'login' (or its title)"), "\(terminal.out)")
        let scripted = try await session(interactive: false)
        #expect(!scripted.error.contains(SceneSession.cue))
        #expect(!scripted.out.contains(SceneSession.cue))
    }
}
