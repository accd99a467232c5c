/// Starts main-actor work as a task that begins at once on the caller — `Task.immediate`
/// where the platform has it — so work that does not suspend costs no trip through the
/// main actor's queue and is finished when `start` returns.
@MainActor @usableFromInline
enum MainActorTask {
    // `body` is taken in the very type the task initialisers take, generic result and all,
    // so it is handed on as it is: no closure around it, no thunk converting it. (Taken as
    // `() async -> Void`, it needed a reabstraction thunk to become `() async -> Success`:
    // a tenth of the pipeline's own cost per request.)
    @inlinable @inline(__always)
    static func start<Success>(_ body: sending @escaping @isolated(any) () async -> Success) -> Task<Success, Never> {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate(operation: body)
        }
        return Task(operation: body)
    }

    /// A task that has finished: what ``UseCase/send(_:)`` hands back for a request its
    /// interactor handled without suspending. Awaiting it returns at once; cancelling it
    /// does nothing to any request. One task for all of them, so its identity and
    /// `isCancelled` say nothing of a request.
    @usableFromInline static let finished: Task<Void, Never> = start {}
}
