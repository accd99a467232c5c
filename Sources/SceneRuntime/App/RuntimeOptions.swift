import Foundation
import SceneManifest

/// What a run may change from outside: `--locale`, `--now`, `--tz`, `--seed`, `--env`,
/// `--state-dir`, `--fixture`, `--fault`.
public struct RuntimeOptions: Sendable {
    /// A provider failure or delay injected for testing.
    public enum Fault: Sendable, Equatable {
        case fail
        /// Reads work; every `store` fails (a full disk, a server that refuses writes).
        case failStores
        case delay(milliseconds: Int)
    }

    public var locale: String?
    /// Counts what the run exercises, for `scenery test --coverage`; nil counts nothing.
    public var coverage: CoverageRecorder?
    public var now: Date = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    /// Whether `now()` reads the system's clock instead of `now` (a person's session at a
    /// terminal without `--now`); `env.now` stays the time the session started.
    public var liveNow = false
    /// The IANA time zone dates show in (`--tz`); nil: the app's `timeZone`.
    public var timeZone: String?
    /// Where `uuid()` starts (`--seed`): the same seed makes the same ids.
    public var seed: UInt64 = 0
    public var env: [String: String] = [:]
    /// Where `keyValue` providers keep their data; nil keeps it in memory for the run.
    public var stateDirectory: URL?
    /// How to start over, added to the message of a storage file that cannot be read (a
    /// corrupt JSON file or SQLite database): the CLI's is `run with '--reset'`.
    public var resetAdvice: String?
    /// Provider name → JSON file that replaces its data.
    public var fixtures: [String: URL] = [:]
    public var faults: [String: Fault] = [:]
    /// Provider → data that replaces it, given in code (the scene tester's fixtures).
    public var fixtureValues: [String: SceneValue] = [:]
    /// The clock injected delays wait on; a test clock makes them instant and controllable.
    public var clock: any Clock<Duration> = ContinuousClock()

    public init() {}
}
