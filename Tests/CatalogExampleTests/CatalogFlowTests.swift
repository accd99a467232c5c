import CatalogExample
import Testing
import VIP

/// The assembled example: builders, the default router, the shared store and the stack.
@MainActor
@Suite struct CatalogFlowTests {
    @Test func openingAProductPushesItsScreenWhichReadsTheSharedId() async throws {
        let navigator = Navigator()
        let dependencies = CatalogDependencies.live(navigator: navigator)
        let catalog = try CatalogBuilder().build((), dependencies: dependencies)
        navigator.start(with: catalog)

        try catalog.search("phone")
        await catalog.waitUntilIdle()
        #expect(catalog.list.rows.map(\.title) == ["Phone Case", "Pixel 8", "iPhone 15"])

        try catalog.open(row: 2)
        await catalog.waitUntilIdle()
        #expect(navigator.names == ["Catalog", "Product"])
        let product = try #require(navigator.top as? ProductScreen)
        await product.waitUntilIdle()
        #expect(product.detail?.title == "Pixel 8")
        #expect(product.detail?.price == "Price: $699.00")

        try navigator.back()
        #expect(navigator.names == ["Catalog"])
    }

    @Test func aBuilderWithoutItsDependenciesThrowsADescriptiveError() {
        #expect {
            _ = try CatalogBuilder().build((), dependencies: Dependencies())
        } throws: { error in
            "\(error)".hasPrefix("missing dependency any Provider<(), Array<Product>> for module 'Catalog'")
        }
    }
}
