import Testing

@testable import SceneManifest

/// A file's findings come out in file order, however they were reported.
@Suite struct DiagnosticSinkTests {
    // checks: docs/manifest.md#diagnostics
    /// Findings reported out of order are sorted by offset; findings at one offset keep the
    /// order they were reported in; findings already in order come back as they were.
    @Test(arguments: [
        [5, 1, 9, 1, 0],
        [0, 1, 1, 2, 30],
        [40, 30, 20, 10],
        []
    ])
    func findingsComeInFileOrderAndStableAtOnePlace(offsets: [Int]) {
        var sink = DiagnosticSink(source: SourceFile(path: "x", text: String(repeating: "a\n", count: 30)))
        for (index, offset) in offsets.enumerated() {
            sink.warning(.neverRead, "finding \(index)", at: offset, pointer: "")
        }
        let expected = offsets.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map { "finding \($0.offset)" }
        #expect(sink.sorted.map(\.message) == expected)
    }
}
