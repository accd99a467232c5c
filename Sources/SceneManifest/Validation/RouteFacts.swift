/// What the app-wide checks need of one scene's routes: the scenes it pushes or presents
/// (whose results come back to it), every scene it names as a target, and the routes it
/// takes on appear without input. Gathered for every scene on every core at once, so the
/// serial graph work after it touches no steps.
struct RouteFacts {
    /// Scenes pushed or presented: the ones whose `back`/`dismiss` result this scene receives.
    var children: Set<String> = []
    /// Every route target as written, misspelt or not, in step order.
    var targets: [String] = []
    /// Routes taken when the scene appears, whatever the user does (see ``AppearCycles``).
    var appearEdges: [AppearCycles.Edge] = []
    /// The scene's route steps, found once for this and the route checks.
    let routes: [(useCase: String, route: RouteStep)]
    /// Whether every route of the scene is known: a step or component that might route and
    /// could not be read, or a route whose `to` could not be, may go anywhere, so no scene is
    /// surely unreachable.
    let routesKnown: Bool

    /// `partsUnread` when the decoder left out a step or component that might route.
    init(_ scene: SceneDefinition, partsUnread: Bool) {
        routes = scene.routes
        // A route whose destination could not be read goes somewhere all the same.
        routesKnown = !partsUnread && routes.allSatisfy { $0.route.to != nil || !$0.route.mode.needsDestination }
        // Sized once: grown an insert at a time, the set was made again at 1, 2 and 4.
        children.reserveCapacity(routes.count)
        targets.reserveCapacity(routes.count)
        for (_, route) in routes {
            guard let target = route.to?.value else { continue }
            targets.append(target)
            if route.mode == .push || route.mode == .present { children.insert(target) }
        }
        appearEdges = AppearCycles.edges(of: scene)
    }

    /// For each scene (of `children`, when given), the scenes that push or present it, in
    /// name order.
    static func parents(_ facts: [String: RouteFacts], of children: Set<String>? = nil) -> [String: [String]] {
        var parents: [String: [String]] = [:]
        for (name, fact) in facts {
            for child in fact.children where children?.contains(child) ?? true { parents[child, default: []].append(name) }
        }
        return parents.mapValues { $0.sorted() }
    }
}
