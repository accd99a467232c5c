import ScenerySupport
import Testing

/// A value held in a `CopyOnWrite` behaves as the value itself: a copy never sees a write
/// made through another copy, however many copies share the box.
struct CopyOnWriteTests {
    struct Fields: Sendable, Equatable {
        var names: [String]
        var count: Int
    }

    @Test func aCopyKeepsItsValueWhenTheOriginalIsWritten() {
        var original = CopyOnWrite(Fields(names: ["a"], count: 1))
        let copy = original
        original.value.names.append("b")
        original.value.count = 2
        #expect(copy.value == Fields(names: ["a"], count: 1))
        #expect(original.value == Fields(names: ["a", "b"], count: 2))
    }

    @Test func theOriginalKeepsItsValueWhenACopyIsWritten() {
        let original = CopyOnWrite(Fields(names: ["a"], count: 1))
        var copy = original
        copy.value.count += 10
        #expect(original.value.count == 1)
        #expect(copy.value.count == 11)
    }

    @Test func everyWriteToAValueHeldAloneLands() {
        var held = CopyOnWrite(Fields(names: [], count: 0))
        for index in 0..<100 { held.value.names.append("\(index)") }
        #expect(held.value.names.count == 100)
        #expect(held.value.names.last == "99")
    }

    @Test func copiesMadeAtEachStepKeepTheValueOfTheirStep() {
        var value = CopyOnWrite(Fields(names: [], count: 0))
        var snapshots: [CopyOnWrite<Fields>] = []
        for index in 0..<5 {
            snapshots.append(value)
            value.value.count = index + 1
        }
        #expect(snapshots.map(\.value.count) == [0, 1, 2, 3, 4])
        #expect(value.value.count == 5)
    }
}
