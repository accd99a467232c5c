/// A `set` step's target, `state.FIELD` or `shared.FIELD`, optionally going into the
/// field's record: `state.form.firstName`. Split at dots by bytes.
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

    /// The declared field the path writes: `form` in `state.form.firstName`.
    public let name: String
    /// Whether a record field follows the declared one (`state.form.firstName`).
    private let hasNested: Bool

    public init(_ text: String) {
        let utf8 = text.utf8
        guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")) else {
            (root, field, hasDot, name, hasNested) = (text, "", false, "", false)
            return
        }
        root = String(text[..<dot])
        let rest = text[utf8.index(after: dot)...]
        field = String(rest)
        hasDot = true
        // Most paths name one field: found without splitting the rest.
        if let next = rest.utf8.firstIndex(of: UInt8(ascii: ".")) {
            name = String(rest[..<next])
            hasNested = true
        } else {
            name = field
            hasNested = false
        }
    }

    /// The record fields below the declared one: `["firstName"]` in `state.form.firstName`.
    public var nested: ArraySlice<String> { hasNested ? names.dropFirst() : [] }

    /// The names after the root, in order.
    public var names: [String] { field.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
}

extension TypeRef {
    /// The declared type of the record field `name` inside a value of this type (a model, or
    /// one that may be null): what a `set` into that field must fit. Nil when this is not a
    /// declared model, or the model has no such field.
    public func fieldType(_ name: String, models: [String: ModelDefinition]) -> TypeRef? {
        guard case let .model(model) = unwrapped, let type = models[model]?.fields.first(where: { $0.name == name })?.type else {
            return nil
        }
        return type
    }
}
