import SceneManifest
import SceneryStorage

/// The shapes of the queries an app's `fetch` steps make of its collections, read from the
/// manifest before it runs: each `where` field compared by equality (a value or an
/// expression) or a range, and the `sort` as written. Each collection keeps an index per
/// shape and no other (``CollectionSchema/queries``). A fetch whose `args`, `where` or a
/// `sort` field is an expression has no shape until it runs: its collection keeps an index
/// on every field instead.
struct CollectionQueries: StepEffects {
    private let collections: Set<String>
    /// Each collection's shapes, in the order the scenes (by name) make them; nil once one
    /// of its fetches has no shape.
    private(set) var shapes: [String: [CollectionQueryShape]?]

    private init(collections: Set<String>) {
        self.collections = collections
        shapes = Dictionary(uniqueKeysWithValues: collections.map { ($0, []) })
    }

    /// Each collection's query shapes; nil for one with a query known only when it runs.
    static func of(_ loaded: LoadedApp) -> [String: [CollectionQueryShape]?] {
        var queries = CollectionQueries(collections: Set(loaded.app.collectionNames))
        guard !queries.collections.isEmpty else { return [:] }
        for name in loaded.sceneNames {
            for entry in loaded.scenes[name]?.useCases ?? [] {
                for step in entry.useCase.everyStep { step.body.describe(to: &queries) }
            }
        }
        return queries.shapes
    }

    mutating func reads(_ provider: Located<String>, args: ValueTemplate?, as local: String) {
        guard collections.contains(provider.value), case let known?? = shapes[provider.value] else { return }
        switch Self.shape(args) {
        case .unknown: shapes[provider.value] = .some(nil)
        case let .shape(shape): if !known.contains(shape) { shapes[provider.value] = known + [shape] }
        case .primaryKey: return
        }
    }

    enum Reading: Equatable {
        /// A fetch by key, or of everything in key order: the primary key serves it.
        case primaryKey
        case shape(CollectionQueryShape)
        /// Known only when it runs.
        case unknown
    }

    /// The shape of a fetch's `args`.
    static func shape(_ args: ValueTemplate?) -> Reading {
        guard let args else { return .primaryKey }
        guard case let .record(fields) = args else { return .unknown }
        if fields.contains(where: { $0.name == "key" }) { return .primaryKey }
        var shape = CollectionQueryShape()
        for field in fields {
            switch field.name {
            case "where":
                guard case let .record(conditions) = field.value else { return .unknown }
                for condition in conditions {
                    guard case let .record(operators) = condition.value else {
                        shape.equal.append(condition.name)
                        continue
                    }
                    for op in operators.map(\.name) {
                        if op == "=" || op == "==" {
                            shape.equal.append(condition.name)
                        } else if ["<", "<=", ">", ">="].contains(op), !shape.ranges.contains(condition.name) {
                            shape.ranges.append(condition.name)
                        }
                    }
                }
            case "sort":
                let orders: [ValueTemplate] = if case let .list(items) = field.value { items } else { [field.value] }
                for order in orders {
                    guard case let .string(name)? = order.constantValue else { return .unknown }
                    shape.order.append(
                        name.hasPrefix("-")
                            ? CollectionQuery.Order(String(name.dropFirst()), descending: true) : CollectionQuery.Order(name))
                }
            default: continue
            }
        }
        return shape.equal.isEmpty && shape.ranges.isEmpty && shape.order.isEmpty ? .primaryKey : .shape(shape)
    }
}
