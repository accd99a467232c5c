import Foundation
import SceneManifest
import SceneryStorage
import ScenerySupport

extension RuntimeApp {
    /// Deletes the record under `key` from collection `name` as another session on the same
    /// state folder would, while this one may show it: through the collection's storage, past
    /// this session's faults, no scene told — a scene finds out when it reads again
    /// (`>> delete`, docs/testing.md#another-session). Nil when deleted, else why not.
    public func deleteAsAnotherSession(_ key: String, from name: String) -> String? {
        guard let collection = providers[name] as? CollectionProvider else {
            let collections = loaded.app.collectionNames
            guard !collections.isEmpty else { return "'>> delete' names '\(name)', and the app declares no collections" }
            return "'>> delete' names no collection '\(name)' of the app" + Suggestions.orListed(name, in: collections, what: "collections")
        }
        let kind = collection.schema.fields.first { $0.name == collection.schema.key }?.kind ?? .text
        let value: SceneValue
        switch kind {
        case .integer, .decimal:
            guard let number = Decimal(string: key, locale: Locale(identifier: "en_US_POSIX")), !key.isEmpty else {
                return "'>> delete' takes a number for the key of '\(name)', not '\(key)'"
            }
            value = .number(number)
        default:
            value = .string(key)
        }
        do {
            let deleted = try collection.collection().delete(key: StoredValue(value))
            return deleted ? nil : "'>> delete' finds no record '\(key)' in '\(name)'"
        } catch {
            return "'>> delete' cannot delete from '\(name)': \(error.localizedDescription)"
        }
    }
}

extension RuntimeApp {
    /// The keys of the first `count` records of collection `name`, in key order, as text.
    public func recordKeys(of name: String, first count: Int) -> [String] {
        guard let collection = providers[name] as? CollectionProvider,
            let records = try? collection.collection().records(CollectionQuery(limit: count))
        else { return [] }
        return records.compactMap { $0[collection.schema.key]?.value.description }
    }
}
