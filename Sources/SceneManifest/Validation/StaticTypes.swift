import ScenerySupport

/// What can be known of a value's type before running: constants, declared fields, the
/// locals steps bind from typed providers and workers, and what operators and functions
/// give. Anything else is unknown (nil) and not checked.
public struct StaticTypes {
    /// The app and scene, held once: a `StaticTypes` is copied for every presenter and
    /// passed through every expression walk, and copying the definitions themselves would
    /// retain each of their fields every time.
    private final class Definitions {
        let app: AppDefinition?
        let scene: SceneDefinition
        init(app: AppDefinition?, scene: SceneDefinition) {
            self.app = app
            self.scene = scene
        }
    }

    private let definitions: Definitions
    public var app: AppDefinition? { definitions.app }
    public var scene: SceneDefinition { definitions.scene }
    /// The types of `response.FIELD`, where a presenter is being checked.
    public var response: [String: TypeRef] = [:]
    /// The types of `vm.FIELD`, where a view is written as code and its presenters' types
    /// are known; empty otherwise, so a view-model field's type is not known.
    public var viewModel: [String: TypeRef] = [:]
    /// Whether a field read through an optional value (`book.title` where `book` is `Book?`,
    /// `books[0].title`) is itself optional, as it is at run time. Code generation wants the
    /// exact type; the validator's argument checks leave it off, so they do not refuse a
    /// read they cannot prove null.
    public var membersOfOptionalsAreOptional = false
    /// Paths a check has proved are not null here (``Narrowing``): read as their type without `?`.
    public var nonNull: Set<String> = []

    /// These types with reads through optional values optional too, as at run time: what a
    /// value that may be null is judged by (W006).
    public var exact: StaticTypes {
        var copy = self
        copy.membersOfOptionalsAreOptional = true
        return copy
    }

    /// These types where `condition` is known to be `holds`: what it proves not null
    /// (``Narrowing``), list items by bounds included, read without `?`.
    func narrowed(by condition: Expression, holds: Bool) -> StaticTypes {
        var copy = self
        copy.nonNull.formUnion(Narrowing.nonNull(condition, holds: holds))
        copy.nonNull.formUnion(Narrowing.inRange(condition, holds: holds))
        return copy
    }

    public init(app: AppDefinition?, scene: SceneDefinition) {
        definitions = Definitions(app: app, scene: scene)
    }

    /// The declared-type view of a value template, or nil when it cannot be known.
    public func infer(_ value: ValueTemplate, useCase: UseCaseDefinition?, locals: [String: TypeRef]) -> TypeRef? {
        switch value {
        case let .constant(constant):
            switch constant {
            case .bool: return .bool
            case let .number(number): return number == number.rounded(0) ? .int : .decimal
            case .string: return .string
            default: return nil
            }
        case let .template(template):
            guard let expression = template.single else { return .string }
            return infer(expression, useCase: useCase, locals: locals)
        case .list, .record:
            return nil
        }
    }

    public func infer(_ expression: Expression, useCase: UseCaseDefinition?, locals: [String: TypeRef]) -> TypeRef? {
        let type = inferWithoutNarrowing(expression, useCase: useCase, locals: locals)
        guard !nonNull.isEmpty, let type, type.isOptional, let path = Narrowing.path(of: expression), nonNull.contains(path) else {
            return type
        }
        return type.unwrapped
    }

    private func inferWithoutNarrowing(_ expression: Expression, useCase: UseCaseDefinition?, locals: [String: TypeRef]) -> TypeRef? {
        switch expression.kind {
        case let .literal(value): return infer(.constant(value), useCase: useCase, locals: locals)
        case let .name(name):
            // A request that is a model's record is of that model, whole.
            if name == "request", locals[name] == nil, let model = useCase?.requestModel { return .model(model) }
            return locals[name]
        case let .member(base, field):
            if case let .name(root) = base.kind, locals[root] == nil {
                switch root {
                case "request": return useCase?.request.first { $0.name == field }?.type
                case "args": return definitions.scene.args.first { $0.name == field }?.type
                case "state": return definitions.scene.state.first { $0.name == field }?.field.type
                case "shared": return definitions.app?.shared[field]?.type
                case "response": return response[field]
                case "vm": return viewModel[field]
                default: return nil
                }
            }
            guard let baseType = infer(base, useCase: useCase, locals: locals), case let .model(name) = baseType.unwrapped,
                let type = definitions.app?.models[name]?.fields.first(where: { $0.name == field })?.type
            else { return nil }
            return membersOfOptionalsAreOptional && baseType.isOptional ? type.orNull : type
        case let .binary(op, left, right):
            switch op {
            case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual, .and, .or: return .bool
            case .coalesce:
                return infer(left, useCase: useCase, locals: locals)?.unwrapped ?? infer(right, useCase: useCase, locals: locals)
            default:
                let types = [infer(left, useCase: useCase, locals: locals), infer(right, useCase: useCase, locals: locals)]
                if types.contains(.string) { return .string }
                guard types.allSatisfy({ $0 != nil }) else { return nil }
                return types.allSatisfy({ $0 == .int }) && op != .divide ? .int : .decimal
            }
        case .unary(.not, _): return .bool
        case let .unary(.negate, operand): return infer(operand, useCase: useCase, locals: locals)
        case let .call(name, arguments):
            guard let spec = FunctionTable.specs[name] else {
                // An app's formatter gives text; an unknown name is E403 already, and its
                // type is not known.
                return definitions.app?.formatters.contains(name) == true ? .string : nil
            }
            if spec.passesNull, let first = arguments.first, infer(first, useCase: useCase, locals: locals)?.isOptional == true {
                // Null in, null out: the result may be null where the argument may be.
                switch spec.result {
                case let .type(type): return type.orNull
                default: return arguments.first.flatMap { infer($0, useCase: useCase, locals: locals) }
                }
            }
            switch spec.result {
            case let .type(type): return type
            case .firstArgument: return arguments.first.flatMap { infer($0, useCase: useCase, locals: locals) }
            case .itemOrArgument:
                let first = arguments.first.flatMap { infer($0, useCase: useCase, locals: locals) }
                if arguments.count == 1, case let .list(element)? = first?.unwrapped { return element.orNull }
                return first
            case .firstOrFallback:
                guard let first = arguments.first.flatMap({ infer($0, useCase: useCase, locals: locals) }) else { return nil }
                let fallback = arguments.count > 1 ? infer(arguments[1], useCase: useCase, locals: locals) : nil
                return fallback.map { $0.isOptional ? first : first.unwrapped } ?? first
            case .itemOfFirstArgument:
                if case let .list(element)? = arguments.first.flatMap({ infer($0, useCase: useCase, locals: locals) })?.unwrapped {
                    return element.orNull
                }
                return nil
            }
        case .conditional(_, let then, _): return infer(then, useCase: useCase, locals: locals)
        case let .index(base, _):
            if case let .list(element)? = infer(base, useCase: useCase, locals: locals)?.unwrapped { return element.orNull }
            return nil
        case .list, .record: return nil
        }
    }

    /// The declared type of a `set` or `remove` path — `state.form`, `shared.cart`, or a
    /// field of its record, `state.form.firstName` — or nil when it is not declared.
    public func declaredType(of path: FieldPath) -> TypeRef? {
        var type = declaredType(root: path.root, field: path.name)
        for name in path.nested { type = type?.fieldType(name, models: definitions.app?.models ?? [:]) }
        return type
    }

    /// The declared type of `state.FIELD` or `shared.FIELD`, or nil.
    public func declaredType(root: String, field: String) -> TypeRef? {
        switch root {
        case "state": definitions.scene.state.first { $0.name == field }?.field.type
        case "shared": definitions.app?.shared[field]?.type
        default: nil
        }
    }

    /// The type of each field a use case's `response` gives, as its presenter reads them.
    public func responseTypes(of useCase: UseCaseDefinition, locals: [String: TypeRef]) -> [String: TypeRef] {
        var types: [String: TypeRef] = [:]
        for (name, value) in useCase.response ?? [] { types[name] = infer(value, useCase: useCase, locals: locals) }
        return types
    }

    /// The types of the locals a use case's steps bind.
    public func locals(of useCase: UseCaseDefinition) -> [String: TypeRef] {
        var bound = BoundLocals(types: self, useCase: useCase)
        useCase.steps.forEachInPlace { step in
            step.body.describe(to: &bound)
            // A step skipped by its `if` leaves its local null.
            if step.condition != nil, let local = step.binding, let type = bound.locals[local] { bound.locals[local] = type.orNull }
        }
        return bound.locals
    }
}

/// The type of each local a step binds, as far as it is known before running.
private struct BoundLocals: StepEffects {
    let types: StaticTypes
    let useCase: UseCaseDefinition
    var locals: [String: TypeRef] = [:]

    mutating func reads(_ provider: Located<String>, args: ValueTemplate?, as local: String) {
        let declared = types.app?.providers[provider.value]
        if let collection = declared?.collection {
            // A collection gives one record by `key`, a number for `count`, a list otherwise.
            locals[local] = CollectionCheck.fetchType(args, model: collection.model)
        } else if case .keyValue(default: .null)? = declared?.kind {
            // A keyValue provider read before any store gives its default, or null.
            locals[local] = declared?.model?.orNull
        } else {
            locals[local] = declared?.model
        }
    }

    mutating func runs(_ worker: Located<String>, input: ValueTemplate, args: [(name: String, value: ValueTemplate)], as local: String) {
        // A Swift worker's result has no type before running.
        locals[local] = BuiltInWorker(rawValue: worker.value)?.result(forInput: types.infer(input, useCase: useCase, locals: locals))
    }

    mutating func calls(_ useCase: Located<String>, as local: String?) {
        if let local { locals[local] = nil }
    }

    mutating func names(_ local: String, _ value: ValueTemplate) {
        locals[local] = types.infer(value, useCase: useCase, locals: locals)
    }
}

extension TypeRef {
    /// The type, or null: `T?` for `T`, and `T?` itself.
    var orNull: TypeRef { isOptional ? self : .optional(self) }
}
