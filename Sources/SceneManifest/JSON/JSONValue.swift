import ScenerySupport

/// A parsed JSON value that remembers where it came from: the byte offset of its first
/// character in the source. Objects keep their keys in source order (duplicates included,
/// so the manifest layer can report them); numbers keep their literal text, so they convert
/// to exact decimals without passing through binary floating point.
///
/// A value is a view into its document's tape: its `kind`, `members` and `elements` are made
/// when asked for, and `subscript(key)` finds a member without making any.
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

    let tape: JSONTape
    let position: Int

    init(_ tape: JSONTape, position: Int) {
        self.tape = tape
        self.position = position
    }

    public var kind: Kind {
        switch tape[position].tag {
        case .null: .null
        case .false: .bool(false)
        case .true: .bool(true)
        case .number: .number(tape.withToken(at: position) { String(decoding: $0, as: UTF8.self) })
        case .string: .string(tape.string(at: position))
        case .array: .array(elements ?? [])
        case .object: .object(members ?? [])
        }
    }

    /// A `null` of its own, at offset 0: what an absent value reads as.
    public static let null: JSONValue = {
        var builder = JSONTapeBuilder(byteCount: 4)
        _ = builder.append(.null, offset: 0)
        return JSONValue(JSONTape(source: Array("null".utf8), entries: builder.entries, count: builder.count), position: 0)
    }()

    /// Byte offset of the value's first character in its source.
    public var offset: Int { tape[position].offset }

    /// The first member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        for child in tape.children(of: position) {
            if let name = child.key, tape.string(at: name, equals: key) { return JSONValue(tape, position: child.value) }
        }
        return nil
    }

    public var string: String? {
        tape[position].tag == .string ? tape.string(at: position) : nil
    }

    /// Whether this is an object: asked without making its members.
    public var isObject: Bool { tape[position].tag == .object }

    /// Whether this is a string: asked without making it.
    var isString: Bool { tape[position].tag == .string }

    public var members: [Member]? {
        guard tape[position].tag == .object else { return nil }
        var members: [Member] = []
        members.reserveCapacity(tape.childCount(of: position))
        for child in tape.children(of: position) {
            guard let key = child.key else { continue }
            members.append(Member(key: tape.string(at: key), keyOffset: tape[key].offset, value: JSONValue(tape, position: child.value)))
        }
        return members
    }

    public var elements: [JSONValue]? { mapElements { $0 } }

    /// `transform` of each element, if this is an array: with no array of the elements made.
    func mapElements<Result>(_ transform: (JSONValue) -> Result) -> [Result]? {
        guard tape[position].tag == .array else { return nil }
        var elements: [Result] = []
        elements.reserveCapacity(tape.childCount(of: position))
        for child in tape.children(of: position) { elements.append(transform(JSONValue(tape, position: child.value))) }
        return elements
    }

    /// What a message calls this kind of value: "an object", "a string", …
    public var kindName: String {
        switch tape[position].tag {
        case .null: "null"
        case .false, .true: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Equal when they are the same kind with equal contents at the same offsets.
    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        if left.tape === right.tape && left.position == right.position { return true }
        return left.offset == right.offset && left.kind == right.kind
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
