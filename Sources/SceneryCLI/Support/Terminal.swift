/// Whether a stream gets colour, and how each kind of line is coloured: the one place such
/// decisions are made. Colour goes to a terminal, the way swiftc colours its diagnostics
/// (bold path, red `error:`, magenta `warning:`); piped output stays plain. `NO_COLOR` (any
/// non-empty value) turns colour off; `FORCE_COLOR` (non-empty, not `0` or `false`) turns it
/// on even when piped; `TERM=dumb` counts as no terminal.
public struct Terminal: Sendable, Equatable {
    /// True when lines written to the stream carry ANSI colours.
    public let colors: Bool

    public static let plain = Terminal(colors: false)

    public init(colors: Bool) { self.colors = colors }

    /// The environment variables colour depends on.
    static let variables = ["NO_COLOR", "FORCE_COLOR", "TERM"]

    /// The decision for a stream, from the environment and whether the stream is a terminal.
    public init(environment: [String: String], isTTY: Bool) {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            colors = false
        } else if let force = environment["FORCE_COLOR"], !force.isEmpty {
            colors = !["0", "false"].contains(force.lowercased())
        } else {
            colors = isTTY && environment["TERM"] != "dumb"
        }
    }

    /// What a line is, which decides its colour.
    public enum Style: Sendable {
        case plain
        /// `path:line:column: error[CODE]: message`, `error: …`, `warning: …`, `  hint: …`.
        case diagnostic
        /// A line of a unified diff: `---`/`+++` headers, `@@` hunks, `-` and `+` lines.
        case diff
        /// A scene's error banner (`! …`) in a frame.
        case banner
        /// A test that failed: `FAIL path`.
        case failure
        /// A test that passed, or a clean result.
        case success
        /// A line for the person at the terminal beside the output: a cue, a legend.
        case aside
    }

    enum Code: String {
        case reset = "0"
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case magenta = "35"
        case cyan = "36"
    }

    /// `line` in its style's colours, or unchanged when colour is off.
    public func styled(_ line: String, as style: Style) -> String {
        guard colors, !line.isEmpty else { return line }
        switch style {
        case .plain: return line
        case .diagnostic: return diagnostic(line)
        case .banner: return paint(line, .bold, .red)
        case .failure: return paint(line, .bold, .red)
        case .success: return paint(line, .green)
        case .aside: return paint(line, .dim)
        case .diff:
            if line.hasPrefix("---") || line.hasPrefix("+++") { return paint(line, .bold) }
            if line.hasPrefix("@@") { return paint(line, .cyan) }
            if line.hasPrefix("-") { return paint(line, .red) }
            if line.hasPrefix("+") { return paint(line, .green) }
            return line
        }
    }

    private func paint(_ text: some StringProtocol, _ codes: Code...) -> String {
        "\u{1B}[" + codes.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// swiftc's colours: the location bold, the severity in its colour, the message bold.
    private func diagnostic(_ line: String) -> String {
        let pattern = /(?<location>[^ ].*?: |\s*)(?<severity>error|warning|hint|note)(?<code>\[[A-Z0-9]+\])?:(?<message>.*)/
        guard let match = line.wholeMatch(of: pattern) else { return line }
        let severity = match.output.severity
        let color: Code =
            switch severity {
            case "error": .red
            case "warning": .magenta
            default: .cyan
            }
        let location = match.output.location
        let head = location.allSatisfy { $0 == " " } ? String(location) : paint(location, .bold)
        let label = paint(severity + (match.output.code ?? "") + ":", .bold, color)
        let isNote = severity == "hint" || severity == "note"
        return head + label + (isNote ? String(match.output.message) : paint(match.output.message, .bold))
    }
}
