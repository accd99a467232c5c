import SceneManifest

/// A JSON value the language server writes. Requests are read with the project's own
/// ``JSONParser``; answers are built from these and printed as compact JSON.
indirect enum LSPJSON: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([LSPJSON])
    case object([(String, LSPJSON)])

    static func == (lhs: LSPJSON, rhs: LSPJSON) -> Bool { lhs.text == rhs.text }

    var text: String {
        switch self {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .int(value): String(value)
        case let .string(value): JSONText.quote(value)
        case let .array(values): "[" + values.map(\.text).joined(separator: ",") + "]"
        case let .object(members): "{" + members.map { JSONText.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    /// A request's parsed JSON as a value to echo back (an `id`).
    init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case let .bool(flag): self = .bool(flag)
        case let .number(text): self = Int(text).map(LSPJSON.int) ?? .string(text)
        case let .string(text): self = .string(text)
        case let .array(elements): self = .array(elements.map(LSPJSON.init))
        case let .object(members): self = .object(members.map { ($0.key, LSPJSON($0.value)) })
        }
    }
}
