import ScenerySupport
import VIP

/// A writable provider held in memory, for an interactor that saves: it keeps one value, as
/// a `keyValue` provider does — `fetch` gives what was last stored (or the value it started
/// with), `store` replaces it — and failures are injected where a test wants them. It
/// records every query and store.
///
/// ```swift
/// let orders = ProviderDouble<Void, [Order]>([])
/// orders.failStores(with: DiskFull())          // the next store throws
/// try await interactor.save(order)              // → the presenter shows the error
/// orders.failStores(with: nil)
/// #expect(orders.stored.count == 1)             // what was stored, in order
/// ```
public final class ProviderDouble<Query: Sendable, Value: Sendable>: WritableProvider, Sendable {
    private struct State {
        var value: Value?
        var fetchFailure: (any Error)?
        var storeFailure: (any Error)?
        var queries: [Query] = []
        var stored: [(value: Value, query: Query)] = []
    }

    private let state: Locked<State>

    /// A provider that gives `initial` until something is stored; without one, a fetch before
    /// any store throws ``ProviderDoubleError/nothingStored``.
    public init(_ initial: Value? = nil) { state = Locked(State(value: initial)) }

    /// Makes every fetch throw `error` until called again with nil.
    public func failFetches(with error: (any Error)?) { state.withLock { $0.fetchFailure = error } }

    /// Makes every store throw `error` (nothing is kept) until called again with nil.
    public func failStores(with error: (any Error)?) { state.withLock { $0.storeFailure = error } }

    /// The queries fetched, in order.
    public var queries: [Query] { state.withLock { $0.queries } }

    /// The values stored (not the failed ones), in order, with their queries.
    public var stored: [(value: Value, query: Query)] { state.withLock { $0.stored } }

    /// What a fetch gives now, without counting as a fetch.
    public var value: Value? { state.withLock { $0.value } }

    public func fetch(_ query: Query) async throws -> Value {
        try state.withLock { state in
            state.queries.append(query)
            if let failure = state.fetchFailure { throw failure }
            guard let value = state.value else { throw ProviderDoubleError.nothingStored }
            return value
        }
    }

    public func store(_ value: Value, for query: Query) async throws {
        try state.withLock { state in
            if let failure = state.storeFailure { throw failure }
            state.value = value
            state.stored.append((value, query))
        }
    }
}

public enum ProviderDoubleError: Error, Equatable, CustomStringConvertible {
    case nothingStored

    public var description: String {
        switch self {
        case .nothingStored: "provider double fetched before anything was stored, and it was made without an initial value"
        }
    }
}
