#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a lock, for the few places state is touched from more than one thread.
///
/// The lock is the platform's own (`os_unfair_lock`, a pthread mutex), held in memory this
/// class owns: observers take it on every notification, and a Foundation lock costs more.
///
/// `@unchecked Sendable`: the value is reached only through ``withLock(_:)``, under the lock.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    #if canImport(Darwin)
        private let lock: UnsafeMutablePointer<os_unfair_lock>
    #else
        private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock())
        #else
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
        #else
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value)
    }
}
