import ScenerySupport

/// One interactor step, with its optional `if`.
public struct Step: Sendable {
    /// What a `fetch`, `store`, `work` or `call` does when its provider, worker or called
    /// use case fails: its `onError` steps run with `error` at hand, then its local is
    /// `fallback` (or null) and the use case goes on. Without one, the failure stops the
    /// use case and shows in the banner.
    public struct Recovery: Sendable {
        public var steps: [Step]
        public var fallback: ValueTemplate?
        public var offset: Int
        /// Whether it is the use case's `onError`, which its failing steps share: its steps
        /// are the use case's, walked once (``UseCaseDefinition/everyStep``), not each step's.
        public var isShared = false

        public init(steps: [Step], fallback: ValueTemplate?, offset: Int) {
            self.steps = steps
            self.fallback = fallback
            self.offset = offset
        }
    }

    /// What the step is and does: one of the step types in `Model/Steps`.
    public var body: any StepBody
    public var condition: Template?
    public var offset: Int
    public var recovery: Recovery?
    /// Whether an expression of the step (handlers aside) may hold an arithmetic or ordering
    /// operation; false only when the decoder read none.
    public var hasOperation = true

    public init(_ body: any StepBody, condition: Template?, offset: Int, recovery: Recovery? = nil) {
        self.body = body
        self.condition = condition
        self.offset = offset
        self.recovery = recovery
    }

    /// The local a step binds with `as`, if any.
    public var binding: String? { body.binding }

    /// The provider a step names.
    public var provider: Located<String>? { body.provider }

    /// The collection a step writes, as its type's declaration says (``StepType/writes``):
    /// what a use case's unit of work spans.
    public var writtenCollection: Located<String>? { type.writes == .collection ? provider : nil }

    /// The step with the use case's `onError` when it may fail into one and has none of its own.
    func sharingRecovery(_ shared: Recovery) -> Step {
        guard recovery == nil, type.handlesFailure else { return self }
        var step = self
        step.recovery = shared
        return step
    }

    /// This step and the steps of its `onError`, theirs too, in the order written: what
    /// checks and coverage walk, so a step in a handler is never missed.
    public var withHandlerSteps: [Step] {
        var steps: [Step] = []
        forEachWithHandlerSteps { steps.append($0) }
        return steps
    }

    /// `body` run on each of ``withHandlerSteps``, in order, with no array made: the checks
    /// walk every step of every scene this way.
    public func forEachWithHandlerSteps(_ body: (Step) -> Void) {
        body(self)
        guard let recovery, !recovery.isShared else { return }
        Self.forEach(in: recovery.steps, body)
    }

    /// ``forEachWithHandlerSteps(_:)`` of each of `steps`, each read where it lies.
    static func forEach(in steps: [Step], _ body: (Step) -> Void) {
        steps.forEachInPlace { $0.forEachWithHandlerSteps(body) }
    }

    /// Every step `type` a manifest may write, in the reference's order.
    public static var typeNames: [String] { StepType.allCases.map(\.rawValue) }

    /// The keys a step of type `name` allows, as the decoder reads them (nil for no such type).
    public static func keys(of name: String) -> [String]? { StepType(rawValue: name)?.declaration.allowed }

    /// The step's type, as its declaration has it.
    public var type: StepType { Swift.type(of: body).type }

    /// The step's `type` as written in a manifest.
    public var typeName: String { type.rawValue }
}
