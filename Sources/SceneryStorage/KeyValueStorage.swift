import Foundation
import ScenerySupport

/// Why a storage operation failed. Nothing is ever silently reset.
public enum KeyValueStorageError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The file exists but is not a storage file; it is kept as it is for the user to inspect.
    case corrupt(path: String, reason: String)
    /// A file operation failed.
    case io(path: String, operation: String, reason: String)
    /// A value could not be encoded, or the stored value is not of the requested type.
    case value(key: String, reason: String)

    public var description: String {
        switch self {
        case let .corrupt(path, reason):
            "corrupt storage file '\(path)': \(reason); the file was kept unchanged: repair it, or move it away to start from empty storage"
        case let .io(path, operation, reason): "cannot \(operation) '\(path)': \(reason)"
        case let .value(key, reason): "storage key '\(key)': \(reason)"
        }
    }

    public var errorDescription: String? { description }
}

/// Small durable local storage, after STT's KeyValueStorage: Codable values by key in one
/// JSON file, human-readable and diffable.
///
/// - Writes are atomic and durable: temp file, fsync, rename, fsync of the directory.
/// - Every operation takes a file lock and reads the file afresh, so two processes (or two
///   storages) writing at once never lose each other's keys.
/// - A corrupt file is reported with its path and kept; writes refuse until it is fixed.
/// - Temporary files a killed writer left are removed the first time the file is opened:
///   writers only make them while they hold the lock, so under it any that exist are stale.
/// - A folder the user may not write can still be read; writes to it fail, naming the file
///   and the system's reason.
///
/// ```swift
/// let storage = KeyValueStorage(fileURL: stateDir.appendingPathComponent("shop.json"))
/// try storage.set(["A-1", "B-2"], forKey: "history")
/// let history = try storage.value([String].self, forKey: "history") // ["A-1", "B-2"]
/// ```
public final class KeyValueStorage: Sendable {
    public let fileURL: URL
    private let fileSystem: FileSystem
    /// Whether a killed writer's leftovers have been looked for yet.
    private let swept = Locked(false)
    private var path: String { fileURL.path }
    private var lockPath: String { path + ".lock" }

    public convenience init(fileURL: URL) { self.init(fileURL: fileURL, fileSystem: .system) }

    /// A storage over another file system, for tests.
    package init(fileURL: URL, fileSystem: FileSystem) {
        self.fileURL = fileURL
        self.fileSystem = fileSystem
    }

    /// The value stored under `key`, or nil if there is none.
    /// - Throws: ``KeyValueStorageError`` when the file is corrupt or the value has another type.
    public func value<T: Decodable>(_ type: T.Type, forKey key: String) throws -> T? {
        guard let stored = try document(exclusive: false)[key] else { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(stored))
        } catch {
            throw KeyValueStorageError.value(key: key, reason: "the stored value is not a \(T.self)")
        }
    }

    /// Stores `value` under `key`, replacing what was there.
    public func set<T: Encodable>(_ value: T, forKey key: String) throws {
        let stored: StoredValue
        do {
            stored = try JSONDecoder().decode(StoredValue.self, from: JSONEncoder().encode(value))
        } catch {
            throw KeyValueStorageError.value(key: key, reason: "cannot encode \(T.self): \(error)")
        }
        try update { $0[key] = stored }
    }

    /// Stores `value` under `key` once `check` accepts the value stored there now (nil when
    /// there is none), both under one lock: a caller that must not replace a value it could
    /// not read refuses here, and the file stays as it is.
    /// - Throws: what `check` throws, or ``KeyValueStorageError``.
    package func set(_ value: StoredValue, forKey key: String, replacing check: (StoredValue?) throws -> Void) throws {
        try update { document in
            try check(document[key])
            document[key] = value
        }
    }

    /// Removes `key`; removing a missing key does nothing.
    public func removeValue(forKey key: String) throws {
        try update { $0[key] = nil }
    }

    /// Every stored key, sorted.
    public func keys() throws -> [String] {
        try document(exclusive: false).keys.sorted()
    }

    private func update(_ change: (inout [String: StoredValue]) throws -> Void) throws {
        try fileSystem.createDirectory(fileURL.deletingLastPathComponent().path)
        try fileSystem.withLock(at: lockPath, exclusive: true) {
            sweepOnce()
            var document = try readDocument()
            try change(&document)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            var data = try encoder.encode(document)
            data.append(0x0A)
            // A file past the limits could not be read back: refuse it while the old one stands.
            if let problem = StoredJSONBounds.problem(data) {
                throw KeyValueStorageError.io(
                    path: path, operation: "write", reason: "the file would be past the limits of stored data: \(problem)")
            }
            try fileSystem.writeAtomically(data, to: path)
        }
    }

    private func document(exclusive: Bool) throws -> [String: StoredValue] {
        guard FileManager.default.fileExists(atPath: fileURL.deletingLastPathComponent().path) else { return [:] }
        return try fileSystem.withLock(at: lockPath, exclusive: exclusive) {
            sweepOnce()
            return try readDocument()
        }
    }

    /// Removes temporary files of writers that died before renaming them into place. Runs
    /// under the lock (shared or exclusive), when no live writer can have one open.
    private func sweepOnce() {
        let first = swept.withLock { done in
            defer { done = true }
            return !done
        }
        if first { fileSystem.removeTemporaryFiles(of: path) }
    }

    private func readDocument() throws -> [String: StoredValue] {
        guard let data = try fileSystem.contents(of: path, limit: StoredJSONBounds.maxBytes) else { return [:] }
        if let problem = StoredJSONBounds.problem(data) { throw KeyValueStorageError.corrupt(path: path, reason: problem) }
        do {
            return try JSONDecoder().decode([String: StoredValue].self, from: data)
        } catch {
            throw KeyValueStorageError.corrupt(path: path, reason: Self.reason(error))
        }
    }

    /// Foundation's wording, as a Scenery message: lowercase, no final period.
    private static func reason(_ error: any Error) -> String {
        var text = rawReason(error)
        while text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first, !text.dropFirst().prefix(1).allSatisfy(\.isUppercase) else { return text }
        return first.lowercased() + text.dropFirst()
    }

    private static func rawReason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        case let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty:
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return "the value at '\(path)' cannot be read"
        case DecodingError.typeMismatch: return "the top level is not an object of keys"
        default: return "\(error)"
        }
    }
}
