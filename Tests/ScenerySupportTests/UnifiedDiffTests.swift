@testable import ScenerySupport
import Testing

@Suite struct UnifiedDiffTests {
    @Test func hunksShowContextAndLineNumbers() {
        let expected = (1...10).map { "line \($0)" }
        var actual = expected
        actual[4] = "line five"
        actual.append("line 11")
        #expect(LineDiff.unified(expected: expected, actual: actual, expectedName: "expected", actualName: "actual", context: 1) == """
            --- expected
            +++ actual
            @@ -4,3 +4,3 @@
             line 4
            -line 5
            +line five
             line 6
            @@ -10,1 +10,2 @@
             line 10
            +line 11
            """)
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(expected: ["a"], actual: ["a"], expectedName: "x", actualName: "y").isEmpty)
    }
}
