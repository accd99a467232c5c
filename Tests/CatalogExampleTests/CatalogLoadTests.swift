import CatalogExample
import Foundation
import Testing
import VIP
import VIPTesting

/// The Catalog's Load use case, as a spec: each test sends one request and asserts every
/// view model the display receives.
@MainActor
@Suite struct CatalogLoadTests {
    let pixel = Product(id: "p1", name: "Pixel 8", price: 699, tags: ["phone"])
    let cable = Product(id: "p3", name: "USB-C Cable", price: Decimal(string: "9.99")!, tags: ["accessory"])
    let state = DataStore(Catalog.State())

    func makeStore(_ products: ProviderStub<Void, [Product]>) -> TestStore<CatalogLoadInteractor, CatalogLoadPresenter> {
        TestStore(interactor: CatalogLoadInteractor(products: products, store: state), presenter: CatalogLoadPresenter())
    }

    @Test func anEmptyQueryShowsEveryProductCheapestFirst() async {
        let store = makeStore(ProviderStub(.value([pixel, cable])))

        await store.send(.init(query: ""))
        await store.receive(.init(isLoading: true))
        await store.receive(
            .init(
                rows: [
                    .init(title: "USB-C Cable", detail: "$9.99"),
                    .init(title: "Pixel 8", detail: "$699.00")
                ], summary: "2 products"))
        await store.finish()

        #expect(state.state.products == [cable, pixel])
    }

    @Test func aQueryKeepsOnlyProductsWhoseNameOrTagsMatch() async {
        let store = makeStore(ProviderStub(.value([pixel, cable])))

        await store.send(.init(query: "PHONE"))
        await store.receive(.init(isLoading: true))
        await store.receive(.init(rows: [.init(title: "Pixel 8", detail: "$699.00")], summary: "1 product for 'PHONE'"))
        await store.finish()
    }

    @Test func aProviderFailureShowsAnErrorAndLeavesTheListAlone() async {
        let store = makeStore(ProviderStub(.failure(URLError(.notConnectedToInternet))))

        await store.send(.init(query: ""))
        await store.receive(.init(isLoading: true))
        await store.receiveError(DisplayedError(URLError(.notConnectedToInternet)).message)
        await store.finish()

        #expect(state.state.products.isEmpty)
    }

    @Test func aSlowProviderKeepsTheLoadingStateUntilItAnswers() async {
        let clock = TestClock()
        let store = makeStore(ProviderStub(clock: clock, .delayed(.seconds(3), .value([pixel]))))

        await store.send(.init(query: ""))
        await store.receive(.init(isLoading: true))
        await clock.advance(by: .seconds(3))
        await store.receive(.init(rows: [.init(title: "Pixel 8", detail: "$699.00")], summary: "1 product"))
        await store.finish()
    }
}
