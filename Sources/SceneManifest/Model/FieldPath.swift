import ScenerySupport

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
        // On the bytes in place: slicing the `String` by its indices cost more than the
        // path's own check, and the validator makes one for each `set` several times.
        var text = text
        (root, field, hasDot, name, hasNested) = text.withUTF8 { bytes in
            let dot = UInt8(ascii: ".")
            guard let first = bytes.firstIndex(of: dot) else { return (String(decoding: bytes, as: UTF8.self), "", false, "", false) }
            let rest = bytes[(first + 1)...]
            let field = String(decoding: rest, as: UTF8.self)
            // Most paths name one field: found without splitting the rest.
            guard let next = rest.firstIndex(of: dot) else {
                return (String(decoding: bytes[..<first], as: UTF8.self), field, true, field, false)
            }
            return (
                String(decoding: bytes[..<first], as: UTF8.self), field, true, String(decoding: bytes[(first + 1)..<next], as: UTF8.self),
                true
            )
        }
    }

    /// The record fields below the declared one: `["firstName"]` in `state.form.firstName`.
    public var nested: ArraySlice<String> { hasNested ? names.dropFirst() : [] }

    /// The names after the root, in order, cut at every dot byte — as `name` is, so the two
    /// agree even where a combining mark follows a dot (a path the decoder refuses anyway).
    public var names: [String] { field.pieces(separatedBy: UInt8(ascii: ".")) }

    /// Whether every name after the root passes `test`, read as bytes: no strings made.
    func allNames(_ test: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool) -> Bool {
        var all = true
        field.forEachPiece(separatedBy: UInt8(ascii: ".")) { if all { all = test($0) } }
        return all
    }
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
