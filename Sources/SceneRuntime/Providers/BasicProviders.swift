import Foundation
import SceneManifest
import VIP

/// Data written in the manifest, or a fixture given with `--fixture`.
struct InlineProvider: Provider {
    typealias Query = SceneManifest.Value
    let value: SceneManifest.Value

    func fetch(_ query: SceneManifest.Value) async throws -> SceneManifest.Value { value }
}

/// A JSON file inside the app folder, read once per fetch, confined to the folder.
struct FileProvider: Provider {
    typealias Query = SceneManifest.Value
    let name: String
    let path: String
    let root: URL

    func fetch(_ query: SceneManifest.Value) async throws -> SceneManifest.Value {
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
            let (line, column) = SourceFile(path: path, bytes: Array(data)).location(of: error.offset)
            throw ProviderError(name, "'\(path)' is not valid JSON: \(line):\(column): \(error.description)")
        }
    }
}

/// Durable local storage: the provider's name is its key in the app's storage file.
struct KeyValueProvider: WritableProvider {
    typealias Query = SceneManifest.Value
    let name: String
    let defaultValue: SceneManifest.Value
    let storage: ValueStorage

    func fetch(_ query: SceneManifest.Value) async throws -> SceneManifest.Value {
        try storage.value(forKey: name) ?? defaultValue
    }

    func store(_ value: SceneManifest.Value, for query: SceneManifest.Value) async throws {
        try storage.set(value, forKey: name)
    }
}

/// Where `keyValue` providers keep values: a ``KeyValueStorage`` file, or memory for a run
/// without a state directory.
final class ValueStorage: Sendable {
    private let file: KeyValueStorage?
    private let memory = Locked<[String: SceneManifest.Value]>([:])

    init(file: URL?) { self.file = file.map(KeyValueStorage.init(fileURL:)) }

    func value(forKey key: String) throws -> SceneManifest.Value? {
        guard let file else { return memory.withLock { $0[key] } }
        return try file.value(RawJSON.self, forKey: key)?.value
    }

    func set(_ value: SceneManifest.Value, forKey key: String) throws {
        guard let file else { return memory.withLock { $0[key] = value } }
        try file.set(RawJSON(value), forKey: key)
    }
}

/// Any JSON through Codable, numbers kept as exact decimals.
struct RawJSON: Codable {
    let value: SceneManifest.Value

    init(_ value: SceneManifest.Value) { self.value = value }

    var text: String { ValueJSON.text(value) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? container.decode(Decimal.self) {
            value = .number(number)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else if let items = try? container.decode([RawJSON].self) {
            value = .list(items.map(\.value))
        } else {
            let fields = try container.decode([String: RawJSON].self)
            value = .record(Record(fields: fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value.value) }))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case let .bool(flag): try container.encode(flag)
        case let .number(number): try container.encode(number)
        case let .string(text): try container.encode(text)
        case let .list(items): try container.encode(items.map(RawJSON.init))
        case let .record(record):
            try container.encode(Dictionary(record.fields.map { ($0.name, RawJSON($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}

/// Wraps a provider with a fault injected by `--fault`.
struct FaultyProvider: WritableProvider {
    typealias Query = SceneManifest.Value
    let name: String
    let fault: RuntimeOptions.Fault
    let base: any Provider<SceneManifest.Value, SceneManifest.Value>
    let clock: any Clock<Duration>

    func fetch(_ query: SceneManifest.Value) async throws -> SceneManifest.Value {
        try await inject()
        return try await base.fetch(query)
    }

    func store(_ value: SceneManifest.Value, for query: SceneManifest.Value) async throws {
        try await inject()
        guard let writable = base as? any WritableProvider<SceneManifest.Value, SceneManifest.Value> else {
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
