import Testing
import VIP
import VIPTesting

extension SharedKey where Value == [String] {
    static let cart = SharedKey("cart", default: [])
}

extension SharedKey where Value == Int {
    static let cartCount = SharedKey("cart", default: 0)
}

@MainActor
@Suite struct StateTests {
    @Test func sharedStoresAreReadByAnyModuleThatHoldsThem() {
        let shared = SharedStore()
        let catalog = DataStore(0, shared: shared)
        let cart = DataStore("", shared: shared)

        catalog.shared[.cart].append("p1")

        #expect(cart.shared[.cart] == ["p1"])
    }

    @Test func keysOfDifferentTypesNeverSeeEachOthersValues() {
        let shared = SharedStore()
        shared[.cart] = ["p1"]
        #expect(shared[.cartCount] == 0)
        shared.reset(.cart)
        #expect(shared[.cart] == [])
    }

    @Test func everyWriteAndResetMovesTheSharedVersionAndReadsDoNot() {
        let shared = SharedStore()
        let start = shared.version
        _ = shared[.cart]
        #expect(shared.version == start)
        shared[.cart] = ["p1"]
        #expect(shared.version == start + 1)
        shared[.cart].append("p2")
        #expect(shared.version == start + 2)
        shared.reset(.cart)
        #expect(shared.version == start + 3)
        // Nothing to reset: nothing changed.
        shared.reset(.cart)
        #expect(shared.version == start + 3)
    }

    @Test func stateAndSharedChangesArePublished() {
        let store = DataStore(0)
        var changes = 0
        var keys: [String] = []
        let stateWatch = store.observe { changes += 1 }
        let sharedWatch = store.shared.observe { keys.append($0) }

        store.state += 1
        store.shared[.cart] = ["p2"]

        #expect(changes == 1)
        #expect(keys == ["cart"])
        stateWatch.cancel()
        sharedWatch.cancel()
    }

    @Test func theErrorServiceKeepsTheLatestAndABoundedHistory() {
        let errors = ErrorService(historyLimit: 2)
        var shown: [String?] = []
        let watch = errors.observe { shown.append($0?.message) }

        errors.report(EchoFailure(), source: "a")
        errors.report(DisplayedError("offline"))
        errors.report(DisplayedError("timeout"))
        errors.report(CancellationError())
        errors.clear()

        #expect(shown == ["echo failed", "offline", "timeout", nil])
        #expect(errors.history.map(\.message) == ["offline", "timeout"])
        #expect(errors.latest == nil)
        watch.cancel()
    }
}
