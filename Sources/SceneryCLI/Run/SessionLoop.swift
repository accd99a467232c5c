import SceneManifest
import SceneRuntime

/// What one input line came to.
package enum LineOutcome {
    /// The line ran: print a frame.
    case frame
    /// The line printed its own answer (help, stack, state) or was blank.
    case printed
    case quit
    /// A bad line: print `error: …` and go on (or stop, under `--strict`).
    case failed(String)
}

/// The read–echo–perform–print loop every `run` session shares.
@MainActor
package struct SessionLoop {
    package let console: Console
    package let strict: Bool
    /// One JSON object per line (`{"input": …}`, `{"error": …}`) instead of text, so a
    /// `--format json` run stays machine-readable.
    package var json = false
    /// Moves the session's clock as a `>> clock` line says; nil when moved, else why not.
    package var moveClock: ((String) -> String?)?

    /// The line that moves the clock: `>> clock +2h` (docs/testing.md#time).
    package nonisolated static let clockPrefix = ">> clock"

    /// Whether `line` is a `>> clock` line (its move may be missing: then it is refused).
    package nonisolated static func isClockLine(_ line: String) -> Bool {
        line == clockPrefix || line.hasPrefix(clockPrefix + " ")
    }

    /// The line that prints what the app's durable providers hold (docs/testing.md).
    package nonisolated static let storedLine = ">> stored"
    /// What the app's durable providers hold now, a line each, for `>> stored`.
    package var stored: (() async -> [String])?

    /// The line that injects a fault on a provider, or lifts it: `>> fault api=fail`
    /// (docs/testing.md#faults).
    package nonisolated static let faultPrefix = ">> fault"
    /// Injects the fault a `>> fault` line gives (`api=fail`); nil when injected, else why not.
    package var injectFault: ((String) -> String?)?

    /// Whether `line` is a `>> fault` line (its fault may be missing: then it is refused).
    package nonisolated static func isFaultLine(_ line: String) -> Bool {
        line == faultPrefix || line.hasPrefix(faultPrefix + " ")
    }

    /// The line that deletes a record as another session would: `>> delete orders 3`
    /// (docs/testing.md#another-session).
    package nonisolated static let deletePrefix = ">> delete"
    /// Deletes the record a `>> delete` line names (`orders 3`); nil when deleted, else why not.
    package var deleteRecord: ((_ collection: String, _ key: String) -> String?)?

    /// Whether `line` is a `>> delete` line (its record may be missing: then it is refused).
    package nonisolated static func isDeleteLine(_ line: String) -> Bool {
        line == deletePrefix || line.hasPrefix(deletePrefix + " ")
    }

    /// The text after a `>> delete` line's prefix: `orders 3`.
    package nonisolated static func deleteText(_ line: String) -> String {
        String(line.dropFirst(deletePrefix.count)).trimmingCharacters(in: .whitespaces)
    }

    /// The collection and key a `>> delete orders 3` line names, or nil.
    package nonisolated static func deleted(_ line: String) -> (collection: String, key: String)? {
        let parts = deleteText(line).split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (parts[0], parts[1])
    }

    /// The line that prints what the frame offers to do, and whether it is a dead end
    /// (docs/testing.md#actions-and-dead-ends).
    package nonisolated static let actionsLine = ">> actions"
    /// What the top scene offers now, for `>> actions`.
    package var actions: (() -> [String])?

    /// Whether `line` is a directive a session runs in its turn among the inputs.
    package nonisolated static func isSessionDirective(_ line: String) -> Bool {
        isClockLine(line) || line == storedLine || isFaultLine(line) || line == actionsLine || isDeleteLine(line)
    }

    package init(console: Console, strict: Bool, json: Bool = false) {
        self.console = console
        self.strict = strict
        self.json = json
    }

    private func echo(_ text: String) {
        if json {
            console.json(#"{"input":\#(JSONText.quote(text))}"#)
        } else {
            console.line("> \(text)")
        }
    }

    /// A bad line's message goes with the frames on standard output, so a scripted run's
    /// output is still the whole transcript.
    private func error(_ message: String) {
        if json {
            console.json(#"{"inputError":\#(JSONText.quote(message))}"#)
        } else {
            console.line("error: \(message)", as: .diagnostic)
        }
    }

    /// `--watch`: the files to watch, and what to do when they change.
    package struct Watch {
        package let watcher: FileWatcher
        package let reload: @MainActor ([String]) async -> Void

        package init(watcher: FileWatcher, reload: @escaping @MainActor ([String]) async -> Void) {
            self.watcher = watcher
            self.reload = reload
        }
    }

    /// Reads lines until `quit` or the end of input. `perform` runs a parsed line;
    /// `printFrame` prints the frame and says whether it showed a runtime error. With
    /// `watch`, a change to the watched files reloads the app between lines.
    /// - Returns: the exit code.
    ///
    /// A cancelled session (a transcript that timed out) stops before its next line.
    package func run(
        _ source: LineSource, watching watch: Watch? = nil, perform: (InputLine) async -> LineOutcome,
        printFrame: () -> Bool
    ) async -> Int32 {
        if let watch { return await run(source, watch, perform: perform, printFrame: printFrame) }
        var input = source
        while !Task.isCancelled {
            if input.isInteractive { console.prompt("> ") }
            guard let next = input.readLine() else { return ExitCode.success }
            if let code = await handle(next, interactive: input.isInteractive, perform, printFrame) { return code }
        }
        return ExitCode.findings
    }

    private func run(
        _ source: LineSource, _ watch: Watch, perform: (InputLine) async -> LineOutcome,
        printFrame: () -> Bool
    ) async -> Int32 {
        let input = WatchedInput(source, watcher: watch.watcher)
        defer { input.stop() }
        var events = input.events.makeAsyncIterator()
        var asked = false
        while !Task.isCancelled {
            if source.isInteractive { console.prompt("> ") }
            if !asked { input.requestLine() }
            asked = true
            guard let event = await events.next() else { break }
            switch event {
            case let .filesChanged(files):
                // The prompt is showing: what the reload prints starts on a line of its own.
                if source.isInteractive { console.error("", as: .plain) }
                await watch.reload(files)
            case let .line(next):
                asked = false
                guard let next else { return ExitCode.success }
                if let code = await handle(next, interactive: source.isInteractive, perform, printFrame) { return code }
            }
        }
        return ExitCode.findings
    }

    /// Echoes and performs one line; returns the exit code when the session ends with it.
    private func handle(
        _ next: LineReader.Line, interactive: Bool, _ perform: (InputLine) async -> LineOutcome,
        _ printFrame: () -> Bool
    ) async -> Int32? {
        let outcome: LineOutcome
        switch next {
        case let .text(text) where Self.isClockLine(text):
            echoDirective(text, interactive: interactive)
            let move = String(text.dropFirst(Self.clockPrefix.count)).trimmingCharacters(in: .whitespaces)
            outcome = moveClock.map { $0(move).map(LineOutcome.failed) ?? .printed } ?? .failed("this session has no clock to move")
        case let .text(text) where Self.isFaultLine(text):
            echoDirective(text, interactive: interactive)
            let fault = String(text.dropFirst(Self.faultPrefix.count)).trimmingCharacters(in: .whitespaces)
            outcome = injectFault.map { $0(fault).map(LineOutcome.failed) ?? .printed } ?? .failed("this session has no providers to fault")
        case let .text(text) where Self.isDeleteLine(text):
            echoDirective(text, interactive: interactive)
            if let (collection, key) = Self.deleted(text) {
                outcome =
                    deleteRecord.map { $0(collection, key).map(LineOutcome.failed) ?? .printed }
                    ?? .failed("this session has no collections")
            } else {
                outcome = .failed(
                    "'>> delete' takes a collection and a record's key, as in '>> delete orders 3', not '\(Self.deleteText(text))'")
            }
        case let .text(text) where text == Self.storedLine:
            echoDirective(text, interactive: interactive)
            if let stored {
                console.lines(await stored())
                outcome = .printed
            } else {
                outcome = .failed("this session has no stored values to show")
            }
        case let .text(text) where text == Self.actionsLine:
            echoDirective(text, interactive: interactive)
            if let actions {
                console.lines(actions())
                outcome = .printed
            } else {
                outcome = .failed("this session has no scene whose actions to show")
            }
        case let .text(text) where text.hasPrefix(">>"):
            echoDirective(text, interactive: interactive)
            outcome = .failed(Self.notASessionDirective(text))
        case let .text(text):
            if interactive { console.mirrorOnly("> \(text)") } else { echo(text) }
            outcome = await Self.outcome(of: text, perform)
        case let .tooLong(bytes):
            outcome = .failed("input line is too long (\(bytes) bytes; the limit is \(LineReader.limit / 1024) KiB); it was skipped")
        case .notUTF8:
            outcome = .failed("input line is not UTF-8 text; it was skipped")
        }
        switch outcome {
        case .frame:
            if printFrame(), strict { return ExitCode.findings }
        case .printed:
            break
        case .quit:
            return ExitCode.success
        case let .failed(message):
            error(message)
            if strict {
                // The reason for exit 1 goes where a CI log looks for it, too.
                console.error("error: \(message) (--strict stops at a bad input line)")
                return ExitCode.findings
            }
        }
        return nil
    }

    /// Why a `>> ` line no session runs is refused: a transcript's own lines say where they work.
    private nonisolated static func notASessionDirective(_ text: String) -> String {
        let word = text.dropFirst(2).trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
        if word == "restart" || word == "absent" {
            return
                "'>> \(word)' is a transcript's line, which 'scenery test' runs; a session takes '>> clock', '>> fault', '>> delete', '>> stored' and '>> actions'"
        }
        return "unknown directive '\(text)'; a session takes '>> clock', '>> fault', '>> delete', '>> stored' and '>> actions'"
    }

    /// A directive is echoed as it is written, so a recording replays it.
    private func echoDirective(_ text: String, interactive: Bool) {
        if interactive { console.mirrorOnly(text) } else if json { echo(text) } else { console.line(text) }
    }

    private static func outcome(of text: String, _ perform: (InputLine) async -> LineOutcome) async -> LineOutcome {
        do {
            guard let line = try InputLine.parse(text) else { return .printed }
            return await perform(line)
        } catch {
            return .failed(error.description)
        }
    }
}
