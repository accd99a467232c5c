/// The tasks a module has in flight. Leaving the module cancels them all, and from then on
/// the scope is inactive: nothing it produces reaches a display.
///
/// A task starts at once on the caller, the main actor, and runs there until its first
/// real suspension: a request whose interactor does not suspend is done, presented and
/// displayed before `spawn` returns, without a hop through the executor's queue, and a
/// module left before yielding holds no queued task.
@MainActor
public final class WorkScope {
    public private(set) var isActive = true
    /// The tasks still running, by id. An entry is made before the task starts, empty until
    /// `spawn` has the task: one that finished inside `spawn` has removed its entry already.
    private var tasks: [Int: Task<Void, Never>?] = [:]
    private var nextID = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// The number of tasks still running.
    public var inFlightCount: Int { tasks.count }

    /// Starts `body` as a task of this scope. An inactive scope starts nothing and returns nil.
    @discardableResult
    public func spawn(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never>? {
        guard isActive else { return nil }
        let id = nextID
        nextID += 1
        tasks[id] = .some(nil)
        let task = MainActorTask.start { [weak self] in
            await body()
            self?.finished(id)
        }
        guard tasks[id] != nil else { return task }
        tasks[id] = task
        // The body may have left the module before its first suspension.
        if !isActive { task.cancel() }
        return task
    }

    /// Cancels every task and makes the scope inactive. Calling it twice is harmless.
    public func cancelAll() {
        isActive = false
        for task in tasks.values { task?.cancel() }
    }

    /// Returns once no task of this scope is running.
    public func waitUntilIdle() async {
        guard !tasks.isEmpty else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func finished(_ id: Int) {
        tasks[id] = nil
        guard tasks.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
