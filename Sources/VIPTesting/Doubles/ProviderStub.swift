import ScenerySupport
import VIP

/// A provider that answers with scripted outcomes, in order, and records every query.
///
/// ```swift
/// let products = ProviderStub<Void, [Product]>(.value(all), .failure(Offline()))
/// let slow = ProviderStub<Void, [Product]>(clock: clock, .delayed(.seconds(1), .value(all)))
/// products.always(.value(all))   // once the script runs out
/// ```
///
/// A call with nothing scripted throws ``ProviderStubError/unscripted(call:)`` rather than
/// inventing a value, so a test never passes on data it did not choose.
public final class ProviderStub<Query: Sendable, Value: Sendable>: Provider, Sendable {
    public indirect enum Outcome {
        case value(Value)
        case failure(any Error)
        /// Waits `duration` on the stub's ``TestClock``, then gives the outcome.
        case delayed(Duration, Outcome)
    }

    private struct State {
        var script: [Outcome]
        var fallback: Outcome?
        var queries: [Query] = []
    }

    private let state: Locked<State>
    private let clock: TestClock?

    public init(clock: TestClock? = nil, _ script: Outcome...) {
        self.clock = clock
        state = Locked(State(script: script))
    }

    /// Adds outcomes to the end of the script.
    public func enqueue(_ outcomes: Outcome...) { state.withLock { $0.script += outcomes } }

    /// The outcome of every call after the script has run out.
    public func always(_ outcome: Outcome) { state.withLock { $0.fallback = outcome } }

    /// The queries received, in order.
    public var queries: [Query] { state.withLock { $0.queries } }

    /// How many times the provider was called.
    public var callCount: Int { state.withLock { $0.queries.count } }

    public func fetch(_ query: Query) async throws -> Value {
        let (outcome, call) = state.withLock { state -> (Outcome?, Int) in
            state.queries.append(query)
            let outcome = state.script.isEmpty ? state.fallback : state.script.removeFirst()
            return (outcome, state.queries.count)
        }
        guard let outcome else { throw ProviderStubError.unscripted(call: call) }
        return try await resolve(outcome)
    }

    private func resolve(_ outcome: Outcome) async throws -> Value {
        switch outcome {
        case let .value(value): return value
        case let .failure(error): throw error
        case let .delayed(duration, then):
            guard let clock else { throw ProviderStubError.delayWithoutClock }
            try await clock.sleep(for: duration)
            return try await resolve(then)
        }
    }
}

public enum ProviderStubError: Error, Equatable, CustomStringConvertible {
    case unscripted(call: Int)
    case delayWithoutClock

    public var description: String {
        switch self {
        case let .unscripted(call):
            "provider stub called \(call.counting("time")) but nothing is scripted for call \(call); add an outcome or use always(_:)"
        case .delayWithoutClock: "provider stub scripted with a delay but made without a TestClock"
        }
    }
}
