import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import VIP

/// One walk through an app, in a fresh app on a fresh state folder: lines chosen among
/// what each frame offers (or given, to replay a walk), each frame checked after its line.
/// It stops at the first property broken.
@MainActor
struct ExploreWalk {
    /// A property a frame broke, and what tells two failures with one cause apart.
    struct Failure: Equatable, Codable {
        /// How a transcript shows the failure: a text that must not appear in the last
        /// frame, the `dead end:` line of `>> actions`, what was stored before a restart, or the
        /// transcript's own timeout for an action that does not finish.
        enum Check: Equatable, Codable {
            case absent(String)
            case deadEnd
            case restart
            case hang(seconds: Int)
            /// The app stopped (a Swift component trapped): the action it stopped on, last.
            case crash
        }

        let property: String
        let detail: String
        /// The same for two failures with the same cause: the property, the scene and the
        /// error's code, place and message.
        let signature: String
        let check: Check
    }

    /// A walk that starts at another scene than the app's, as a route or a deep link
    /// brings a person there: the scene and its args as `--arg` takes them (`orderId=gone`).
    struct Start: Codable, Equatable {
        let scene: String
        let arguments: [String]

        /// The options that start a run here.
        var options: [String] { ["--scene", scene] + arguments.flatMap { ["--arg", $0] } }
    }

    struct Outcome {
        /// The faults the walk ran with, as `--fault` gives them: `orders=fail`.
        var faults: [String] = []
        var lines: [String] = []
        var failure: Failure?
        /// The frames shown, by their lines' hash.
        var frames: Set<UInt64> = []
    }

    /// Every walk's session options, as `scenery run` takes them (fixtures, faults, locale…).
    let options: RuntimeOptions
    let loaded: LoadedApp
    let registry: SceneRegistry
    let start: String
    let args: SceneValue
    let renderer: LineRenderer
    /// Whether each walk ends by starting the app again on its state folder, to check that
    /// what was stored is still there.
    var restart = false
    /// The scenes some walks start at instead (none when `--scene` names the start): those
    /// whose args can be typed, other than the app's entry.
    var otherStarts: [SceneDefinition] = []
    /// How long an action's work may take before the walk calls it a hang (`--hang`).
    var hang = 5
    /// The keys of records the app holds when it starts (a fixture's): ids a typed use case
    /// and a walk started at another scene may be given, beside ids of none.
    var keys: [String] = []
    /// The patterns each scene's `validate` rules check values with, by scene.
    var checked: [String: CheckedPatterns.Found] = [:]
    /// Where a worker writes each action before it takes it, for its parent to read if it crashes.
    var journal: ExploreJournal?

    /// A fault that begins midway: the `>> fault` line a walk takes at its step `step`.
    struct Midway {
        let step: Int
        let line: String
    }

    /// Replays `lines`, or with `random` chooses up to `steps` of them; `faults` are injected
    /// on providers from the start, as `--fault` gives them, and `midway` at its step.
    func run(
        _ given: [String]?, steps: Int, faults: [String] = [], midway: Midway? = nil, from other: Start? = nil,
        random: inout ExploreRandom, coverage: CoverageRecorder?
    ) async -> Outcome {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var options = self.options
        options.stateDirectory = state
        options.coverage = coverage
        for fault in faults {
            let parts = fault.split(separator: "=", maxSplits: 1).map(String.init)
            options.faults[parts[0]] = parts.last == "fail-store" ? .failStores : .fail
        }
        var outcome = Outcome()
        outcome.faults = faults
        // Made from the scene's declared types, the args always read; a scene gone since is no walk.
        guard let (scene, args) = beginning(other) else { return outcome }
        let stored = await session(
            given, steps: steps, options: options, at: (scene, args, scene != loaded.app.entry.value), midway: midway, random: &random,
            &outcome)
        // The first session's app is gone, and with it its claim on the state folder.
        if restart, outcome.failure == nil, let stored {
            outcome.failure = await restarted(options, at: (scene, args), expecting: stored)
        }
        return outcome
    }

    /// The walk's session: its lines, each frame checked; what is stored at its end (with
    /// `restart`), or nil when the app did not start.
    private func session(
        _ given: [String]?, steps: Int, options: RuntimeOptions, at start: (scene: String, args: SceneValue, other: Bool),
        midway: Midway?, random: inout ExploreRandom, _ outcome: inout Outcome
    ) async -> [String]? {
        let app: RuntimeApp
        do {
            app = try RuntimeApp(loaded, options: options, registry: registry)
            try app.start(at: start.scene, args: start.args)
        } catch {
            outcome.failure = Failure(
                property: "the app starts", detail: error.localizedDescription, signature: "start: \(error.localizedDescription)",
                check: .absent(error.localizedDescription))
            return nil
        }
        defer { for entry in app.navigator.stack.reversed() { entry.screen.screenDidLeave() } }
        guard await settles(app) else {
            // The frame shown while it waits counts as one the walk saw.
            if let top = app.navigator.top as? JSONScene { outcome.frames.insert(frameHash(renderer.render(top.components()))) }
            outcome.failure = hung(nil, on: start.scene)
            return nil
        }
        let dispatch = ActionDispatch(app: app)
        // A scene a walk started at other than the entry (by `--scene` too) had one below it,
        // in the app, while it is at the bottom: `back` leaves it there. A `root` or `replace`
        // route takes that one away too.
        let bottom = start.other ? app.navigator.stack.first?.screen : nil
        var below: Int { bottom != nil && app.navigator.stack.first?.screen === bottom ? 1 : 0 }
        outcome.failure = broken(app, dispatch, below: below, &outcome)
        var index = 0
        // Lines chosen ahead: a form filled in, one input a line.
        var queued: [String] = []
        walking: while outcome.failure == nil, index < (given?.count ?? steps) {
            let line: String
            if let given {
                line = given[index]
            } else if let midway, index == midway.step, let due = Self.due(midway.line, in: app, &random) {
                line = due
            } else if !queued.isEmpty {
                line = queued.removeFirst()
            } else {
                let checked = (app.navigator.top as? JSONScene).flatMap { self.checked[$0.definition.name] }
                let offers = dispatch.offers(below: below).map { Self.checking($0, checked) }
                queued = Self.filling(offers, &random)
                guard let chosen = queued.isEmpty ? choose(offers, checked, &random) : queued.removeFirst() else { break }
                line = chosen
            }
            index += 1
            outcome.lines.append(line)
            journal?.action(line, on: (app.navigator.top as? JSONScene)?.screenName ?? start.scene)
            if SessionLoop.isFaultLine(line) {
                // Changes no frame: the fault begins at the provider's next read or write.
                _ = FaultDirective.inject(String(line.dropFirst(SessionLoop.faultPrefix.count + 1)), into: app)
                continue
            }
            if SessionLoop.isDeleteLine(line) {
                // Changes no frame either: the scene finds the record gone when it reads again.
                if let (collection, key) = SessionLoop.deleted(line) {
                    _ = app.deleteAsAnotherSession(key, from: collection)
                }
                continue
            }
            guard let parsed = try? InputLine.parse(line) else { continue }
            let scene = (app.navigator.top as? JSONScene)?.screenName ?? start.scene
            switch dispatch.perform(parsed) {
            case .ran:
                guard await settles(app) else {
                    outcome.failure = hung(line, on: scene)
                    break walking
                }
            // `back` at the scene a walk started at, typed or a Back button: in the app, the
            // scene below would show.
            case .refused(.navigation(.nothingToGoBackTo)) where below > 0 && app.navigator.stack.count == 1: break walking
            default: break
            }
            if below > 0, Self.wentBackPastTheStart(app) { break }
            outcome.failure = broken(app, dispatch, below: below, &outcome)
        }
        return restart ? await app.storedLines() : []
    }

    /// Why the app cannot start at all with these options (a fixture that cannot be read,
    /// say), or nil when it starts.
    func startProblem() -> String? {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var options = self.options
        options.stateDirectory = state
        do {
            // Built, not shown: the first frame's use cases run in the walks — in worker
            // processes, where a Swift one that traps stops a worker and not explore.
            try RuntimeApp(loaded, options: options, registry: registry).checkStart(at: start, args: args)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    /// The keys of the records the app holds when it starts (its fixtures'), a few a collection.
    func startingKeys() async -> [String] {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var options = self.options
        options.stateDirectory = state
        return (try? RuntimeApp(loaded, options: options, registry: registry).recordKeys(first: 8)) ?? []
    }

    /// The app started again on the same state folder, as after `quit`: what its durable
    /// providers hold once its first frame settles must be what they held before.
    private func restarted(_ options: RuntimeOptions, at start: (scene: String, args: SceneValue), expecting before: [String]) async
        -> Failure?
    {
        var options = options
        options.coverage = nil
        options.seed = 1
        let app: RuntimeApp
        do {
            app = try RuntimeApp(loaded, options: options, registry: registry)
            try app.start(at: start.scene, args: start.args)
        } catch {
            // What was stored keeps the app from starting again: the worst way to lose it.
            return Failure(
                property: "what was stored survives a restart", detail: "the app does not start again: \(error.localizedDescription)",
                signature: "restart: the app does not start", check: .restart)
        }
        defer { for entry in app.navigator.stack.reversed() { entry.screen.screenDidLeave() } }
        guard await settles(app) else { return hung(nil, on: start.scene) }
        let after = await app.storedLines()
        let expected = StoredComparison.expected(before: before, after: after)
        guard after != expected else { return nil }
        let lost = expected.first { !after.contains($0) } ?? after.first { !expected.contains($0) } ?? ""
        let provider = StoredComparison.name(of: lost)
        return Failure(
            property: "what was stored survives a restart",
            detail: "after a restart, '\(provider)' does not hold what it held",
            signature: "restart: \(provider)", check: .restart)
    }

    /// A line for one of `offers`: shown controls three times as likely as words only the
    /// legend lists; nil when nothing can be typed.
    func choose(_ offers: [ActionOffer], _ checked: CheckedPatterns.Found?, _ random: inout ExploreRandom) -> String? {
        let weighted = offers.flatMap { Array(repeating: $0, count: $0.isShown ? 3 : 1) }
        for _ in 0..<8 where !weighted.isEmpty {
            let offer = random.pick(weighted)
            let hints = ExploreValues.Hints(keys: keys, patterns: checked?.requests[offer.word] ?? [:])
            if let line = ExploreValues.line(for: offer, hints, &random) { return line }
        }
        return nil
    }

    /// An input whose value a `validate` rule checks with `matches()`, and which has no
    /// `pattern` of its own, takes that pattern as its own: its values are made from it.
    static func checking(_ offer: ActionOffer, _ checked: CheckedPatterns.Found?) -> ActionOffer {
        guard case .input = offer.kind, offer.rules?.pattern == nil, let path = offer.path,
            let pattern = checked?.state[path]?.first
        else { return offer }
        var offer = offer
        offer.rules = offer.rules ?? InputRules()
        offer.rules?.pattern = pattern
        return offer
    }

    /// Sometimes, when the frame shows a form with two or more inputs still empty: a line
    /// for each, with a value its rules let through, in the order shown — as a person fills
    /// a form before submitting it, which single random picks would seldom do.
    static func filling(_ offers: [ActionOffer], _ random: inout ExploreRandom) -> [String] {
        let empty = offers.filter { $0.isEmpty && $0.rules != nil }
        guard empty.count >= 2, random.below(3) == 0 else { return [] }
        return empty.compactMap { offer in
            guard case let .input(type, options) = offer.kind, let rules = offer.rules else { return nil }
            if let options { return options.first.map { ExploreValues.input(offer.word, $0) } }
            return ExploreValues.valid(type, rules, &random).map { ExploreValues.input(offer.word, $0) }
        }
    }

    /// Whether the scene a walk started at routed back or dismissed itself with nothing
    /// under it: in the app, the scene below shows again, and this walk is over.
    private static func wentBackPastTheStart(_ app: RuntimeApp) -> Bool {
        guard app.navigator.stack.count == 1, let top = app.navigator.top as? JSONScene else { return false }
        let gone = [NavigationError.nothingToGoBackTo, .nothingPresented].map(\.description)
        return top.shownFailures.contains { failure in gone.contains { failure.message.hasSuffix($0) } }
    }

    /// The scene and args a walk starts at: `other`'s, or the one every walk starts at.
    private func beginning(_ other: Start?) -> (String, SceneValue)? {
        guard let other else { return (start, args) }
        guard let scene = loaded.scenes[other.scene], let args = try? SceneArguments.record(other.arguments, for: scene) else {
            return nil
        }
        return (other.scene, args)
    }

    /// Whether the app's work settles within `hang` seconds; work still running then is
    /// cancelled, and the walk ends.
    private func settles(_ app: RuntimeApp) async -> Bool {
        // Most actions finish within a few turns of the main actor: they need no timer, which
        // costs a third of a walk's time when every action has one.
        for _ in 0..<4 {
            if await app.settlesAtOnce() { return true }
        }
        return await Deadline.finishes(within: .seconds(hang)) { await app.waitUntilSettled() }
    }

    /// A hang: `line`'s work on `scene` (the first frame's, with no line) had not finished.
    private func hung(_ line: String?, on scene: String) -> Failure {
        let what = line.map { "'\($0)' on '\(scene)'" } ?? "the first frame of '\(scene)'"
        let word = line.flatMap { try? InputLine.parse($0) }?.action ?? "start"
        return Failure(
            property: "no hang", detail: "\(what) had not finished after \(hang) s", signature: "hang: \(scene) \(word)",
            check: .hang(seconds: hang))
    }

    /// The property the frame shown now breaks, if any; counts the frame. `below` scenes
    /// are below the bottom of the stack in the app (one, for a walk started elsewhere).
    private func broken(_ app: RuntimeApp, _ dispatch: ActionDispatch, below: Int, _ outcome: inout Outcome) -> Failure? {
        guard let top = app.navigator.top as? JSONScene else { return nil }
        outcome.frames.insert(frameHash(renderer.render(top.components())))
        if let error = top.shownFailures.first(where: { $0.code != nil }), let code = error.code {
            return Failure(
                property: code == .invariantBroken ? "invariants hold" : "no runtime error", detail: error.located,
                signature: "runtime error: \(error.site): \(error.message) (\(code))",
                check: .absent("(\(code))"))
        }
        // A frame that says what went wrong (a banner) is an explained stop, not a dead end.
        if dispatch.isDeadEnd(below: below) {
            return Failure(
                property: "no dead end",
                detail: "'\(top.screenName)' shows nothing to do and has no scene to go back to",
                signature: "dead end: \(top.screenName)", check: .deadEnd)
        }
        return nil
    }
}
