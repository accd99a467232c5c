import SceneManifest

/// Rules on inputs (docs/manifest.md#rules-on-inputs): a button with a `request` submits
/// the form, and first checks the rules of every bound input shown; each broken one shows
/// its message under its input, and the submit runs nothing. An edit of an input whose
/// message shows checks that input again.
extension JSONScene {
    /// Whether pressing the button for `action` submits a form: it is shown and gives a request.
    func submits(_ action: String) -> Bool {
        lazy var context = evaluationContext()
        return (definition.view ?? []).contains { component in
            guard case let .button(_, buttonAction, _, _?, nil) = component.kind, buttonAction.value == action else { return false }
            return Self.shows(component, in: context)
        }
    }

    /// Checks the rules of every bound input shown; keeps what each broken one shows. True
    /// when none is broken.
    func checkInputRules() -> Bool {
        lazy var context = evaluationContext()
        var problems: [String: String] = [:]
        for input in sceneState.blueprint.boundInputs where !input.binding.rules.isEmpty && Self.holds(all: input.conditions, in: context) {
            if let problem = problem(of: input.binding) { problems[input.binding.word.value] = problem }
        }
        inputProblems = problems
        onChange?()
        return problems.isEmpty
    }

    /// After an edit: the input's message, when one shows, follows its new value.
    func recheckInput(_ binding: ComponentDefinition.InputBinding) {
        let word = binding.word.value
        guard inputProblems[word] != nil else { return }
        inputProblems[word] = problem(of: binding)
    }

    /// What a bound input edits holds now; null when it cannot be read.
    func boundValue(_ binding: ComponentDefinition.InputBinding) -> SceneValue { (try? sceneState.read(binding.path.value)) ?? .null }

    /// What the input shows when its value breaks a rule: the input's `message`, or the rule's own words.
    private func problem(of binding: ComponentDefinition.InputBinding) -> String? {
        let value = boundValue(binding)
        guard let problem = binding.rules.problem(with: value) else { return nil }
        guard let message = binding.rules.message else { return problem }
        return (try? Evaluator.evaluate(message, in: evaluationContext()).get())?.description ?? problem
    }

    /// A choice's options as they are now (none when its expression fails or gives no list).
    func options(_ options: Template) -> [SceneValue] {
        (try? Evaluator.evaluate(options, in: evaluationContext()).get())?.listValue ?? []
    }
}
