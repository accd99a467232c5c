import ScenerySupport

/// One scene file: a screen, or a controller when it has no view.
public struct SceneDefinition: Sendable {
    /// The scene's fields, in one box: the checks hold a scene for each step they check, and
    /// copying a dozen fields retained each of them every time.
    private struct Fields: Sendable {
        var name: String
        var title: Template?
        var args: [(name: String, type: TypeRef)]
        var state: [(name: String, field: StateField)]
        var useCases: [(name: String, useCase: UseCaseDefinition)]
        var view: [ComponentDefinition]?
        var groupConditions: [Template]
        var onAppear: [Located<String>]
        var onResult: Located<String>?
        var offsets: [String: Int]
        var source: SceneSource?
    }

    private var fields: CopyOnWrite<Fields>

    init(
        name: String, title: Template? = nil, args: [(name: String, type: TypeRef)], state: [(name: String, field: StateField)],
        useCases: [(name: String, useCase: UseCaseDefinition)], view: [ComponentDefinition]? = nil,
        groupConditions: [Template] = [], onAppear: [Located<String>], onResult: Located<String>? = nil, offsets: [String: Int] = [:],
        source: SceneSource? = nil
    ) {
        fields = CopyOnWrite(
            Fields(
                name: name, title: title, args: args, state: state, useCases: useCases, view: view, groupConditions: groupConditions,
                onAppear: onAppear, onResult: onResult, offsets: offsets, source: source))
    }

    public var name: String {
        get { fields.value.name }
        _modify { yield &fields.value.name }
    }
    public var title: Template? {
        get { fields.value.title }
        _modify { yield &fields.value.title }
    }
    public var args: [(name: String, type: TypeRef)] {
        get { fields.value.args }
        _modify { yield &fields.value.args }
    }
    public var state: [(name: String, field: StateField)] {
        get { fields.value.state }
        _modify { yield &fields.value.state }
    }
    public var useCases: [(name: String, useCase: UseCaseDefinition)] {
        get { fields.value.useCases }
        _modify { yield &fields.value.useCases }
    }
    /// nil for a controller scene.
    public var view: [ComponentDefinition]? {
        get { fields.value.view }
        _modify { yield &fields.value.view }
    }
    /// The `if` of each `group` of the view (its children carry them too), for the checks.
    public var groupConditions: [Template] {
        get { fields.value.groupConditions }
        _modify { yield &fields.value.groupConditions }
    }
    public var onAppear: [Located<String>] {
        get { fields.value.onAppear }
        _modify { yield &fields.value.onAppear }
    }
    public var onResult: Located<String>? {
        get { fields.value.onResult }
        _modify { yield &fields.value.onResult }
    }
    /// Where declarations stand in the file: `scene`, `state.NAME`, `args.NAME`, `useCases.NAME`.
    public var offsets: [String: Int] {
        get { fields.value.offsets }
        _modify { yield &fields.value.offsets }
    }
    /// The file the scene was read from, for positions in runtime errors.
    public var source: SceneSource? {
        get { fields.value.source }
        _modify { yield &fields.value.source }
    }

    public var isController: Bool { view == nil }

    public func useCase(_ name: String) -> UseCaseDefinition? { useCases.first { $0.name == name }?.useCase }

    /// Whether the view has a form: an input bound to a state path. Such a scene shows the
    /// word that works each input and button, in its frames and in `help`.
    public var hasForm: Bool {
        (view ?? []).contains {
            switch $0.kind {
            case .input(_, _, _, _?), .choice: true
            default: false
            }
        }
    }

    /// A bound input or choice, with the conditions it shows under.
    public typealias BoundInput = (
        binding: ComponentDefinition.InputBinding, label: Template, action: Located<String>?, conditions: [Template]
    )

    /// The view's bound inputs and choices, in order, with the conditions each shows under.
    public var boundInputs: [BoundInput] {
        (view ?? []).compactMap { component in
            switch component.kind {
            case let .input(label, _, action, binding?): (binding, label, action, component.conditions)
            case let .choice(label, binding): (binding, label, nil, component.conditions)
            default: nil
            }
        }
    }

    /// The actions of the lists that make their request from the row (`request`).
    public var rowActions: Set<String> {
        Set(
            (view ?? []).compactMap { component in
                guard case let .list(_, _, action?, request) = component.kind, request != nil else { return nil }
                return action.value
            })
    }

    /// The words of the buttons that route, in view order.
    public var routingButtonWords: [Located<String>] {
        (view ?? []).compactMap { component in
            guard case let .button(_, word, _, _, route) = component.kind, route != nil else { return nil }
            return word
        }
    }

    /// Every route step of every use case, then the route of every button that routes (by
    /// its word), for the graph and cross-scene checks.
    public var routes: [(useCase: String, route: RouteStep)] {
        // Loops, not closures: the closures copied every step to look at its kind.
        var routes: [(useCase: String, route: RouteStep)] = []
        for entry in useCases {
            entry.useCase.forEachStep { step in
                // The type first: a cast from the existential costs more than asking it.
                if step.type == .route, let route = step.body as? RouteStep { routes.append((entry.name, route)) }
            }
        }
        for component in view ?? [] {
            if case let .button(_, word, _, _, route?) = component.kind { routes.append((word.value, route)) }
        }
        return routes
    }
}

public struct UseCaseDefinition: Sendable {
    public enum Interactor: Sendable {
        case steps([Step])
        case swift(String)
    }

    public enum Presenter: Sendable {
        case fields([(name: String, field: PresenterField)])
        case swift(String)
    }

    /// The use case's fields, in one box: the checks hold a use case for every step and
    /// expression they walk, and copying nine fields retained each of them every time.
    private struct Fields: Sendable {
        var request: [(name: String, type: TypeRef)]
        var requestModel: String?
        var interactor: Interactor
        var response: [(name: String, value: ValueTemplate)]?
        var presenter: Presenter?
        var reentrant: Bool
        var isInternal = false
        var onError: Step.Recovery?
    }

    private var fields: CopyOnWrite<Fields>

    init(
        request: [(name: String, type: TypeRef)], interactor: Interactor, response: [(name: String, value: ValueTemplate)]?,
        presenter: Presenter?, reentrant: Bool
    ) {
        fields = CopyOnWrite(
            Fields(request: request, interactor: interactor, response: response, presenter: presenter, reentrant: reentrant))
    }

    public var request: [(name: String, type: TypeRef)] {
        get { fields.value.request }
        _modify { yield &fields.value.request }
    }
    /// The model the request is a record of, when `request` names one (`"request": "Order"`).
    public var requestModel: String? {
        get { fields.value.requestModel }
        _modify { yield &fields.value.requestModel }
    }
    public var interactor: Interactor {
        get { fields.value.interactor }
        _modify { yield &fields.value.interactor }
    }
    public var response: [(name: String, value: ValueTemplate)]? {
        get { fields.value.response }
        _modify { yield &fields.value.response }
    }
    public var presenter: Presenter? {
        get { fields.value.presenter }
        _modify { yield &fields.value.presenter }
    }
    /// Whether a second request may start while one runs.
    public var reentrant: Bool {
        get { fields.value.reentrant }
        _modify { yield &fields.value.reentrant }
    }
    /// Whether only the scene runs it (`call`, `onAppear`, `onResult`): it cannot be typed,
    /// and `help` does not list it.
    public var isInternal: Bool {
        get { fields.value.isInternal }
        _modify { yield &fields.value.isInternal }
    }
    /// The use case's `onError`, which its steps that may fail share unless they have their own.
    public var onError: Step.Recovery? {
        get { fields.value.onError }
        _modify { yield &fields.value.onError }
    }

    public var steps: [Step] {
        if case let .steps(steps) = interactor { return steps }
        return []
    }

    /// The steps with those of their `onError` handlers, in the order written.
    public var everyStep: [Step] {
        var steps: [Step] = []
        forEachStep { steps.append($0) }
        return steps
    }

    /// `body` run on each of ``everyStep``, in order, with no array made.
    public func forEachStep(_ body: (Step) -> Void) {
        Step.forEach(in: steps, body)
        if let handler = onError { Step.forEach(in: handler.steps, body) }
    }
}

public enum PresenterField: Sendable {
    case value(ValueTemplate)
    case each(items: Template, as: String, value: ValueTemplate)
}
