import Dispatch
import ScenerySupport

/// Work on the main actor bounded by a timeout, for the runs that must not wait forever: a
/// transcript under `scenery test`, an action of an explore walk. The timeout is a Dispatch
/// timer, not a second task that sleeps, so a run that finishes costs one task and a timer.
enum Deadline {
    /// Runs `work` on the main actor; true when it finished within `timeout`. Work still
    /// running then is cancelled and not waited for: the caller goes on at once.
    /// Not isolated itself: the timer fires on a Dispatch queue, not the main actor.
    ///
    /// Work that holds the main thread itself (a Swift component that loops and never lets
    /// go) cannot be cancelled, and nothing on the main actor runs again: when the main actor
    /// has not come back `grace` after the timeout, `held` is called, from a Dispatch queue.
    static func finishes(
        within timeout: Duration, held: (@Sendable () -> Void)? = nil, grace: Duration = .seconds(5),
        _ work: @escaping @Sendable @MainActor () async -> Void
    ) async -> Bool {
        let running = Locked<Task<Void, Never>?>(nil)
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let pending = Locked<CheckedContinuation<Bool, Never>?>(continuation)
            let finish: @Sendable (Bool) -> Void = { done in
                pending.withLock { waiting in
                    waiting?.resume(returning: done)
                    waiting = nil
                }
            }
            let timer = DispatchWorkItem { finish(false) }
            let milliseconds = Int(min(timeout / .milliseconds(1), Double(Int.max / 2_000_000)))
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: timer)
            let task = Task { @MainActor in
                await work()
                timer.cancel()
                finish(true)
            }
            running.withLock { $0 = task }
        }
        if !finished {
            running.withLock { $0 }?.cancel()
            if let held { await Self.watchMainActor(for: grace, held) }
        }
        return finished
    }

    /// Calls `held` unless the main actor runs something within `grace`.
    private static func watchMainActor(for grace: Duration, _ held: @escaping @Sendable () -> Void) async {
        let back = Locked(false)
        let milliseconds = Int(grace / .milliseconds(1))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            if !back.withLock({ $0 }) { held() }
        }
        await MainActor.run { back.withLock { $0 = true } }
    }
}
