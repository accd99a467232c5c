import Foundation

/// The turn at a database's writer: one unit of work holds it from its start to its end,
/// so no other thread or task writes into that unit's transaction or reads what it has not
/// committed. A thread waits for the turn (until a deadline); a task suspends for it.
/// Handed over in the order tasks asked; a thread takes it when no task is waiting.
// @unchecked: `held` and `waiting` are touched only with `condition` locked.
final class WriterTurn: @unchecked Sendable {
    /// Guards `held` and `waiting`; threads wait on it.
    private let condition = NSCondition()
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Takes the turn, waiting until `deadline` at most; false when it did not come.
    func take(before deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while held {
            if !condition.wait(until: deadline) { return false }
        }
        held = true
        return true
    }

    /// Takes the turn if nobody holds it; false when somebody does.
    func takeIfFree() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if held { return false }
        held = true
        return true
    }

    /// Takes the turn, suspending until it comes. It runs on the caller's actor up to its
    /// place in the queue, so tasks of one actor get the turn in the order they asked (a
    /// scene's two `onAppear` use cases, the first first).
    func take(isolation: isolated (any Actor)? = #isolation) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if held {
                waiting.append(continuation)
                condition.unlock()
            } else {
                held = true
                condition.unlock()
                continuation.resume()
            }
        }
    }

    /// Gives the turn up: to the task that has waited longest, else to whoever asks next.
    func release() {
        condition.lock()
        if waiting.isEmpty {
            held = false
            condition.signal()
            condition.unlock()
        } else {
            let next = waiting.removeFirst()
            condition.unlock()
            next.resume()
        }
    }
}
