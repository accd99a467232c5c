import LineRenderer
import SceneManifest

extension JSONScene {
    /// The scene's view as line components, props evaluated now. An expression that fails
    /// here shows as an error line instead of its component; a controller shows only its
    /// error banners.
    public func components() -> [Component] {
        var problems: [RuntimeError] = []
        var components: [Component]
        var errorSlots: [Int]
        if let swiftView {
            var lines = SceneLines(
                showsWords: definition.hasForm, isBusy: isBusy, inputProblems: inputProblems,
                chosen: { [sceneState] path in (try? sceneState.read(path)) ?? .null })
            swiftView.draw(swiftView.context, &lines)
            (components, errorSlots) = (lines.components, lines.errorSlots)
            problems = lines.failures.map { runtimeError($0, useCase: nil, part: "view") }
        } else if let view = definition.view {
            (components, errorSlots) = manifestComponents(view, &problems)
        } else {
            // A controller shows nothing but its errors: a failure there must not go unseen.
            viewFailures = []
            return errors.map { Component.error($0) }
        }
        if !invariants.isEmpty { problems += brokenInvariants(in: evaluationContext()) }
        // Error banners go where the view puts its error component, or at the end.
        viewFailures = problems
        let banners = errors.map { Component.error($0) }
        if let slot = errorSlots.first {
            components.insert(contentsOf: banners, at: slot)
        } else {
            components += banners
        }
        return components
    }

    /// The manifest's view as components, and where its `error` components are; what fails
    /// to be worked out goes to `problems`.
    private func manifestComponents(_ view: [ComponentDefinition], _ problems: inout [RuntimeError]) -> ([Component], [Int]) {
        let context = evaluationContext()
        func text(_ template: Template?) -> String? {
            guard let template else { return nil }
            switch Evaluator.evaluate(template, in: context) {
            case let .success(value): return value.description
            case let .failure(error):
                problems.append(runtimeError(error, useCase: nil, part: "view"))
                return nil
            }
        }
        func value(_ template: Template) -> SceneValue? {
            switch Evaluator.evaluate(template, in: context) {
            case let .success(value): return value
            case let .failure(error):
                problems.append(runtimeError(error, useCase: nil, part: "view"))
                return nil
            }
        }
        var components: [Component] = []
        var errorSlots: [Int] = []
        var groups: [Int: Bool] = [:]
        // A scene with a form shows the word that works each input and button.
        let showsWords = definition.hasForm
        let coverage = sceneState.coverage
        for component in view {
            if !Self.groupsShow(component, &groups, value) || component.condition.map({ !(value($0)?.isTruthy ?? false) }) == true {
                coverage?.component(component, in: definition, shown: false)
                continue
            }
            coverage?.component(component, in: definition, shown: true)
            switch component.kind {
            case let .header(template):
                if let title = text(template) { components.append(.header(title)) }
            case let .text(template):
                if let body = text(template) { components.append(.text(body)) }
            case let .list(items, empty, action, _):
                guard let list = value(items) else { continue }
                let rows = (list.listValue ?? (list.isNull ? [] : [list])).map(Self.listItem)
                components.append(.list(items: rows, empty: text(empty), action: action?.value))
            case let .input(label, current, action, binding):
                components.append(
                    .input(
                        label: text(label) ?? "", value: text(current) ?? "", action: binding?.word.value ?? action?.value,
                        showsWord: showsWords))
                components += problemLine(of: binding)
            case let .choice(label, binding):
                let options = binding.options.flatMap(value)?.listValue ?? []
                components += choiceLines(text(label) ?? "", binding, options, showsWord: showsWords)
            case let .button(title, action, enabled, _, _):
                let isEnabled = enabled.map { value($0)?.isTruthy ?? false } ?? true
                components.append(
                    .button(title: text(title) ?? action.value, action: action.value, enabled: isEnabled, showsWord: showsWords))
            case .error:
                errorSlots.append(components.count)
            case let .loading(label):
                components.append(.loading(isBusy ? (text(label) ?? "Loading…") : nil))
            case .divider:
                components.append(.divider)
            }
        }
        return (components, errorSlots)
    }

    /// Whether every group around `component` shows; a group's `if` is worked out once per
    /// frame (`shown`, by where it is written), however many children it has.
    private static func groupsShow(
        _ component: ComponentDefinition, _ shown: inout [Int: Bool], _ value: (Template) -> SceneValue?
    ) -> Bool {
        component.groups.allSatisfy { group in
            if let origin = group.origin, let known = shown[origin] { return known }
            let shows = value(group)?.isTruthy ?? false
            if let origin = group.origin { shown[origin] = shows }
            return shows
        }
    }

    /// The line under a bound input whose rule the last submit found broken.
    private func problemLine(of binding: ComponentDefinition.InputBinding?) -> [Component] {
        guard let word = binding?.word.value, let problem = inputProblems[word] else { return [] }
        // As a banner is laid out: every line of a long message starts with `! `.
        return [.error(problem)]
    }

    /// A choice: what is chosen, as an input shows its value, any broken rule, then its options.
    private func choiceLines(_ label: String, _ binding: ComponentDefinition.InputBinding, _ options: [SceneValue], showsWord: Bool)
        -> [Component]
    {
        let chosen = (try? sceneState.read(binding.path.value)) ?? .null
        return [.input(label: label, value: chosen.isNull ? "" : chosen.description, action: binding.word.value, showsWord: showsWord)]
            + problemLine(of: binding) + [.text("choose: " + options.map(\.description).joined(separator: ", "))]
    }

    static func listItem(_ item: SceneValue) -> ListItem {
        if case let .record(record) = item, let title = record["title"] {
            let detail = record["detail"].flatMap { $0.isNull ? nil : $0.description }
            return ListItem(title.description, detail: detail)
        }
        return ListItem(item.description)
    }
}

extension JSONScene {
    /// The scene's invariants that do not hold in the frame being drawn, as E514 banners
    /// with their `message`; one whose check fails to evaluate shows that failure instead.
    func brokenInvariants(in context: EvaluationContext) -> [RuntimeError] {
        invariants.compactMap { invariant in
            switch Evaluator.evaluate(invariant.check, in: context) {
            case let .success(value) where value.isTruthy:
                return nil
            case .success:
                let message = invariant.message.flatMap { try? Evaluator.evaluate($0, in: context).get() }?.description
                return RuntimeError(
                    code: .invariantBroken, message: message ?? "a check of app.json's invariants is false",
                    scene: definition.name, useCase: nil, step: nil, stepType: nil, part: "invariant", position: nil)
            case let .failure(error):
                return runtimeError(error, useCase: nil, part: "invariant")
            }
        }
    }
}
