import SceneRuntime
import SceneManifest

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

    /// Reads lines until `quit` or the end of input. `perform` runs a parsed line;
    /// `printFrame` prints the frame and says whether it showed a runtime error.
    /// - Returns: the exit code.
    ///
    /// A cancelled session (a transcript that timed out) stops before its next line.
    package func run(_ source: LineSource, perform: (InputLine) async -> LineOutcome, printFrame: () -> Bool) async -> Int32 {
        var input = source
        while !Task.isCancelled {
            if input.isInteractive { console.prompt("> ") }
            guard let next = input.readLine() else { return ExitCode.success }
            let outcome: LineOutcome
            switch next {
            case let .text(text):
                if input.isInteractive { console.mirrorOnly("> \(text)") } else { echo(text) }
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
        }
        return ExitCode.findings
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
