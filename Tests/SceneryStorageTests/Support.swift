import Foundation

/// Runs blocking work (child processes, sleeps) on a thread of its own: Swift concurrency
/// shares a thread per core among every test running at once, and a test that blocks one
/// starves the timers of the others. Expectations stay in the caller, inside the test.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
