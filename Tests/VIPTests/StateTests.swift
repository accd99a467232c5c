import Testing
import VIP

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

@MainActor
@Suite struct DependencyTests {
    protocol ProductsProvider {}
    struct Products: ProductsProvider {}

    @Test func resolvesWhatWasRegistered() throws {
        var dependencies = Dependencies()
        dependencies.register((any ProductsProvider).self, Products())
        dependencies.register(String.self, named: "apiBase", "http://127.0.0.1:8080")

        #expect(try dependencies.resolve((any ProductsProvider).self) is Products)
        #expect(try dependencies.resolve(String.self, named: "apiBase") == "http://127.0.0.1:8080")
        #expect(dependencies.contains(String.self, named: "apiBase"))
        #expect(!dependencies.contains(String.self))
    }

    @Test func aMissingDependencyIsADescriptiveErrorWithASuggestion() {
        var dependencies = Dependencies()
        dependencies.register(String.self, named: "apiBase", "x")
        dependencies.register(Int.self, 3)

        #expect {
            try dependencies.resolve(String.self, named: "apiBsae", for: "Catalog")
        } throws: { error in
            (error as? DependencyError)?.description == """
                missing dependency String 'apiBsae' for module 'Catalog'; registered: Int, String 'apiBase'
                hint: did you mean String 'apiBase'?
                """
        }
    }
}

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("prodcts", ["products", "cart"], "products"),
        ("Cart", ["cart", "card"], "cart"),
        ("xyz", ["products", "cart"], nil),
        ("lod", ["load", "open"], "load"),
    ] as [(String, [String], String?)])
    func suggestsTheClosestLikelyTypo(word: String, candidates: [String], expected: String?) {
        #expect(Suggestions.closest(to: word, in: candidates) == expected)
    }

    @Test func countsATranspositionAsOneEdit() {
        #expect(Suggestions.editDistance("recieve", "receive") == 1)
        #expect(Suggestions.editDistance("", "abc") == 3)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    }
}

@Suite struct UnifiedDiffTests {
    @Test func hunksShowContextAndLineNumbers() {
        let expected = (1...10).map { "line \($0)" }
        var actual = expected
        actual[4] = "line five"
        actual.append("line 11")
        #expect(LineDiff.unified(expected: expected, actual: actual, expectedName: "expected", actualName: "actual", context: 1) == """
            --- expected
            +++ actual
            @@ -4,3 +4,3 @@
             line 4
            -line 5
            +line five
             line 6
            @@ -10,1 +10,2 @@
             line 10
            +line 11
            """)
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(expected: ["a"], actual: ["a"], expectedName: "x", actualName: "y").isEmpty)
    }
}
