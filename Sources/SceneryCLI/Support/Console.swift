import Foundation
import LineRenderer
import ScenerySupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where commands write: standard output and error in the executable, buffers in tests.
/// Everything written is terminal-safe: control characters show as escapes
/// (``ControlCharacters``), and colour is added only where ``Terminal`` allows it.
///
/// `@unchecked Sendable`: its own state is constant; the two writers it is given are the
/// callers' to make safe, and are — the standard ones write to file handles, a captured
/// one locks its buffers (``CapturedConsole``), a recording's is called on the main actor,
/// where sessions run.
public final class Console: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void
    /// Colour decisions for standard output and for standard error.
    public let outTerminal: Terminal
    public let errorTerminal: Terminal
    /// A second console that gets every line this one writes, but no prompt: what
    /// `run --record` keeps as the transcript.
    private let mirror: Console?

    public init(
        out: @escaping (String) -> Void, error: @escaping (String) -> Void,
        outTerminal: Terminal = .plain, errorTerminal: Terminal = .plain
    ) {
        writeOut = out
        writeError = error
        self.outTerminal = outTerminal
        self.errorTerminal = errorTerminal
        mirror = nil
    }

    private init(_ console: Console, mirror: Console) {
        writeOut = console.writeOut
        writeError = console.writeError
        outTerminal = console.outTerminal
        errorTerminal = console.errorTerminal
        self.mirror = mirror
    }

    /// This console, with every line also written to `mirror` (styled for it, so a plain
    /// mirror gets no colour).
    package func mirrored(to mirror: Console) -> Console { Console(self, mirror: mirror) }

    /// Writes a line to the mirror only: an input line a person typed, which the terminal
    /// shows already and a transcript shows as a scripted run echoes it.
    package func mirrorOnly(_ text: String) { mirror?.line(text) }

    /// The process's standard output and error, unbuffered line by line, coloured when
    /// each is a terminal (see ``Terminal``).
    public static let standard: Console = {
        // The three variables colour depends on, not the whole environment as a dictionary.
        let environment = Dictionary(
            uniqueKeysWithValues: Terminal.variables.compactMap { name in getenv(name).map { (name, String(cString: $0)) } })
        return Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            error: { FileHandle.standardError.write(Data($0.utf8)) },
            outTerminal: Terminal(environment: environment, isTTY: isatty(STDOUT_FILENO) == 1),
            errorTerminal: Terminal(environment: environment, isTTY: isatty(STDERR_FILENO) == 1))
    }()

    /// Writes a line for the person at the terminal only, to standard error and never to the
    /// mirror: a cue or a legend, which a recorded transcript's replay does not print.
    package func aside(_ text: String) {
        writeError(safe(text, .aside, errorTerminal) + "\n")
    }

    /// Writes `text` and a newline to standard output.
    public func line(_ text: String = "", as style: Terminal.Style = .plain) {
        writeOut(safe(text, style, outTerminal) + "\n")
        mirror?.line(text, as: style)
    }
    /// Writes each text as a line, in one write: a frame of 2 000 rows made 2 000 system calls.
    public func lines(_ texts: [String], as style: Terminal.Style = .plain) { blocks([(texts, style)]) }

    /// Writes blocks of lines, each in its style, to standard output in one write; the mirror
    /// gets them line by line, as ``line(_:as:)`` gives them.
    package func blocks(_ blocks: [(texts: [String], style: Terminal.Style)]) {
        // Each line is made safe alone: a long frame on every core.
        let out = Self.joined(blocks.flatMap { texts, style in texts.concurrentMap(above: 512) { safe($0, style, outTerminal) } })
        guard !out.isEmpty else { return }
        writeOut(out)
        guard let mirror else { return }
        for (texts, style) in blocks {
            for text in texts { mirror.line(text, as: style) }
        }
    }
    /// Writes `text` and a newline to standard error; by default coloured as diagnostics.
    public func error(_ text: String, as style: Terminal.Style = .diagnostic) {
        writeError(safe(text, style, errorTerminal) + "\n")
        mirror?.error(text, as: style)
    }
    /// Writes each text as a line to standard error, in one write: a large app's findings
    /// made a system call each.
    public func errors(_ texts: [String], as style: Terminal.Style = .diagnostic) {
        guard !texts.isEmpty else { return }
        writeError(Self.joined(texts.map { safe($0, style, errorTerminal) }))
        guard let mirror else { return }
        for text in texts { mirror.error(text, as: style) }
    }
    /// Writes a prompt to standard error and no newline, so what the user types follows it.
    public func prompt(_ text: String) { writeError(ControlCharacters.escaped(text)) }
    /// Writes one JSON text to standard output: controls a JSON string may hold raw (DEL,
    /// C1) are escaped as `\u00XX`, so the text stays valid JSON and terminal-safe.
    public func json(_ text: String) {
        writeOut(ControlCharacters.escaped(text, form: .json, keepingNewlines: true) + "\n")
        mirror?.json(text)
    }

    /// Each line escaped and styled alone. Lines are split at newline bytes: splitting by
    /// `Character` walked grapheme clusters, a good part of printing a long list of findings.
    private func safe(_ text: String, _ style: Terminal.Style, _ terminal: Terminal) -> String {
        guard ControlCharacters.holdsControl(text) else { return terminal.styled(text, as: style) }
        return text.pieces(separatedBy: UInt8(ascii: "\n")).map { terminal.styled(ControlCharacters.escaped($0), as: style) }
            .joined(separator: "\n")
    }

    /// Lines as one text, each followed by a newline: what one write of many lines sends.
    private static func joined(_ lines: [String]) -> String {
        var out = ""
        out.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            out += line
            out += "\n"
        }
        return out
    }
}
