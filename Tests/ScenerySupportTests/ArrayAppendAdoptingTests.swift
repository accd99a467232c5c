import ScenerySupport
import Testing

@Suite struct ArrayAppendAdoptingTests {
    @Test func appendsInOrderWhetherOrNotTheArrayIsEmpty() {
        var gathered: [Int] = []
        gathered.append(adopting: [1, 2])
        #expect(gathered == [1, 2])
        gathered.append(adopting: [3])
        gathered.append(adopting: [])
        #expect(gathered == [1, 2, 3])
        var untouched = [4]
        untouched.append(adopting: gathered)
        #expect(untouched == [4, 1, 2, 3])
        #expect(gathered == [1, 2, 3])
    }
}
