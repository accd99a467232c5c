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
    public func value<Value: Decodable>(_ path: String, as type: Value.Type = Value.self) throws -> Value {
        try Bridge.decode(Value.self, from: try sceneState.read(path), what: "'\(path)'")
    }

    /// Writes `state.FIELD…` or `shared.FIELD…`, checked against the declared type of what it
    /// writes; a value that does not fit is refused (E513) and nothing changes.
    public func set<Value: Encodable>(_ path: String, to value: Value) throws {
        try sceneState.write(path, try ValueJSON.encode(value))
    }

    /// The app's provider `name`, reading and storing `Value`.
    public func provider<Value: Codable>(_ name: String, as type: Value.Type = Value.self) -> SceneProvider<Value> {
        SceneProvider(name: name, services: services)
    }

    /// Runs another use case of the scene with no request, as a `call` step does: inside
    /// this one's turn, presenting through its own presenter.
    public func call(_ useCase: String) async throws {
        depth += 1
        defer { depth -= 1 }
        guard let (interactor, output) = try calls?.target(useCase, depth: depth) else { return }
        _ = try await interactor.run(.record(Record()), output: output, depth: depth)
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

    /// What the provider holds for `query`, encoded as a `fetch` step's `args` would be.
    public func fetch<Query: Encodable>(query: Query) async throws -> Value {
        try await fetch(try ValueJSON.encode(query))
    }

    private func fetch(_ query: SceneValue) async throws -> Value {
        let value = try await services.provider(name).fetch(query)
        return try Bridge.decode(Value.self, from: value, what: "what provider '\(name)' gave")
    }

    /// Stores `value`, as a `store` step does: only writable providers take one.
    public func store(_ value: Value) async throws {
        try await services.provider(name).writable(named: name).store(try ValueJSON.encode(value), for: .record(Record()))
    }
}
