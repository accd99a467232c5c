import SceneRuntime
import SceneManifest

/// What one input line came to.
enum LineOutcome {
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
struct SessionLoop {
    let console: Console
    let strict: Bool
    /// One JSON object per line (`{"input": …}`, `{"error": …}`) instead of text, so a
    /// `--format json` run stays machine-readable.
    var json = false

    private func echo(_ text: String) {
        console.line(json ? #"{"input":\#(JSONText.quote(text))}"# : "> \(text)")
    }

    private func error(_ message: String) {
        console.line(json ? #"{"inputError":\#(JSONText.quote(message))}"# : "error: \(message)")
    }

    /// Reads lines until `quit` or the end of input. `perform` runs a parsed line;
    /// `printFrame` prints the frame and says whether it showed a runtime error.
    /// - Returns: the exit code.
    func run(_ source: LineSource, perform: (InputLine) async -> LineOutcome, printFrame: () -> Bool) async -> Int32 {
        var input = source
        while true {
            if input.isInteractive { console.error("> ") }
            guard let text = input.readLine() else { return ExitCode.success }
            if !input.isInteractive { echo(text) }
            let outcome: LineOutcome
            do {
                if let line = try InputLine.parse(text) {
                    outcome = await perform(line)
                } else {
                    outcome = .printed
                }
            } catch {
                outcome = .failed(error.description)
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
                if strict { return ExitCode.findings }
            }
        }
    }
}
