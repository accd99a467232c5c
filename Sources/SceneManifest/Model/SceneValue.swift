import Foundation

/// A dynamic value: what JSON scenes compute with. Numbers are exact decimals, records keep
/// their field order, so output is deterministic.
public enum SceneValue: Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case list([SceneValue])
    case record(Record)

    /// The value of a field, or null (member access on anything else gives null too).
    public subscript(field: String) -> SceneValue {
        if case let .record(record) = self { return record[field] ?? .null }
        return .null
    }

    public var isNull: Bool { self == .null }

    /// Whether `other` is a copy of this very list or record, sharing its storage, so what
    /// holds for one holds for the other without reading either. Never for scalars or empty
    /// containers, nor for equal values made apart: a quick check, never a comparison.
    public func isSameStorage(as other: SceneValue) -> Bool {
        switch (self, other) {
        case let (.list(one), .list(two)): one.sharesStorage(with: two)
        case let (.record(one), .record(two)): one.fields.sharesStorage(with: two.fields)
        default: false
        }
    }

    /// The name messages use for this kind of value.
    /// The kind of value as a message says it: `a number`, `text`, `a record`, `null`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .number: "a number"
        case .string: "text"
        case .list: "a list"
        case .record: "a record"
        }
    }

    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .list: "list"
        case .record: "record"
        }
    }

    /// How a value shows when joined into text: numbers in plain digits, lists and records
    /// as JSON-like text.
    public var description: String {
        switch self {
        case .null: ""
        case let .bool(value): value ? "true" : "false"
        case let .number(value): SceneValue.plain(value)
        case let .string(value): value
        case let .list(items): "[" + items.map(\.literal).joined(separator: ", ") + "]"
        case let .record(record): "{" + record.fields.map { "\($0.name): \($0.value.literal)" }.joined(separator: ", ") + "}"
        }
    }

    /// The value as it would be written in an expression or JSON (strings quoted).
    public var literal: String {
        switch self {
        case .null: "null"
        case let .string(value): "'\(value)'"
        default: description
        }
    }

    /// Every digit of a decimal, as data is written: what reads back is the same number.
    public static func exact(_ number: Decimal) -> String {
        NSDecimalNumber(decimal: number).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }

    /// A decimal in plain digits, without exponent or grouping, to 20 places: `0.3`, `-12`, `1000000`.
    public static func plain(_ number: Decimal) -> String {
        if let digits = number.plainDigits { return digits }
        var value = number
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 20, .plain)
        return NSDecimalNumber(decimal: rounded).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}

/// An ordered set of named values. Small records search their fields; large ones (data
/// objects with thousands of keys) keep an index, so setting n fields costs O(n), not O(n²).
public struct Record: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: SceneValue

        public init(name: String, value: SceneValue) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []
    /// Positions by name, kept once the record has more than ``indexThreshold`` fields.
    private var positions: [String: Int] = [:]
    private static let indexThreshold = 16

    public init() {}

    public init(_ pairs: KeyValuePairs<String, SceneValue>) {
        for (name, value) in pairs { self[name] = value }
    }

    public init(fields: [(String, SceneValue)]) {
        for (name, value) in fields { self[name] = value }
    }

    /// A record of fields whose names are known to differ — a dictionary's keys, a model's
    /// fields — made without looking each name up among those before it.
    public init(distinctFields: [Field]) {
        fields = distinctFields
        reindex()
    }

    public static func == (lhs: Record, rhs: Record) -> Bool { lhs.fields == rhs.fields }

    private func position(of name: String) -> Int? {
        fields.count > Self.indexThreshold ? positions[name] : fields.firstIndex { $0.name == name }
    }

    private mutating func reindex() {
        positions = [:]
        guard fields.count > Self.indexThreshold else { return }
        for (offset, field) in fields.enumerated() { positions[field.name] = offset }
    }

    public subscript(name: String) -> SceneValue? {
        get { position(of: name).map { fields[$0].value } }
        set {
            if let index = position(of: name) {
                if let newValue {
                    fields[index].value = newValue
                } else {
                    fields.remove(at: index)
                    reindex()
                }
            } else if let newValue {
                fields.append(Field(name: name, value: newValue))
                if fields.count == Self.indexThreshold + 1 {
                    reindex()
                } else if fields.count > Self.indexThreshold {
                    positions[name] = fields.count - 1
                }
            }
        }
    }

    public var names: [String] { fields.map(\.name) }

    /// Makes room for `count` fields: a record whose fields are known in advance (a
    /// template's, a response's) is then made with one allocation.
    public mutating func reserveCapacity(_ count: Int) { fields.reserveCapacity(count) }
}

extension Array {
    /// Whether both are copies of one non-empty buffer.
    fileprivate func sharesStorage(with other: [Element]) -> Bool {
        guard !isEmpty, count == other.count else { return false }
        return withUnsafeBufferPointer { one in other.withUnsafeBufferPointer { $0.baseAddress == one.baseAddress } }
    }
}
