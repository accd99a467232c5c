/// `route`: navigates — pushes, presents or replaces a scene, goes back, dismisses, or
/// starts a new stack.
public struct RouteStep: StepBody {
    public var to: Located<String>?
    public var mode: RouteMode
    public var args: [(name: Located<String>, value: ValueTemplate)]
    public var result: ValueTemplate?

    public static let type = StepType.route
    public static let writes = StepType.Writes.nothing
    public static let declaration = step(
        "navigates (below)",
        KeyDeclaration("to", "the scene to route to"),
        KeyDeclaration("mode", "push (the default), present, replace, back, dismiss or root"),
        KeyDeclaration("args", "what the scene routed to is given, by the names of its args"),
        KeyDeclaration("result", "what back or dismiss passes to the scene below (its onResult)"))

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        read(reading.object, reader: reading.reader, scope: reading.scope)
    }

    /// A route from its object: a step's, or a button's (`to`, `mode`, `args`).
    static func read(_ object: ObjectNode, reader: ManifestReader, scope: ExpressionScope) -> RouteStep {
        // A bad mode is reported and read as 'push', so the rest of the route is still checked.
        let mode = object["mode"].flatMap { reader.choice($0, what: "route mode", as: RouteMode.self) } ?? .push
        var to: Located<String>?
        if let toNode = object["to"] {
            to = reader.name(toNode, what: "destination scene")
            if !mode.takesDestination {
                reader.error(
                    .misplacedKey, "a '\(mode.rawValue)' route goes to the previous scene and takes no 'to'", at: object.keyOffset("to"),
                    toNode.pointer)
            }
        } else if mode.needsDestination {
            reader.error(.missingKey, "missing key 'to' in \(mode.rawValue) route", at: object.node.offset, object.node.pointer)
        }
        let args = object["args"].map { reader.locatedFields($0, what: "'args'", scope: scope) } ?? []
        let result = object["result"].map { reader.valueTemplate($0, scope: scope) }
        if result != nil, mode.takesDestination {
            reader.error(
                .misplacedKey, "only 'back' and 'dismiss' routes pass a 'result'", at: object.keyOffset("result"),
                object.node.pointer + "/result")
        }
        return RouteStep(to: to, mode: mode, args: args, result: result)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        for (_, value) in args { effects.evaluates(value) }
        effects.evaluates(result)
        effects.routes(self)
    }
}

public enum RouteMode: String, Sendable, CaseIterable {
    case push, present, replace, back, dismiss, root

    /// Whether the mode must name a destination scene (`root` may, to start a new stack).
    public var needsDestination: Bool { [.push, .present, .replace].contains(self) }
    /// Whether the mode may name a destination scene.
    public var takesDestination: Bool { ![.back, .dismiss].contains(self) }
}
