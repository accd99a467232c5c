/// Every interactor step `type` a manifest may write, each declared once: its keys, what it
/// binds, what it writes and its line in the reference (docs/manifest.md#interactor-steps).
public enum StepType: String, CaseIterable, Sendable {
    case fetch, store, work, set, remove, validate, present, route, fail, call, insert, update, delete

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

    // Switches rather than dictionaries keyed by the type, which would hash its text on
    // every step of every scene.

    /// The step type's keys and its line in the reference.
    public var declaration: TypeDeclaration { Self.table.declarations[Self.table.cases.firstIndex(of: self) ?? 0] }

    private static let table = TypeDeclaration.table(\Self.made)

    private var made: TypeDeclaration {
        switch self {
        case .fetch:
            step(
                "reads a provider into the local `as`",
                KeyDeclaration("provider", required: true, "the provider to read"),
                KeyDeclaration("as", required: true, "the name the data read is known by in later steps"),
                KeyDeclaration(
                    "args", "what to ask the provider: a collection's key, where, sort, limit, offset or count; a Swift provider's query"),
                Self.onError, Self.fallback)
        case .store:
            step(
                "replaces what a writable provider (`keyValue`, `swift`) holds (E311 otherwise)",
                KeyDeclaration("provider", required: true, "the writable provider (keyValue or swift) to write"),
                KeyDeclaration("value", required: true, "the data to store: it replaces what the provider holds"),
                Self.onError)
        case .work:
            step(
                "runs a worker on `input` into the local `as`",
                KeyDeclaration("worker", required: true, "the worker to run: a built-in one (search, sort, sum, …) or a Swift one"),
                KeyDeclaration("input", required: true, "what the worker works on"),
                KeyDeclaration("args", "the worker's arguments; a per-item one sees each item as it"),
                KeyDeclaration("as", required: true, "the name the worker's result is known by in later steps"),
                Self.onError, Self.fallback)
        case .set:
            step(
                "writes `state.FIELD` or `shared.FIELD` (E312 for an undeclared field), or a field of its record, `state.form.firstName` (below)",
                KeyDeclaration(
                    "path", required: true, "what to set: state.FIELD or shared.FIELD, or a field of its record (state.form.firstName)"),
                KeyDeclaration(
                    "value", required: true, "the value written; with where, each matching item's new value, the item seen as it"),
                KeyDeclaration("where", "which items of the list at path to replace, a condition over each item as it"))
        case .remove:
            step(
                "removes the items of the list at `path` that `where` holds for",
                KeyDeclaration("path", required: true, "the list to remove items from: state.FIELD or shared.FIELD"),
                KeyDeclaration("where", required: true, "which items to remove, a condition over each item as it"))
        case .validate:
            step(
                "checks rules in order; every failing message goes to the error service and the use case stops",
                KeyDeclaration("rules", required: true, "checks, each a condition and the message shown when it fails"))
        case .present:
            step(
                "presents an extra response now (a loading state)",
                KeyDeclaration("response", required: true, "the response to present now, before the interactor ends"))
        case .route:
            step(
                "navigates (below)",
                KeyDeclaration("to", "the scene to route to"),
                KeyDeclaration("mode", "push (the default), present, replace, back, dismiss or root"),
                KeyDeclaration("args", "what the scene routed to is given, by the names of its args"),
                KeyDeclaration("result", "what back or dismiss passes to the scene below (its onResult)"))
        case .fail:
            step(
                "reports the message as an error and stops",
                KeyDeclaration("message", required: true, "the error message the step fails with"))
        case .call:
            step(
                "runs another use case of the scene; its response lands in `as`",
                KeyDeclaration("useCase", required: true, "the use case of this scene to call"),
                KeyDeclaration("request", "the request the called use case gets"),
                KeyDeclaration("as", "the name the called use case's response is known by in later steps"),
                Self.onError, Self.fallback)
        case .insert:
            step(
                "adds a record to a collection; its key must be new",
                KeyDeclaration("provider", required: true, "the collection to add the record to"),
                KeyDeclaration("value", required: true, "the record to add; its key must be new"),
                Self.onError)
        case .update:
            step(
                "writes the fields in `set` of the record with `key`, or a whole record (`value`) by its own key",
                KeyDeclaration("provider", required: true, "the collection to write"),
                KeyDeclaration("key", "the key of the record whose fields set writes"),
                KeyDeclaration("set", "the fields to write, by name"),
                KeyDeclaration("value", "a whole record to write, by its own key"),
                Self.onError)
        case .delete:
            step(
                "removes the record with `key` from a collection",
                KeyDeclaration("provider", required: true, "the collection to remove the record from"),
                KeyDeclaration("key", required: true, "the key of the record to remove"),
                Self.onError)
        }
    }

    /// What the step writes.
    public var writes: Writes {
        switch self {
        case .set, .remove: .statePath
        case .store: .provider
        case .insert, .update, .delete: .collection
        case .fetch, .work, .validate, .present, .route, .fail, .call: .nothing
        }
    }

    /// Whether the expressions under `key` see each item of the list at the step's `path` as
    /// `it` (when the step has a `where`): a `remove`'s `where`, a `set`'s `where` and `value`.
    public func seesEachItem(under key: String) -> Bool {
        switch self {
        case .set: key == "where" || key == "value"
        case .remove: key == "where"
        case .fetch, .store, .work, .validate, .present, .route, .fail, .call, .insert, .update, .delete: false
        }
    }

    /// Whether the step binds a local with `as`.
    public var binds: Bool { declaration.key("as") != nil }
    /// Whether the step's provider, worker or called use case may fail into `onError`.
    public var handlesFailure: Bool { declaration.key("onError") != nil }

    /// The keys the step allows, and `fallback` on the steps that handle a failure but bind no local:
    /// there it is a key that does not fit its step (E214), not an unknown one.
    var allowedWithMisplaced: [String] { handlesFailure && !binds ? declaration.allowed + ["fallback"] : declaration.allowed }

    private func step(_ summary: String, _ keys: KeyDeclaration...) -> TypeDeclaration {
        TypeDeclaration(rawValue, summary, common: Self.common, keys: keys)
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
