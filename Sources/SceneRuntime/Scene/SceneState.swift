import SceneManifest

/// What one JSON scene's expressions read and its steps write: its `args`, its `state`, the
/// view model its presenters produced (`vm`), and the app's `shared` fields and `env`.
/// The builder hands it to the scene's interactors and presenters, so they need nothing
/// from the scene that displays it.
@MainActor
final class SceneState {
    let definition: SceneDefinition
    /// Where the scene's interactors and view count what they exercise, when coverage is on.
    var coverage: CoverageRecorder?
    let args: SceneValue
    private(set) var state: Record
    private(set) var viewModel = Record()
    /// Called whenever anything the scene shows changes.
    var onChange: (@MainActor () -> Void)?

    private let shared: SharedValues
    private let env: SceneValue
    private let format: FormatContext
    let models: [String: ModelDefinition]

    init(definition: SceneDefinition, args: SceneValue, shared: SharedValues, env: SceneValue, format: FormatContext,
         models: [String: ModelDefinition]) {
        self.definition = definition
        self.args = args
        self.shared = shared
        self.env = env
        self.format = format
        self.models = models
        var state = Record()
        for (name, field) in definition.state { state[name] = field.defaultValue }
        self.state = state
    }

    /// The roots every expression of the scene reads, with `request` when there is one.
    func evaluationContext(request: SceneValue = .null) -> EvaluationContext {
        var roots: [String: SceneValue] = [
            "state": .record(state), "shared": shared.record, "args": args, "env": env, "vm": .record(viewModel),
        ]
        if !request.isNull { roots["request"] = request }
        return EvaluationContext(roots: roots, format: format)
    }

    /// Writes `state.FIELD` or `shared.FIELD`, checked against the field's declared type.
    func write(_ path: String, _ value: SceneValue) throws(StepFailure) {
        let parts = FieldPath(path)
        guard parts.hasDot else { throw StepFailure("cannot write '\(path)'") }
        let declared: TypeRef?
        switch parts.root {
        case "state": declared = definition.state.first { $0.name == parts.field }?.field.type
        case "shared": declared = shared.type(of: parts.field)
        default: throw StepFailure("cannot write '\(path)'")
        }
        if let declared, let problem = declared.mismatch(of: value, models: models) {
            throw StepFailure("cannot set '\(path)', which is \(declared): \(problem)", code: DiagnosticCode.valueDoesNotFit)
        }
        if parts.root == "state" { state[parts.field] = value } else { shared.write(parts.field, value) }
        onChange?()
    }

    /// Sets a state field to the value it had in the scene this one replaces (see `carry`),
    /// checked against its type by the caller.
    func restore(_ name: String, _ value: SceneValue) { state[name] = value }

    /// Merges a presenter's view model, field by field.
    func merge(_ fields: Record) {
        for field in fields.fields { viewModel[field.name] = field.value }
        onChange?()
    }

    /// Why a `result` passed back does not fit the request of use case `name`, or nil.
    func mismatch(ofResult value: SceneValue, for name: String) -> String? {
        TypeRef.mismatch(of: value, fields: definition.useCase(name)?.request ?? [], models: models)
    }
}
