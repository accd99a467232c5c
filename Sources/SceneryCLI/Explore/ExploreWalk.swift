import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime

/// One walk through an app, in a fresh app on a fresh state folder: lines chosen among
/// what each frame offers (or given, to replay a walk), each frame checked after its line.
/// It stops at the first property broken.
@MainActor
struct ExploreWalk {
    /// A property a frame broke, and what tells two failures with one cause apart.
    struct Failure: Equatable {
        let property: String
        let detail: String
        /// The same for two failures with the same cause: the property, the scene and the
        /// error's code, place and message.
        let signature: String
        /// What a transcript that shows the failure checks is not in its last frame.
        let absent: String?
    }

    struct Outcome {
        var lines: [String] = []
        var failure: Failure?
        /// The frames shown, by their lines' hash.
        var frames: Set<Int> = []
    }

    let loaded: LoadedApp
    let registry: SceneRegistry
    let start: String
    let args: SceneValue
    let renderer: LineRenderer

    /// Replays `lines`, or with `random` chooses up to `steps` of them.
    func run(_ given: [String]?, steps: Int, random: inout ExploreRandom, coverage: CoverageRecorder?) async -> Outcome {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var options = RuntimeOptions()
        options.stateDirectory = state
        options.coverage = coverage
        var outcome = Outcome()
        let app: RuntimeApp
        do {
            app = try RuntimeApp(loaded, options: options, registry: registry)
            try app.start(at: start, args: args)
        } catch {
            outcome.failure = Failure(
                property: "the app starts", detail: error.localizedDescription, signature: "start: \(error.localizedDescription)",
                absent: nil)
            return outcome
        }
        defer { for entry in app.navigator.stack.reversed() { entry.screen.screenDidLeave() } }
        await app.waitUntilSettled()
        let dispatch = ActionDispatch(app: app)
        outcome.failure = broken(app, dispatch, &outcome)
        var index = 0
        while outcome.failure == nil, index < (given?.count ?? steps) {
            let line: String
            if let given {
                line = given[index]
            } else {
                let offers = dispatch.offers()
                guard let chosen = Self.choose(offers, &random) else { break }
                line = chosen
            }
            index += 1
            outcome.lines.append(line)
            guard let parsed = try? InputLine.parse(line) else { continue }
            if case .ran = dispatch.perform(parsed) { await app.waitUntilSettled() }
            outcome.failure = broken(app, dispatch, &outcome)
        }
        return outcome
    }

    /// A line for one of `offers`: shown controls three times as likely as words only the
    /// legend lists; nil when nothing can be typed.
    static func choose(_ offers: [ActionOffer], _ random: inout ExploreRandom) -> String? {
        let weighted = offers.flatMap { Array(repeating: $0, count: $0.isShown ? 3 : 1) }
        for _ in 0..<8 where !weighted.isEmpty {
            if let line = ExploreValues.line(for: random.pick(weighted), &random) { return line }
        }
        return nil
    }

    /// The property the frame shown now breaks, if any; counts the frame.
    private func broken(_ app: RuntimeApp, _ dispatch: ActionDispatch, _ outcome: inout Outcome) -> Failure? {
        guard let top = app.navigator.top as? JSONScene else { return nil }
        outcome.frames.insert(renderer.render(top.components()).hashValue)
        if let error = top.shownFailures.first(where: { $0.code != nil }), let code = error.code {
            return Failure(
                property: "no runtime error", detail: error.located, signature: "runtime error: \(error.site): \(error.message) (\(code))",
                absent: "(\(code))")
        }
        if !dispatch.offers().contains(where: \.isShown) {
            return Failure(
                property: "no dead end",
                detail: "'\(top.screenName)' shows nothing to do and has no scene to go back to",
                signature: "dead end: \(top.screenName)", absent: nil)
        }
        return nil
    }
}
