import Foundation
import VIP

/// Load: shows a loading state, fetches, searches, remembers the result, presents it.
/// A provider failure is thrown, so it reaches the error service and the module goes on.
public final class CatalogLoadInteractor: Interactor {
    private let products: any Provider<Void, [Product]>
    private let search: SearchWorker
    private let store: DataStore<Catalog.State>

    public init(products: any Provider<Void, [Product]>, search: SearchWorker = SearchWorker(), store: DataStore<Catalog.State>) {
        self.products = products
        self.search = search
        self.store = store
    }

    public func handle(_ request: Catalog.Load.Request, output: Output<Catalog.Load.Response, Catalog.Route>) async throws {
        output.present(.loading)
        let all = try await products.fetch()
        let found = search.run((all, request.query))
        store.state.products = found
        output.present(.loaded(products: found, query: request.query))
    }
}

/// Open: the row's product id goes into the shared store, then the module routes to it.
public final class CatalogOpenInteractor: Interactor {
    private let store: DataStore<Catalog.State>

    public init(store: DataStore<Catalog.State>) { self.store = store }

    public func handle(_ request: Catalog.Open.Request, output: Output<Never, Catalog.Route>) async throws {
        let products = store.state.products
        guard products.indices.contains(request.row - 1) else {
            throw Catalog.Failure.noSuchRow(request.row, count: products.count)
        }
        let id = products[request.row - 1].id
        store.shared[.selectedProductID] = id
        output.route(.product(id: id))
    }
}
