import Foundation
import SceneManifest
import Testing
import VIP

@testable import SceneRuntime

/// A provider that hands back the very same storage again — inline data, a fixture — is
/// checked against its model and read into Swift structs once; anything else is checked and
/// read as ever, so the memo never hides a value that does not fit.
@MainActor
@Suite struct ReadOnceTests {
    let products: SceneValue = .list([
        .record(Record(["name": .string("Lamp"), "price": .number(12)])), .record(Record(["name": .string("Desk"), "price": .number(90)]))
    ])

    @Test func sameStorageIsACopyOfOneListOrRecordNeverEqualValuesMadeApart() {
        let copy = products
        #expect(products.isSameStorage(as: copy))
        let madeApart: SceneValue = .list([
            .record(Record(["name": .string("Lamp"), "price": .number(12)])),
            .record(Record(["name": .string("Desk"), "price": .number(90)]))
        ])
        #expect(madeApart == products)
        #expect(!products.isSameStorage(as: madeApart))
        if case let .list(items) = products { #expect(items[0].isSameStorage(as: items[0])) }
        #expect(!SceneValue.string("a").isSameStorage(as: .string("a")))
        #expect(!SceneValue.list([]).isSameStorage(as: .list([])))
        #expect(!SceneValue.record(Record()).isSameStorage(as: .record(Record())))
        // Changing a copy gives it storage of its own.
        var changed = products
        if case var .list(items) = changed {
            items[0] = .null
            changed = .list(items)
        }
        #expect(!changed.isSameStorage(as: products))
    }

    /// A base provider handing back whatever `next` holds.
    // @unchecked: only the test's main actor sets `next`, between fetches.
    final class Handing: Provider, @unchecked Sendable {
        typealias Query = SceneValue
        var next: SceneValue = .null
        func fetch(_ query: SceneValue) async throws -> SceneValue { next }
    }

    @Test func aValueThatDoesNotFitIsRefusedEveryTimeEvenAfterOneThatFitted() async throws {
        let base = Handing()
        let model = try TypeRef.parse("[string]").get()
        let provider = ModelCheckedProvider(name: "names", model: model, models: [:], origin: "provider 'names'", base: base)
        base.next = .list([.string("a"), .string("b")])
        #expect(try await provider.fetch(SceneValue.null) == base.next)
        #expect(try await provider.fetch(SceneValue.null) == base.next, "the same storage again")
        let bad: SceneValue = .list([.string("a"), .number(2)])
        base.next = bad
        for _ in 0..<2 {
            await #expect(throws: RunFailure.self) { try await provider.fetch(SceneValue.null) }
        }
    }

    @Test func aProvidersValueIsReadIntoSwiftOnceWhileItHandsBackTheSameStorage() throws {
        let memo = TypedValues()
        var reads = 0
        func read(_ value: SceneValue) throws -> [String] {
            try memo.value(of: "products", from: value) {
                reads += 1
                return value.listItems.map { $0["name"].description }
            }
        }
        #expect(try read(products) == ["Lamp", "Desk"])
        #expect(try read(products) == ["Lamp", "Desk"])
        #expect(reads == 1)
        let madeApart: SceneValue = .list([.record(Record(["name": .string("Chair")]))])
        #expect(try read(madeApart) == ["Chair"])
        #expect(reads == 2)
        // Another type of the same provider is read as that type.
        let counted = try memo.value(of: "products", from: madeApart) { 1 }
        #expect(counted == 1)
        #expect(try read(madeApart) == ["Chair"])
        #expect(reads == 3)
    }
}

extension SceneValue {
    fileprivate var listItems: [SceneValue] {
        if case let .list(items) = self { return items }
        return []
    }
}
