import SceneManifest

/// What one JSON scene's expressions read and its steps write: its `args`, its `state`, the
/// view model its presenters produced (`vm`), and the app's `shared` fields and `env`.
/// The builder hands it to the scene's interactors and presenters, so they need nothing
/// from the scene that displays it.
@MainActor
final class SceneState {
    /// What every scene of this definition shares, the definition among it.
    let blueprint: SceneBlueprint
    var definition: SceneDefinition { blueprint.definition }
    /// Where the scene's interactors and view count what they exercise, when coverage is on.
    var coverage: CoverageRecorder?
    let args: SceneValue
    // `@exclusivity(unchecked)`, as in VIP's `Command`: main-actor state, each access one
    // statement that calls out to nothing; every expression's context reads these, and the
    // run-time check cost more than the reads.
    @exclusivity(unchecked) private(set) var state: Record {
        didSet { roots?.values[SceneRoots.state] = .record(state) }
    }
    @exclusivity(unchecked) private(set) var viewModel = Record() {
        didSet { roots?.values[SceneRoots.viewModel] = .record(viewModel) }
    }
    /// The roots as they stand, kept between reads and changed where the scene changes them:
    /// every step and presenter reads them, and making them anew each time was a good part
    /// of a scene's push.
    @exclusivity(unchecked) private var roots: [String: SceneValue]?
    /// The shared store's version when `roots` took its `shared`.
    @exclusivity(unchecked) private var rootsShared = 0
    /// Called whenever anything the scene shows changes.
    var onChange: (@MainActor () -> Void)?

    private let shared: SharedValues
    let env: SceneValue
    let format: FormatContext
    let models: [String: ModelDefinition]

    init(
        blueprint: SceneBlueprint, args: SceneValue, shared: SharedValues, env: SceneValue, format: FormatContext,
        models: [String: ModelDefinition]
    ) {
        self.blueprint = blueprint
        self.args = args
        self.shared = shared
        self.env = env
        self.format = format
        self.models = models
        state = blueprint.initialState
    }

    /// The roots every expression of the scene reads, with `request` when there is one.
    func evaluationContext(request: SceneValue = .null) -> EvaluationContext {
        // Another scene may have written a shared field since: its version says whether.
        if roots == nil {
            rootsShared = shared.version
            var made = SceneRoots.template
            made.values[SceneRoots.state] = .record(state)
            made.values[SceneRoots.shared] = shared.record
            made.values[SceneRoots.args] = args
            made.values[SceneRoots.env] = env
            made.values[SceneRoots.viewModel] = .record(viewModel)
            roots = made
        } else if rootsShared != shared.version {
            rootsShared = shared.version
            roots?.values[SceneRoots.shared] = shared.record
        }
        var context = EvaluationContext(roots: roots ?? [:], format: format)
        if !request.isNull { context.setRoot("request", to: request) }
        return context
    }

    /// Writes `state.FIELD` or `shared.FIELD`, or a field of its record
    /// (`state.form.firstName`, making the records on the way when they are null), checked
    /// against the declared type of what it writes.
    func write(_ path: String, _ value: SceneValue) throws(RunFailure) {
        let parts = FieldPath(path)
        let declared = try declaredField(parts, path)
        var target = declared
        for name in parts.nested { target = target?.fieldType(name, models: models) }
        if let target, let problem = target.mismatch(of: value, models: models) {
            throw RunFailure("cannot set '\(path)', which is \(target): \(problem)", code: DiagnosticCode.valueDoesNotFit)
        }
        let current = parts.root == "state" ? state[parts.name] ?? .null : shared.record[parts.name]
        let updated = try Self.replacing(current, at: parts.nested, with: value, written: "\(parts.root).\(parts.name)", path: path)
        if parts.root == "state" { state[parts.name] = updated } else { shared.write(parts.name, updated) }
        onChange?()
    }

    /// The declared type at a path (`state.form.firstName` through the models), or nil when
    /// the path or a model on the way declares none.
    func declaredType(of path: String) -> TypeRef? {
        let parts = FieldPath(path)
        guard var type = try? declaredField(parts, path) else { return nil }
        for name in parts.nested {
            guard let field = type.fieldType(name, models: models) else { return nil }
            type = field
        }
        return type
    }

    /// What `state.FIELD…` or `shared.FIELD…` holds now; null through a missing record.
    func read(_ path: String) throws(RunFailure) -> SceneValue {
        let parts = FieldPath(path)
        _ = try declaredField(parts, path)
        var value = parts.root == "state" ? state[parts.name] ?? .null : shared.record[parts.name]
        for name in parts.nested { value = value[name] }
        return value
    }

    /// The items of the list a `where` works on; nil for null, which holds none.
    func listItems(at path: String) throws(RunFailure) -> [SceneValue]? {
        switch try read(path) {
        case let .list(items): return items
        case .null: return nil
        case let other:
            throw RunFailure(
                "'\(path)' is \(other.typeName), not a list, so 'where' has no items to choose", code: DiagnosticCode.valueDoesNotFit)
        }
    }

    /// The declared type of the field a path starts at (nil: declared without a type check).
    private func declaredField(_ parts: FieldPath, _ path: String) throws(RunFailure) -> TypeRef? {
        guard parts.hasDot else { throw RunFailure("cannot write '\(path)'") }
        switch parts.root {
        case "state": return definition.state.first { $0.name == parts.name }?.field.type
        case "shared": return shared.type(of: parts.name)
        default: throw RunFailure("cannot write '\(path)'")
        }
    }

    /// `value` with `new` at the record fields `names` below it; a null on the way becomes a
    /// record, anything else that is not a record is refused.
    private static func replacing(
        _ value: SceneValue, at names: ArraySlice<String>, with new: SceneValue,
        written: String, path: String
    ) throws(RunFailure) -> SceneValue {
        guard let name = names.first else { return new }
        var record: Record
        switch value {
        case let .record(existing): record = existing
        case .null: record = Record()
        default:
            throw RunFailure("cannot set '\(path)': '\(written)' is \(value.typeName), not a record", code: DiagnosticCode.valueDoesNotFit)
        }
        record[name] = try replacing(record[name] ?? .null, at: names.dropFirst(), with: new, written: "\(written).\(name)", path: path)
        return .record(record)
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

/// The roots of every scene, by where they stand in one dictionary that every scene's roots
/// are copied from: a copy keeps its source's layout, so a scene sets each root at its place
/// without hashing its name, as it did five times on every push.
@MainActor
enum SceneRoots {
    static let template: [String: SceneValue] = ["state": .null, "shared": .null, "args": .null, "env": .null, "vm": .null]
    static let state = place("state")
    static let shared = place("shared")
    static let args = place("args")
    static let env = place("env")
    static let viewModel = place("vm")

    private static func place(_ name: String) -> Dictionary<String, SceneValue>.Index {
        // The template has every name above.
        template.index(forKey: name) ?? template.startIndex
    }
}
