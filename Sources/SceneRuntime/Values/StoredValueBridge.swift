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
        case let .object(fields): .record(Record(fields: fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value.value) }))
        }
    }
}
