import SceneManifest

/// The built-in workers for Swift code: what a scene ejected to Swift calls where its
/// manifest had a `work` step. The runtime's own worker runs, so a search, a sort or a sum
/// gives exactly what the JSON scene's did.
///
/// ```swift
/// let sorted = try SceneWorkers.run("sort", found, ["by": .field("price"), "order": .value(order)]) as [Models.Product]
/// ```
@MainActor
public enum SceneWorkers {
    /// Runs built-in worker `name` on `input` with `arguments`, its result read as `Result`.
    public static func run<Result: SceneValueConvertible>(
        _ name: String, _ input: some SceneValueConvertible, _ arguments: KeyValuePairs<String, WorkerArgument>,
        format: FormatContext = FormatContext()
    ) throws -> Result {
        let value = try runner(name, arguments, format: format).run(input.sceneValue)
        return try Result.reading(value, "worker '\(name)' gave")
    }

    /// Runs built-in worker `name` on a typed list: a worker that gives some of its items
    /// (`filter`, `remove`, `sort`, `search`, `page`) gives these very items, chosen by the
    /// runtime's own code, with none read back from a record; the others as above.
    public static func run<Item: SceneValueConvertible>(
        _ name: String, _ input: [Item], _ arguments: KeyValuePairs<String, WorkerArgument>, format: FormatContext = FormatContext()
    ) throws -> [Item] {
        try run(name, input, arguments, format: format, values: input.map { $0.sceneValue })
    }

    /// Runs the worker on `values`, the items as the runtime holds them (whole, or the
    /// fields it reads), keeping the typed items it chooses.
    static func run<Item: SceneValueConvertible>(
        _ name: String, _ input: [Item], _ arguments: KeyValuePairs<String, WorkerArgument>, format: FormatContext,
        values: [SceneValue]
    ) throws -> [Item] {
        let runner = try runner(name, arguments, format: format)
        if let chosen = try runner.selected(values) { return chosen.map { input[$0] } }
        // Not a worker that chooses items: `values` are the items whole (``fieldsRead(by:_:)``).
        return try [Item].reading(try runner.run(.list(values)), "worker '\(name)' gave")
    }

    /// The runtime's runner for worker `name` with `arguments`: a per-item closure is found
    /// again by its number when the worker evaluates it for an item.
    private static func runner(
        _ name: String, _ arguments: KeyValuePairs<String, WorkerArgument>, format: FormatContext
    ) throws -> BuiltInWorkerRunner {
        guard let worker = BuiltInWorker(rawValue: name) else { throw RunFailure("'\(name)' is not a built-in worker") }
        var args: [(name: String, value: ValueTemplate)] = []
        var perItem: [(SceneValue) throws -> SceneValue] = []
        for (argument, given) in arguments {
            switch given.kind {
            case let .value(value): args.append((argument, .constant(value)))
            case let .field(field): args.append((argument, .template(Template(parts: [.text(field)]))))
            case let .each(body):
                let marker = Template(parts: [.expression(Expression(.name("it"), at: 0)), .text("\u{0}\(perItem.count)")])
                perItem.append(body)
                args.append((argument, .template(marker)))
            }
        }
        return BuiltInWorkerRunner(worker: worker, args: args, context: EvaluationContext(format: format)) {
            template, context throws(RunFailure) in
            switch template {
            case let .constant(value): return value
            case let .template(marker):
                guard case let .text(tag)? = marker.parts.last, let index = Int(tag.dropFirst()), perItem.indices.contains(index) else {
                    throw RunFailure("worker '\(name)' was given an argument it cannot read")
                }
                do {
                    return try perItem[index](context.local("it") ?? .null)
                } catch let failure as RunFailure {
                    throw failure
                } catch let evaluation as EvaluationError {
                    // The expression's own error, code and all, as the runtime's worker reports it.
                    throw RunFailure(evaluation)
                } catch {
                    throw RunFailure("\(name): \(error)")
                }
            default: throw RunFailure("worker '\(name)' was given an argument it cannot read")
            }
        }
    }
}

/// One argument of a built-in worker.
public struct WorkerArgument {
    enum Kind {
        case value(SceneValue)
        case field(String)
        case each((SceneValue) throws -> SceneValue)
    }

    let kind: Kind

    /// A value given once: `"order": .value(order)`.
    public static func value(_ value: some SceneValueConvertible) -> WorkerArgument { WorkerArgument(kind: .value(value.sceneValue)) }

    /// A field of each item, by its name: `"by": .field("price")`.
    public static func field(_ name: String) -> WorkerArgument { WorkerArgument(kind: .field(name)) }

    /// A value computed for each item: `"where": .each { (it: Models.Product) in it.id == id }`.
    public static func each<Element: SceneValueConvertible, Value: SceneValueConvertible>(
        _ body: @escaping (Element) throws -> Value
    ) -> WorkerArgument {
        WorkerArgument(
            kind: .each { item in
                guard let element = Element(sceneValue: item) else {
                    throw RunFailure("an item is \(item.typeName), not \(Element.self)", code: DiagnosticCode.valueDoesNotFit)
                }
                return try body(element).sceneValue
            })
    }
}
