/// One interactor step, with its optional `if`.
public struct Step: Sendable {
    public enum Kind: Sendable {
        case fetch(provider: Located<String>, as: String, args: ValueTemplate?)
        case store(provider: Located<String>, value: ValueTemplate)
        case work(worker: Located<String>, input: ValueTemplate, args: [(name: String, value: ValueTemplate)], as: String)
        /// With `where`, the path names a list and `value` replaces each item it holds for
        /// (both see the item as `it`).
        case set(path: Located<String>, value: ValueTemplate, where: Template?)
        /// Removes the items of the list at `path` that `where` holds for.
        case remove(path: Located<String>, where: Template)
        case validate(rules: [(check: Template, message: Template)])
        case present(response: [(name: String, value: ValueTemplate)])
        case route(RouteStep)
        case fail(message: Template)
        case call(useCase: Located<String>, request: [(name: String, value: ValueTemplate)], as: String?)
        /// Adds a record to a collection.
        case insert(provider: Located<String>, value: ValueTemplate)
        /// Writes fields of the record with `key` (`set`), or a whole record by its own key (`value`).
        case update(
            provider: Located<String>, key: ValueTemplate?, set: [(name: Located<String>, value: ValueTemplate)], value: ValueTemplate?)
        /// Removes the record with `key` from a collection.
        case delete(provider: Located<String>, key: ValueTemplate)
    }

    /// What a `fetch`, `store`, `work` or `call` does when its provider, worker or called
    /// use case fails: its `onError` steps run with `error` at hand, then its local is
    /// `fallback` (or null) and the use case goes on. Without one, the failure stops the
    /// use case and shows in the banner.
    public struct Recovery: Sendable {
        public var steps: [Step]
        public var fallback: ValueTemplate?
        public var offset: Int

        public init(steps: [Step], fallback: ValueTemplate?, offset: Int) {
            self.steps = steps
            self.fallback = fallback
            self.offset = offset
        }
    }

    public var kind: Kind
    public var condition: Template?
    public var offset: Int
    public var recovery: Recovery?
    /// Whether an expression of the step (handlers aside) may hold an arithmetic or ordering
    /// operation; false only when the decoder read none.
    public var hasOperation = true

    public init(kind: Kind, condition: Template?, offset: Int, recovery: Recovery? = nil) {
        self.kind = kind
        self.condition = condition
        self.offset = offset
        self.recovery = recovery
    }

    /// The local a step binds with `as`, if any.
    public var binding: String? {
        switch kind {
        case let .fetch(_, local, _), let .work(_, _, _, local): local
        case let .call(_, _, local): local
        case .store, .set, .remove, .validate, .present, .route, .fail, .insert, .update, .delete: nil
        }
    }

    /// The provider a step names.
    public var provider: Located<String>? {
        switch kind {
        case let .fetch(provider, _, _), let .store(provider, _), let .insert(provider, _), let .update(provider, _, _, _),
            let .delete(provider, _):
            provider
        case .work, .set, .remove, .validate, .present, .route, .fail, .call: nil
        }
    }

    /// The collection a step writes, as its type's declaration says (``StepType/writes``):
    /// what a use case's unit of work spans.
    public var writtenCollection: Located<String>? { type.writes == .collection ? provider : nil }

    /// This step and the steps of its `onError`, theirs too, in the order written: what
    /// checks and coverage walk, so a step in a handler is never missed.
    public var withHandlerSteps: [Step] {
        [self] + (recovery?.steps.flatMap(\.withHandlerSteps) ?? [])
    }

    /// Every step `type` a manifest may write, in the reference's order.
    public static var typeNames: [String] { StepType.allCases.map(\.rawValue) }

    /// The keys a step of type `name` allows, as the decoder reads them (nil for no such type).
    public static func keys(of name: String) -> [String]? { StepType(rawValue: name)?.declaration.allowed }

    /// The step's type, as its declaration has it.
    public var type: StepType {
        switch kind {
        case .fetch: .fetch
        case .store: .store
        case .work: .work
        case .set: .set
        case .remove: .remove
        case .validate: .validate
        case .present: .present
        case .route: .route
        case .fail: .fail
        case .call: .call
        case .insert: .insert
        case .update: .update
        case .delete: .delete
        }
    }

    /// The step's `type` as written in a manifest.
    public var typeName: String { type.rawValue }
}

public enum RouteMode: String, Sendable, CaseIterable {
    case push, present, replace, back, dismiss, root

    /// Whether the mode must name a destination scene (`root` may, to start a new stack).
    public var needsDestination: Bool { [.push, .present, .replace].contains(self) }
    /// Whether the mode may name a destination scene.
    public var takesDestination: Bool { ![.back, .dismiss].contains(self) }
}

public struct RouteStep: Sendable {
    public var to: Located<String>?
    public var mode: RouteMode
    public var args: [(name: Located<String>, value: ValueTemplate)]
    public var result: ValueTemplate?
}
