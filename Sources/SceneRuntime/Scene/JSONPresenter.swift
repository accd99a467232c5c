import SceneManifest
import VIP

/// A JSON use case's presenter: evaluates the manifest's view-model fields over the
/// response, or hands it to a Swift presenter from the registry. A use case without a
/// presenter changes nothing in the view model.
struct JSONPresenter: Presenter {
    var fields: [(name: String, field: PresenterField)] = []
    var swift: (@MainActor (SceneValue) throws -> Record)?
    /// The scene's state, read at presenting time (state, shared, args, env, vm).
    let state: SceneState

    func present(_ response: SceneValue) throws -> Record {
        if let swift { return try swift(response) }
        var base = state.evaluationContext()
        base.roots["response"] = response
        var viewModel = Record()
        for (name, field) in fields {
            switch field {
            case let .value(template):
                viewModel[name] = try Evaluator.evaluate(template, in: base).get()
            case let .each(items, local, template):
                let list = try Evaluator.evaluate(items, in: base).get()
                var values: [SceneValue] = []
                for item in list.listValue ?? (list.isNull ? [] : [list]) {
                    values.append(try Evaluator.evaluate(template, in: base.binding(local, to: item)).get())
                }
                viewModel[name] = .list(values)
            }
        }
        return viewModel
    }
}
