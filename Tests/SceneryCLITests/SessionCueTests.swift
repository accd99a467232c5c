import Foundation
import SceneManifest
import SceneRuntime
import Testing

@testable import SceneryCLI

/// A session at a terminal says what to type: a legend of the words that work the scene
/// under every frame, and a cue under the first; a scripted one does not, so its output
/// stays a transcript, and neither goes into a recording.
// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct SessionCueTests {
    static let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes")

    /// What a session of the app printed, and what its recording mirror got.
    func session(_ app: String = "Shop", at folder: URL? = nil, interactive: Bool, lines: [String] = ["Sign", "quit"]) async throws -> (
        CapturedConsole, CapturedConsole
    ) {
        let report = Validator.validate(path: (folder ?? Self.apps.appendingPathComponent(app)).path)
        let loaded = try #require(report.app)
        let runtime = try RuntimeApp(loaded)
        let captured = CapturedConsole(), mirror = CapturedConsole()
        let session = SceneSession(
            app: runtime, width: 60, render: .full, format: .text, trace: false, strict: false,
            console: captured.console.mirrored(to: mirror.console))
        var lines = lines[...]
        let source = LineSource(isInteractive: interactive) { lines.popFirst().map { .text($0) } }
        _ = await session.run(source, startAt: nil)
        return (captured, mirror)
    }

    @Test func aSessionAtATerminalSaysWhatToTypeAndAScriptedOneDoesNot() async throws {
        let (terminal, recording) = try await session(interactive: true)
        // The Sign in button is disabled until an email is typed: it is not offered yet.
        #expect(terminal.error.hasPrefix("words: email text · help\n" + SceneSession.cue + "\n"))
        #expect((terminal.out + terminal.error).contains("the 'Sign in' button is typed as 'login' (or its title)"), "\(terminal.out)")
        #expect(!recording.out.contains("words:") && !recording.error.contains(SceneSession.cue), "a recording replays without them")
        let (scripted, _) = try await session(interactive: false)
        #expect(!scripted.error.contains(SceneSession.cue))
        #expect(!scripted.out.contains(SceneSession.cue))
        #expect(!(scripted.out + scripted.error).contains("words:"))
    }

    @Test func theLegendFollowsEveryFrameWithEachControlsWord() async throws {
        let (terminal, _) = try await session(interactive: true, lines: ["email ada@example.com", "login", "quit"])
        // Each line after the first follows the prompt, which a person's typing ends.
        let legends = terminal.error.split(separator: "\n").map { $0.hasPrefix("> ") ? $0.dropFirst(2) : $0 }.filter {
            $0.hasPrefix("words: ") || $0.hasPrefix("       ")
        }
        #expect(
            legends == [
                "words: email text · help",
                "words: email text · login (Sign in) · help",
                "words: load [query] (Search) · open row (a row of the list)",
                // The cart's button is disabled while the cart is empty.
                "       sort (Sort: cheapest first) · deals · orders",
                "       logout (Sign out (ada@example.com)) · help"
            ])
    }

    /// A list with no rows is not offered, as a disabled button is not; once it has rows, it is.
    @Test func aListWithNoRowsIsNotOffered() async throws {
        let app = try writeFiles([
            "app.json": #"{"formatVersion": 1, "name": "Rows", "entry": "A"}"#,
            "scenes/A.json":
                #"{"formatVersion": 1, "scene": "A", "state": {"rows": {"type": "[string]"}}, "useCases": {"add": {"interactor": [{"type": "set", "path": "state.rows", "value": "@{['x']}"}]}, "open": {"request": {"row": "int"}}}, "view": [{"type": "list", "items": "@{state.rows}", "action": "open"}, {"type": "button", "title": "Add", "action": "add"}]}"#
        ])
        let (terminal, _) = try await session(at: app, interactive: true, lines: ["add", "quit"])
        let legends = terminal.error.split(separator: "\n").map { $0.hasPrefix("> ") ? $0.dropFirst(2) : $0 }.filter {
            $0.hasPrefix("words: ")
        }
        #expect(legends == ["words: add · help", "words: open row (a row of the list) · add · help"])
    }

    @Test func aSceneWithAFormShowsItsWordsInTheFrameAndNoLegend() async throws {
        let (terminal, _) = try await session("Orders", interactive: true, lines: ["new", "quit"])
        #expect(terminal.out.contains("[ Save ]  > save"))
        #expect(terminal.error.components(separatedBy: "words: ").count == 2, "only the list scene has a legend: \(terminal.error)")
    }

    @Test func legendLinesWrapAtEntriesAndKeepALongEntryWhole() {
        #expect(SceneSession.legendLines(["aaaa", "bbbb", "cccc"], width: 20) == ["words: aaaa · bbbb", "       cccc"])
        #expect(SceneSession.legendLines(["a-very-long-entry-indeed", "b"], width: 10) == ["words: a-very-long-entry-indeed", "       b"])
    }
}
