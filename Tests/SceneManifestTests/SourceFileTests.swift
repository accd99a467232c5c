import Foundation
import SceneManifest
import Testing

/// Byte offsets to the `line:column` users see, including inside escaped strings.
@Suite struct SourceFileTests {
    /// Found by the json fuzz target: a stray continuation byte at the start of a line was column 0.
    @Test func aStrayContinuationByteAtALineStartIsColumnOne() {
        let file = SourceFile(path: "x", bytes: [0x80, 0x0A, 0x41, 0xBF])
        #expect(file.location(of: 0) == (1, 1))
        #expect(file.location(of: 3) == (2, 2))
        let accented = SourceFile(path: "x", text: "é\u{1F600}x")
        #expect([0, 1, 2, 3, 4, 5, 6].map { accented.location(of: $0).column } == [1, 1, 2, 2, 2, 2, 3])
    }

    /// Line starts: every byte after a newline, an empty last line, blank lines, no newline.
    @Test func linesStartAfterEveryNewline() {
        let file = SourceFile(path: "x", text: "ab\n\ncd\n")
        #expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map { file.location(of: $0).line } == [1, 1, 1, 2, 3, 3, 3, 4, 4])
        #expect(file.location(of: 5) == (3, 2))
        #expect(SourceFile(path: "x", text: "").location(of: 0) == (1, 1))
        let long = SourceFile(path: "x", text: String(repeating: "x", count: 5000) + "\ny")
        #expect(long.location(of: 5001) == (2, 1))
        #expect(long.location(of: 4999) == (1, 5000))
    }

    // checks: docs/manifest.md#diagnostics
    /// Columns far along long lines (a minified manifest is one line) are counted from the
    /// file's block counts: the same columns as counting from the line's start, at every
    /// offset, on lines of one-, two-, three- and four-byte characters.
    @Test func columnsOnLongLinesAreCountedAsOnShortOnes() {
        let pieces = ["a", "é", "€", "\u{1F600}", "{\"f\": 1}", " "]
        var text = ""
        for index in 0..<3_000 { text += pieces[index * 7 % pieces.count] }
        text += "\nshort\n\n"
        for index in 0..<900 { text += pieces[index % pieces.count] }
        let file = SourceFile(path: "x", text: text)
        let bytes = Array(text.utf8)
        var line = 1, lineStart = 0, characters = 0
        for offset in 0...bytes.count {
            let insideCharacter = offset < bytes.count && bytes[offset] & 0xC0 == 0x80
            let expected = (line, characters + 1 - (insideCharacter ? 1 : 0))
            let found = file.location(of: offset)
            if found != expected {
                Issue.record("offset \(offset) (line start \(lineStart)): \(found), not \(expected)")
                return
            }
            guard offset < bytes.count else { break }
            if bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
                characters = 0
            } else if bytes[offset] & 0xC0 != 0x80 {
                characters += 1
            }
        }
    }

    /// A surrogate pair escape is one four-byte character, so what follows it keeps its column.
    @Test(arguments: [
        (#""\uD83D\uDE00x""#, 4, 13),  // after the pair: the x
        (#""\uD83Dx""#, 3, 7),  // a lone high surrogate is U+FFFD, three bytes
        (#""\u00e9\uD83D\uDE00@{""#, 6, 19),  // é (two bytes), the pair (four), then @
        (#""ab\"c""#, 3, 5)  // an escaped quote is one byte
    ])
    func offsetsInsideEscapedStrings(text: String, decodedIndex: Int, offset: Int) {
        #expect(SourceFile(path: "x", text: text).offset(inStringAt: 0, decodedIndex: decodedIndex) == offset)
    }

    @Test func anExpressionErrorAfterAnEscapedEmojiPointsAtItsOwnColumn() throws {
        let scene = #"{ "formatVersion": 1, "scene": "S", "title": "\uD83D\uDE00 @{1 +}", "view": [] }"#
        let folder = scratchFolder.appendingPathComponent("scenery-emoji-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("S.json")
        try Data(scene.utf8).write(to: file)
        let finding = try #require(Validator.validate(path: file.path).diagnostics.first { $0.code.family == .expression })
        // The `}` the parser stopped at, counted in characters: the pair is one.
        let brace = try #require(scene.range(of: "+}")).upperBound
        #expect(finding.column == scene.unicodeScalars.distance(from: scene.startIndex, to: brace))
    }
}
