import Foundation
import SceneManifest
import Testing
import VIP

@testable import SceneRuntime

/// What an ejected scene calls gives exactly what the runtime gives the manifest: the
/// functions, operators, text and conditions of the expression language, the built-in
/// workers, collection writes, `onError`'s `error`, and a `validate` that stops.
// checks: docs/eject.md#same-results-exactly
@MainActor
@Suite struct EjectSupportTests {
    let format = FormatContext(locale: "en_US", currency: "USD")

    /// What the runtime evaluates `expression` to, with no roots.
    func evaluated(_ expression: String) throws -> SceneValue {
        let parsed = try ExpressionParser.expression(expression)
        return try Evaluator.evaluate(parsed, in: EvaluationContext(format: format)).get()
    }

    @Test func functionsGiveWhatTheRuntimeGives() throws {
        let money: String = try SceneFunctions.call("currency", Decimal(string: "1234.5")!, format: format)
        #expect(SceneValue.string(money) == (try evaluated("currency(1234.5)")))
        let plural: String = try SceneFunctions.call("plural", 2, "item", "items", format: format)
        #expect(plural == "items")
        let trimmed: String? = try SceneFunctions.call("trim", String?.none, format: format)
        #expect(trimmed == nil)
        // A result of another type than the one asked for is an error, not a trap.
        #expect(throws: (any Error).self) { let _: Int = try SceneFunctions.call("upper", "a", format: format) }
        // The runtime's own errors: a pattern that is none.
        #expect(throws: (any Error).self) { let _: Bool = try SceneFunctions.call("matches", "a", "[", format: format) }
    }

    @Test func operatorsAreTheRuntimesExactBoundedOnes() throws {
        let half: Decimal = try SceneFunctions.binary("/", 1, 2)
        #expect(half == Decimal(string: "0.5"))
        let sum: Decimal = try SceneFunctions.binary("+", Decimal(string: "0.1")!, Decimal(string: "0.2")!)
        #expect(sum == Decimal(string: "0.3"))
        let joined: String = try SceneFunctions.binary("+", "A-", 3)
        #expect(SceneValue.string(joined) == (try evaluated("'A-' + 3")))
        // The runtime's errors, as in the manifest: division by zero.
        #expect(throws: (any Error).self) { let _: Decimal = try SceneFunctions.binary("/", 1, 0) }
        #expect(throws: (any Error).self) { try evaluated("1 / 0") }
    }

    @Test func readingByIndexIsTheRuntimes() throws {
        let second: String? = try SceneFunctions.index(["a", "b"], 1)
        #expect(second == "b")
        let past: String? = try SceneFunctions.index(["a", "b"], 5)
        #expect(past == nil)
        #expect(try evaluated("['a', 'b'][5]") == .null)
        let letter: String? = try SceneFunctions.index("abc", 0)
        #expect(letter == "a")
    }

    @Test func textAndConditionsAreTheRuntimes() throws {
        #expect(SceneFunctions.text(Decimal(string: "2.50")!) == SceneValue.number(Decimal(string: "2.50")!).description)
        #expect(SceneFunctions.text(String?.none) == "")
        #expect(SceneFunctions.text(true) == "true")
        #expect(!SceneFunctions.holds(""))
        #expect(!SceneFunctions.holds([String]()))
        #expect(!SceneFunctions.holds(0))
        #expect(SceneFunctions.holds("x"))
        #expect(!SceneFunctions.holds(String?.none))
    }

    struct Item: Codable, Equatable, SceneValueConvertible {
        var name: String
        var price: Decimal
        var tags: [String]
    }

    /// A list that is not an array to the compiler: the workers' general path.
    struct Whole: SceneValueConvertible {
        let items: [Item]
        var sceneValue: SceneValue { .list(items.map { $0.sceneValue }) }
        init(items: [Item]) { self.items = items }
        init?(sceneValue: SceneValue) { nil }
    }

    static let items = [
        Item(name: "Cable", price: 9, tags: ["usb"]), Item(name: "Case", price: 19, tags: ["sale"]),
        Item(name: "Charger", price: 9, tags: ["usb", "sale"])
    ]

    @Test func builtInWorkersRunAsTheRuntimeRunsThem() throws {
        let sorted: [Item] = try SceneWorkers.run("sort", Self.items, ["by": .field("price"), "order": .value("desc")])
        // Stable: equal prices keep their order.
        #expect(sorted.map(\.name) == ["Case", "Cable", "Charger"])
        let found: [Item] = try SceneWorkers.run("search", Self.items, ["text": .value("SALE"), "fields": .value(["tags"])])
        #expect(found.map(\.name) == ["Case", "Charger"])
        let total: Decimal = try SceneWorkers.run("sum", Self.items, ["of": .each { (it: Item) in it.price * 2 }])
        #expect(total == 74)
        let first: Item? = try SceneWorkers.run("find", Self.items, ["where": .each { (it: Item) in it.name.hasPrefix("Ch") }])
        #expect(first?.name == "Charger")
        let none: Item? = try SceneWorkers.run("find", [Item](), ["where": .each { (it: Item) in true }])
        #expect(none == nil)
        #expect(throws: (any Error).self) {
            let _: [Item] = try SceneWorkers.run("sort", Self.items, ["order": .value("up"), "by": .field("price")])
        }
    }

    /// A typed list through a worker that gives some of its items is the runtime's choice of
    /// them, the items themselves; the others read their result as before.
    @Test func aTypedListKeepsItsOwnItemsWhereTheRuntimeChoosesThem() throws {
        let arguments: [(String, KeyValuePairs<String, WorkerArgument>)] = [
            ("sort", ["by": .field("price")]), ("search", ["text": .value("c"), "fields": .value(["name"])]),
            ("filter", ["where": .each { (it: Item) in it.price > 9 }]), ("remove", ["where": .field("tags")]),
            ("page", ["size": .value(2), "page": .value(2)]), ("unique", ["by": .field("price")])
        ]
        for (name, given) in arguments {
            let typed: [Item] = try SceneWorkers.run(name, Self.items, given)
            // The same worker on the list as one dynamic value, its result read back item by item.
            let dynamic: [Item] = try SceneWorkers.run(name, Whole(items: Self.items), given)
            #expect(typed == dynamic, "\(name)")
        }
        let page: [Item] = try SceneWorkers.run("page", Self.items, ["size": .value(2), "page": .value(2)])
        #expect(page.map(\.name) == ["Charger"])
        #expect(throws: (any Error).self) { let _: [Item] = try SceneWorkers.run("page", Self.items, ["size": .value(0)]) }
    }

    /// An ejected model read a field at a time: a field's name may be the parameter's own.
    struct Fielded: Codable, Equatable, SceneFields {
        var name: String
        var price: Decimal
        var tags: [String]

        func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "name": self.name.sceneValue
            case "price": self.price.sceneValue
            case "tags": self.tags.sceneValue
            default: .null
            }
        }
    }

    /// A worker that chooses items by the fields it names reads only those, and chooses as
    /// it does from the records whole; one that may read any field reads them whole.
    @Test func aWorkerReadsOnlyTheFieldsItNames() throws {
        let fielded = Self.items.map { Fielded(name: $0.name, price: $0.price, tags: $0.tags) }
        let arguments: [(String, KeyValuePairs<String, WorkerArgument>)] = [
            ("sort", ["by": .field("price"), "order": .value("desc")]), ("search", ["text": .value("sale"), "fields": .value(["tags"])]),
            ("search", ["text": .value("ca")]), ("search", ["text": .value("ca"), "fields": .value(["name"])]),
            ("page", ["size": .value(2), "page": .value(2)]),
            ("filter", ["where": .each { (it: Fielded) in it.price > 9 }])
        ]
        for (name, given) in arguments {
            let typed: [Fielded] = try SceneWorkers.run(name, fielded, given)
            let whole: [Item] = try SceneWorkers.run(name, Self.items, given)
            #expect(typed.map(\.name) == whole.map(\.name), "\(name)")
        }
        #expect(SceneWorkers.fieldsRead(by: "search", ["text": .value("x"), "fields": .value(["name", "tags"])]) == ["name", "tags"])
        #expect(SceneWorkers.fieldsRead(by: "search", ["text": .value("x")]) == nil)
        #expect(SceneWorkers.fieldsRead(by: "sort", ["by": .field("price")]) == ["price"])
        #expect(SceneWorkers.fieldsRead(by: "filter", ["where": .field("price")]) == nil)
    }

    @Test func aRecordWrittenInPlaceKeepsItsFieldsInOrder() {
        let record = SceneRecord(["b": 1, "a": "x", "c": String?.none])
        #expect(record.sceneValue == .record(Record(fields: [("b", .number(1)), ("a", .string("x")), ("c", .null)])))
    }
}
