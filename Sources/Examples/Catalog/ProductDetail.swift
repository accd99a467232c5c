import Foundation
import VIP

/// The Product module: shows the product whose id Catalog left in the shared store.
public enum ProductDetail {
    public enum Load: DataFlow {
        public struct Request: Sendable, Equatable { public init() {} }
        public struct Response: Sendable, Equatable { public var product: Product }
        public struct ViewModel: Sendable, Equatable {
            public var title: String
            public var price: String
            public var tags: String
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case nothingSelected
        case notFound(id: String)

        public var description: String {
            switch self {
            case .nothingSelected: "no product was selected"
            case let .notFound(id): "product '\(id)' is no longer available"
            }
        }
    }
}

/// Reads the selected id from the shared store (how YARCH passes ids between modules).
public final class ProductLoadInteractor: Interactor {
    private let products: any Provider<Void, [Product]>
    private let shared: SharedStore

    public init(products: any Provider<Void, [Product]>, shared: SharedStore) {
        self.products = products
        self.shared = shared
    }

    public func handle(_ request: ProductDetail.Load.Request, output: Output<ProductDetail.Load.Response, Never>) async throws {
        guard let id = shared[.selectedProductID] else { throw ProductDetail.Failure.nothingSelected }
        guard let product = try await products.fetch().first(where: { $0.id == id }) else {
            throw ProductDetail.Failure.notFound(id: id)
        }
        output.present(.init(product: product))
    }
}

public struct ProductLoadPresenter: Presenter {
    public init() {}

    public func present(_ response: ProductDetail.Load.Response) -> ProductDetail.Load.ViewModel {
        let product = response.product
        return .init(
            title: product.name, price: "Price: \(Money.format(product.price))",
            tags: product.tags.isEmpty ? "" : "Tags: \(product.tags.joined(separator: ", "))")
    }
}
