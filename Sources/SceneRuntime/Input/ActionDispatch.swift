import Foundation
import SceneManifest
import ScenerySupport
import VIP

/// The one way an input line reaches a running app — for `scenery run`, ``SceneTester`` and
/// any later client: the word looked up among the top scene's use cases and the built-in
/// words (did-you-mean when it is neither), the arguments coerced to the use case's request,
/// a disabled button refused, then the use case run. Built-in words that only print
/// (`help`, `state`, `stack`, `quit`) come back for the caller to show its way.
///
/// ```swift
/// switch ActionDispatch(app: app).perform(try InputLine.parse("open 2")!) {
/// case .ran: await app.waitUntilSettled()
/// case let .builtIn(word): show(word)
/// case let .refused(refusal): print("error: \(refusal)")
/// }
/// ```
@MainActor
public struct ActionDispatch {
    public enum Outcome: Equatable {
        /// A use case started, or the app went back: the frame changes once the app settles.
        case ran
        /// A built-in word for the caller to show: `help`, `state`, `stack` or `quit`.
        case builtIn(BuiltInAction.Printed)
        /// Nothing ran, and why.
        case refused(ActionRefusal)
    }

    public let app: RuntimeApp

    public init(app: RuntimeApp) { self.app = app }

    public func perform(_ line: InputLine) -> Outcome {
        guard let scene = app.navigator.top as? JSONScene else { return .refused(.noScene) }
        if let word = BuiltInAction(rawValue: line.action) {
            if let printed = word.printed { return .builtIn(printed) }
            do {
                try app.back()
                return .ran
            } catch {
                return .refused(.navigation(error))
            }
        }
        if let (binding, action) = scene.boundInput(line.action) { return edit(binding, then: action, line, in: scene) }
        if let (route, disabled) = scene.routingButton(line.action) { return press(route, disabled: disabled, line, in: scene) }
        guard let useCase = scene.definition.useCase(line.action) else {
            // A button's title, as the frame shows it, presses the button.
            let typed = ([line.action] + line.arguments).joined(separator: " ")
            let controls = scene.shownControls()
            if let button = controls.first(where: { $0.kind == .button && Self.same($0.text, typed) }) {
                return perform(InputLine(action: button.word, arguments: []))
            }
            return .refused(
                .unknownAction(
                    line.action, scene: scene.screenName, suggestion: suggestion(for: line.action, typed: typed, controls, in: scene)))
        }
        if useCase.isInternal { return .refused(.internalUseCase(line.action, scene: scene.screenName)) }
        // A form's submit runs nothing while a rule on its inputs is broken: the frame says which.
        if line.arguments.isEmpty, scene.submits(line.action), !scene.checkInputRules() {
            app.userActed()
            scene.clearFailures()
            return .ran
        }
        let request: SceneValue
        do {
            if line.arguments.isEmpty, let given = try buttonRequest(line.action, useCase, in: scene) {
                request = given
            } else if let list = scene.rowList(for: line.action) {
                request = try rowRequest(line, list, useCase, in: scene)
            } else {
                request = try RequestCoercion.request(line.arguments, for: useCase.request, action: line.action, dates: dates)
            }
        } catch {
            return .refused(.request(error))
        }
        return perform(line.action, request: request)
    }

    /// A bound input's word typed with a value: the value, coerced to the declared type of
    /// what the input edits, is set there; then the input's `action`, if any, runs with the
    /// same words as its request.
    private func edit(
        _ binding: ComponentDefinition.InputBinding, then action: Located<String>?, _ line: InputLine,
        in scene: JSONScene
    ) -> Outcome {
        let type = scene.declaredType(of: binding) ?? .optional(.string)
        do {
            let value =
                if let options = binding.options {
                    try choose(line, from: scene.options(options))
                } else {
                    try RequestCoercion.request(
                        line.arguments, for: [(line.action, type.isOptional ? type : .optional(type))], action: line.action,
                        dates: dates)[line.action]
                }
            do {
                try scene.edit(binding, to: value)
                scene.recheckInput(binding)
            } catch {
                return .refused(.request(RequestCoercion.Problem("'\(line.action)': \(error.message)")))
            }
        } catch {
            return .refused(.request(error))
        }
        app.userActed()
        guard let action else { return .ran }
        return perform(InputLine(action: action.value, arguments: line.arguments))
    }

    /// The option a choice's words name: its text, in any case, else its number in the
    /// list shown; no words choose nothing (null).
    private func choose(_ line: InputLine, from options: [SceneValue]) throws(RequestCoercion.Problem) -> SceneValue {
        let typed = line.arguments.joined(separator: " ")
        if typed.isEmpty { return .null }
        guard !options.isEmpty else { throw RequestCoercion.Problem("'\(line.action)' has no options now") }
        let texts = options.map(\.description)
        if let index = texts.firstIndex(where: { $0.lowercased() == typed.lowercased() }) { return options[index] }
        if let number = Int(typed), options.indices.contains(number - 1) { return options[number - 1] }
        let listed = TypeDeclaration.listed(texts.map { "'\($0)'" })
        let hint = Suggestions.didYouMean(typed, in: texts).map { "; \($0)" } ?? "; or its number, 1 to \(options.count)"
        throw RequestCoercion.Problem("'\(line.action)' is \(listed), not '\(typed)'\(hint)")
    }

    /// A button that routes, pressed: its route is taken now, with no use case. It takes no
    /// words after its own, and a disabled one is refused with the reason.
    private func press(_ route: RouteStep, disabled: String?, _ line: InputLine, in scene: JSONScene) -> Outcome {
        if let disabled { return .refused(.command(.disabled(command: line.action, reason: disabled))) }
        guard line.arguments.isEmpty else {
            return .refused(.request(RequestCoercion.Problem("'\(line.action)' presses a button and takes nothing after it")))
        }
        app.userActed()
        do {
            try scene.take(route, word: line.action)
        } catch {
            return .refused(.request(RequestCoercion.Problem("'\(line.action)': its route could not be made: \(error.message)")))
        }
        return .ran
    }

    /// The request a list's row gives its action (`open 2`): the list's `request`, made from
    /// the row's item, checked against the use case's declared request fields.
    private func rowRequest(
        _ line: InputLine, _ list: (request: ValueTemplate, rows: [SceneValue], shown: Bool), _ useCase: UseCaseDefinition,
        in scene: JSONScene
    ) throws(RequestCoercion.Problem) -> SceneValue {
        let action = line.action, count = list.rows.count
        guard list.shown else { throw RequestCoercion.Problem("'\(action)' works a row of a list, and none is shown now") }
        guard count > 0 else { throw RequestCoercion.Problem("'\(action)': the list has no rows") }
        let choose = count == 1 ? "\(action) 1" : "\(action) 1 to \(action) \(count)"
        guard line.arguments.count == 1, let row = Int(line.arguments[0]) else {
            throw RequestCoercion.Problem("'\(action)' takes a row's number: \(choose)")
        }
        guard list.rows.indices.contains(row - 1) else {
            throw RequestCoercion.Problem("'\(action)': there is no row \(row); choose \(count == 1 ? "1" : "1 to \(count)")")
        }
        let given: SceneValue
        do {
            given = try scene.rowRequest(list.request, row: list.rows[row - 1])
        } catch {
            throw RequestCoercion.Problem("'\(action)': row \(row)'s request could not be made: \(error.message)")
        }
        if let problem = TypeRef.mismatch(of: given, fields: useCase.request, models: scene.sceneState.models) {
            throw RequestCoercion.Problem("'\(action)': row \(row)'s request does not fit: \(problem)")
        }
        return given
    }

    /// The request a shown button for `action` gives when its word is typed alone, checked
    /// against the use case's declared request fields.
    private func buttonRequest(_ action: String, _ useCase: UseCaseDefinition, in scene: JSONScene) throws(RequestCoercion.Problem)
        -> SceneValue?
    {
        let given: SceneValue?
        do {
            given = try scene.buttonRequest(for: action)
        } catch {
            throw RequestCoercion.Problem("'\(action)': its button's request could not be made: \(error.message)")
        }
        guard let given else { return nil }
        if let problem = TypeRef.mismatch(of: given, fields: useCase.request, models: scene.sceneState.models) {
            throw RequestCoercion.Problem("'\(action)': its button's request does not fit: \(problem)")
        }
        return given
    }

    /// Runs the top scene's use case `action` with a request already built — from a test,
    /// or an app that embeds the runtime — as a typed line runs it: it counts as the user
    /// acting (a new chain of routes starts), and a disabled or busy use case is refused.
    public func perform(_ action: String, request: SceneValue) -> Outcome {
        guard let scene = app.navigator.top as? JSONScene else { return .refused(.noScene) }
        guard let useCase = scene.definition.useCase(action) else {
            let suggestion = Suggestions.didYouMean(action, in: Self.typable(scene) + BuiltInAction.words)
            return .refused(.unknownAction(action, scene: scene.screenName, suggestion: suggestion))
        }
        if useCase.isInternal { return .refused(.internalUseCase(action, scene: scene.screenName)) }
        app.userActed()
        do {
            try scene.perform(action, request: request)
        } catch {
            return .refused(error)
        }
        return .ran
    }

    /// How dates are typed: ISO-8601, or the short style of the session's locale.
    private var dates: RequestCoercion.DateInput {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = app.format.timeZone
        return .init(locale: app.format.locale, year: calendar.component(.year, from: app.format.now), timeZone: app.format.timeZone)
    }

    /// Whether a typed text names a title: the same words, ignoring case.
    static func same(_ title: String, _ typed: String) -> Bool {
        title.split(separator: " ").map { $0.lowercased() } == typed.split(separator: " ").map { $0.lowercased() } && !typed.isEmpty
    }

    /// A did-you-mean for an unknown word: the word of an input whose label the line is or
    /// starts with (`Email` is typed `email TEXT`; `New task Milk`, `add title`), else the
    /// closest action or built-in word.
    private func suggestion(for word: String, typed: String, _ controls: [JSONScene.Control], in scene: JSONScene) -> String? {
        let words = typed.split(separator: " ").map { $0.lowercased() }
        if let input = controls.first(where: { control in
            let label = control.text.split(separator: " ").map { $0.lowercased() }
            return control.kind == .input && !label.isEmpty && words.starts(with: label)
        }) {
            return "the '\(input.text)' input is typed as '\(input.word) TEXT'"
        }
        if let button = controls.first(where: { $0.kind == .button && $0.text.lowercased().hasPrefix(word.lowercased()) && $0.text != word }
        ) {
            return "the '\(button.text)' button is typed as '\(button.word)' (or its title)"
        }
        return Suggestions.didYouMean(word, in: Self.typable(scene) + BuiltInAction.words)
    }

    /// The scene's use cases a person may type: all but the `internal` ones.
    static func typable(_ scene: JSONScene) -> [String] {
        scene.definition.useCases.filter { !$0.useCase.isInternal }.map(\.name) + scene.definition.routingButtonWords.map(\.value)
    }

    /// What `help` shows for the top scene: each use case with its request fields
    /// (optional ones in brackets), then the built-in words.
    public func help() -> [String] {
        guard let scene = app.navigator.top as? JSONScene else { return [] }
        var lines = ["actions in \(scene.screenName):"]
        for (name, useCase) in scene.definition.useCases where !useCase.isInternal {
            lines.append("  " + Self.usage(name, useCase, in: scene.definition))
        }
        // Buttons that route run no use case: their words are actions all the same.
        let routing = scene.definition.routingButtonWords.map(\.value)
        if !routing.isEmpty { lines.append("  " + routing.joined(separator: ", ")) }
        lines.append("  " + BuiltInAction.words.joined(separator: ", "))
        guard scene.definition.hasForm else { return lines }
        // A form's fields by the word that sets each, and its buttons by the word that presses them.
        let context = scene.evaluationContext()
        func text(_ template: Template) -> String { (try? Evaluator.evaluate(template, in: context).get())?.description ?? "" }
        lines.append("fields in \(scene.screenName) (type the word and a value):")
        for input in scene.definition.boundInputs {
            // A choice says what it takes; an input, the type of what it sets.
            let type =
                input.binding.options.map { " (\(TypeDeclaration.listed(scene.options($0).map(\.description))))" }
                ?? scene.declaredType(of: input.binding).map { " (\($0))" } ?? ""
            lines.append("  \(input.binding.word.value) — \(text(input.label))\(type)")
        }
        let buttons = (scene.definition.view ?? []).compactMap { component -> String? in
            guard case let .button(title, action, _, _, _) = component.kind else { return nil }
            return "  \(action.value) — [ \(text(title)) ]"
        }
        if !buttons.isEmpty { lines += ["buttons in \(scene.screenName):"] + buttons }
        return lines
    }

    /// A use case as it is typed: its word and request fields, optional ones in brackets; a
    /// list's action that makes its request from the row, `open row`.
    static func usage(_ name: String, _ useCase: UseCaseDefinition, in scene: SceneDefinition) -> String {
        if scene.rowActions.contains(name) { return name + " row" }
        return ([name] + useCase.request.map { $0.type.isOptional ? "[\($0.name)]" : $0.name }).joined(separator: " ")
    }

    /// What a person may type on the top scene as it shows now, for a legend under its
    /// frame: each shown input, list and button by its word and the text it is shown with
    /// (`load [query] (Search)`, `open row (a row of the list)`, `login (Sign in)`; a button titled as
    /// its word is its word alone), then the use cases no control shows, then `help`.
    public func legend() -> [String] {
        guard let scene = app.navigator.top as? JSONScene else { return [] }
        let controls = scene.shownControls()
        var entries: [String] = []
        var shown: Set<String> = []
        // A disabled button and a list with no rows are not offered, nor listed again below.
        for control in controls where control.isAvailable && shown.insert(control.word + "\u{0}" + control.text).inserted {
            let typed: String
            if control.isBound {
                typed = control.word + " VALUE"
            } else if let useCase = scene.definition.useCase(control.word), control.kind != .button {
                typed = Self.usage(control.word, useCase, in: scene.definition)
            } else {
                typed = control.word
            }
            entries.append(Self.same(control.text, control.word) ? typed : "\(typed) (\(control.text))")
        }
        let worked = Set(controls.map(\.word))
        for (name, useCase) in scene.definition.useCases where !useCase.isInternal && !worked.contains(name) {
            entries.append(Self.usage(name, useCase, in: scene.definition))
        }
        return entries + [BuiltInAction.help.rawValue]
    }
}
