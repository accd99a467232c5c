import Foundation
import SceneManifest
import SceneryStorage

// The one bridge between the runtime's values and storage's: key-value files and
// collections alike store a `SceneValue` as the `StoredValue` it becomes here.

/// Dynamic values as the storage file keeps them.
extension StoredValue {
    init(_ value: SceneValue) {
        switch value {
        case .null: self = .null
        case let .bool(flag): self = .bool(flag)
        case let .number(number): self = .number(number)
        case let .string(text): self = .string(text)
        case let .list(items): self = .array(items.map(StoredValue.init))
        case let .record(record):
            self = .object(Dictionary(record.fields.map { ($0.name, StoredValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// The dynamic value; fields in key order, as the file sorts them.
    var value: SceneValue {
        switch self {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .number(number): .number(number)
        case let .string(text): .string(text)
        case let .array(items): .list(items.map(\.value))
        case let .object(fields):
            .record(Record(distinctFields: fields.sorted { $0.key < $1.key }.map { Record.Field(name: $0.key, value: $0.value.value) }))
        }
    }
}

extension StoredTree {
    /// The tree as a scene value: an object's fields, in key order already, become a record's.
    var value: SceneValue {
        switch self {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .number(number): .number(number)
        case let .string(text): .string(text)
        case let .array(items): .list(items.map(\.value))
        case let .object(fields): .record(Record(distinctFields: fields.map { Record.Field(name: $0.key, value: $0.value.value) }))
        }
    }
}
