import Testing

@testable import ScenerySupport

@Suite struct UnifiedDiffTests {
    @Test func hunksShowContextAndLineNumbers() {
        let expected = (1...10).map { "line \($0)" }
        var actual = expected
        actual[4] = "line five"
        actual.append("line 11")
        #expect(
            LineDiff.unified(expected: expected, actual: actual, expectedName: "expected", actualName: "actual", context: 1) == """
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

/// Two lines that differ only in a character nobody can see say where: a failure diff writes
/// it as an escape (docs/testing.md).
// checks: docs/testing.md#1-a-typed-pair-teststore
@Suite struct InvisibleDifferenceTests {
    @Test func aNoBreakSpaceShowsAsAnEscapeInBothDiffs() {
        let expected = ["Total: 12,50 €"], actual = ["Total: 12,50\u{A0}€"]
        #expect(
            LineDiff.unified(expected: expected, actual: actual, expectedName: "a", actualName: "b").hasSuffix(
                """
                -Total: 12,50 €
                +Total: 12,50\\u{A0}€
                """))
        #expect(LineDiff.render(expected: expected[0], actual: actual[0]) == "- Total: 12,50 €\n+ Total: 12,50\\u{A0}€")
    }

    @Test(arguments: [
        ("a\u{200B}b", #"a\u{200B}b"#), ("tab\there", #"tab\u{9}here"#), ("\u{FEFF}bom", #"\u{FEFF}bom"#), ("plain words", "plain words")
    ])
    func invisibleCharactersAreWrittenOut(text: String, shown: String) {
        #expect(LineDiff.visible(text) == shown)
    }
}
