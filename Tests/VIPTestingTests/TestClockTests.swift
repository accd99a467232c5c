import ScenerySupport
import Testing
import VIP
import VIPTesting

@Suite struct TestClockTests {
    /// Each sleeper wakes when time reaches its deadline, not before.
    @Test func sleepersWakeAtTheirDeadlinesOnlyWhenTimeIsAdvanced() async throws {
        let clock = TestClock()
        let woken = Locked<[Int]>([])
        let late = Task {
            try await clock.sleep(for: .seconds(2))
            woken.withLock { $0.append(2) }
        }
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            woken.withLock { $0.append(1) }
        }
        #expect(await clock.sleepers(2))

        await clock.advance(by: .milliseconds(999))
        #expect(woken.withLock { $0 }.isEmpty)
        #expect(clock.sleeperCount == 2)

        await clock.advance(by: .milliseconds(1))
        try await early.value
        #expect(woken.withLock { $0 } == [1])
        #expect(clock.sleeperCount == 1)

        await clock.advance(by: .seconds(5))
        try await late.value
        #expect(woken.withLock { $0 } == [1, 2])
        #expect(clock.now.offset == .milliseconds(6000))
    }

    @Test func aCancelledSleeperThrowsAtOnce() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        #expect(await clock.sleepers(1))

        sleeper.cancel()

        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }
}
