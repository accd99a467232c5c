import ScenerySupport

/// The faults a session injects on its providers, by provider name: those `--fault` gives
/// when it starts, changed as it runs by `>> fault` lines (docs/testing.md#faults).
///
/// Every provider consults it on each read and write, so a fault begins at the next one:
/// a transcript can fail a provider after its data was loaded.
public final class ProviderFaults: Sendable {
    /// Each faulted provider's fault, and what injected it (`--fault`, `>> fault`), which
    /// its errors name.
    private let faults: Locked<[String: (fault: RuntimeOptions.Fault, by: String)]>

    init(_ faults: [String: RuntimeOptions.Fault]) {
        self.faults = Locked(faults.mapValues { ($0, "--fault") })
    }

    /// The fault on provider `name` now, if any.
    public subscript(name: String) -> RuntimeOptions.Fault? {
        faults.withLock { $0[name]?.fault }
    }

    /// Injects `fault` on provider `name` from its next read or write on, as `by` says
    /// (`>> fault`); nil lifts it.
    public func set(_ fault: RuntimeOptions.Fault?, on name: String, by origin: String) {
        faults.withLock { $0[name] = fault.map { ($0, origin) } }
    }

    /// What a fault on provider `name` does to one read or write: throw, or wait first.
    func inject(into name: String, writing: Bool, clock: any Clock<Duration>) async throws {
        guard let (fault, origin) = faults.withLock({ $0[name] }) else { return }
        switch fault {
        case .fail: throw ProviderError(name, "failed (fault injected with \(origin))")
        case .failStores where writing: throw ProviderError(name, "could not be written (fault injected with \(origin))")
        case .failStores: return
        case let .delay(milliseconds): try await clock.sleep(for: .milliseconds(milliseconds))
        }
    }
}

extension RuntimeOptions.Fault {
    /// A fault as `--fault` and `>> fault` spell it: `fail`, `fail-store` or `delay:MS`
    /// (0–600 000 ms); nil for anything else.
    public init?(spelled text: String) {
        switch text {
        case "fail": self = .fail
        case "fail-store": self = .failStores
        default:
            guard text.hasPrefix("delay:"), let milliseconds = Int(text.dropFirst(6)), (0...600_000).contains(milliseconds)
            else { return nil }
            self = .delay(milliseconds: milliseconds)
        }
    }
}
