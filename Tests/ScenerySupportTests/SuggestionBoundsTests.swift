import Testing

@testable import ScenerySupport

@Suite struct SuggestionBoundsTests {
    @Test func aLongWordGetsNoSuggestionAndFarLengthsAreSkipped() {
        let long = String(repeating: "n", count: 20_000)
        #expect(Suggestions.closest(to: long, in: [long + "x"]) == nil)
        #expect(Suggestions.closest(to: "prodcts", in: ["products", "p", String(repeating: "p", count: 5000)]) == "products")
    }
}
