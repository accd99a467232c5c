import SceneManifest
import SceneRuntime

/// The regular expressions a scene's `validate` rules check values with —
/// `matches(state.phone, '^[+]?[0-9 ]{9,17}$')`, `matches(trim(request.code), '…')` — by the
/// path they check, so explore types values made from them, as it does for an input's own
/// `pattern`: a phone number where a phone number is checked.
struct CheckedPatterns: ExpressionVisitor {
    /// A scene's patterns: `state.` paths for the scene, `request.` paths by use case.
    struct Found: Sendable {
        var state: [String: [String]] = [:]
        var requests: [String: [String: [String]]] = [:]
    }

    private var found: [String: [String]] = [:]

    mutating func visit(_ expression: Expression) {
        guard case let .call("matches", arguments) = expression.kind, arguments.count == 2,
            case let .literal(.string(pattern)) = arguments[1].kind, let path = Self.path(arguments[0])
        else { return }
        found[path, default: []].append(pattern)
    }

    /// The path an argument reads: `state.phone`, or the first argument of a call around it.
    private static func path(_ expression: Expression) -> String? {
        switch expression.kind {
        case let .name(name): name
        case let .member(base, field): path(base).map { "\($0).\(field)" }
        case let .call(_, arguments): arguments.first.flatMap(path)
        default: nil
        }
    }

    /// Every scene's patterns, by scene name.
    static func of(_ loaded: LoadedApp) -> [String: Found] {
        var all: [String: Found] = [:]
        for name in loaded.sceneNames {
            guard let scene = loaded.scenes[name] else { continue }
            var result = Found()
            for (useCase, definition) in scene.useCases {
                var visitor = CheckedPatterns()
                for step in definition.everyStep {
                    guard let validate = step.body as? ValidateStep else { continue }
                    for rule in validate.rules {
                        for case let .expression(expression) in rule.check.parts { ExpressionWalker.walk(expression, &visitor) }
                    }
                }
                for (path, patterns) in visitor.found {
                    if path.hasPrefix("request.") {
                        result.requests[useCase, default: [:]][path, default: []] += patterns
                    } else if path.hasPrefix("state.") {
                        result.state[path, default: []] += patterns
                    }
                }
            }
            all[name] = result
        }
        return all
    }
}
