/// One step type: how a step of it is read from its object, and what it does, told to the
/// checks as effects (``StepEffects``). Each type is one file in this folder; with its case
/// in ``StepType`` and its `run` in SceneRuntime, a new step type touches three Swift files
/// (docs/architecture.md#declared-once).
public protocol StepBody: Sendable {
    /// The step's `type`, whose declaration this type makes.
    static var type: StepType { get }
    /// Its keys, their docs and its line in the reference.
    static var declaration: TypeDeclaration { get }
    /// What it may write besides the use case's own locals.
    static var writes: StepType.Writes { get }
    /// Whether the expressions under `key` see each item of a list as `it`.
    static func seesEachItem(under key: String) -> Bool
    /// Reads a step from its object, reporting what is wrong; nil when it cannot be read.
    static func decode(_ reading: inout StepReading) -> Self?

    /// The local it binds with `as`, if any.
    var binding: String? { get }
    /// The provider it names, if any.
    var provider: Located<String>? { get }
    /// Tells `effects` what the step does, in the order it does it: each expression it
    /// evaluates and what `it` is there, and what it reads, writes, routes to and calls.
    func describe(to effects: inout some StepEffects)
}

extension StepBody {
    /// The declaration of a step type: the common keys (`type`, `if`) and its own.
    static func step(_ summary: String, _ keys: KeyDeclaration...) -> TypeDeclaration {
        TypeDeclaration(type.rawValue, summary, common: StepType.common, keys: keys)
    }
}

/// An expression a step evaluates: a template that gives text or a condition, or a value.
public enum StepExpression {
    case template(Template)
    case value(ValueTemplate)

    /// Whether the expression reads the name `name`.
    public func mentions(_ name: String) -> Bool {
        switch self {
        case let .template(template): template.mentions(name)
        case let .value(value): value.mentions(name)
        }
    }
}

/// What `it` is in a step's expression.
public enum StepItems {
    /// Each item of the list at a `state` or `shared` path.
    case atPath(Located<String>)
    /// Each item of the list a value gives (a worker's input).
    case of(ValueTemplate)
}

/// What steps do, in the terms the checks, static types and the runtime's unit of work
/// read: a step type describes itself with these (``StepBody/describe(to:)``) and each
/// reader acts on the effects it cares about. The defaults do nothing, so a reader names
/// only those; a new step type made of these effects needs no reader changed.
public protocol StepEffects {
    /// Evaluates an expression; `item` is what `it` is in it (nil: no `it`).
    mutating func evaluates(_ expression: StepExpression, item: StepItems?)
    /// Names a value for the steps after it.
    mutating func names(_ local: String, _ value: ValueTemplate)
    /// Writes `state`/`shared` at `path` — with `where`, each item of the list there it holds for.
    mutating func writesState(_ path: Located<String>, _ value: ValueTemplate, where condition: Template?)
    /// Removes items of the list at `path`.
    mutating func removesItems(_ path: Located<String>)
    /// Replaces what a writable provider holds.
    mutating func stores(_ value: ValueTemplate, in provider: Located<String>)
    /// Reads a provider into a local.
    mutating func reads(_ provider: Located<String>, args: ValueTemplate?, as local: String)
    /// Runs a worker into a local.
    mutating func runs(_ worker: Located<String>, input: ValueTemplate, args: [(name: String, value: ValueTemplate)], as local: String)
    /// Navigates.
    mutating func routes(_ route: RouteStep)
    /// Runs another use case of the scene.
    mutating func calls(_ useCase: Located<String>, as local: String?)
    /// Checks rules; the use case stops when any fails.
    mutating func checks(_ rules: [ValidateStep.Rule])
    /// Stops the use case with an error.
    mutating func fails()
    /// Adds a record to a collection.
    mutating func inserts(_ value: ValueTemplate, into provider: Located<String>)
    /// Writes fields of a record of a collection, or a whole record.
    mutating func updates(
        _ provider: Located<String>, key: ValueTemplate?, set fields: [(name: Located<String>, value: ValueTemplate)],
        value: ValueTemplate?)
    /// Removes a record from a collection.
    mutating func deletes(_ key: ValueTemplate, from provider: Located<String>)
}

extension StepEffects {
    public mutating func evaluates(_ expression: StepExpression, item: StepItems?) {}
    public mutating func names(_ local: String, _ value: ValueTemplate) {}
    public mutating func writesState(_ path: Located<String>, _ value: ValueTemplate, where condition: Template?) {}
    public mutating func removesItems(_ path: Located<String>) {}
    public mutating func stores(_ value: ValueTemplate, in provider: Located<String>) {}
    public mutating func reads(_ provider: Located<String>, args: ValueTemplate?, as local: String) {}
    public mutating func runs(
        _ worker: Located<String>, input: ValueTemplate, args: [(name: String, value: ValueTemplate)], as local: String
    ) {}
    public mutating func routes(_ route: RouteStep) {}
    public mutating func calls(_ useCase: Located<String>, as local: String?) {}
    public mutating func checks(_ rules: [ValidateStep.Rule]) {}
    public mutating func fails() {}
    public mutating func inserts(_ value: ValueTemplate, into provider: Located<String>) {}
    public mutating func updates(
        _ provider: Located<String>, key: ValueTemplate?, set fields: [(name: Located<String>, value: ValueTemplate)],
        value: ValueTemplate?
    ) {}
    public mutating func deletes(_ key: ValueTemplate, from provider: Located<String>) {}

    /// Evaluates a template.
    mutating func evaluates(_ template: Template?, item: StepItems? = nil) {
        if let template { evaluates(.template(template), item: item) }
    }

    /// Evaluates a value.
    mutating func evaluates(_ value: ValueTemplate?, item: StepItems? = nil) {
        if let value { evaluates(.value(value), item: item) }
    }
}

/// Every expression a step evaluates, handed to `visit` with what `it` is there.
struct EachExpression: StepEffects {
    let visit: (StepExpression, StepItems?) -> Void

    mutating func evaluates(_ expression: StepExpression, item: StepItems?) { visit(expression, item) }
}

/// The use case a step calls, if it calls one.
private struct CalledUseCase: StepEffects {
    var called: Located<String>?

    mutating func calls(_ useCase: Located<String>, as local: String?) { called = useCase }
}

extension Step {
    /// Calls `visit` with each expression of the step (its `if` and handlers aside).
    func forEachExpression(_ visit: (StepExpression, StepItems?) -> Void) {
        withoutActuallyEscaping(visit) { visit in
            var each = EachExpression(visit: visit)
            body.describe(to: &each)
        }
    }

    /// The use case of the scene the step calls, if it calls one.
    public var calledUseCase: Located<String>? {
        var seen = CalledUseCase()
        body.describe(to: &seen)
        return seen.called
    }
}
