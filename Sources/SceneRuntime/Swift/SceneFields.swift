import SceneManifest

/// A typed record whose fields the runtime reads one at a time, by their names in the
/// manifest: the models of an ejected module. A built-in worker that reads only some fields
/// of each item — `search` with `fields`, `sort` by a field, `page` none — reads those alone,
/// and the rest of each record is never made (``SceneWorkers``).
public protocol SceneFields: SceneValueConvertible {
    /// The field's value as the runtime holds it; null for a name the record does not have.
    func sceneField(_ name: String) -> SceneValue
}

extension SceneWorkers {
    /// Runs built-in worker `name` on a typed list of records, as the other `run` does; a
    /// worker that chooses items by the fields it names reads only those of each.
    public static func run<Item: SceneFields>(
        _ name: String, _ input: [Item], _ arguments: KeyValuePairs<String, WorkerArgument>, format: FormatContext = FormatContext()
    ) throws -> [Item] {
        guard let names = fieldsRead(by: name, arguments) else {
            return try run(name, input, arguments, format: format, values: input.map { $0.sceneValue })
        }
        let records = input.map { item in SceneValue.record(Record(fields: names.map { ($0, item.sceneField($0)) })) }
        return try run(name, input, arguments, format: format, values: records)
    }

    /// The fields of each item a worker that chooses items reads, when its arguments name
    /// them all; nil when it may read any (a `where` over each item, a search of every field).
    static func fieldsRead(by name: String, _ arguments: KeyValuePairs<String, WorkerArgument>) -> [String]? {
        func argument(_ key: String) -> WorkerArgument.Kind? { arguments.first { $0.key == key }?.value.kind }
        switch name {
        case "search":
            guard case let .value(fields)? = argument("fields"), let names = fields.listValue else { return nil }
            return names.map(\.description)
        case "sort":
            guard case let .field(field)? = argument("by") else { return nil }
            return [field]
        case "page": return []
        default: return nil
        }
    }
}
