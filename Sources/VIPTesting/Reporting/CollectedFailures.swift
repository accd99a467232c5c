import ScenerySupport

/// A ``FailureReporter`` that keeps what it is given, for tests of assertions and
/// harnesses: assert their failure messages exactly, and that they fail at all.
///
/// ```swift
/// let failures = CollectedFailures()
/// let store = TestStore(..., reporter: failures.reporter)
/// #expect(failures.messages == ["…"])
/// ```
public final class CollectedFailures: Sendable {
    public init() {}

    private let store = Locked<[(message: String, line: UInt)]>([])
    public var messages: [String] { store.withLock { $0.map(\.message) } }
    public var lines: [UInt] { store.withLock { $0.map(\.line) } }
    public var reporter: FailureReporter {
        FailureReporter { [store] message, site in store.withLock { $0.append((message, site.line)) } }
    }
}
