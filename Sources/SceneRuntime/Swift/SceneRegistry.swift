import Foundation
import SceneManifest
import VIP

/// Swift components an app registers under the names its manifests use: providers, workers,
/// interactors, presenters and formatters. Typed components are bridged to dynamic values
/// through Codable, so a Swift team writes ordinary types.
///
/// ```swift
/// let registry = SceneRegistry()
/// registry.register(provider: "prices", LivePrices())               // a typed Provider
/// registry.register(worker: "loyalty") { (cart: [CartLine], args: LoyaltyArgs) in points(cart, args) }
/// registry.register(presenter: "receipt") { (response: Receipt) in ReceiptViewModel(response) }
/// ```
@MainActor
public final class SceneRegistry {
    /// A scene's view in Swift: adds the frame's components to `view`.
    public typealias SceneView = @MainActor (_ scene: SceneContext, _ view: inout SceneLines) -> Void

    typealias DynamicWorker = @MainActor (SceneValue, SceneValue) async throws -> SceneValue
    typealias DynamicInteractor = @MainActor (SceneValue, Output<SceneValue, SceneRoute>) async throws -> SceneValue?
    /// Swift that runs in place of a use case's steps; `wantsResponse`: whether anything
    /// reads the response it gives back (a `call` step), or only its presenter does.
    typealias SwiftSteps = @MainActor (SceneValue, Output<SceneValue, SceneRoute>, _ wantsResponse: Bool) async throws -> SceneValue?
    typealias DynamicPresenter = @MainActor (SceneValue) throws -> Record

    private var providers: [String: any Provider<SceneValue, SceneValue>] = [:]
    private var workers: [String: DynamicWorker] = [:]
    private var interactors: [String: DynamicInteractor] = [:]
    private var presenters: [String: DynamicPresenter] = [:]
    private var scenes: [String: @MainActor (SceneContext) -> [SwiftUseCase]] = [:]
    private var views: [String: SceneView] = [:]
    public private(set) var formatters: [String: @Sendable (SceneValue) -> String] = [:]

    public init() {}

    /// A typed provider; its query and value travel as JSON.
    public func register<P: Provider>(provider name: String, _ provider: P) where P.Query: Decodable, P.Value: Encodable {
        providers[name] = BridgedProvider(name: name, base: provider)
    }

    /// A typed provider that also takes `store` steps: the stored value is decoded to its
    /// `Value` (a value that does not fit is the step's error, and nothing is stored).
    public func register<P: WritableProvider>(provider name: String, _ provider: P) where P.Query: Decodable, P.Value: Codable {
        providers[name] = BridgedWritableProvider(bridged: BridgedProvider(name: name, base: provider))
    }

    /// A typed worker: `input` and `args` decoded from the step, the output encoded back.
    public func register<Input: Decodable, Args: Decodable, Output: Encodable>(
        worker name: String, _ body: @escaping @MainActor (Input, Args) async throws -> Output
    ) {
        workers[name] = { input, args in
            let typedInput = try Bridge.decode(Input.self, from: input, what: "input of worker '\(name)'")
            let typedArgs = try Bridge.decode(Args.self, from: args, what: "args of worker '\(name)'")
            return try ValueJSON.encode(try await body(typedInput, typedArgs))
        }
    }

    /// A typed interactor for `"interactor": {"swift": NAME}`: it gets the decoded request and
    /// presents typed responses; routes are the scene's routes.
    public func register<Request: Decodable, Response: Encodable>(
        interactor name: String,
        _ body:
            @escaping @MainActor (Request, _ present: @MainActor (Response) -> Void, _ route: @MainActor (SceneRoute) -> Void) async throws
            -> Void
    ) {
        interactors[name] = { request, output in
            let typed = try Bridge.decode(Request.self, from: request, what: "request of interactor '\(name)'")
            var last: SceneValue?
            var failure: (any Error)?
            try await body(
                typed,
                { response in
                    do {
                        let value = try ValueJSON.encode(response)
                        last = value
                        output.present(value)
                    } catch {
                        failure = error
                    }
                }, { output.route($0) })
            if let failure { throw failure }
            return last
        }
    }

    /// A typed presenter for `"presenter": {"swift": NAME}`; the view model's fields merge into `vm`.
    public func register<Response: Decodable, ViewModel: Encodable>(
        presenter name: String, _ body: @escaping @MainActor (Response) throws -> ViewModel
    ) {
        presenters[name] = { response in
            let typed = try Bridge.decode(Response.self, from: response, what: "response of presenter '\(name)'")
            return try ValueJSON.encode(try body(typed)).recordValue
        }
    }

    /// A scene written in Swift: `make` gives the typed use cases that run in place of the
    /// manifest's use cases of the same names, over the scene's ``SceneContext``. The
    /// manifest still declares the scene (its state, requests, view and routes) and is
    /// checked as ever; a use case it does not declare is refused when the scene is built.
    ///
    /// ```swift
    /// registry.register(scene: "Login") { scene in LoginBuilder.useCases(scene) }
    /// ```
    public func register(scene name: String, _ make: @escaping @MainActor (SceneContext) -> [SwiftUseCase]) {
        scenes[name] = make
    }

    /// A scene's view in Swift: `draw` adds the frame's components, over the scene's
    /// ``SceneContext``, in place of the manifest's view. The manifest's view still says what
    /// each word does — inputs' bindings, buttons' requests and rows' requests — and is
    /// checked as ever; `scenery eject` writes one from it.
    ///
    /// ```swift
    /// registry.register(view: "Login", LoginView.draw)
    /// ```
    public func register(view name: String, _ draw: @escaping SceneView) {
        views[name] = draw
    }

    /// A formatter callable in expressions as `NAME(x)` or `x | NAME`.
    public func register(formatter name: String, _ body: @escaping @Sendable (SceneValue) -> String) {
        formatters[name] = body
    }

    /// Whether nothing is registered: no Swift code of an app's own runs, code that may trap.
    public var isEmpty: Bool {
        providers.isEmpty && workers.isEmpty && interactors.isEmpty && presenters.isEmpty && scenes.isEmpty && views.isEmpty
            && formatters.isEmpty
    }

    /// The Swift components `loaded` declares that are not registered here, by kind and
    /// name (`worker 'loyaltyPoints'`), in name order: what a run of it without them lacks.
    public func missing(for loaded: LoadedApp) -> [String] {
        var missing: [String] = []
        missing += loaded.app.workers.filter { workers[$0] == nil }.map { "worker '\($0)'" }
        missing += loaded.app.formatters.filter { formatters[$0] == nil }.map { "formatter '\($0)'" }
        for definition in loaded.app.providers.values {
            if case let .swift(name) = definition.kind, providers[name] == nil { missing.append("provider '\(name)'") }
        }
        for scene in loaded.scenes.values {
            for (_, useCase) in scene.useCases {
                if case let .swift(name) = useCase.interactor, interactors[name] == nil { missing.append("interactor '\(name)'") }
                if case let .swift(name)? = useCase.presenter, presenters[name] == nil { missing.append("presenter '\(name)'") }
            }
        }
        return Array(Set(missing)).sorted()
    }

    // MARK: - Lookups

    /// The registered provider, or one that explains, when fetched, that nothing is registered.
    func provider(_ name: String, for declared: String) -> any Provider<SceneValue, SceneValue> {
        providers[name]
            ?? Unregistered(
                message:
                    "provider '\(declared)' is registered in code as '\(name)', and this executable does not register it; run the app's own executable"
            )
    }

    /// The view registered for scene `name`.
    func view(of name: String) -> SceneView? { views[name] }

    /// The Swift use cases registered for scene `name`, made over its context.
    func swiftUseCases(of name: String, _ context: @autoclosure () -> SceneContext) -> [SwiftUseCase]? {
        scenes[name].map { make in make(context()) }
    }

    func runWorker(_ name: String, input: SceneValue, args: SceneValue) async throws -> SceneValue {
        guard let worker = workers[name] else {
            throw RunFailure(
                "worker '\(name)' is registered in code, and this executable does not register it; run the app's own executable")
        }
        return try await worker(input, args)
    }

    func runInteractor(_ name: String, request: SceneValue, output: Output<SceneValue, SceneRoute>) async throws -> SceneValue? {
        guard let interactor = interactors[name] else {
            throw RunFailure(
                "interactor '\(name)' is registered in code, and this executable does not register it; run the app's own executable")
        }
        return try await interactor(request, output)
    }

    func runPresenter(_ name: String, response: SceneValue) throws -> Record {
        guard let presenter = presenters[name] else {
            throw RunFailure(
                "presenter '\(name)' is registered in code, and this executable does not register it; run the app's own executable")
        }
        return try presenter(response)
    }
}

/// Stands in for a Swift provider this executable does not register.
struct Unregistered: WritableProvider {
    typealias Query = SceneValue
    let message: String

    func fetch(_ query: SceneValue) async throws -> SceneValue { throw RunFailure(message) }

    /// A store says what is missing too, not that the provider is read-only.
    func store(_ value: SceneValue, for query: SceneValue) async throws { throw RunFailure(message) }
}

/// Codable bridging with messages that name the component.
enum Bridge {
    static func decode<T: Decodable>(_ type: T.Type, from value: SceneValue, what: String) throws -> T {
        do {
            return try ValueJSON.decode(T.self, from: value)
        } catch {
            throw RunFailure("\(what) does not fit \(T.self): \(describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, _): "missing '\(key.stringValue)'"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            "wrong type at '\(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))'"
        default: "\(error)"
        }
    }
}

/// A typed provider seen as a dynamic one.
struct BridgedProvider<Base: Provider>: Provider where Base.Query: Decodable, Base.Value: Encodable {
    typealias Query = SceneValue
    let name: String
    let base: Base

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        try ValueJSON.encode(try await base.fetch(try self.query(query)))
    }

    /// The typed query: `()` for a provider that takes none.
    func query(_ query: SceneValue) throws -> Base.Query {
        if Base.Query.self == Void.self, let none = () as? Base.Query { return none }
        return try Bridge.decode(Base.Query.self, from: query, what: "query of provider '\(name)'")
    }
}

/// A typed writable provider seen as a dynamic one.
struct BridgedWritableProvider<Base: WritableProvider>: WritableProvider where Base.Query: Decodable, Base.Value: Codable {
    typealias Query = SceneValue
    let bridged: BridgedProvider<Base>

    func fetch(_ query: SceneValue) async throws -> SceneValue { try await bridged.fetch(query) }

    func store(_ value: SceneValue, for query: SceneValue) async throws {
        let typed = try Bridge.decode(Base.Value.self, from: value, what: "value stored into provider '\(bridged.name)'")
        try await bridged.base.store(typed, for: try bridged.query(query))
    }
}
