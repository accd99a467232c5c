/// The tasks a module has in flight. Leaving the module cancels them all, and from then on
/// the scope is inactive: nothing it produces reaches a display.
///
/// A task starts at once on the caller, the main actor, and runs there until its first
/// real suspension: a request whose interactor does not suspend is done, presented and
/// displayed before `spawn` returns, without a hop through the executor's queue, and a
/// module left before yielding holds no queued task.
@MainActor
public final class WorkScope {
    // `@exclusivity(unchecked)`, as in ``Command``: main-actor state touched in short
    // statements that call out to nothing (cancelling iterates a copy of `tasks`).
    @exclusivity(unchecked) public private(set) var isActive = true
    /// The tasks that suspended and are still running, by id. A task that ends before
    /// `start` returns (it never suspended) is never entered.
    @exclusivity(unchecked) private var tasks: [Int: Task<Void, Never>] = [:]
    /// The task whose body ended before its `attach`. Starts nest, and each `attach` comes
    /// right after its own start returns, so one slot is enough.
    @exclusivity(unchecked) private var endedBeforeAttach: Int?
    @exclusivity(unchecked) private var nextID = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// The number of tasks still running.
    public var inFlightCount: Int { tasks.count }

    /// Starts `body` as a task of this scope. An inactive scope starts nothing and returns nil.
    @discardableResult
    public func spawn(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never>? {
        guard let id = begin() else { return nil }
        let task = MainActorTask.start { @MainActor [self] in
            await body()
            end(id)
        }
        attach(task, id: id)
        return task
    }

    // A task's life in three calls, so a caller (``Command``) can start the task itself and
    // spare one closure around its body: `begin` before it starts, `attach` once `start`
    // returns, `end` as the body's last act.

    /// Numbers a task about to start; nil when the scope is inactive.
    func begin() -> Int? {
        guard isActive else { return nil }
        defer { nextID += 1 }
        return nextID
    }

    /// Keeps `task` under `id`, unless it has ended already.
    func attach(_ task: Task<Void, Never>, id: Int) {
        if endedBeforeAttach == id {
            endedBeforeAttach = nil
            return
        }
        tasks[id] = task
        // The body may have left the module before its first suspension.
        if !isActive { task.cancel() }
    }

    /// Cancels every task and makes the scope inactive. Calling it twice is harmless.
    public func cancelAll() {
        isActive = false
        // A copy: a cancellation handler runs now and may call back into the scope.
        let running = tasks.values
        for task in running { task.cancel() }
    }

    /// Returns once no task of this scope is running.
    public func waitUntilIdle() async {
        guard !tasks.isEmpty else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Removes the entry of a task whose body has ended.
    func end(_ id: Int) {
        guard !tasks.isEmpty, tasks.removeValue(forKey: id) != nil else {
            endedBeforeAttach = id
            return
        }
        guard tasks.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
