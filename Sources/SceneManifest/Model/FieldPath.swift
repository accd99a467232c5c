/// A `set` step's target, `state.FIELD` or `shared.FIELD`: split at its first dot by bytes.
///
/// Splitting a `String` on a `Character` walks grapheme clusters; a path is ASCII where it is
/// valid, and the validator and every `set` at run time split one.
public struct FieldPath: Sendable, Equatable {
    /// `state`, `shared`, or whatever was written before the first dot.
    public let root: String
    /// Everything after the first dot; empty when the text has no dot.
    public let field: String
    /// Whether the text had a dot at all.
    public let hasDot: Bool

    public init(_ text: String) {
        let utf8 = text.utf8
        guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")) else {
            (root, field, hasDot) = (text, "", false)
            return
        }
        root = String(text[..<dot])
        field = String(text[utf8.index(after: dot)...])
        hasDot = true
    }
}
