import ScenerySupport
import Testing

@Suite struct UntilExitTests {
    /// An object that says when it is freed.
    final class Watched: Sendable {
        let onFree: @Sendable () -> Void
        init(onFree: @escaping @Sendable () -> Void) { self.onFree = onFree }
        deinit { onFree() }
    }

    @Test func aKeptValueIsNeverFreed() {
        let freed = Locked(0)
        do {
            let kept = Watched { freed.withLock { $0 += 1 } }
            UntilExit.keep(kept)
            let dropped = Watched { freed.withLock { $0 += 1 } }
            _ = dropped
        }
        // The dropped one is freed as its scope ends; the kept one stays.
        #expect(freed.withLock { $0 } == 1)
    }
}
