import SceneManifest

/// What a list's row and a routing button give when worked: a list with `request` makes
/// its action's request from the row's item (`it`), and a button with `route` goes there
/// with no use case.
extension JSONScene {
    /// The shown list whose rows `action` works and that makes their request, and its rows
    /// now; nil when the view has no such list. `shown` is false when it has one but its
    /// `if` hides it now.
    func rowList(for action: String) -> (request: ValueTemplate, rows: [SceneValue], shown: Bool)? {
        lazy var context = evaluationContext()
        var hidden: ValueTemplate?
        for component in definition.view ?? [] {
            guard case let .list(items, _, listAction?, request?) = component.kind, listAction.value == action else { continue }
            guard Self.shows(component, in: context) else {
                hidden = hidden ?? request
                continue
            }
            let rows = if case let .list(rows)? = try? Evaluator.evaluate(items, in: context).get() { rows } else { [SceneValue]() }
            return (request, rows, true)
        }
        return hidden.map { ($0, [], false) }
    }

    /// The request `request` makes from `row`, the row's item seen as `it`.
    func rowRequest(_ request: ValueTemplate, row: SceneValue) throws(RunFailure) -> SceneValue {
        try Evaluator.evaluate(request, in: evaluationContext().binding("it", to: row)).mapError(RunFailure.init).get()
    }

    /// The shown button that routes and is pressed by `word`, with why it is disabled now.
    func routingButton(_ word: String) -> (route: RouteStep, disabled: String?)? {
        lazy var context = evaluationContext()
        for component in definition.view ?? [] {
            guard case let .button(title, action, enabled, _, route?) = component.kind, action.value == word,
                Self.shows(component, in: context)
            else { continue }
            guard Self.holds(enabled, in: context) else {
                let label = (try? Evaluator.evaluate(title, in: context).get())?.description ?? word
                return (route, "the '\(label)' button is disabled now")
            }
            return (route, nil)
        }
        return nil
    }

    /// Takes a button's route: its `args` evaluated now, then the route handed to the scene's
    /// router as a use case's route is. The errors shown so far are cleared first.
    func take(_ route: RouteStep, word: String) throws(RunFailure) {
        lazy var context = evaluationContext()
        var args = Record()
        for (name, template) in route.args {
            args[name.value] = try Evaluator.evaluate(template, in: context).mapError(RunFailure.init).get()
        }
        clearFailures()
        module.route(SceneRoute(to: route.to?.value, mode: route.mode, args: .record(args)))
    }
}
