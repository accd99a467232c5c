import Foundation
import LineRenderer
import SceneManifest
import VIP

/// Why an action could not run.
public struct ActionRefusal: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A JSON scene at run time: a ``Screen`` on the navigator whose use cases run through the
/// same VIP pipeline as typed Swift modules — a `JSONInteractor` and a `JSONPresenter`
/// per use case, wired by a `Module` to this scene as their display.
@MainActor
public final class JSONScene: Screen {
    public let definition: SceneDefinition
    public let args: SceneValue
    public private(set) var state: Record
    /// What the scene's presenters produced, merged field by field.
    public private(set) var viewModel = Record()
    /// Errors reported since the last action began, oldest first, each with its code and
    /// where it happened.
    public private(set) var failures: [RuntimeError] = []
    /// Expression failures of the view at its last render (``components()``).
    public internal(set) var viewFailures: [RuntimeError] = []
    /// The failures the banners show, in order: the reported ones, then the view's.
    public var shownFailures: [RuntimeError] { failures + viewFailures }
    /// What the error banners show.
    public var errors: [String] { shownFailures.map(\.banner) }
    /// Called whenever anything the scene shows changes.
    public var onChange: (@MainActor () -> Void)?

    unowned let app: RuntimeApp
    let module: Module<SceneRoute>
    private var useCases: [String: UseCase<JSONInteractor, JSONPresenter>] = [:]
    private var interactors: [String: JSONInteractor] = [:]
    private var presenters: [String: JSONPresenter] = [:]
    private var errorWatch: Observation?
    private var hasAppeared = false

    public var screenName: String { definition.name }

    init(definition: SceneDefinition, args: SceneValue, app: RuntimeApp, router: any Router<SceneRoute>, errors: ErrorService) {
        self.definition = definition
        self.args = args
        self.app = app
        var state = Record()
        for (name, field) in definition.state { state[name] = field.defaultValue }
        self.state = state
        module = Module(name: definition.name, errors: errors, router: router)
        for (name, useCase) in definition.useCases {
            let interactor = JSONInteractor(name: name, definition: useCase, scene: self)
            let presenter = makePresenter(useCase)
            interactors[name] = interactor
            presenters[name] = presenter
            useCases[name] = module.useCase(name, interactor: interactor, presenter: presenter,
                                             display: .weak(self, JSONScene.display), allowsReentrance: useCase.reentrant)
        }
        errorWatch = errors.observe { [weak self] error in
            guard let self, let error else { return }
            let failure = self.runtimeError(error.underlying ?? error, useCase: error.source, part: "presenter")
            self.failures.append(failure)
            self.app.onTrace?("error \(failure.located)")
            self.onChange?()
        }
    }

    private func makePresenter(_ useCase: UseCaseDefinition) -> JSONPresenter {
        let context: @MainActor () -> EvaluationContext = { [weak self] in self?.evaluationContext(request: .null) ?? EvaluationContext() }
        switch useCase.presenter {
        case let .fields(fields)?: return JSONPresenter(fields: fields, context: context)
        case let .swift(name)?:
            return JSONPresenter(swift: { [unowned app] response in try app.registry.runPresenter(name, response: response) }, context: context)
        case nil: return JSONPresenter(context: context)
        }
    }

    // MARK: - Actions

    /// The names of the scene's use cases.
    public var useCaseNames: [String] { definition.useCases.map(\.name) }

    /// Whether any use case of the scene is running.
    public var isBusy: Bool { module.work.inFlightCount > 0 }

    /// Runs a use case with a request from the user; the errors shown so far are cleared first.
    @discardableResult
    public func perform(_ action: String, request: SceneValue) throws(ActionRefusal) -> Task<Void, Never> {
        app.userActed()
        return try run(action, request: request)
    }

    /// Runs a use case, for the user or for the scene itself (`onAppear`, `onResult`).
    @discardableResult
    func run(_ action: String, request: SceneValue) throws(ActionRefusal) -> Task<Void, Never> {
        guard let useCase = useCases[action] else {
            throw ActionRefusal("'\(screenName)' has no use case '\(action)'")
        }
        if let reason = disabledReason(action) { throw ActionRefusal("'\(action)' is disabled: \(reason)") }
        failures.removeAll()
        app.onTrace?("request \(screenName).\(action) \(ValueJSON.text(request))")
        do {
            return try useCase.send(request)
        } catch {
            throw ActionRefusal(error.description)
        }
    }

    /// Why a button bound to `action` is disabled now, or nil.
    public func disabledReason(_ action: String) -> String? {
        for component in definition.view ?? [] {
            guard case let .button(title, buttonAction, enabled?) = component.kind, buttonAction.value == action else { continue }
            if let condition = component.condition, !((try? Evaluator.evaluate(condition, in: evaluationContext(request: .null)).get())?.isTruthy ?? false) {
                continue
            }
            let context = evaluationContext(request: .null)
            if !((try? Evaluator.evaluate(enabled, in: context).get())?.isTruthy ?? false) {
                let label = (try? Evaluator.evaluate(title, in: context).get())?.description ?? action
                return "the '\(label)' button is disabled now"
            }
        }
        return nil
    }

    /// What a `call` step runs: another use case's interactor, with an output that presents
    /// through that use case's presenter. The caller awaits it without holding this scene,
    /// so a scene left mid-call is released at once.
    func callTarget(_ name: String, depth: Int) throws(StepFailure) -> (JSONInteractor, Output<SceneValue, SceneRoute>) {
        guard depth <= RuntimeApp.callDepthLimit else {
            throw StepFailure("'call' went deeper than \(RuntimeApp.callDepthLimit) levels; is a use case calling itself?",
                              code: RuntimeError.Code.callDepth)
        }
        guard let interactor = interactors[name], let presenter = presenters[name] else {
            throw StepFailure("'\(screenName)' has no use case '\(name)'")
        }
        let output = Output<SceneValue, SceneRoute>(
            isLive: { [weak self] in self?.module.isActive ?? false },
            present: { [weak self] response in
                guard let self else { return }
                do { self.display(try presenter.present(response)) } catch { self.module.errors.report(error, source: name) }
            },
            route: { [weak self] route in self?.app.route(route, from: self) },
            report: { [weak self] error in self?.module.errors.report(error, source: name) })
        return (interactor, output)
    }

    // MARK: - Errors

    /// Any error as a ``RuntimeError`` of this scene: one that already is passes through;
    /// an expression failure is placed at its failing token, anything else at `offset`.
    /// `part` names where it happened when it is not a step (used only when nothing more exact is known).
    func runtimeError(_ error: any Error, useCase: String?, step: Int? = nil, stepType: String? = nil,
                      part: String? = nil, offset: Int? = nil) -> RuntimeError {
        if let error = error as? RuntimeError { return error }
        let failure = error as? StepFailure
        let evaluation = (error as? EvaluationError) ?? failure?.evaluation
        let code = evaluation?.code ?? failure?.code
        let message = evaluation?.message ?? failure?.message
            ?? (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        var position: SourcePosition?
        if let source = definition.source {
            if let evaluation {
                position = source.position(of: evaluation, fallback: offset ?? definition.offsets["scene"] ?? 0)
            } else if let offset {
                position = source.position(at: offset)
            }
        }
        return RuntimeError(code: code, message: message, scene: screenName, useCase: useCase, step: step,
                            stepType: stepType, part: step == nil ? part : nil, position: position)
    }

    /// Shows a failure in the error banner.
    func report(_ error: RuntimeError) { module.errors.report(error, source: error.useCase) }

    // MARK: - State

    /// The roots every expression of this scene reads.
    func evaluationContext(request: SceneValue) -> EvaluationContext {
        var roots: [String: SceneValue] = [
            "state": .record(state), "shared": app.sharedRecord, "args": args, "env": app.env, "vm": .record(viewModel),
        ]
        if !request.isNull { roots["request"] = request }
        return EvaluationContext(roots: roots, format: app.format)
    }

    /// Writes `state.FIELD` or `shared.FIELD`.
    func write(_ path: String, _ value: SceneValue) throws(StepFailure) {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw StepFailure("cannot write '\(path)'") }
        let declared: TypeRef?
        switch parts[0] {
        case "state": declared = definition.state.first { $0.name == parts[1] }?.field.type
        case "shared": declared = app.loaded.app.shared[parts[1]]?.type
        default: throw StepFailure("cannot write '\(path)'")
        }
        if let declared, let problem = declared.mismatch(of: value, models: app.loaded.app.models) {
            throw StepFailure("cannot set '\(path)', which is \(declared): \(problem)", code: RuntimeError.Code.type)
        }
        if parts[0] == "state" { state[parts[1]] = value } else { app.writeShared(parts[1], value) }
        onChange?()
    }

    func display(_ fields: Record) {
        for field in fields.fields { viewModel[field.name] = field.value }
        onChange?()
    }

    // MARK: - Screen

    public func screenWillAppear() {
        hasAppeared = true
        for name in definition.onAppear {
            _ = try? run(name.value, request: .record(Record()))
        }
    }

    public func screenDidReceive(result: any Sendable) {
        guard let onResult = definition.onResult?.value, let value = result as? SceneValue else { return }
        if let problem = TypeRef.mismatch(of: value, fields: definition.useCase(onResult)?.request ?? [], models: app.loaded.app.models) {
            report(runtimeError(StepFailure("the result passed back does not fit the request of '\(onResult)': \(problem)",
                                            code: RuntimeError.Code.type),
                                useCase: onResult, part: "onResult", offset: definition.onResult?.offset))
            return
        }
        do {
            try run(onResult, request: value)
        } catch {
            report(runtimeError(DisplayedError(error.description), useCase: onResult, part: "onResult",
                                offset: definition.onResult?.offset))
        }
    }

    public func screenDidLeave() { module.leave() }

    /// Returns once none of the scene's work is running.
    public func waitUntilIdle() async { await module.waitUntilIdle() }
}
