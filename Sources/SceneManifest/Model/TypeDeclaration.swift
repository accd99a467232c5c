/// One key of a typed manifest object: its name, whether the object must have it, and the
/// line hover and completion show for it.
public struct KeyDeclaration: Sendable {
    public let name: String
    public let required: Bool
    public let doc: String

    public init(_ name: String, required: Bool = false, _ doc: String) {
        self.name = name
        self.required = required
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

    public init(_ name: String, _ summary: String, common: [KeyDeclaration], keys: [KeyDeclaration]) {
        self.name = name
        self.summary = summary
        self.common = common
        self.own = keys
    }

    /// Every key the type allows, the common ones first.
    public var allowed: [String] { (common + own).map(\.name) }
    /// The keys the type requires.
    public var required: [String] { (common + own).filter(\.required).map(\.name) }

    /// `a, b or c`: the words a key takes, as hover lists them.
    public static func listed(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The declaration of one of its keys.
    public func key(_ name: String) -> KeyDeclaration? { (common + own).first { $0.name == name } }
}
