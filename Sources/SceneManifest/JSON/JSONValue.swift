import ScenerySupport

/// A parsed JSON value that remembers where it came from: the byte offset of its first
/// character in the source. Objects keep their keys in source order (duplicates included,
/// so the manifest layer can report them); numbers keep their literal text, so they convert
/// to exact decimals without passing through binary floating point.
public struct JSONValue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([JSONValue])
        case object([Member])
    }

    /// One `"key": value` pair of an object, with the offset of the key's opening quote.
    public struct Member: Sendable, Equatable {
        public let key: String
        public let keyOffset: Int
        public let value: JSONValue

        public init(key: String, keyOffset: Int, value: JSONValue) {
            self.key = key
            self.keyOffset = keyOffset
            self.value = value
        }
    }

    public let kind: Kind
    /// Byte offset of the value's first character in its source.
    public let offset: Int

    public init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The first member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var string: String? {
        if case let .string(text) = kind { return text }
        return nil
    }

    public var members: [Member]? {
        if case let .object(members) = kind { return members }
        return nil
    }

    public var elements: [JSONValue]? {
        if case let .array(elements) = kind { return elements }
        return nil
    }

    /// What a message calls this kind of value: "an object", "a string", …
    public var kindName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// JSON text output.
public enum JSONText {
    /// Where the JSON string whose text starts at `start` ends: its closing quote (escapes
    /// skipped), or `limit` — or, with `stopsAtNewline`, the line's end — when it is still open.
    public static func stringEnd(in bytes: [UInt8], from start: Int, before limit: Int, stopsAtNewline: Bool) -> Int {
        var index = start
        while index < limit, bytes[index] != UInt8(ascii: "\""), !(stopsAtNewline && bytes[index] == 10) {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index, limit)
    }

    /// `text` as a JSON string literal.
    public static func quote(_ text: String) -> String {
        var result = ""
        JSONQuoting.append(text, to: &result)
        return result
    }
}
