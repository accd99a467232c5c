/// A module's state, as YARCH's DataStore: what its interactors remember between requests
/// (the loaded products, the selected id) and what its router reads to pass data on.
///
/// ```swift
/// let store = DataStore(CatalogState(), shared: shared)
/// store.state.products = found
/// let cart = store.shared[.cart]
/// ```
@MainActor
public final class DataStore<State> {
    /// The module's own state; every change is published.
    public var state: State {
        didSet { observers.notify(()) }
    }
    /// The stores all modules share (YARCH passes ids between modules through them).
    public let shared: SharedStore
    private let observers = Observers<Void>()

    public init(_ state: State, shared: SharedStore = SharedStore()) {
        self.state = state
        self.shared = shared
    }

    /// Calls `handler` after every change of ``state``.
    public func observe(_ handler: @escaping @MainActor () -> Void) -> Observation {
        observers.add { handler() }
    }
}
