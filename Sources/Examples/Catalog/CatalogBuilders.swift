import Foundation
import VIP

/// The dependencies of the example, by the names its builders resolve.
@MainActor
public enum CatalogDependencies {
    /// Registers everything the Catalog and Product builders need.
    public static func live(
        products: any Provider<Void, [Product]> = SampleProducts.provider,
        navigator: Navigator, shared: SharedStore = SharedStore()
    ) -> Dependencies {
        var dependencies = Dependencies()
        dependencies.register((any Provider<Void, [Product]>).self, products)
        dependencies.register(Navigator.self, navigator)
        dependencies.register(SharedStore.self, shared)
        return dependencies
    }
}

/// Assembles the Catalog module: module, state, use cases, and a router that pushes the
/// Product module built by ``ProductBuilder``.
public struct CatalogBuilder: Builder {
    public init() {}

    public func build(_ args: Void, dependencies: Dependencies) throws -> CatalogScreen {
        let products = try dependencies.resolve((any Provider<Void, [Product]>).self, for: "Catalog")
        let navigator = try dependencies.resolve(Navigator.self, for: "Catalog")
        let shared = try dependencies.resolve(SharedStore.self, for: "Catalog")
        let errors = ErrorService()
        let router = NavigationRouter<Catalog.Route>(navigator: navigator, errors: errors) { route in
            switch route {
            case .product: .push { try ProductBuilder().build((), dependencies: dependencies) }
            }
        }
        let module = Module(name: "Catalog", errors: errors, router: router)
        return CatalogScreen(module: module, products: products, store: DataStore(Catalog.State(), shared: shared))
    }
}

/// Assembles the Product module. Its argument travels through the shared store, not `Args`.
public struct ProductBuilder: Builder {
    public init() {}

    public func build(_ args: Void, dependencies: Dependencies) throws -> ProductScreen {
        let products = try dependencies.resolve((any Provider<Void, [Product]>).self, for: "Product")
        let shared = try dependencies.resolve(SharedStore.self, for: "Product")
        return ProductScreen(module: Module(name: "Product"), products: products, shared: shared)
    }
}

/// The example's data.
public enum SampleProducts {
    public static let all: [Product] = [
        Product(id: "p1", name: "Pixel 8", price: Decimal(string: "699.00") ?? 0, tags: ["phone", "android"]),
        Product(id: "p2", name: "iPhone 15", price: Decimal(string: "799.00") ?? 0, tags: ["phone", "ios"]),
        Product(id: "p3", name: "USB-C Cable", price: Decimal(string: "9.99") ?? 0, tags: ["accessory"]),
        Product(id: "p4", name: "Phone Case", price: Decimal(string: "19.50") ?? 0, tags: ["accessory", "phone"])
    ]

    public static let provider: any Provider<Void, [Product]> = ClosureProvider { all }
}
