import Foundation
import SceneManifest
import SceneryStorage
import ScenerySupport
import VIP

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
///
/// Reading before any `store` gives the declared `default` (or the `--fixture` that takes its
/// place), or null (docs/manifest.md, Providers) — a null default is no default, whatever
/// the `model`. A stored value that does
/// not fit the model is reported with the file and key and kept; a `store` over it is
/// refused, so a value the app could not read is never replaced by one built without it.
struct KeyValueProvider: WritableProvider {
    typealias Query = SceneValue
    let name: String
    let defaultValue: SceneValue
    let model: TypeRef?
    let models: [String: ModelDefinition]
    let storage: ValueStorage
    /// What the value read before any store is, as messages name it: the declared default,
    /// or a `--fixture` that takes its place.
    var defaultOrigin: String?

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        let stored: SceneValue?
        do {
            stored = try storage.value(forKey: name)
        } catch let error as KeyValueStorageError {
            throw ProviderError(name, error.description + (storage.resetAdvice.map { "; \($0)" } ?? ""))
        }
        guard let stored else {
            if defaultValue != .null, let problem = model?.mismatch(of: defaultValue, models: models) {
                throw RunFailure(
                    "\(defaultOrigin ?? "the default of provider '\(name)'") does not fit its model \(model.map(String.init(describing:)) ?? ""): \(problem)",
                    code: DiagnosticCode.valueDoesNotFit)
            }
            return defaultValue
        }
        if let model, let problem = model.mismatch(of: stored, models: models) {
            throw RunFailure(
                "\(storedValue) does not fit its model \(model): \(problem); it was kept unchanged: \(repair)",
                code: DiagnosticCode.valueDoesNotFit)
        }
        return stored
    }

    func store(_ value: SceneValue, for query: SceneValue) async throws {
        if let model { try ModelCheckedProvider.checkStore(value, into: name, model: model, models: models) }
        do {
            try storage.set(value, forKey: name) { current in
                guard let model, let current, let problem = model.mismatch(of: current, models: models) else { return }
                throw RunFailure(
                    "cannot store into provider '\(name)': \(storedValue) does not fit its model \(model) (\(problem)), "
                        + "and storing would lose it; it was kept unchanged: \(repair)", code: DiagnosticCode.valueDoesNotFit)
            }
        } catch let error as KeyValueStorageError {
            throw ProviderError(name, error.description + (storage.resetAdvice.map { "; \($0)" } ?? ""))
        }
    }

    /// `stored value 'history' in '/state/Bank.json'`, as messages name it.
    private var storedValue: String { "stored value '\(name)'" + (storage.path.map { " in '\($0)'" } ?? "") }

    private var repair: String {
        storage.path == nil
            ? "restart the run to start over"
            : "repair it, or remove key '\(name)' from the file to start over" + (storage.resetAdvice.map { "; \($0)" } ?? "")
    }
}

/// Where `keyValue` providers keep values: a ``KeyValueStorage`` file, or memory for a run
/// without a state directory.
final class ValueStorage: Sendable {
    private let file: KeyValueStorage?
    private let memory = Locked<[String: SceneValue]>([:])
    /// This session's claim on the file, held as long as the storage is.
    private let session: SessionLock?
    /// How to start over, for the message of a file that cannot be read.
    let resetAdvice: String?

    /// - Parameters:
    ///   - claim: whether to claim the file for this session (``SessionLock``).
    ///   - resetAdvice: ``RuntimeOptions/resetAdvice``.
    init(file: URL?, claim: Bool, resetAdvice: String? = nil) throws {
        self.file = file.map(KeyValueStorage.init(fileURL:))
        self.resetAdvice = resetAdvice
        do {
            session = try file.flatMap { claim ? try SessionLock.claim(storage: $0) : nil }
        } catch let error as SessionLockError where error.readOnly {
            // A folder that cannot be made or written can still be read; writes to it fail
            // with their own message, naming the file and the system's reason. Nothing else
            // goes on unguarded.
            session = nil
        }
    }

    /// The storage file's path, or nil when values live in memory.
    var path: String? { file?.fileURL.path }

    func value(forKey key: String) throws -> SceneValue? {
        guard let file else { return memory.withLock { $0[key] } }
        return try file.value(StoredValue.self, forKey: key)?.value
    }

    /// Stores `value` once `check` accepts the value stored now (nil when none), under the
    /// file's lock, so nothing can change between the check and the write.
    func set(_ value: SceneValue, forKey key: String, replacing check: (SceneValue?) throws -> Void) throws {
        guard let file else {
            return try memory.withLock { values in
                try check(values[key])
                values[key] = value
            }
        }
        try file.set(StoredValue(value), forKey: key) { current in try check(current?.value) }
    }
}

/// Wraps a provider so the session's faults (`--fault`, `>> fault`) reach it.
struct FaultyProvider: WritableProvider {
    typealias Query = SceneValue
    let name: String
    let faults: ProviderFaults
    let base: any Provider<SceneValue, SceneValue>
    let clock: any Clock<Duration>

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        try await faults.inject(into: name, writing: false, clock: clock)
        return try await base.fetch(query)
    }

    func store(_ value: SceneValue, for query: SceneValue) async throws {
        try await faults.inject(into: name, writing: true, clock: clock)
        try await base.writable(named: name).store(value, for: query)
    }
}
