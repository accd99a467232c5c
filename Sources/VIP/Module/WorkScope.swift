/// The tasks a module has in flight. Leaving the module cancels them all, and from then on
/// the scope is inactive: nothing it produces reaches a display.
@MainActor
public final class WorkScope {
    public private(set) var isActive = true
    private var tasks: [Int: Task<Void, Never>] = [:]
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
        let task = Task { @MainActor [weak self] in
            await body()
            self?.finished(id)
        }
        tasks[id] = task
        return task
    }

    /// Cancels every task and makes the scope inactive. Calling it twice is harmless.
    public func cancelAll() {
        isActive = false
        for task in tasks.values { task.cancel() }
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
