import ScenerySupport
import VIP

/// A clock that only moves when a test says so, so delays are tested without sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let products = ProviderStub<Void, [Product]>(clock: clock, .delayed(.seconds(2), .value(all)))
/// await store.send(.init())              // the interactor now waits on the clock
/// await clock.advance(by: .seconds(2))   // and now it goes on
/// ```
///
/// Sleepers are resumed in deadline order (tasks woken together then run as their
/// executors schedule them); a cancelled sleeper throws `CancellationError` at once.
public final class TestClock: Clock, Sendable {
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the clock was made.
        public var offset: Duration

        public init(offset: Duration = .zero) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "t+\(offset)" }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
        /// The store whose request sleeps, which lists it while it waits.
        let watch: ClockWatch.Tag?
    }

    private struct State {
        var now = Instant()
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
    }

    private let state = Locked(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }
    /// How many tasks are waiting on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id: Int? = state.withLock { state in
            guard deadline > state.now else { return nil }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id else { return await Task.yield() }
        let tag = ClockWatch.current
        let key = ClockWatch.SleeperKey(clock: ObjectIdentifier(self), id: id)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelledEarly = state.withLock { state -> Bool in
                    if state.cancelled.remove(id) != nil { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation, watch: tag)
                    if let tag { tag.watch.park(key, ClockWatch.Sleeper(request: tag.request, clock: self, deadline: deadline)) }
                    return false
                }
                if cancelledEarly { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil
                }
                sleeper.watch?.watch.unpark(key)
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come, earliest first,
    /// then lets the woken tasks run.
    public func advance(by duration: Duration = .zero) async {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }.sorted {
                ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
            }
            for (id, sleeper) in due {
                state.sleepers[id] = nil
                sleeper.watch?.watch.unpark(ClockWatch.SleeperKey(clock: ObjectIdentifier(self), id: id))
            }
            return due.map(\.value)
        }
        for sleeper in due { sleeper.continuation.resume() }
        await Yielding.letOthersRun()
    }

    /// Waits, in real time up to `timeout`, until at least `count` tasks sleep on this clock;
    /// whether they do. For a test that starts sleepers in tasks of their own and must not
    /// advance before they sleep.
    public func sleepers(_ count: Int, within timeout: Duration = .seconds(10)) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while sleeperCount < count {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// Advances to the latest deadline of the current sleepers, waking them all.
    public func run() async {
        let last = state.withLock { state in state.sleepers.values.map(\.deadline).max() }
        guard let last else { return await Yielding.letOthersRun() }
        await advance(by: now.duration(to: last))
    }
}

enum Yielding {
    /// Gives woken tasks turns to run on their executors before a test goes on.
    static func letOthersRun() async {
        for _ in 0..<20 { await Task.yield() }
    }
}
