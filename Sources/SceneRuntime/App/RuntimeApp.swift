import Foundation
import SceneManifest
import VIP
import ScenerySupport

/// A loaded app, running: its providers, shared stores, formatting, navigator and registry.
/// It builds scenes on demand — the Builder of JSON scenes — and routes between them.
///
/// ```swift
/// let report = Validator.validate(path: "Scenes/Shop")
/// let app = try RuntimeApp(report.app!, options: RuntimeOptions())
/// try app.start()
/// ```
@MainActor
public final class RuntimeApp {
    public static let callDepthLimit = 16
    /// The most routes scenes may take one after another without user input (an
    /// `onAppear` that routes, a result that routes on): past it the route is refused with
    /// E511 naming the cycle, so a loop between scenes cannot spin forever.
    public static let unattendedRouteLimit = 32

    public let loaded: LoadedApp
    public let options: RuntimeOptions
    public let registry: SceneRegistry
    public let navigator: Navigator
    public let shared = SharedStore()
    public private(set) var format: FormatContext
    public private(set) var env: SceneValue

    /// Called with a line for every request, response and route, for `--trace`.
    public var onTrace: (@MainActor (String) -> Void)?

    private var providers: [String: any Provider<SceneValue, SceneValue>] = [:]
    /// The scenes that routed since the user last acted, oldest first.
    private var unattendedRoutes: [String] = []
    /// How many screens the stack held when the user last acted: a stopped cycle unwinds to it.
    private var stackAtUserAction = 0
    /// Set when a cycle was stopped: until the user acts, no route without input is taken,
    /// so the scene shown after unwinding cannot start the cycle again.
    private var cycleStopped = false
    private let sharedKeys: [String: SharedKey<SceneValue>]

    public init(_ loaded: LoadedApp, options: RuntimeOptions = RuntimeOptions(), registry: SceneRegistry = SceneRegistry(),
                navigator: Navigator = Navigator()) throws {
        self.loaded = loaded
        self.options = options
        self.registry = registry
        self.navigator = navigator
        let app = loaded.app
        let locale = options.locale ?? app.locale
        format = FormatContext(locale: locale, currency: app.currency, strings: loaded.strings, appLocale: app.locale, now: options.now)
        format.formatters = registry.formatters
        var envRecord = Record()
        for (name, value) in app.env { envRecord[name] = .string(options.env[name] ?? value) }
        for (name, value) in options.env.sorted(by: { $0.key < $1.key }) where envRecord[name] == nil { envRecord[name] = .string(value) }
        envRecord["locale"] = .string(locale)
        envRecord["currency"] = .string(app.currency)
        envRecord["now"] = .string(ISO8601DateFormatter().string(from: options.now))
        env = .record(envRecord)
        var keys: [String: SharedKey<SceneValue>] = [:]
        for (name, field) in app.shared { keys[name] = SharedKey(name, default: field.defaultValue) }
        sharedKeys = keys
        providers = try ProviderFactory(app: self).makeAll()
    }

    /// Every shared store as one record, for expressions.
    public var sharedRecord: SceneValue {
        var record = Record()
        for name in sharedKeys.keys.sorted() {
            if let key = sharedKeys[name] { record[name] = shared[key] }
        }
        return .record(record)
    }

    func writeShared(_ name: String, _ value: SceneValue) {
        guard let key = sharedKeys[name] else { return }
        shared[key] = value
    }

    func provider(_ name: String) throws(StepFailure) -> any Provider<SceneValue, SceneValue> {
        guard let provider = providers[name] else { throw StepFailure("unknown provider '\(name)'") }
        return provider
    }

    // MARK: - Scenes

    /// Starts at the entry scene, or at `scene`.
    public func start(at scene: String? = nil, args: SceneValue = .record(Record())) throws {
        userActed(leavingStackAt: 1)
        navigator.start(with: try makeScene(scene ?? loaded.app.entry.value, args: args))
    }

    /// The user's `back`: pops the top scene.
    public func back() throws(NavigationError) {
        userActed(leavingStackAt: navigator.stack.count - 1)
        try navigator.back()
    }

    /// Marks user input: the routes that follow start a new unattended chain, and a cycle
    /// among them unwinds to the `count` screens the input itself leaves (now, by default).
    func userActed(leavingStackAt count: Int? = nil) {
        unattendedRoutes.removeAll()
        stackAtUserAction = count ?? navigator.stack.count
        cycleStopped = false
    }

    /// Waits until the top scene's work is done, and again whenever that work navigated, so
    /// the next frame is complete and deterministic.
    public func waitUntilSettled() async {
        while let scene = navigator.top as? JSONScene {
            await scene.waitUntilIdle()
            await Task.yield()
            if navigator.top === scene, !scene.isBusy { return }
        }
    }

    /// Builds a scene with its typed args checked.
    public func makeScene(_ name: String, args: SceneValue) throws -> JSONScene {
        guard let definition = loaded.scenes[name] else {
            throw StepFailure("unknown scene '\(name)'" + (Suggestions.didYouMean(name, in: loaded.scenes.keys).map { "; \($0)" } ?? ""))
        }
        let errors = ErrorService()
        let router = SceneRouter(app: self)
        let scene = JSONScene(definition: definition, args: try checkedArgs(args, for: definition), app: self, router: router, errors: errors)
        router.scene = scene
        return scene
    }

    private func checkedArgs(_ args: SceneValue, for scene: SceneDefinition) throws -> SceneValue {
        var record = Record()
        for (name, type) in scene.args {
            let value = args[name]
            if value.isNull && !type.isOptional {
                throw StepFailure("scene '\(scene.name)' needs argument '\(name)' (\(type))")
            }
            record[name] = value
        }
        return .record(record)
    }

    /// Takes a route produced by `scene`, unless routes have gone round without user input
    /// for too long.
    func route(_ route: SceneRoute, from scene: JSONScene?) {
        if let scene {
            if cycleStopped { return }
            unattendedRoutes.append(scene.screenName)
            if unattendedRoutes.count > Self.unattendedRouteLimit {
                stopCycle(at: route, from: scene)
                return
            }
        }
        onTrace?("route \(route.mode.rawValue)\(route.to.map { " \($0)" } ?? "") args=\(ValueJSON.text(route.args))"
            + (route.result.map { " result=\(ValueJSON.text($0))" } ?? ""))
        do {
            switch route.mode {
            case .push: try navigator.push(try makeScene(route.to ?? "", args: route.args))
            case .present: try navigator.present(try makeScene(route.to ?? "", args: route.args))
            case .replace: navigator.replace(with: try makeScene(route.to ?? "", args: route.args))
            case .back: try navigator.back(result: route.result)
            case .dismiss: try navigator.dismiss(result: route.result)
            case .root:
                if let target = route.to { navigator.start(with: try makeScene(target, args: route.args)) } else { navigator.popToRoot() }
            }
        } catch {
            guard let scene else { return }
            scene.report(Self.failure(of: route, from: scene, RuntimeError.Code.route, (error as? StepFailure)?.message ?? "\(error)"))
        }
    }
}

extension RuntimeApp {
    /// Refuses the route that went past the limit, takes the stack back to where the user
    /// last acted (the scenes the cycle pushed are popped), and shows E511 there.
    func stopCycle(at route: SceneRoute, from scene: JSONScene) {
        let failure = Self.failure(of: route, from: scene, RuntimeError.Code.routeCycle,
                                   "routes went round " + Self.cycle(in: unattendedRoutes).joined(separator: " → ")
                                   + " with no user input (\(Self.unattendedRouteLimit) in a row); the route to '\(route.to ?? route.mode.rawValue)' was not taken")
        cycleStopped = true
        unattendedRoutes.removeAll()
        navigator.unwind(to: stackAtUserAction)
        ((navigator.top as? JSONScene) ?? scene).report(failure)
    }

    /// A route that was not taken, as an error at the step that produced it.
    static func failure(of route: SceneRoute, from scene: JSONScene, _ code: String, _ message: String) -> RuntimeError {
        var failure = route.origin ?? RuntimeError(code: nil, message: "", scene: scene.screenName)
        failure.code = code
        failure.message = message
        return failure
    }

    /// The cycle at the end of a chain of routing scenes: from the latest scene's previous
    /// appearance to itself (`Ping → Pong → Ping`), or the whole chain when it has none.
    static func cycle(in chain: [String]) -> [String] {
        guard let last = chain.last, let previous = chain.dropLast().lastIndex(of: last) else { return chain }
        return Array(chain[previous...])
    }
}

/// The router of every JSON scene: hands routes to the app, holding both weakly.
@MainActor
final class SceneRouter: Router {
    weak var app: RuntimeApp?
    weak var scene: JSONScene?

    init(app: RuntimeApp) { self.app = app }

    func route(_ route: SceneRoute) { app?.route(route, from: scene) }
}
