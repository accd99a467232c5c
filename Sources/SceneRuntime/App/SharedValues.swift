import SceneManifest
import VIP

/// The app's `shared` fields, kept in the VIP ``SharedStore``: every scene reads them as the
/// `shared` root and writes them with `set shared.FIELD`, checked against their declared types.
@MainActor
public final class SharedValues {
    public let store: SharedStore
    private let keys: [String: SharedKey<SceneValue>]
    private let declared: [String: TypeRef]
    /// The record last made, with the store's version it was made at: every evaluation
    /// context of every scene reads `shared`, and making it reads each field through a cast.
    // `@exclusivity(unchecked)`: main-actor state, each access one statement.
    @exclusivity(unchecked) private var made: (version: Int, record: SceneValue)?

    init(_ app: AppDefinition, store: SharedStore = SharedStore()) {
        self.store = store
        var keys: [String: SharedKey<SceneValue>] = [:]
        for (name, field) in app.shared { keys[name] = SharedKey(name, default: field.defaultValue) }
        self.keys = keys
        declared = app.shared.mapValues(\.type)
    }

    /// Counts the store's writes: `record` is the same while it is.
    var version: Int { store.version }

    /// Every shared field as one record, in name order.
    public var record: SceneValue {
        if let made, made.version == store.version { return made.record }
        var record = Record()
        for name in keys.keys.sorted() {
            if let key = keys[name] { record[name] = store[key] }
        }
        made = (store.version, .record(record))
        return .record(record)
    }

    /// The declared type of a shared field, or nil when there is no such field.
    func type(of name: String) -> TypeRef? { declared[name] }

    func write(_ name: String, _ value: SceneValue) {
        guard let key = keys[name] else { return }
        store[key] = value
    }
}
