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

    /// The banded distance agrees with the full table whenever the answer is within the
    /// limit, and is nil exactly when it is not — checked on seeded random words over a
    /// small alphabet, where edits, repeats and transpositions are common.
    @Test func theBoundedDistanceAgreesWithTheFullTable() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<3_000 {
            let a = Self.randomWord(&random), b = Self.randomWord(&random)
            let full = Self.fullTable(Array(a), Array(b))
            #expect(Suggestions.editDistance(a, b) == full, "\(a) / \(b)")
            for limit in 0...6 {
                let bounded = Suggestions.editDistance(a, b, limit: limit)
                #expect(bounded == (full <= limit ? full : nil), "\(a) / \(b) within \(limit)")
            }
        }
    }

    /// Optimal string alignment distance over the whole table, the definition the banded
    /// version must keep.
    static func randomWord(_ random: inout SeededRandom) -> String {
        String((0..<Int.random(in: 0...9, using: &random)).map { _ in "abcé".randomElement(using: &random) ?? "a" })
    }

    static func fullTable(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
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
