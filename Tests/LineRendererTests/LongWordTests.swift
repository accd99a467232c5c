import LineRenderer
import Testing

@Suite struct LongWordTests {
    @Test func aLongWordIsSplitAtTheWidthInOnePass() {
        let word = String(repeating: "a", count: 100_003)
        let lines = LineRenderer(width: 40).render([.text("x " + word + " y")])
        #expect(lines.first == "x")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.count == 40 })
        #expect(lines.last == "aaa y")
        #expect(lines.count == 1 + 2500 + 1)
    }
}
