import ScenerySupport
import Testing

@Suite struct ForEachInPlaceTests {
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func visitsEveryElementInOrder() {
        let boxes = (0..<50).map(Box.init)
        var seen: [Int] = []
        boxes.forEachInPlace { seen.append($0.value) }
        #expect(seen == Array(0..<50))
    }

    @Test func anEmptyArrayRunsNothing() {
        var runs = 0
        [Box]().forEachInPlace { _ in runs += 1 }
        #expect(runs == 0)
    }

    @Test func aThrowStopsTheWalk() {
        struct Stop: Error {}
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try [1, 2, 3, 4].forEachInPlace { number in
                if number == 3 { throw Stop() }
                seen.append(number)
            }
        }
        #expect(seen == [1, 2])
    }
}
