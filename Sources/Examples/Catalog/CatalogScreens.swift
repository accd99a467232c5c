import VIP

/// The Catalog module as it sits on the stack: the headless counterpart of a view
/// controller. It owns its module and use cases and keeps the latest view models.
@MainActor
public final class CatalogScreen: Screen {
    public let screenName = "Catalog"
    public private(set) var list = Catalog.Load.ViewModel()
    public private(set) var error: DisplayedError?
    /// Called after anything the screen shows changed.
    public var onChange: (@MainActor () -> Void)?

    private let module: Module<Catalog.Route>
    private let products: any Provider<Void, [Product]>
    private let store: DataStore<Catalog.State>
    private var errorWatch: Observation?

    private lazy var load = module.useCase(
        "load", interactor: CatalogLoadInteractor(products: products, store: store),
        presenter: CatalogLoadPresenter(), display: .weak(self, CatalogScreen.displayLoad))
    private lazy var open = module.useCase(
        "open", interactor: CatalogOpenInteractor(store: store), presenter: NoPresenter(),
        display: DisplaySink { _ in })

    init(module: Module<Catalog.Route>, products: any Provider<Void, [Product]>, store: DataStore<Catalog.State>) {
        self.module = module
        self.products = products
        self.store = store
        errorWatch = module.errors.observe { [weak self] error in
            self?.error = error
            self?.onChange?()
        }
    }

    /// Searches; an empty query shows everything.
    @discardableResult
    public func search(_ query: String) throws(CommandRefusal) -> Task<Void, Never> {
        module.errors.clear()
        return try load.send(.init(query: query))
    }

    /// Opens the product in a 1-based row.
    @discardableResult
    public func open(row: Int) throws(CommandRefusal) -> Task<Void, Never> {
        module.errors.clear()
        return try open.send(.init(row: row))
    }

    /// Returns once the screen's work in flight is done (for tests and the command line).
    public func waitUntilIdle() async { await module.waitUntilIdle() }

    public func screenDidLeave() { module.leave() }

    private func displayLoad(_ viewModel: Catalog.Load.ViewModel) {
        list = viewModel
        onChange?()
    }
}

/// The Product module's screen: loads its product each time it appears.
@MainActor
public final class ProductScreen: Screen {
    public let screenName = "Product"
    public private(set) var detail: ProductDetail.Load.ViewModel?
    public private(set) var error: DisplayedError?
    public var onChange: (@MainActor () -> Void)?

    private let module: Module<Never>
    private let products: any Provider<Void, [Product]>
    private let shared: SharedStore
    private var errorWatch: Observation?

    private lazy var load = module.useCase(
        "load", interactor: ProductLoadInteractor(products: products, shared: shared),
        presenter: ProductLoadPresenter(), display: .weak(self, ProductScreen.displayDetail))

    init(module: Module<Never>, products: any Provider<Void, [Product]>, shared: SharedStore) {
        self.module = module
        self.products = products
        self.shared = shared
        errorWatch = module.errors.observe { [weak self] error in
            self?.error = error
            self?.onChange?()
        }
    }

    public func screenWillAppear() { _ = try? load.send(.init()) }

    public func screenDidLeave() { module.leave() }

    /// Returns once the screen's work in flight is done (for tests and the command line).
    public func waitUntilIdle() async { await module.waitUntilIdle() }

    private func displayDetail(_ viewModel: ProductDetail.Load.ViewModel) {
        detail = viewModel
        onChange?()
    }
}
