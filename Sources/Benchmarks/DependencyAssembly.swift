import VIP

// Five services a module needs, registered and resolved by a builder, against the same
// module wired by hand.

struct ProductsService: Provider { func fetch(_ query: Void) async throws -> [String] { ["Pixel 8"] } }
struct PricesService: Provider { func fetch(_ query: String) async throws -> Int { 699 } }
struct CartService: Sendable { let id = "cart" }
struct AnalyticsService: Sendable { let id = "analytics" }
struct FormatService: Sendable { let id = "format" }

struct AssembledModule: Equatable {
    let parts: [String]
}

@MainActor
struct ShopModuleBuilder: Builder {
    func build(_ args: Void, dependencies: Dependencies) throws -> AssembledModule {
        let products = try dependencies.resolve((any Provider<Void, [String]>).self, for: "Shop")
        let prices = try dependencies.resolve((any Provider<String, Int>).self, for: "Shop")
        let cart = try dependencies.resolve(CartService.self, for: "Shop")
        let analytics = try dependencies.resolve(AnalyticsService.self, for: "Shop")
        let format = try dependencies.resolve(FormatService.self, named: "money", for: "Shop")
        return wire(products, prices, cart, analytics, format)
    }
}

func wire(
    _ products: any Provider<Void, [String]>, _ prices: any Provider<String, Int>, _ cart: CartService,
    _ analytics: AnalyticsService, _ format: FormatService
) -> AssembledModule {
    AssembledModule(parts: ["\(type(of: products))", "\(type(of: prices))", cart.id, analytics.id, format.id])
}

@MainActor
func dependencyRow(runs: Int) async throws -> Row {
    try await compare(
        "`Dependencies.register` of 5 services + assemble", runs: runs, target: .microseconds(10),
        a: Side(name: "5 services registered in `Dependencies` and resolved by a `Builder`", repeats: 2000) {
            var dependencies = Dependencies()
            dependencies.register((any Provider<Void, [String]>).self, ProductsService())
            dependencies.register((any Provider<String, Int>).self, PricesService())
            dependencies.register(CartService.self, CartService())
            dependencies.register(AnalyticsService.self, AnalyticsService())
            dependencies.register(FormatService.self, named: "money", FormatService())
            return try ShopModuleBuilder().build((), dependencies: dependencies)
        },
        b: Side(name: "the same module wired by hand", repeats: 2000) {
            wire(ProductsService(), PricesService(), CartService(), AnalyticsService(), FormatService())
        })
}
