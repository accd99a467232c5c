import Foundation
import SceneManifest
import VIP
import ScenerySupport

/// Data written in the manifest, or a fixture given with `--fixture`.
struct InlineProvider: Provider {
    typealias Query = SceneValue
    let value: SceneValue

    func fetch(_ query: SceneValue) async throws -> SceneValue { value }
}

/// A JSON file inside the app folder, read once per fetch, confined to the folder.
struct FileProvider: Provider {
    typealias Query = SceneValue
    let name: String
    let path: String
    let root: URL

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        if let problem = FilePaths.confinementProblem(path, root: root) {
            throw ProviderError(name, "cannot read '\(path)': \(problem)")
        }
        let url = root.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ProviderError(name, "cannot read '\(path)'")
        }
        do {
            return try ValueJSON.parse(Array(data))
        } catch {
            throw ProviderError(name, "'\(path)' is not valid JSON: \(error.located(in: Array(data)))")
        }
    }
}

/// Durable local storage: the provider's name is its key in the app's storage file.
struct KeyValueProvider: WritableProvider {
    typealias Query = SceneValue
    let name: String
    let defaultValue: SceneValue
    let storage: ValueStorage

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        do {
            return try storage.value(forKey: name) ?? defaultValue
        } catch let error as KeyValueStorageError {
            throw ProviderError(name, error.description)
        }
    }

    func store(_ value: SceneValue, for query: SceneValue) async throws {
        do {
            try storage.set(value, forKey: name)
        } catch let error as KeyValueStorageError {
            throw ProviderError(name, error.description)
        }
    }
}

/// Where `keyValue` providers keep values: a ``KeyValueStorage`` file, or memory for a run
/// without a state directory.
final class ValueStorage: Sendable {
    private let file: KeyValueStorage?
    private let memory = Locked<[String: SceneValue]>([:])

    init(file: URL?) { self.file = file.map(KeyValueStorage.init(fileURL:)) }

    /// The storage file's path, or nil when values live in memory.
    var path: String? { file?.fileURL.path }

    func value(forKey key: String) throws -> SceneValue? {
        guard let file else { return memory.withLock { $0[key] } }
        return try file.value(StoredValue.self, forKey: key)?.value
    }

    func set(_ value: SceneValue, forKey key: String) throws {
        guard let file else { return memory.withLock { $0[key] = value } }
        try file.set(StoredValue(value), forKey: key)
    }
}

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

/// Wraps a provider with a fault injected by `--fault`.
struct FaultyProvider: WritableProvider {
    typealias Query = SceneValue
    let name: String
    let fault: RuntimeOptions.Fault
    let base: any Provider<SceneValue, SceneValue>
    let clock: any Clock<Duration>

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        try await inject()
        return try await base.fetch(query)
    }

    func store(_ value: SceneValue, for query: SceneValue) async throws {
        try await inject()
        guard let writable = base as? any WritableProvider<SceneValue, SceneValue> else {
            throw ProviderError(name, "cannot be written")
        }
        try await writable.store(value, for: query)
    }

    private func inject() async throws {
        switch fault {
        case .fail: throw ProviderError(name, "failed (fault injected with --fault)")
        case let .delay(milliseconds): try await clock.sleep(for: .milliseconds(milliseconds))
        }
    }
}
