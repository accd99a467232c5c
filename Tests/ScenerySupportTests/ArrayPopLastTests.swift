import ScenerySupport
import Testing

@Suite struct ArrayPopLastTests {
    @Test func popLastMovesTheTailOutInOrder() {
        var stack = ["a", "a long string that is stored out of line", "c", "d"]
        #expect(stack.popLast(3) == ["a long string that is stored out of line", "c", "d"])
        #expect(stack == ["a"])
        #expect(stack.popLast(0) == [])
        #expect(stack.popLast(1) == ["a"])
        #expect(stack.isEmpty)
    }
}
