import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import ScenerySupport
import VIP

/// A `scenery run` session over a JSON app: reads action lines, runs them on the top
/// scene, and prints a frame after each, deterministically.
@MainActor
final class SceneSession {
    enum Render: String { case full, diff }
    enum Format: String { case text, json }

    /// The running app; `--watch` replaces it when its files change (``adopt(_:)``).
    private(set) var app: RuntimeApp
    private(set) var dispatch: ActionDispatch
    let renderer: LineRenderer
    let render: Render
    let format: Format
    let strict: Bool
    let console: Console
    let trace: Bool
    private var diff: DiffRenderer

    init(app: RuntimeApp, width: Int, render: Render, format: Format, trace: Bool, strict: Bool, console: Console) {
        self.app = app
        dispatch = ActionDispatch(app: app)
        renderer = LineRenderer(width: width)
        diff = DiffRenderer(renderer: renderer)
        self.render = render
        self.format = format
        self.strict = strict
        self.console = console
        self.trace = trace
        traceEvents(of: app)
    }

    private func traceEvents(of app: RuntimeApp) {
        guard trace else { return }
        app.onTrace = { [format, console] event in
            if format == .json {
                console.json(#"{"trace":\#(ValueJSON.text(event.record))}"#)
            } else {
                // One event, one line: a message's line break shows as `\u{A}`.
                console.line("trace: " + ControlCharacters.escaped(event.text))
            }
        }
    }

    /// Runs `newApp` in place of the app running now, which is built from the same files
    /// before they changed: the stack is rebuilt keeping what still fits
    /// (``RuntimeApp/takeOver(from:)``), and the new top's frame is printed.
    /// - Returns: what could not be kept.
    func adopt(_ newApp: RuntimeApp) async throws -> [String] {
        // Traced from the start, so the `onAppear` the take-over runs is traced too.
        traceEvents(of: newApp)
        let notes = try newApp.takeOver(from: app)
        app = newApp
        dispatch = ActionDispatch(app: newApp)
        await settle()
        return notes
    }

    /// Runs until `quit` or the end of input, reloading between lines with `watch`.
    /// Returns the exit code.
    func run(
        _ source: LineSource, startAt scene: String?, args: SceneValue = .record(Record()),
        watch: SessionLoop.Watch? = nil
    ) async -> Int32 {
        do {
            try app.start(at: scene, args: args)
        } catch {
            console.error("error: \(error.localizedDescription)")
            return ExitCode.findings
        }
        await settle()
        // A person at a terminal is told what to type, under every frame; a script's output
        // stays a transcript.
        showsLegend = source.isInteractive && format == .text
        printFrame()
        if source.isInteractive { console.aside(Self.cue) }
        if strict, stopsOnRuntimeError() { return ExitCode.findings }
        var loop = SessionLoop(console: console, strict: strict, json: format == .json)
        loop.moveClock = { [app] move in app.format.clock.move(move) }
        loop.stored = { [app] in await app.storedLines() }
        loop.injectFault = { [app] text in FaultDirective.inject(text, into: app) }
        loop.deleteRecord = { [app] collection, key in app.deleteAsAnotherSession(key, from: collection) }
        loop.actions = { [app] in ActionDispatch(app: app).actionLines() }
        return await loop.run(source, watching: watch, perform: perform) {
            printFrame()
            return stopsOnRuntimeError()
        }
    }

    /// Whether each frame is followed by its legend (at a terminal, in text).
    private var showsLegend = false

    /// The words that work the top scene, under its frame: `words: email VALUE (Email) ·
    /// login (Sign in) · help`, wrapped to the width. A scene with a form shows its words
    /// in the frame itself, so it has none.
    func printLegend() {
        guard showsLegend, let scene = top, !scene.definition.hasForm else { return }
        for line in Self.legendLines(dispatch.legend(), width: renderer.width) { console.aside(line) }
    }

    /// `entries` after `words: `, joined by ` · `, a new line (indented) whenever the next
    /// entry would pass `width`; an entry wider than that stands on a line of its own.
    static func legendLines(_ entries: [String], width: Int) -> [String] {
        let head = "words: ", indent = String(repeating: " ", count: head.count)
        var lines: [String] = []
        var line = head
        for entry in entries {
            if line == head || line == indent {
                line += entry
            } else if line.count + 3 + entry.count <= width {
                line += " · " + entry
            } else {
                lines.append(line)
                line = indent + entry
            }
        }
        return lines + [line]
    }

    private var top: JSONScene? { app.navigator.top as? JSONScene }

    /// The line a session at a terminal starts with, under its first frame.
    static let cue = "Type a word above and its arguments, or a button's title; 'help' explains."

    private func perform(_ line: InputLine) async -> LineOutcome {
        switch dispatch.perform(line) {
        case .ran:
            await settle()
            return .frame
        case let .refused(refusal):
            return .failed(refusal.description)
        case .builtIn(.quit):
            return .quit
        case .builtIn(.help):
            output(dispatch.help())
        case .builtIn(.stack):
            output([app.navigator.names.joined(separator: " > ")])
        case .builtIn(.state):
            output(
                ["state: " + ValueJSON.text(.record(top?.state ?? Record())), "shared: " + ValueJSON.text(app.sharedRecord)]
                    + app.collectionLines())
        }
        return .printed
    }

    /// What `help`, `stack` and `state` print: lines, or one JSON object under `--format json`.
    private func output(_ lines: [String]) {
        if format == .json {
            console.json(#"{"output":\#(JSONText.quote(lines.joined(separator: "\n")))}"#)
        } else {
            console.lines(lines)
        }
    }

    /// Waits for the frame to be complete. When the session is cancelled (a transcript ran
    /// past its timeout), every scene leaves, which cancels the work it has in flight, so
    /// nothing keeps running for a session no one waits for.
    private func settle() async {
        let app = app
        await withTaskCancellationHandler {
            await app.waitUntilSettled()
        } onCancel: {
            Task { @MainActor [app] in
                for entry in app.navigator.stack { entry.screen.screenDidLeave() }
            }
        }
    }

    /// Whether the top scene shows a runtime error (an E5xx failure of the manifest, not a
    /// message for the app's user); under `--strict` each is printed to standard error.
    private func stopsOnRuntimeError() -> Bool {
        let failures = top?.shownFailures.filter { $0.code != nil } ?? []
        if strict { for failure in failures { console.error(failure.diagnostic) } }
        return !failures.isEmpty
    }

    /// Prints the top scene's frame (after each line, and after a reload).
    func printFrame() {
        guard let scene = top else { return }
        let components = scene.components()
        switch (format, render) {
        case (.json, _):
            console.json(frameJSON(scene, lines: renderer.render(components)))
        case (.text, .full):
            console.frame(components, renderer: renderer)
            printLegend()
        case (.text, .diff):
            for change in diff.update(components) { console.line(change.description) }
            printLegend()
        }
    }

    private func frameJSON(_ scene: JSONScene, lines: [String]) -> String {
        var record = Record()
        record["scene"] = .string(scene.screenName)
        record["stack"] = .list(app.navigator.names.map(SceneValue.string))
        record["vm"] = .record(scene.viewModel)
        record["lines"] = .list(lines.map(SceneValue.string))
        record["error"] = scene.shownFailures.last?.record ?? .null
        return ValueJSON.text(.record(record))
    }
}
