import Foundation
import Testing
import VIP
import VIPTesting

@Suite struct ValueDumpTests {
    struct Row: Equatable {
        var title: String
        var price: Decimal
    }
    enum Route {
        case product(id: String, from: Int)
        case home
    }

    @Test func structsPutOneFieldOnALine() {
        let dump = ValueDump.render(Row(title: "Pixel", price: Decimal(string: "699.5")!))
        #expect(dump == "ValueDumpTests.Row(\n  title: \"Pixel\",\n  price: 699.5\n)")
    }

    @Test func collectionsAndOptionals() {
        #expect(ValueDump.render([1, 2]) == "[\n  1,\n  2\n]")
        #expect(ValueDump.render([String]()) == "[]")
        #expect(ValueDump.render(Optional<Int>.none as Any) == "nil")
        #expect(ValueDump.render(["b": 2, "a": 1]) == "[\n  \"a\": 1,\n  \"b\": 2\n]")
    }

    @Test func enumsShowTheirCaseAndPayload() {
        #expect(ValueDump.render(Route.home) == ".home")
        #expect(ValueDump.render(Route.product(id: "p1", from: 2)) == ".product(\n  id: \"p1\",\n  from: 2\n)")
    }
}
