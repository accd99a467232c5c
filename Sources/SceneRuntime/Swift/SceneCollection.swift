import SceneManifest
import VIP

/// One of the app's collections as a Swift scene writes it: what an `insert`, `update` or
/// `delete` step does, with the same checks and errors. Reading is a ``SceneProvider``'s
/// `fetch(arguments:)`, as a `fetch` step's `args` ask.
@MainActor
public struct SceneCollection {
    let name: String
    let services: SceneServices

    /// Adds a record, as an `insert` step does.
    public func insert(_ record: some SceneValueConvertible) async throws {
        try await services.collection(name).insert(record.sceneValue)
    }

    /// Writes a whole record over the one with its key, as an `update` step with `value`
    /// does: a field it leaves out is null, not the one stored before.
    public func update(_ record: some SceneValueConvertible) async throws {
        let collection = try services.collection(name)
        var changes = record.sceneValue.recordValue
        let key = changes[collection.schema.key] ?? .null
        for field in collection.schema.fields where changes[field.name] == nil { changes[field.name] = .null }
        try await collection.update(key: key, fields: changes)
    }

    /// Changes these fields of the record with `key`, as an `update` step with `key` does.
    public func update(key: some SceneValueConvertible, fields: KeyValuePairs<String, any SceneValueConvertible>) async throws {
        try await services.collection(name).update(key: key.sceneValue, fields: SceneRecord(fields).sceneValue.recordValue)
    }

    /// Deletes the record with `key`, as a `delete` step does.
    public func delete(key: some SceneValueConvertible) async throws {
        _ = try await services.collection(name).delete(key: key.sceneValue)
    }
}

/// A failure an `onError` handler sees as `error`: its code (null for a message meant for
/// the app's user), its message as the banner would say it, and what failed.
public struct SceneError: SceneValueConvertible, Sendable {
    public let code: String?
    public let message: String
    public let from: String

    public var sceneValue: SceneValue {
        .record(Record(fields: [("code", code.map(SceneValue.string) ?? .null), ("message", .string(message)), ("from", .string(from))]))
    }

    public init?(sceneValue: SceneValue) {
        guard case let .string(message) = sceneValue["message"], case let .string(from) = sceneValue["from"] else { return nil }
        if case let .string(code) = sceneValue["code"] { self.code = code } else { code = nil }
        self.message = message
        self.from = from
    }

    init(code: String?, message: String, from: String) {
        self.code = code
        self.message = message
        self.from = from
    }
}
