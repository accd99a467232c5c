import Foundation
import ScenerySupport

/// The JSON text a collection keeps in a `json` column (a nested record or list): written
/// with its keys sorted, and read back into a ``StoredValue``, several times faster than
/// `JSONEncoder` and `JSONDecoder`: one pass, numbers as their exact decimal digits. Text
/// that is not JSON — a damaged or hand-edited row — reads as nil, never a trap, and the
/// caller keeps it as text.
enum StoredJSON {
    /// `value` as JSON text, an object's keys in order.
    static func text(_ value: StoredValue) -> String {
        var text = ""
        write(value, to: &text)
        return text
    }

    private static func write(_ value: StoredValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case let .bool(flag): text += flag ? "true" : "false"
        case let .number(number): text += number.isNaN ? "null" : number.description
        case let .string(string): JSONQuoting.append(string, to: &text)
        case let .array(items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                write(item, to: &text)
            }
            text += "]"
        case let .object(fields):
            text += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                JSONQuoting.append(key, to: &text)
                text += ":"
                write(fields[key] ?? .null, to: &text)
            }
            text += "}"
        }
    }

    /// Deeper nesting than this is refused, so a hostile row cannot exhaust the stack.
    static let maximumDepth = 512
    private static let posix = Locale(identifier: "en_US_POSIX")

    static func parse(_ text: String) -> StoredValue? { parseTree(text)?.stored }

    /// `text` read as a tree whose objects keep their fields in key order, as ``parse(_:)``
    /// would leave them once sorted: a key given twice keeps its last value.
    static func parseTree(_ text: String) -> StoredTree? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == bytes.count ? value : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> StoredTree? {
            skipSpace()
            guard index < bytes.count, depth < StoredJSON.maximumDepth else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(StoredTree.string)
            case UInt8(ascii: "t"): return word("true", .bool(true))
            case UInt8(ascii: "f"): return word("false", .bool(false))
            case UInt8(ascii: "n"): return word("null", .null)
            default: return number()
            }
        }

        private mutating func word(_ text: StaticString, _ value: StoredTree) -> StoredTree? {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return nil }
            index += count
            return value
        }

        private mutating func object(depth: Int) -> StoredTree? {
            index += 1
            var fields: [StoredTree.Field] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(fields)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let value = value(depth: depth + 1) else { return nil }
                fields.append(StoredTree.Field(key: key, value: value))
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(StoredTree.inKeyOrder(fields))
                } else {
                    return nil
                }
            }
        }

        private mutating func array(depth: Int) -> StoredTree? {
            index += 1
            var items: [StoredTree] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                } else {
                    return nil
                }
            }
        }

        /// A number as JSON writes it, read exactly.
        private mutating func number() -> StoredTree? {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digitsStart else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fraction = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > fraction else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let exponent = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > exponent else { return nil }
            }
            let written = UnsafeBufferPointer(rebasing: bytes[start..<index])
            if let plain = Decimal.plain(written) { return .number(plain) }
            return Decimal(string: String(decoding: written, as: UTF8.self), locale: StoredJSON.posix).map(StoredTree.number)
        }

        /// A string, its escapes undone; the reader stands on its opening quote.
        private mutating func string() -> String? {
            index += 1
            let start = index
            // Most strings have no escape: their bytes are taken as they are.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
                index += 1
            }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            var scalars = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: scalars, as: UTF8.self)
                }
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    scalars.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count, let escaped = escape(bytes[index]) else { return nil }
                index += 1
                if let escaped {
                    scalars.append(escaped)
                } else {
                    guard let scalar = unicodeEscape() else { return nil }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
            }
            return nil
        }

        /// The byte an escape stands for; `.some(nil)` for `\u`, read by ``unicodeEscape()``.
        private func escape(_ byte: UInt8) -> UInt8?? {
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "u"): .some(nil)
            default: nil
            }
        }

        /// `XXXX` after `\u`, with the low half that follows a high surrogate.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}

/// A value read from stored JSON whose objects keep their fields as a list in key order:
/// what a reader that wants fields in order (a scene's records) takes without making a
/// dictionary and sorting its keys for every nested record of a long list.
package enum StoredTree: Sendable {
    package struct Field: Sendable {
        package let key: String
        package let value: StoredTree
    }

    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([StoredTree])
    case object([Field])

    /// The same value as a ``StoredValue``.
    package var stored: StoredValue {
        switch self {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .number(number): .number(number)
        case let .string(text): .string(text)
        case let .array(items): .array(items.map(\.stored))
        case let .object(fields): .object(Dictionary(fields.map { ($0.key, $0.value.stored) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// `fields` sorted by key; a repeated key keeps its first spelling and last value, as a
    /// dictionary filled in order does. Text this module wrote is in order already and is
    /// only checked.
    static func inKeyOrder(_ fields: [Field]) -> [Field] {
        if zip(fields, fields.dropFirst()).allSatisfy({ $0.key < $1.key }) { return fields }
        var ordered: [Field] = []
        // Stable: equal keys stay in the order given.
        for field in fields.enumerated().sorted(by: { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }).map(\.element) {
            if let last = ordered.last, last.key == field.key {
                ordered[ordered.count - 1] = Field(key: last.key, value: field.value)
            } else {
                ordered.append(field)
            }
        }
        return ordered
    }
}
