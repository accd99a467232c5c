/// Every interactor step `type` a manifest may write, each declared once by its body type
/// (`Model/Steps`): its keys, what it binds, what it writes and its line in the reference
/// (docs/manifest.md#interactor-steps).
public enum StepType: String, CaseIterable, Sendable {
    case fetch, store, work, set, remove, validate, present, route, fail, call, insert, update, delete, `let`

    /// What a step may write besides the use case's own locals.
    public enum Writes: Sendable {
        case nothing
        /// `state` or `shared`, at the step's `path`.
        case statePath
        /// What a writable provider holds, whole.
        case provider
        /// Records of the collection the step's `provider` names.
        case collection
    }

    /// The type that reads, checks and describes a step of this type (`Model/Steps`).
    public var body: any StepBody.Type {
        switch self {
        case .fetch: FetchStep.self
        case .store: StoreStep.self
        case .work: WorkStep.self
        case .set: SetStep.self
        case .remove: RemoveStep.self
        case .validate: ValidateStep.self
        case .present: PresentStep.self
        case .route: RouteStep.self
        case .fail: FailStep.self
        case .call: CallStep.self
        case .insert: InsertStep.self
        case .update: UpdateStep.self
        case .delete: DeleteStep.self
        case .let: LetStep.self
        }
    }

    /// The step type's keys and its line in the reference.
    public var declaration: TypeDeclaration { body.declaration }

    /// What the step writes.
    public var writes: Writes { body.writes }

    /// Whether the expressions under `key` see each item of the list at the step's `path` as
    /// `it` (when the step has a `where`): a `remove`'s `where`, a `set`'s `where` and `value`.
    public func seesEachItem(under key: String) -> Bool { body.seesEachItem(under: key) }

    /// Whether the step binds a local with `as`.
    public var binds: Bool { declaration.key("as") != nil }
    /// Whether the step's provider, worker or called use case may fail into `onError`.
    public var handlesFailure: Bool { declaration.key("onError") != nil }

    /// The keys the step allows, and `fallback` on the steps that handle a failure but bind no
    /// local: there it is a key that does not fit its step (E214), not an unknown one; and the
    /// keys it requires. As the decoder matches them.
    var keyTable: KeyTable { Self.keyTables[self] }

    static let words = KeyTable(allowed: allCases.map(\.rawValue))

    /// ``keyTable`` for every type, made once: every step of every scene asks.
    private static let keyTables = CaseTable<Self, KeyTable> { type in
        KeyTable(
            allowed: type.handlesFailure && !type.binds ? type.declaration.allowed + ["fallback"] : type.declaration.allowed,
            required: type.declaration.required)
    }

    static let common = [
        KeyDeclaration("type", required: true, TypeDeclaration.listed(allCases.map(\.rawValue))),
        KeyDeclaration("if", "run the step only when this condition holds; a local it would bind is null otherwise")
    ]
    static let onError = KeyDeclaration(
        "onError",
        "steps run when the step's provider, worker or called use case fails, with error (code, message, from) at hand; then the use case goes on"
    )
    static let fallback = KeyDeclaration(
        "fallback", "the value the step's local takes when its provider, worker or called use case fails")
}

/// A step's `type` is matched on the tape.
extension StepType: TapeWords {}
