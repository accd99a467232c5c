import ScenerySupport

/// A JSON parser (RFC 8259) that records where every value starts, keeps object keys in
/// order, keeps numbers as their literal text, and bounds nesting depth and input size.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"a": [1, 2.50]}"#.utf8))
/// value["a"]?.elements?[1].kind // .number("2.50")
/// ```
///
/// A leading UTF-8 byte-order mark is skipped. Lone surrogate escapes (`\uD800`) become
/// U+FFFD, as Swift strings cannot hold them. Everything else outside the grammar is a
/// ``JSONSyntaxError`` at the offending byte.
public enum JSONParser {
    public struct Limits: Sendable {
        /// Deepest nesting of arrays and objects.
        public var maxDepth: Int
        /// Largest input, in bytes.
        public var maxBytes: Int

        public init(maxDepth: Int = 256, maxBytes: Int = 16 << 20) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }
    }

    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONValue {
        guard bytes.count <= limits.maxBytes, bytes.count <= JSONTape.maxBytes else {
            throw JSONSyntaxError(.tooLarge(bytes: bytes.count, limit: min(limits.maxBytes, JSONTape.maxBytes)), at: 0)
        }
        let result: Result<JSONTapeBuilder, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maxDepth: limits.maxDepth)
            do throws(JSONSyntaxError) {
                try scanner.document()
                return .success(scanner.tape)
            } catch {
                scanner.tape.discard()
                return .failure(error)
            }
        }
        let tape = try result.get()
        return JSONValue(JSONTape(source: bytes, entries: tape.entries, count: tape.count), position: 0)
    }
}

/// The scanner behind ``JSONParser``: one loop over raw bytes, checking the whole grammar and
/// writing one tape entry per value and key. A loop with its open containers on a stack,
/// not a call per value: the position stays in a register rather than going through memory
/// at every call and return.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0
    private let maxDepth: Int
    var tape: JSONTapeBuilder

    /// What the scanner reads next.
    private enum Expecting {
        case value, key
        /// A `,` or the end of the innermost open container, or the end of the text.
        case next
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        tape = JSONTapeBuilder(byteCount: bytes.count)
    }

    mutating func document() throws(JSONSyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var open = OpenContainers()
        do throws(JSONSyntaxError) {
            try walk(&open)
        } catch {
            open.deallocate()
            throw error
        }
        open.deallocate()
    }

    /// The document's values, from the first; `open` holds the containers still open.
    private mutating func walk(_ open: inout OpenContainers) throws(JSONSyntaxError) {
        var expecting = Expecting.value
        while true {
            switch expecting {
            case .value:
                expecting = .next
                skipWhitespace()
                guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "a value"), at: index) }
                let start = index
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    let slot = tape.append(isObject ? .object : .array, offset: index)
                    try enter()
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        depth -= 1
                        tape.close(slot)
                    } else {
                        open.push(slot, isObject: isObject)
                        expecting = isObject ? .key : .value
                    }
                case UInt8(ascii: "\""): try parseString()
                case UInt8(ascii: "t"):
                    try expectLiteral("true")
                    _ = tape.append(.true, offset: start)
                case UInt8(ascii: "f"):
                    try expectLiteral("false")
                    _ = tape.append(.false, offset: start)
                case UInt8(ascii: "n"):
                    try expectLiteral("null")
                    _ = tape.append(.null, offset: start)
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try scanNumber()
                    _ = tape.append(.number, offset: start, length: index - start)
                default: throw unexpected(expected: "a value")
                }
            case .key:
                skipWhitespace()
                guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "a key"), at: index) }
                guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expected: "a key in double quotes") }
                try parseString()
                skipWhitespace()
                guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "':'"), at: index) }
                guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expected: "':' after the key") }
                index += 1
                expecting = .value
            case .next:
                skipWhitespace()
                guard open.count > 0 else {
                    guard index == bytes.count else { throw JSONSyntaxError(.trailingContent, at: index) }
                    return
                }
                let (slot, isObject) = open.innermost
                guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: commaOrClose(isObject)), at: index) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    expecting = isObject ? .key : .value
                } else if bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    depth -= 1
                    tape.close(slot)
                    open.pop()
                } else {
                    throw unexpected(expected: commaOrClose(isObject))
                }
            }
        }
    }

    private func commaOrClose(_ isObject: Bool) -> String { isObject ? "',' or '}'" : "',' or ']'" }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONSyntaxError(.tooDeep(limit: maxDepth), at: index) }
    }
}

/// The containers still open while scanning, innermost last: each one's tape entry, and
/// whether it is an object. A raw stack, as an array's append and removal checked uniqueness
/// and capacity at every container; it grows as nesting deepens, so a large `maxDepth`
/// reserves nothing until a document nests that deep.
struct OpenContainers {
    /// Each entry shifted left, its low bit set for an object.
    private var slots: UnsafeMutablePointer<Int>
    private var capacity = 64
    private(set) var count = 0

    init() { slots = .allocate(capacity: capacity) }

    func deallocate() { slots.deallocate() }

    @inline(__always)
    mutating func push(_ slot: Int, isObject: Bool) {
        if count == capacity { grow() }
        slots[count] = slot << 1 | (isObject ? 1 : 0)
        count += 1
    }

    /// The innermost container; only while `count` is above zero.
    var innermost: (slot: Int, isObject: Bool) {
        let entry = slots[count - 1]
        return (entry >> 1, entry & 1 == 1)
    }

    mutating func pop() { count -= 1 }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: slots, count: count)
        slots.deallocate()
        slots = larger
        capacity *= 2
    }
}
