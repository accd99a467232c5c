/// The built-in workers over lists, each declared once: its arguments, which of them see each
/// item as `it` or name fields of the items, the words one takes, the type it gives, and its
/// line in the reference (docs/manifest.md#built-in-workers).
public enum BuiltInWorker: String, CaseIterable, Sendable {
    case filter, find, sort, search, map, page, group, sum, count, unique, append, remove, update

    /// What a worker takes and gives.
    public struct Signature: Sendable {
        public let required: [String]
        public let optional: [String]
        /// Arguments evaluated once per item, with `it` bound.
        public let perItem: Set<String>
        /// Arguments whose constant text names a field of the items (`"by": "price"`), or
        /// whose record's keys do (`set`): what renaming a model field rewrites.
        public let namingFields: Set<String>
        /// Arguments that take one of a fixed set of words: written as a constant, another
        /// word is E205 at validate; computed, it is E504 at run time.
        public var choices: [String: [String]] = [:]
        /// The type of what the worker gives, from its input's type.
        public let gives: Gives
        /// What the worker gives, as the reference's table says it.
        public let summary: String
    }

    /// The type of a worker's result, worked out from its input's.
    public enum Gives: Sendable {
        /// A list of the input's type: the items chosen, ordered or added to.
        case input
        /// One item of the input list, or null.
        case itemOrNull
        case decimal
        case int
        /// A list whose items' type is not known before running (`map`, `group`).
        case unknown
    }

    public var signature: Signature { Self.signatures[self] }

    /// Every worker's signature, made once: its arrays, sets and words are read for every
    /// work step of every scene validated.
    private static let signatures = CaseTable(\Self.made)

    /// The worker's arguments as the decoder matches their keys.
    var argumentKeys: KeyTable { Self.argumentKeys[self] }

    private static let argumentKeys = CaseTable<Self, KeyTable> { worker in
        let signature = signatures[worker]
        return KeyTable(allowed: signature.required + signature.optional, required: signature.required)
    }

    private var made: Signature {
        switch self {
        case .filter:
            Signature(
                required: ["where"], optional: [], perItem: ["where"], namingFields: [], gives: .input,
                summary: "the items where it holds")
        case .find:
            Signature(
                required: ["where"], optional: [], perItem: ["where"], namingFields: [], gives: .itemOrNull,
                summary: "the first such item, or null")
        case .sort:
            Signature(
                required: ["by"], optional: ["order"], perItem: ["by"], namingFields: ["by"], choices: ["order": ["asc", "desc"]],
                gives: .input, summary: "the sorted list")
        case .search:
            Signature(
                required: ["text"], optional: ["fields"], perItem: [], namingFields: ["fields"], gives: .input,
                summary: "items whose fields contain every word of text")
        case .map:
            Signature(required: ["to"], optional: [], perItem: ["to"], namingFields: [], gives: .unknown, summary: "the list of results")
        case .page:
            Signature(
                required: [], optional: ["size", "page"], perItem: [], namingFields: [], gives: .input, summary: "one page of the list")
        case .group:
            Signature(
                required: ["by"], optional: [], perItem: ["by"], namingFields: ["by"], gives: .unknown,
                summary: "a list of {key, items} in first-seen order")
        case .sum:
            Signature(required: [], optional: ["of"], perItem: ["of"], namingFields: ["of"], gives: .decimal, summary: "the exact total")
        case .count:
            Signature(required: [], optional: [], perItem: [], namingFields: [], gives: .int, summary: "the number of items")
        case .unique:
            Signature(
                required: [], optional: ["by"], perItem: ["by"], namingFields: ["by"], gives: .input,
                summary: "the first item of each distinct key")
        case .append:
            Signature(
                required: ["item"], optional: [], perItem: [], namingFields: [], gives: .input, summary: "a new list with item at the end")
        case .remove:
            Signature(
                required: ["where"], optional: [], perItem: ["where"], namingFields: [], gives: .input,
                summary: "a new list without those items; to change a list in state, the remove step does it in place")
        case .update:
            Signature(
                required: ["where", "set"], optional: [], perItem: ["where", "set"], namingFields: ["set"], gives: .input,
                summary:
                    "a new list with set's fields written into matching items; to change a list in state, a set step with where does it in place"
            )
        }
    }

    /// Every built-in worker's name.
    public static let names: Set<String> = Set(allCases.map(\.rawValue))

    /// The type the worker gives for an input of type `input`.
    public func result(forInput input: TypeRef?) -> TypeRef? {
        switch signature.gives {
        case .input: input
        case .itemOrNull:
            if case let .list(element)? = input?.unwrapped { element.orNull } else { nil }
        case .decimal: .decimal
        case .int: .int
        case .unknown: nil
        }
    }
}
