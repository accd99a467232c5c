import Foundation
import LineRenderer
import SceneManifest
import VIP

/// A JSON scene at run time: a ``Screen`` on the navigator and the display of its use
/// cases, which run through the same VIP pipeline as typed Swift modules — a
/// `JSONInteractor` and a `JSONPresenter` per use case, built by the app's `SceneBuilder`
/// with what they use, and wired by a `Module` to this scene. The scene itself only shows
/// what they produce, gates its buttons, and starts its `onAppear` and `onResult` use cases.
@MainActor
public final class JSONScene: Screen {
    /// Held once by the scene's blueprint, which every scene of the definition shares.
    public var definition: SceneDefinition { sceneState.blueprint.definition }
    public var args: SceneValue { sceneState.args }
    public var state: Record { sceneState.state }
    /// What the scene's presenters produced, merged field by field.
    public var viewModel: Record { sceneState.viewModel }
    /// Errors reported since the last action began, oldest first, each with its code and
    /// where it happened.
    public private(set) var failures: [RuntimeError] = []
    /// What shows under each bound input whose rules the last submit found broken, by the
    /// input's word (docs/manifest.md#rules-on-inputs).
    var inputProblems: [String: String] = [:]
    /// Expression failures of the view at its last render (``components()``).
    var viewFailures: [RuntimeError] = []
    /// What app.json says must hold in every frame of this scene (`"invariants"`).
    var invariants: [Invariant] = []
    /// The scene's view registered in Swift, which draws its frames in place of the
    /// manifest's view, over the scene's context.
    var swiftView: (context: SceneContext, draw: SceneRegistry.SceneView)?
    /// The failures the banners show, in order: the reported ones, then the view's.
    public var shownFailures: [RuntimeError] { failures + viewFailures }
    /// What the error banners show.
    public var errors: [String] { shownFailures.map(\.banner) }
    /// Called whenever anything the scene shows changes.
    public var onChange: (@MainActor () -> Void)?

    let module: Module<SceneRoute>
    let sceneState: SceneState
    /// Its use cases for `call` steps, kept alive by the scene: the interactors hold it weakly.
    private let calls: SceneCalls
    private let trace: Tracer
    /// In the manifest's order, found by a scan: a scene has a handful, and hashing each name
    /// on every push and action cost more.
    private var useCases: [UseCase<JSONInteractor, JSONPresenter>] = []

    public var screenName: String { definition.name }

    /// Wires each use case's interactor and presenter to this scene as their display.
    init(
        state: SceneState, module: Module<SceneRoute>, calls: SceneCalls, trace: Tracer,
        parts: [(name: String, interactor: JSONInteractor, presenter: JSONPresenter)]
    ) {
        sceneState = state
        self.module = module
        self.calls = calls
        self.trace = trace
        useCases.reserveCapacity(parts.count)
        for (name, interactor, presenter) in parts {
            let useCase = module.useCase(
                name, interactor: interactor, presenter: presenter, display: .weak(self, JSONScene.display),
                allowsReentrance: interactor.definition.reentrant)
            useCases.append(useCase)
            calls.add(useCase, interactor: interactor)
        }
        state.onChange = { [weak self] in self?.onChange?() }
        module.errors.ownerHandler = { [weak self] error in
            guard let self, let error else { return }
            let failure = self.runtimeError(error.underlying ?? error, useCase: error.source, part: "presenter")
            self.failures.append(failure)
            self.trace(.error(failure))
            self.onChange?()
        }
    }

    // MARK: - Actions

    /// The names of the scene's use cases.
    var useCaseNames: [String] { definition.useCases.map(\.name) }

    /// Whether any use case of the scene is running.
    public var isBusy: Bool { module.work.inFlightCount > 0 }

    /// Runs a use case, for the user or for the scene itself (`onAppear`, `onResult`); the
    /// errors shown so far are cleared first. A use case whose buttons are all disabled now
    /// is refused, as its command is. Input from outside goes through ``ActionDispatch``,
    /// which marks it as the user's; this is for the runtime and the package's own tests.
    @discardableResult
    package func perform(_ action: String, request: SceneValue) throws(ActionRefusal) -> Task<Void, Never> {
        guard let useCase = useCases.first(where: { $0.name == action }) else {
            throw .unknownAction(action, scene: screenName, suggestion: nil)
        }
        useCase.command.setDisabled(reason: disabledReason(action))
        if let refusal = useCase.command.refusal { throw .command(refusal) }
        // Cleared and traced first: a use case that does not suspend has run, presented and
        // reported its errors by the time `send` returns.
        failures.removeAll()
        trace(.request(scene: screenName, useCase: action, request: request))
        do {
            return try useCase.send(request)
        } catch {
            throw .command(error)
        }
    }

    /// Clears the errors shown, as an action does before it runs.
    func clearFailures() { failures.removeAll() }

    /// A control a person works by typing its word.
    struct Control {
        enum Kind { case input, button, list }
        /// What a person reads: an input's label, a button's title; a list's is "a row of the list".
        var text: String
        var word: String
        var kind: Kind
        /// Whether the input is bound to a state path, so its word takes a value.
        var isBound = false
        /// Whether working it now does something: a disabled button and a list with no rows
        /// are shown, but a legend does not offer them.
        var isAvailable = true
        /// A list's rows now.
        var rows = 0
    }

    /// The inputs, lists with an action, and buttons shown now, in view order, each with
    /// the text a person reads and the word that works it.
    func shownControls() -> [Control] {
        let context = evaluationContext()
        func text(_ template: Template) -> String { (try? Evaluator.evaluate(template, in: context).get())?.description ?? "" }
        var controls: [Control] = []
        for component in definition.view ?? [] {
            if !Self.shows(component, in: context) { continue }
            switch component.kind {
            case let .input(label, _, action, binding):
                if let word = binding?.word.value ?? action?.value {
                    controls.append(Control(text: text(label), word: word, kind: .input, isBound: binding != nil))
                }
            case let .choice(label, binding):
                controls.append(Control(text: text(label), word: binding.word.value, kind: .input, isBound: true))
            case let .button(title, action, enabled, _, _):
                controls.append(
                    Control(text: text(title), word: action.value, kind: .button, isAvailable: Self.holds(enabled, in: context)))
            case let .list(items, _, action?, _):
                let rows = if case let .list(rows)? = try? Evaluator.evaluate(items, in: context).get() { rows.count } else { 0 }
                controls.append(Control(text: "a row of the list", word: action.value, kind: .list, isAvailable: rows > 0, rows: rows))
            default:
                continue
            }
        }
        return controls
    }

    /// The bound input a person types `word` to set, when one is shown now.
    func boundInput(_ word: String) -> (binding: ComponentDefinition.InputBinding, action: Located<String>?)? {
        lazy var context = evaluationContext()
        for input in sceneState.blueprint.boundInputs where input.binding.word.value == word {
            if !Self.holds(all: input.conditions, in: context) { continue }
            return (input.binding, input.action)
        }
        return nil
    }

    /// Sets what a bound input edits to `value`, checked against its declared type; the
    /// banners shown so far are cleared first, as an action clears them.
    func edit(_ binding: ComponentDefinition.InputBinding, to value: SceneValue) throws(RunFailure) {
        failures.removeAll()
        try sceneState.write(binding.path.value, value)
    }

    /// The declared type of what a bound input edits, or nil when none is declared.
    func declaredType(of binding: ComponentDefinition.InputBinding) -> TypeRef? { sceneState.declaredType(of: binding.path.value) }

    /// The `request` of the first shown button for `action` that gives one, evaluated now:
    /// what the action gets when its word is typed alone.
    func buttonRequest(for action: String) throws(RunFailure) -> SceneValue? {
        lazy var context = evaluationContext()
        for component in definition.view ?? [] {
            guard case let .button(_, buttonAction, _, request?, nil) = component.kind, buttonAction.value == action else { continue }
            if !Self.shows(component, in: context) { continue }
            return try Evaluator.evaluate(request, in: context).mapError(RunFailure.init).get()
        }
        return nil
    }

    /// Whether a component shows now: its `if` and its groups' hold.
    static func shows(_ component: ComponentDefinition, in context: EvaluationContext) -> Bool {
        holds(all: component.conditions, in: context)
    }

    /// Whether every condition holds now.
    static func holds(all conditions: [Template], in context: EvaluationContext) -> Bool {
        conditions.allSatisfy { holds($0, in: context) }
    }

    /// Whether a component's `if` holds now (no `if` holds); one that fails to evaluate
    /// counts as false, as the view shows it.
    static func holds(_ condition: Template?, in context: EvaluationContext) -> Bool {
        guard let condition else { return true }
        return (try? Evaluator.evaluate(condition, in: context).get())?.isTruthy ?? false
    }

    /// Why a button bound to `action` is disabled now, or nil.
    func disabledReason(_ action: String) -> String? {
        lazy var context = evaluationContext()
        for component in definition.view ?? [] {
            guard case let .button(title, buttonAction, enabled?, _, _) = component.kind, buttonAction.value == action else { continue }
            if !Self.shows(component, in: context) { continue }
            if !Self.holds(enabled, in: context) {
                let label = (try? Evaluator.evaluate(title, in: context).get())?.description ?? action
                return "the '\(label)' button is disabled now"
            }
        }
        return nil
    }

    // MARK: - Errors

    /// Any error as a ``RuntimeError`` of this scene (see `SceneDefinition.runtimeError`).
    func runtimeError(_ error: any Error, useCase: String?, part: String? = nil, offset: Int? = nil) -> RuntimeError {
        definition.runtimeError(error, useCase: useCase, part: part, offset: offset)
    }

    /// Shows a failure in the error banner.
    func report(_ error: RuntimeError) { module.errors.report(error, source: error.useCase) }

    // MARK: - Display

    /// The roots every expression of this scene reads. Lookups for an action make it only
    /// when a component of theirs needs it (`lazy var`): most find none, and making the
    /// roots for each was a good part of pushing a scene.
    func evaluationContext() -> EvaluationContext { sceneState.evaluationContext() }

    func display(_ fields: Record) { sceneState.merge(fields) }

    // MARK: - Screen

    public func screenWillAppear() {
        for name in definition.onAppear {
            _ = try? perform(name.value, request: .record(Record()))
        }
    }

    /// Why `result` cannot be this scene's `onResult` request, or nil when it fits (or the
    /// scene takes no result).
    func resultProblem(_ result: SceneValue) -> String? {
        guard let onResult = definition.onResult?.value, let problem = sceneState.mismatch(ofResult: result, for: onResult) else {
            return nil
        }
        return "the result passed back does not fit the request of '\(screenName).\(onResult)': \(problem)"
    }

    public func screenDidReceive(result: any Sendable) {
        guard let onResult = definition.onResult?.value, let value = result as? SceneValue else { return }
        // A JSON step's result was checked before the route; a Swift interactor's is here.
        if let problem = resultProblem(value) {
            report(
                runtimeError(
                    RunFailure(problem, code: DiagnosticCode.valueDoesNotFit),
                    useCase: onResult, part: "onResult", offset: definition.onResult?.offset))
            return
        }
        do {
            try perform(onResult, request: value)
        } catch {
            report(
                runtimeError(
                    DisplayedError(error.description), useCase: onResult, part: "onResult",
                    offset: definition.onResult?.offset))
        }
    }

    public func screenDidLeave() { module.leave() }

    /// Returns once none of the scene's work is running.
    public func waitUntilIdle() async { await module.waitUntilIdle() }
}
