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

    /// The declared field the path writes: `form` in `state.form.firstName`.
    public var name: String { names.first ?? "" }

    /// The record fields below the declared one: `["firstName"]` in `state.form.firstName`.
    public var nested: ArraySlice<String> { names.dropFirst() }

    /// The names after the root, in order.
    public var names: [String] { field.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
}

extension TypeRef {
    /// The declared type of the record field `name` inside a value of this type (a model, or
    /// one that may be null): what a `set` into that field must fit. Nil when this is not a
    /// declared model, or the model has no such field.
    public func fieldType(_ name: String, models: [String: ModelDefinition]) -> TypeRef? {
        guard case let .model(model) = unwrapped, let type = models[model]?.fields.first(where: { $0.name == name })?.type else { return nil }
        return type
    }
}
