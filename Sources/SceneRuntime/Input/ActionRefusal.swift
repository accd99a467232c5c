import VIP

/// Why an input line ran nothing: the one refusal every client of ``ActionDispatch`` sees,
/// each case with the wording the user reads.
public enum ActionRefusal: Error, Equatable, CustomStringConvertible {
    /// No scene is on the stack.
    case noScene
    /// The word is neither a use case of the scene nor a built-in word; `suggestion` is the
    /// did-you-mean text, when a name is close.
    case unknownAction(String, scene: String, suggestion: String?)
    /// The use case is `internal`: only the scene runs it.
    case internalUseCase(String, scene: String)
    /// The arguments do not fit the use case's request.
    case request(RequestCoercion.Problem)
    /// The use case's command refused: a disabled button, a run in progress, a scene left.
    case command(CommandRefusal)
    /// `back` with nowhere to go.
    case navigation(NavigationError)

    public var description: String {
        switch self {
        case .noScene: "no scene is shown"
        case let .unknownAction(action, scene, suggestion):
            "unknown action '\(action)' in \(scene)" + (suggestion.map { "; \($0)" } ?? "; try 'help'")
        case let .internalUseCase(action, scene): "'\(action)' is run by \(scene) itself, not typed; try 'help'"
        case let .request(problem): problem.description
        case let .command(refusal): refusal.description
        case let .navigation(error): error.description
        }
    }
}
