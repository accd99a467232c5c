import SceneManifest
import ScenerySupport
import VIP

/// The one way an input line reaches a running app — for `scenery run`, ``SceneTester`` and
/// any later client: the word looked up among the top scene's use cases and the built-in
/// words (did-you-mean when it is neither), the arguments coerced to the use case's request,
/// a disabled button refused, then the use case run. Built-in words that only print
/// (`help`, `state`, `stack`, `quit`) come back for the caller to show its way.
///
/// ```swift
/// switch ActionDispatch(app: app).perform(try InputLine.parse("open 2")!) {
/// case .ran: await app.waitUntilSettled()
/// case let .builtIn(word): show(word)
/// case let .refused(refusal): print("error: \(refusal)")
/// }
/// ```
@MainActor
public struct ActionDispatch {
    public enum Outcome: Equatable {
        /// A use case started, or the app went back: the frame changes once the app settles.
        case ran
        /// A built-in word for the caller to show: `help`, `state`, `stack` or `quit`.
        case builtIn(BuiltInAction)
        /// Nothing ran, and why.
        case refused(ActionRefusal)
    }

    public let app: RuntimeApp

    public init(app: RuntimeApp) { self.app = app }

    public func perform(_ line: InputLine) -> Outcome {
        guard let scene = app.navigator.top as? JSONScene else { return .refused(.noScene) }
        if let word = BuiltInAction(rawValue: line.action) {
            guard word == .back else { return .builtIn(word) }
            do {
                try app.back()
                return .ran
            } catch {
                return .refused(.navigation(error))
            }
        }
        guard let useCase = scene.definition.useCase(line.action) else {
            let suggestion = Suggestions.didYouMean(line.action, in: Self.typable(scene) + BuiltInAction.words)
            return .refused(.unknownAction(line.action, scene: scene.screenName, suggestion: suggestion))
        }
        if useCase.isInternal { return .refused(.internalUseCase(line.action, scene: scene.screenName)) }
        let request: SceneValue
        do {
            request = try RequestCoercion.request(line.arguments, for: useCase.request, action: line.action)
        } catch {
            return .refused(.request(error))
        }
        return perform(line.action, request: request)
    }

    /// Runs the top scene's use case `action` with a request already built — from a test,
    /// or an app that embeds the runtime — as a typed line runs it: it counts as the user
    /// acting (a new chain of routes starts), and a disabled or busy use case is refused.
    public func perform(_ action: String, request: SceneValue) -> Outcome {
        guard let scene = app.navigator.top as? JSONScene else { return .refused(.noScene) }
        guard let useCase = scene.definition.useCase(action) else {
            let suggestion = Suggestions.didYouMean(action, in: Self.typable(scene) + BuiltInAction.words)
            return .refused(.unknownAction(action, scene: scene.screenName, suggestion: suggestion))
        }
        if useCase.isInternal { return .refused(.internalUseCase(action, scene: scene.screenName)) }
        app.userActed()
        do {
            try scene.perform(action, request: request)
        } catch {
            return .refused(error)
        }
        return .ran
    }

    /// The scene's use cases a person may type: all but the `internal` ones.
    static func typable(_ scene: JSONScene) -> [String] {
        scene.definition.useCases.filter { !$0.useCase.isInternal }.map(\.name)
    }

    /// What `help` shows for the top scene: each use case with its request fields
    /// (optional ones in brackets), then the built-in words.
    public func help() -> [String] {
        guard let scene = app.navigator.top as? JSONScene else { return [] }
        var lines = ["actions in \(scene.screenName):"]
        for (name, useCase) in scene.definition.useCases where !useCase.isInternal {
            let fields = useCase.request.map { $0.type.isOptional ? "[\($0.name)]" : $0.name }
            lines.append("  " + ([name] + fields).joined(separator: " "))
        }
        lines.append("  " + BuiltInAction.words.joined(separator: ", "))
        return lines
    }
}
