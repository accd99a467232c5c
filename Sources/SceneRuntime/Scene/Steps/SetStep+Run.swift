import SceneManifest

extension SetStep: ImmediateStep {
    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        let state = interactor.services.state
        guard let condition else {
            try state.write(path.value, try interactor.evaluate(value, context))
            return true
        }
        // A null list has no items, and stays null: nothing matched, nothing changed.
        guard var items = try interactor.listItems(at: path.value) else { return true }
        for index in items.indices {
            let itemContext = context.binding("it", to: items[index])
            if try interactor.evaluate(condition, itemContext).isTruthy { items[index] = try interactor.evaluate(value, itemContext) }
        }
        try state.write(path.value, .list(items))
        return true
    }
}
