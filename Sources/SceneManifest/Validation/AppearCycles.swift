/// Finds scenes whose `onAppear` use cases route to each other unconditionally, so the app
/// would route round them forever without user input (W004). At run time such a chain is
/// stopped (E511); this says so before anything runs.
struct AppearCycles {
    /// An unconditional route taken when a scene appears.
    struct Edge {
        let to: Located<String>
    }

    /// Each scene's routes on appear (``edges(of:)``), every scene of the app a key.
    let edges: [String: [Edge]]

    /// Each cycle once, as scene names from its first (by name) scene back to it, with the
    /// route that leaves each scene.
    func cycles() -> [[(scene: String, edge: Edge)]] {
        var reported: Set<String> = []
        var cycles: [[(scene: String, edge: Edge)]] = []
        // Only a scene that routes on appear can start a cycle.
        for start in edges.filter({ !$0.value.isEmpty }).keys.sorted() where !reported.contains(start) {
            guard let path = path(from: start, backTo: start, edges: edges, avoiding: reported) else { continue }
            cycles.append(path)
            reported.formUnion(path.map(\.scene))
        }
        return cycles
    }

    /// The shortest chain of edges from `start` back to `target` (breadth first).
    private func path(
        from start: String, backTo target: String, edges: [String: [Edge]],
        avoiding: Set<String>
    ) -> [(scene: String, edge: Edge)]? {
        var cameFrom: [String: (scene: String, edge: Edge)] = [:]
        var queue = [start]
        var index = 0
        while index < queue.count {
            let scene = queue[index]
            index += 1
            for edge in edges[scene] ?? [] {
                let next = edge.to.value
                if next == target {
                    var path = [(scene: scene, edge: edge)]
                    var current = scene
                    while current != start, let step = cameFrom[current] {
                        path.insert(step, at: 0)
                        current = step.scene
                    }
                    return path
                }
                guard edges[next] != nil, !avoiding.contains(next), next != start, cameFrom[next] == nil else { continue }
                cameFrom[next] = (scene, edge)
                queue.append(next)
            }
        }
        return nil
    }

    /// Routes to a scene that `onAppear` always takes: steps without `if`, up to the first
    /// step that may stop the use case (`validate`, `fail`), following `call`s in the scene.
    static func edges(of scene: SceneDefinition) -> [Edge] {
        var edges: [Edge] = []
        var visited: Set<String> = []
        func walk(_ useCase: String) {
            guard visited.insert(useCase).inserted, let definition = scene.useCase(useCase) else { return }
            for step in definition.steps where step.condition == nil {
                var flow = AppearFlow()
                step.body.describe(to: &flow)
                edges += flow.edges
                if let called = flow.called { walk(called) }
                if flow.stops { return }
            }
        }
        for name in scene.onAppear { walk(name.value) }
        return edges
    }
}

/// What a step does to the walk of `onAppear`: a route it always takes, a use case it calls,
/// or a stop (a `validate` or a `fail` may stop the use case).
private struct AppearFlow: StepEffects {
    var edges: [AppearCycles.Edge] = []
    var called: String?
    var stops = false

    mutating func routes(_ route: RouteStep) {
        if let to = route.to, [.push, .present, .replace, .root].contains(route.mode) { edges.append(AppearCycles.Edge(to: to)) }
    }

    mutating func calls(_ useCase: Located<String>, as local: String?) { called = useCase.value }
    mutating func checks(_ rules: [ValidateStep.Rule]) { stops = true }
    mutating func fails() { stops = true }
}
