import ScenerySupport
import VIP

/// Which of a ``TestStore``'s requests wait on a ``TestClock``. The store runs each request
/// with a ``Tag`` in a task local; a sleep on a test clock inside it is listed here until the
/// clock wakes or cancels it. When every running request waits on a clock, nothing can move
/// until the test advances one, so the store need not wait out its timeout to know.
final class ClockWatch: Sendable {
    /// One task asleep on a test clock.
    struct Sleeper: Sendable {
        let request: Int
        let clock: TestClock
        let deadline: TestClock.Instant

        /// How long until it wakes, by its clock now.
        var remaining: Duration { clock.now.duration(to: deadline) }
    }

    /// What a request carries: the watch of its store, and its number there.
    struct Tag: Sendable {
        let watch: ClockWatch
        let request: Int
    }

    @TaskLocal static var current: Tag?

    private let sleepers = Locked<[SleeperKey: Sleeper]>([:])

    struct SleeperKey: Hashable, Sendable {
        let clock: ObjectIdentifier
        let id: Int
    }

    func park(_ key: SleeperKey, _ sleeper: Sleeper) { sleepers.withLock { $0[key] = sleeper } }
    func unpark(_ key: SleeperKey) { _ = sleepers.withLock { $0.removeValue(forKey: key) } }

    /// The sleepers of running requests, earliest deadline first.
    var parked: [Sleeper] {
        sleepers.withLock { Array($0.values) }.sorted { ($0.deadline, $0.request) < ($1.deadline, $1.request) }
    }

    /// How many requests have a task asleep on a test clock.
    var parkedRequests: Int { Set(parked.map(\.request)).count }

    /// "1 sleeper is waiting on the TestClock for 3.0 seconds (deadline t+3.0 seconds, now
    /// t+0.0 seconds)"; with more sleepers, a line for each.
    static func describe(_ sleepers: [Sleeper]) -> String {
        func line(_ sleeper: Sleeper) -> String {
            "for \(sleeper.remaining) (deadline \(sleeper.deadline), now \(sleeper.clock.now))"
        }
        if sleepers.count == 1, let only = sleepers.first { return "1 sleeper is waiting on the TestClock " + line(only) }
        return "\(sleepers.count.counting("sleeper")) are waiting on the TestClock:\n"
            + sleepers.map { "  " + line($0) }.joined(separator: "\n")
    }

    /// How far to advance to wake them all, as Swift: `.seconds(3)`, `.milliseconds(1500)`.
    static func advanceSuggestion(_ sleepers: [Sleeper]) -> String {
        let longest = sleepers.map(\.remaining).max() ?? .zero
        let (seconds, attoseconds) = longest.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        if attoseconds % perMillisecond == 0 { return ".milliseconds(\(seconds * 1000 + attoseconds / perMillisecond))" }
        return ".nanoseconds(\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))"
    }
}
