import Foundation
import SceneManifest
import SceneryStorage
import ScenerySupport
import VIP

/// A loaded app, running: its providers, shared stores, formatting, navigator and registry.
/// It has scenes built on demand by its ``SceneBuilder`` (the Builder of JSON scenes) and
/// routes between them.
///
/// ```swift
/// let report = Validator.validate(path: "Scenes/Shop")
/// let app = try RuntimeApp(report.app!, options: RuntimeOptions())
/// try app.start()
/// ```
@MainActor
public final class RuntimeApp {
    /// How deep `call` steps may nest (``RuntimeLimits/callDepth``).
    public static let callDepthLimit = RuntimeLimits.callDepth
    /// The most routes taken in a row without user input (``RuntimeLimits/unattendedRoutes``).
    public static let unattendedRouteLimit = RuntimeLimits.unattendedRoutes

    public let loaded: LoadedApp
    public let options: RuntimeOptions
    public let registry: SceneRegistry
    public let navigator: Navigator
    /// The app's `shared` fields, in the VIP shared store.
    public let shared: SharedValues
    public let format: FormatContext
    public let env: SceneValue
    /// The faults injected on providers now: `--fault`'s, changed by `>> fault` lines.
    public let faults: ProviderFaults
    /// Where every request, response, route and error is reported, for `--trace`.
    let tracer = Tracer()

    /// The scenes that routed since the user last acted, oldest first.
    private var unattendedRoutes: [String] = []
    /// How many screens the stack held when the user last acted: a stopped cycle unwinds to it.
    private var stackAtUserAction = 0
    /// Set when a cycle was stopped: until the user acts, no route without input is taken,
    /// so the scene shown after unwinding cannot start the cycle again.
    private var cycleStopped = false
    private(set) var providers: [String: any Provider<SceneValue, SceneValue>] = [:]
    /// The state folder's storage, and with it this session's claim on the folder, held for
    /// the app's life whichever providers use it (an app of collections alone too).
    private var storage: ValueStorage?
    private lazy var builder = SceneBuilder(
        loaded: loaded, providers: providers, registry: registry, trace: tracer, shared: shared,
        env: env, format: format, navigator: navigator, coverage: options.coverage, policy: self)

    public init(
        _ loaded: LoadedApp, options: RuntimeOptions = RuntimeOptions(), registry: SceneRegistry = SceneRegistry(),
        navigator: Navigator = Navigator()
    ) throws {
        self.loaded = loaded
        self.options = options
        self.registry = registry
        self.navigator = navigator
        let app = loaded.app
        let locale = options.locale ?? app.locale
        let zoneName = options.timeZone ?? app.timeZone
        guard let zone = TimeZones.zone(zoneName) else {
            throw ProviderError(
                "--tz", "'\(zoneName)' is not an IANA time zone; use a name like 'UTC', 'Europe/Paris' or 'America/New_York'")
        }
        var format = FormatContext(
            locale: locale, currency: app.currency, strings: loaded.strings, appLocale: app.locale, now: options.now,
            timeZone: zone)
        format.ids = IdSource(seed: options.seed)
        if options.liveNow { format.clock = SessionClock(fixed: nil) }
        format.formatters = registry.formatters
        self.format = format
        var envRecord = Record()
        for (name, value) in app.env { envRecord[name] = .string(options.env[name] ?? value) }
        for (name, value) in options.env.sorted(by: { $0.key < $1.key }) where envRecord[name] == nil { envRecord[name] = .string(value) }
        envRecord["locale"] = .string(locale)
        envRecord["currency"] = .string(app.currency)
        envRecord["now"] = .string(ISODate.internetText(options.now))
        env = .record(envRecord)
        shared = SharedValues(app)
        faults = ProviderFaults(options.faults)
        (providers, storage) = try ProviderFactory(app: self).makeAll()
    }

    /// Called with every request, response, route and error, for `--trace`.
    public var onTrace: (@MainActor (TraceEvent) -> Void)? {
        get { tracer.handler }
        set { tracer.handler = newValue }
    }

    /// What `state` shows of each collection, by name: how many records it holds and the
    /// first few in key order, or why it cannot be read.
    public func collectionLines(first count: Int = 5) -> [String] {
        providers.keys.sorted().compactMap { name -> String? in
            guard let collection = providers[name] as? CollectionProvider else { return nil }
            do {
                let records = try collection.collection()
                let total = try records.count(CollectionQuery())
                let first = try records.records(CollectionQuery(limit: count)).map(collection.record)
                return "collection \(name): \(total) record\(total == 1 ? "" : "s")"
                    + (first.isEmpty ? "" : ", first \(first.count): " + ValueJSON.text(.list(first)))
            } catch {
                return "collection \(name): cannot be read: \(error.localizedDescription)"
            }
        }
    }

    /// The keys of the first `count` records of each collection, in name then key order, as
    /// text: the ids a route or a deep link may name (`scenery explore` tries them).
    public func recordKeys(first count: Int) -> [String] {
        providers.keys.sorted().flatMap { recordKeys(of: $0, first: count) }
    }

    /// What the app's durable providers hold now, a line each in name order: a keyValue
    /// provider's value, a collection's records by key (`>> stored`, docs/testing.md).
    public func storedLines() async -> [String] {
        var lines: [String] = []
        for name in loaded.app.providers.keys.sorted() {
            guard let definition = loaded.app.providers[name] else { continue }
            switch definition.kind {
            case .keyValue:
                do {
                    lines.append("stored \(name): " + ValueJSON.text(try await providers[name]?.fetch(.null) ?? .null))
                } catch {
                    lines.append("stored \(name): cannot be read: \(storedProblem(error))")
                }
            case .collection:
                guard let collection = providers[name] as? CollectionProvider else { continue }
                do {
                    let records = try collection.collection().records(CollectionQuery()).map(collection.record)
                    lines.append(
                        "stored \(name): \(records.count) record\(records.count == 1 ? "" : "s") " + ValueJSON.text(.list(records)))
                } catch {
                    lines.append("stored \(name): cannot be read: \(storedProblem(error))")
                }
            default:
                continue
            }
        }
        return lines
    }

    /// Why a store cannot be read, its state folder named as such: a transcript's folder is
    /// a new one on every run.
    private func storedProblem(_ error: any Error) -> String {
        let text = error.localizedDescription
        guard let folder = options.stateDirectory?.path, !folder.isEmpty else { return text }
        return text.replacingOccurrences(of: folder, with: "the state folder")
    }

    /// Every shared field as one record, for expressions and `state`.
    public var sharedRecord: SceneValue { shared.record }

    // MARK: - Scenes

    /// Starts at the entry scene, or at `scene`.
    public func start(at scene: String? = nil, args: SceneValue = .record(Record())) throws {
        userActed(leavingStackAt: 1)
        navigator.start(with: try makeScene(scene ?? loaded.app.entry.value, args: args))
    }

    /// Builds the scene `start(at:args:)` would start at, without showing it, so no use case
    /// runs; throws what `start` would throw (an unknown scene, args that do not fit).
    public func checkStart(at scene: String? = nil, args: SceneValue = .record(Record())) throws {
        _ = try makeScene(scene ?? loaded.app.entry.value, args: args)
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
            await Self.yieldToQueuedJobs()
            if navigator.top === scene, !scene.isBusy { return }
        }
    }

    /// Whether the app's work is done once the jobs queued on the main actor have run: the
    /// top scene idle, as ``waitUntilSettled()`` leaves it. It does not wait for work that
    /// is still running; a caller that must bound the wait checks this first.
    public func settlesAtOnce() async -> Bool {
        await Self.yieldToQueuedJobs()
        guard let scene = navigator.top as? JSONScene else { return true }
        return !scene.isBusy
    }

    /// Lets the jobs already queued on the main actor run, without leaving it: resumed by a
    /// job queued behind them. `Task.yield()` is not isolated to the caller's actor, so it
    /// hopped to the thread pool and back — two thread wake-ups for every line a session
    /// reads, a fifth of a transcript's time.
    private static func yieldToQueuedJobs() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Task { @MainActor in continuation.resume() }
        }
    }

    /// Builds scene `name` with its typed args checked.
    func makeScene(_ name: String, args: SceneValue) throws -> JSONScene {
        try builder.build(name, args: args)
    }
}

extension RuntimeApp: RoutePolicy {
    /// Admits a route produced by `scene` unless routes have gone round without user input
    /// for too long; then the cycle is stopped where the user last acted, with E511.
    func admits(_ route: SceneRoute, from scene: JSONScene) -> Bool {
        if cycleStopped { return false }
        unattendedRoutes.append(scene.screenName)
        guard unattendedRoutes.count > Self.unattendedRouteLimit else { return true }
        stopCycle(at: route, from: scene)
        return false
    }
}

extension RuntimeApp {
    /// Refuses the route that went past the limit, takes the stack back to where the user
    /// last acted (the scenes the cycle pushed are popped), and shows E511 there.
    func stopCycle(at route: SceneRoute, from scene: JSONScene) {
        let failure = route.failure(
            DiagnosticCode.routeCycle,
            "routes went round " + Self.cycle(in: unattendedRoutes).joined(separator: " → ")
                + " with no user input (\(Self.unattendedRouteLimit) in a row); the route to '\(route.to ?? route.mode.rawValue)' was not taken",
            scene: scene.screenName)
        cycleStopped = true
        unattendedRoutes.removeAll()
        navigator.unwind(to: stackAtUserAction)
        ((navigator.top as? JSONScene) ?? scene).report(failure)
    }

    /// The cycle at the end of a chain of routing scenes: from the latest scene's previous
    /// appearance to itself (`Ping → Pong → Ping`), or the whole chain when it has none.
    static func cycle(in chain: [String]) -> [String] {
        guard let last = chain.last, let previous = chain.dropLast().lastIndex(of: last) else { return chain }
        return Array(chain[previous...])
    }
}
