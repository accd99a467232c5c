import ScenerySupport

/// One finding about a manifest: what is wrong, where, and how to fix it.
///
/// ```
/// Scenes/Shop/scenes/Catalog.json:14:17: error[E304]: unknown provider 'prodcts'
///   hint: did you mean 'products'?
/// ```
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    public var severity: Severity
    /// `E101`…`E5xx` for errors, `W0xx` for warnings.
    public var code: DiagnosticCode
    /// Lowercase, no final period, names in single quotes.
    public var message: String
    public var file: String
    public var line: Int
    public var column: Int
    /// The JSON pointer of the value concerned (`/useCases/load/interactor/0/provider`).
    public var pointer: String
    public var hint: String?
    /// Byte offset in the file, for ordering findings in file order.
    public var offset: Int
    /// The edits that fix it, when the hint names one (a misspelt name's did-you-mean).
    public var fixes: [FixIt] = []

    public init(
        severity: Severity, code: DiagnosticCode, message: String, file: String, line: Int, column: Int,
        pointer: String, hint: String? = nil, offset: Int = 0
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
        self.hint = hint
        self.offset = offset
    }

    /// `path:line:column: error[CODE]: message`, and a `hint:` line when there is one.
    public var description: String {
        let head = Self.oneLine("\(file):\(line):\(column): \(severity.rawValue)[\(code)]: \(message)")
        return hint.map { "\(head)\n  hint: \(Self.oneLine($0))" } ?? head
    }

    /// A finding's line or its hint kept to one line: a line break it quotes from a manifest
    /// (a key written with `\n`) shows as `\u{A}`, as terminal output shows every other
    /// control character, so the line after a finding is only ever its hint.
    private static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return text }
        return text.pieces(separatedBy: UInt8(ascii: "\n")).joined(separator: Unicode.Scalar(UInt8(ascii: "\n")).escapedAsInSwift)
    }
}

/// Collects findings for one file, turning byte offsets into lines and columns.
public struct DiagnosticSink {
    public let source: SourceFile
    public private(set) var items: [Diagnostic] = []

    public init(source: SourceFile) { self.source = source }

    public var hasErrors: Bool { items.contains { $0.severity == .error } }

    public mutating func report(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
        at offset: Int, pointer: String, hint: Hint? = nil
    ) {
        let (line, column) = source.location(of: offset)
        var diagnostic = Diagnostic(
            severity: severity, code: code, message: message, file: source.path, line: line,
            column: column, pointer: pointer, hint: hint?.text, offset: offset)
        if let replacement = hint?.replacement, let fix = FixIt.replacing(replacement, at: offset, in: source.bytes) {
            diagnostic.fixes = [fix]
        }
        items.append(diagnostic)
    }

    /// Makes room for `count` more findings at once, when that many are known to come.
    public mutating func reserveCapacity(forMore count: Int) {
        items.reserveCapacity(items.count + count)
    }

    public mutating func error(_ code: DiagnosticCode, _ message: String, at offset: Int, pointer: String, hint: Hint? = nil) {
        report(.error, code, message, at: offset, pointer: pointer, hint: hint)
    }

    public mutating func warning(_ code: DiagnosticCode, _ message: String, at offset: Int, pointer: String, hint: Hint? = nil) {
        report(.warning, code, message, at: offset, pointer: pointer, hint: hint)
    }

    /// The findings in file order (stable for findings at the same place). Most files'
    /// findings are reported in that order already, and come back as they are, uncopied;
    /// otherwise their indexes are sorted, not the findings, so they are copied once.
    public var sorted: [Diagnostic] {
        if items.indices.dropFirst().allSatisfy({ items[$0 - 1].offset <= items[$0].offset }) { return items }
        return items.indices.sorted { (items[$0].offset, $0) < (items[$1].offset, $1) }.map { items[$0] }
    }
}

/// "did you mean 'x'?" for a misspelt name, or nil when nothing is close.
func didYouMean(_ word: String, _ candidates: some Sequence<String>) -> Hint? {
    Suggestions.closest(to: word, in: candidates).map { Hint(Suggestions.didYouMean($0), replacing: word, with: $0) }
}

/// The candidate a misspelt name most likely meant, or nil when nothing is close.
func closestName(_ word: String, _ candidates: some Sequence<String>) -> String? {
    Suggestions.closest(to: word, in: candidates)
}

/// "did you mean 'x'?" for a suggestion found another way.
func didYouMean(_ name: String) -> String {
    Suggestions.didYouMean(name)
}
