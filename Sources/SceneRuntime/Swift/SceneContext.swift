import SceneManifest
import VIP

/// What a scene written in Swift (``SceneRegistry/register(scene:_:)``) reads and writes:
/// the scene's args, its state and the app's shared fields, its providers and its
/// formatting, as typed values. Reads and writes go to the same store the manifest's view
/// and the scene's JSON use cases use, and each write is checked against the manifest's
/// declared type, as a `set` step's is.
///
/// ```swift
/// let email = try scene.value("state.email", as: String.self)
/// try await scene.provider("session", as: String?.self).store(email)
/// try scene.set("shared.user", to: email)
/// ```
@MainActor
public final class SceneContext {
    let services: SceneServices
    /// The scene's use cases, for ``call(_:)``; weak, as the JSON interactors hold them.
    private weak var calls: SceneCalls?
    /// How deep in `call`s the use case running now is.
    private var depth = 0

    init(services: SceneServices, calls: SceneCalls) {
        self.services = services
        self.calls = calls
    }

    private var sceneState: SceneState { services.state }

    /// The scene's name, as its manifest declares it.
    public var sceneName: String { services.definition.name }

    /// The session's formatting: locale, currency, time zone, clock and the app's strings.
    public var format: FormatContext { sceneState.format }

    /// The scene's args, decoded.
    public func args<Args: Decodable>(_ type: Args.Type = Args.self) throws -> Args {
        try Bridge.decode(Args.self, from: sceneState.args, what: "args of scene '\(sceneName)'")
    }

    /// The scene's whole state, decoded.
    public func state<State: Decodable>(_ type: State.Type = State.self) throws -> State {
        try Bridge.decode(State.self, from: .record(sceneState.state), what: "state of scene '\(sceneName)'")
    }

    /// What `state.FIELD…` or `shared.FIELD…` holds now, decoded; null through a missing
    /// record, so read it as an optional where it may be missing.
    @_disfavoredOverload
    public func value<Value: Decodable>(_ path: String, as type: Value.Type = Value.self) throws -> Value {
        try Bridge.decode(Value.self, from: try current(path), what: "'\(path)'")
    }

    /// What `state.FIELD…`, `shared.FIELD…`, `args.FIELD`, `env.NAME` or `vm.FIELD…` holds now,
    /// as the expression language's value of `Value`. A view-model field no presenter has
    /// given yet is null.
    public func value<Value: SceneValueConvertible>(_ path: String, as type: Value.Type = Value.self) throws -> Value {
        try Value.reading(try current(path), "'\(path)' is")
    }

    private func current(_ path: String) throws(RunFailure) -> SceneValue {
        if path.hasPrefix("args.") { return sceneState.args[String(path.dropFirst(5))] }
        if path.hasPrefix("env.") { return sceneState.env[String(path.dropFirst(4))] }
        if path.hasPrefix("vm.") {
            let parts = FieldPath(path)
            var value = sceneState.viewModel[parts.name] ?? .null
            for name in parts.nested { value = value[name] }
            return value
        }
        return try sceneState.read(path)
    }

    /// Writes `state.FIELD…` or `shared.FIELD…`, checked against the declared type of what it
    /// writes; a value that does not fit is refused (E513) and nothing changes.
    // Disfavoured: a value the expression language has a value for is written as it is,
    // without the round trip through JSON.
    @_disfavoredOverload
    public func set<Value: Encodable>(_ path: String, to value: Value) throws {
        try sceneState.write(path, try sceneValue(of: value))
    }

    /// Writes a value the expression language has a value for, as it is (a record written
    /// in place keeps its fields as written).
    public func set(_ path: String, to value: some SceneValueConvertible) throws {
        try sceneState.write(path, value.sceneValue)
    }

    /// Removes from the list at `path` the items `matches` holds for, as a `remove` step
    /// does; a null list stays null.
    public func remove<Item: SceneValueConvertible>(from path: String, where matches: (Item) throws -> Bool) throws {
        guard let items = try sceneState.listItems(at: path) else { return }
        var kept: [SceneValue] = []
        for item in items where !(try matches(try Item.reading(item, "an item is"))) { kept.append(item) }
        try sceneState.write(path, .list(kept))
    }

    /// Replaces each item of the list at `path` that `matches` holds for with `value`'s, as
    /// a `set` step with `where` does; a null list stays null.
    public func update<Item: SceneValueConvertible, New: SceneValueConvertible>(
        _ path: String, where matches: (Item) throws -> Bool, to value: (Item) throws -> New
    ) throws {
        guard var items = try sceneState.listItems(at: path) else { return }
        for index in items.indices {
            let item = try Item.reading(items[index], "an item is")
            if try matches(item) { items[index] = try value(item).sceneValue }
        }
        try sceneState.write(path, .list(items))
    }

    /// The app's provider `name`, reading and storing `Value`.
    public func provider<Value: Codable>(_ name: String, as type: Value.Type = Value.self) -> SceneProvider<Value> {
        SceneProvider(name: name, services: services)
    }

    /// Runs another use case of the scene with no request, as a `call` step does: inside
    /// this one's turn, presenting through its own presenter.
    public func call(_ useCase: String, request: SceneRecord = SceneRecord([:])) async throws {
        depth += 1
        defer { depth -= 1 }
        guard let (interactor, output) = try calls?.target(useCase, depth: depth) else { return }
        _ = try await interactor.run(request.sceneValue, output: output, depth: depth)
    }

    /// Refuses a result that does not fit the request of the `onResult` use case of the scene
    /// a `back` (or `dismiss`) returns to, before anything moves, as a `route` step does (E513).
    public func checkResult(_ result: some SceneValueConvertible, dismissing: Bool) throws {
        try services.checkResult(result.sceneValue, dismissing: dismissing)
    }

    /// The app's collection `name`, to insert, update and delete records in.
    public func collection(_ name: String) -> SceneCollection { SceneCollection(name: name, services: services) }

    /// A failure of what step `step` of `useCase` asked of `source` (a provider, worker or
    /// use case), as its `onError` handler sees it: traced as the runtime traces a recovery.
    /// A cancellation is no failure: it is thrown on, as the runtime does.
    public func recover(_ error: any Error, from source: String, useCase: String, step: Int) throws -> SceneError {
        if error is CancellationError { throw error }
        let failure = services.definition.runtimeError(error, useCase: useCase)
        let seen = SceneError(code: failure.code?.rawValue, message: failure.message, from: source)
        services.trace(.recovered(scene: sceneName, useCase: useCase, step: step, error: seen.sceneValue))
        return seen
    }

    /// The translation of `key` in the session's locale, with `arguments` in its
    /// placeholders: what `t(key, …)` gives in an expression.
    public func translate(_ key: String, _ arguments: String...) -> String {
        format.translate(key, arguments: arguments)
    }
}

/// One of the app's providers as a Swift scene sees it: values decoded to `Value` and
/// encoded from it, with the errors a `fetch` or `store` step would report.
@MainActor
public struct SceneProvider<Value: Codable> {
    let name: String
    let services: SceneServices

    /// What the provider holds for a query with no arguments.
    public func fetch() async throws -> Value {
        try await fetch(.record(Record()))
    }

    /// What the provider holds for a query of these fields, as a `fetch` step's `args` give it.
    public func fetch(arguments: KeyValuePairs<String, any SceneValueConvertible>) async throws -> Value {
        try await fetch(SceneRecord(arguments).sceneValue)
    }

    /// What the provider holds for `query`, encoded as a `fetch` step's `args` would be.
    public func fetch<Query: Encodable>(query: Query) async throws -> Value {
        try await fetch(try ValueJSON.encode(query))
    }

    private func fetch(_ query: SceneValue) async throws -> Value {
        let value = try await services.provider(name).fetch(query)
        return try services.typedValues.value(of: name, from: value) {
            // A value the expression language has (an ejected model) is read field by field.
            if let convertible = Value.self as? any SceneValueConvertible.Type {
                if let typed = try convertible.reading(value, "what provider '\(name)' gave is") as? Value { return typed }
            }
            return try Bridge.decode(Value.self, from: value, what: "what provider '\(name)' gave")
        }
    }

    /// Stores `value`, as a `store` step does: only writable providers take one.
    public func store(_ value: Value) async throws {
        try await services.provider(name).writable(named: name).store(try sceneValue(of: value), for: .record(Record()))
    }
}
