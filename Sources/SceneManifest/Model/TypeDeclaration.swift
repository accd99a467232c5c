/// One key of a typed manifest object: its name, whether the object must have it, and the
/// line hover and completion show for it.
public struct KeyDeclaration: Sendable {
    /// What a step's key names of the model of the collection its `provider` is, for the
    /// editor's index: a record's fields (`insert`'s `value`), an object's keys (`update`'s
    /// `set`), or a query's (`fetch`'s `args`: the keys of `where`, the fields `sort` names).
    public enum FieldNaming: Sendable {
        case record, keys, query
    }

    public let name: String
    public let required: Bool
    public let doc: String
    /// What the key's value names of a collection's model, if anything.
    public let names: FieldNaming?

    public init(_ name: String, required: Bool = false, names: FieldNaming? = nil, _ doc: String) {
        self.name = name
        self.required = required
        self.names = names
        self.doc = doc
    }
}

/// A typed manifest object's type — a step, provider or view component type — declared once:
/// its name, what it does (the reference's table cell, word for word), and its keys. The
/// decoder, the language server's completion and hover, and the tests that hold the JSON
/// Schemas and docs/manifest.md to it all read this one declaration.
public struct TypeDeclaration: Sendable {
    public let name: String
    /// What an object of this type does, as the reference's table says it.
    public let summary: String
    /// The keys every object of the kind has (`type`, and `if` or `model`).
    public let common: [KeyDeclaration]
    /// The keys of this type, in the order the reference lists them.
    public let own: [KeyDeclaration]

    /// Every key the type allows, the common ones first.
    public let allowed: [String]
    /// The keys the type requires.
    public let required: [String]
    /// ``allowed`` and ``required`` as the decoder matches them.
    let keyTable: KeyTable

    public init(_ name: String, _ summary: String, common: [KeyDeclaration], keys: [KeyDeclaration]) {
        self.name = name
        self.summary = summary
        self.common = common
        self.own = keys
        allowed = (common + keys).map(\.name)
        required = (common + keys).filter(\.required).map(\.name)
        keyTable = KeyTable(allowed: allowed, required: required)
    }

    /// `a, b or c`: the words a key takes, as hover lists them.
    public static func listed(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The declaration of one of its keys.
    public func key(_ name: String) -> KeyDeclaration? {
        // Each list searched where it is: joining them made an array on every step read.
        common.first { $0.name == name } ?? own.first { $0.name == name }
    }
}
