/// Every provider `type` app.json may declare, each declared once: its keys, whether `store`
/// writes it, and its line for hover (docs/manifest.md#providers says the rest).
public enum ProviderType: String, CaseIterable, Sendable {
    case inline, file, keyValue, http, swift, collection

    /// The provider type's keys and what it is.
    public var declaration: TypeDeclaration { Self.table[self] }

    private static let table = CaseTable(\Self.made)

    private var made: TypeDeclaration {
        switch self {
        case .inline:
            provider("constant data in the manifest", KeyDeclaration("value", required: true, "the inline provider's data"))
        case .file:
            provider(
                "a JSON file inside the app folder, read-only",
                KeyDeclaration("path", required: true, "the JSON file to read, relative to the app folder"))
        case .keyValue:
            provider(
                "durable local storage under the provider's name, written with store",
                KeyDeclaration("default", "the value read before any store (null without one)"))
        case .http:
            provider(
                "a YARCH provider: service plus cache",
                KeyDeclaration("url", required: true, "the address to request; may hold @{env.…} expressions"),
                KeyDeclaration("method", "the HTTP method (GET by default)"),
                KeyDeclaration("headers", "HTTP request headers by name"),
                KeyDeclaration("timeout", "milliseconds to wait before the request fails"),
                KeyDeclaration("maxBytes", "the largest response body accepted"),
                KeyDeclaration("cache", "networkFirst, cacheFirst or networkOnly"),
                KeyDeclaration("body", "the request body, as an expression"))
        case .swift:
            provider(
                "registered in code by the app's registry; a WritableProvider takes store",
                KeyDeclaration("name", "the Swift provider's name in the app's registry (default: the provider's own name)"))
        case .collection:
            provider(
                "records of one model in a table of the app's SQLite database, written with insert, update and delete",
                KeyDeclaration("key", "the collection's key field (default id): text or a whole number, never null"))
        }
    }

    /// Whether `store` steps may write through it.
    public var isWritable: Bool {
        switch self {
        case .keyValue, .swift: true
        case .inline, .file, .http, .collection: false
        }
    }

    /// Whether it may keep values in the app's state folder: a keyValue or collection
    /// provider, or a Swift one (a writable Swift provider's fixture is kept there).
    public var mayStore: Bool {
        switch self {
        case .keyValue, .collection, .swift: true
        case .inline, .file, .http: false
        }
    }

    private func provider(_ summary: String, _ keys: KeyDeclaration...) -> TypeDeclaration {
        // A collection's model is the model of one record, and it has none without one.
        let model = KeyDeclaration(
            "model", required: self == .collection,
            self == .collection ? "the model of one record, like Order" : "the type the provider's data must have; checked as it is read")
        return TypeDeclaration(
            rawValue, summary,
            common: [KeyDeclaration("type", required: true, TypeDeclaration.listed(Self.allCases.map(\.rawValue))), model], keys: keys)
    }
}
