/// `app.json`: what the whole app shares.
public struct AppDefinition: Sendable {
    public var name: String
    public var entry: Located<String>
    public var locale: String
    public var currency: String
    /// The IANA time zone dates are shown and read in, and days begin in; `UTC` by default.
    public var timeZone = "UTC"
    public var env: [(name: String, value: String)]
    public var models: [String: ModelDefinition]
    public var shared: [String: StateField]
    public var providers: [String: ProviderDefinition]
    /// Swift workers the app registers in code, declared so manifests may name them.
    public var workers: Set<String>
    /// Swift formatters the app registers in code, callable in expressions as `NAME(x)`.
    public var formatters: Set<String> = []
    /// Providers app.json declares with errors of their own: a scene naming one is not told
    /// the provider is unknown, as app.json's finding says what is wrong.
    public var brokenProviders: Set<String> = []
    /// What must hold in every frame of a scene (`"invariants"`), checked by `scenery explore`.
    public var invariants: [Invariant] = []

    public var envNames: Set<String> { Set(env.map(\.name)).union(["locale", "currency", "now"]) }

    /// The names of the providers that are collections, in name order.
    public var collectionNames: [String] {
        providers.compactMap { if case .collection = $0.value.kind { $0.key } else { nil } }.sorted()
    }
}

/// An expression that must hold in every frame of a scene, and what breaking it means.
public struct Invariant: Sendable {
    public var scene: Located<String>
    public var check: Template
    public var message: Template?
    /// Where `check` is written, as a JSON pointer in app.json.
    public var pointer: String
}

/// A named record type: fields and their types, in order.
public struct ModelDefinition: Sendable, Equatable {
    public var fields: [(name: String, type: TypeRef)]
    /// The model this is the draft of (`draft Order`), made for every model of the app.
    public var draftOf: String?

    public init(fields: [(name: String, type: TypeRef)]) { self.fields = fields }

    public static func == (lhs: ModelDefinition, rhs: ModelDefinition) -> Bool {
        lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.type) == rhs.fields.map(\.type)
    }
}

/// A state or shared field: its type and the value it starts with.
public struct StateField: Sendable, Equatable {
    public var type: TypeRef
    public var defaultValue: SceneValue
}

/// Where a provider's data comes from.
public struct ProviderDefinition: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case inline(SceneValue)
        /// A path relative to the app folder; read-only.
        case file(path: Located<String>)
        /// Durable storage under the provider's name as key; `default` before any store.
        case keyValue(default: SceneValue)
        case http(HTTPProviderDefinition)
        /// Registered in code under `name`.
        case swift(name: String)
        /// Records of one model in a SQLite table, by the `key` field.
        case collection(key: String)
    }

    public var kind: Kind
    /// The type of the data, when declared.
    public var model: TypeRef?

    /// Whether `store` steps may write through it.
    public var isWritable: Bool { type.isWritable }

    /// Whether it may keep values in the app's state folder (``ProviderType/mayStore``).
    public var mayStore: Bool { type.mayStore }

    /// `an inline`, `a keyValue`: the type name as a sentence says it.
    public var typeNameWithArticle: String { (typeName.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + typeName }

    /// Every provider `type` a manifest may write, in the reference's order.
    public static var typeNames: [String] { ProviderType.allCases.map(\.rawValue) }

    /// The keys a provider of type `name` allows, as the decoder reads them (nil for no such type).
    public static func keys(of name: String) -> [String]? {
        ProviderType(rawValue: name)?.declaration.allowed
    }

    /// The provider's type, as its declaration has it.
    public var type: ProviderType {
        switch kind {
        case .inline: .inline
        case .file: .file
        case .keyValue: .keyValue
        case .http: .http
        case .swift: .swift
        case .collection: .collection
        }
    }

    public var typeName: String { type.rawValue }

    /// For a collection: its model's name and key field.
    public var collection: (model: String, key: String)? {
        guard case let .collection(key) = kind, case let .model(model)? = model else { return nil }
        return (model, key)
    }
}

public struct HTTPProviderDefinition: Sendable, Equatable {
    /// 8 MiB: far above any screen's data, far below what hurts.
    public static let defaultMaxBytes = 8 << 20
    /// The most `maxBytes` may be set to: 256 MiB.
    public static let maxBytesLimit = 256 << 20

    public enum CachePolicy: String, Sendable, CaseIterable {
        case networkFirst, cacheFirst, networkOnly
    }

    public var url: Template
    public var method: String
    public var headers: [String: Template]
    /// Milliseconds, for the whole exchange: connecting, sending and the whole body.
    public var timeout: Int
    /// The largest body accepted; a longer one is cut off with an error.
    public var maxBytes: Int = HTTPProviderDefinition.defaultMaxBytes
    public var cache: CachePolicy
    public var body: ValueTemplate?
}
