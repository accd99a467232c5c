import Testing
import VIP
import VIPTesting

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
