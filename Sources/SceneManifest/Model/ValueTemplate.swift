/// Any JSON value in a value position: strings are templates, objects and arrays are
/// evaluated member by member, other values are constants.
/// Not `indirect`: lists and records hold their items in arrays already, so a value is
/// stored in place, not in a box of its own (one allocation fewer for every value of a scene).
public enum ValueTemplate: Sendable, Equatable {
    case constant(SceneValue)
    case template(Template)
    case list([ValueTemplate])
    case record([Field])

    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: ValueTemplate
        /// Where the field's key stands in its file, for findings about it (0 when made in code).
        public var keyOffset: Int = 0

        public init(name: String, value: ValueTemplate, keyOffset: Int = 0) {
            self.name = name
            self.value = value
            self.keyOffset = keyOffset
        }

        /// Fields are equal by name and value; where they were written does not matter.
        public static func == (lhs: Field, rhs: Field) -> Bool { lhs.name == rhs.name && lhs.value == rhs.value }
    }

    /// The value, when nothing in it is an expression: `[1, 2]`, `{"n": "a"}`, `"text"`.
    public var constantValue: SceneValue? {
        switch self {
        case let .constant(value): return value
        case let .template(template): return template.constant.map(SceneValue.string)
        case let .list(items):
            var values: [SceneValue] = []
            for item in items {
                guard let value = item.constantValue else { return nil }
                values.append(value)
            }
            return .list(values)
        case let .record(fields):
            var record = Record()
            for field in fields {
                guard let value = field.value.constantValue else { return nil }
                record[field.name] = value
            }
            return .record(record)
        }
    }

    /// Every expression inside, in order.
    public var expressions: [Expression] {
        switch self {
        case .constant: []
        case let .template(template): template.expressions
        case let .list(items): items.flatMap(\.expressions)
        case let .record(fields): fields.flatMap(\.value.expressions)
        }
    }
}

/// A name as written in a manifest, with where it was written, for later cross-checks.
///
/// No JSON pointer is kept: most names are never reported, and a finding asks its file's
/// reader for the pointer of `valueOffset`.
public struct Located<Wrapped: Sendable & Equatable>: Sendable, Equatable {
    public let value: Wrapped
    /// Where a finding about it points: line and column.
    public let offset: Int
    /// The JSON value a finding's pointer names: this one, or for a key, its member's value.
    public let valueOffset: Int

    public init(_ value: Wrapped, offset: Int, valueOffset: Int? = nil) {
        self.value = value
        self.offset = offset
        self.valueOffset = valueOffset ?? offset
    }
}
