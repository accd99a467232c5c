import Foundation
import SceneManifest
import Testing

/// A finding whose hint names the name meant carries the fix: the edit, not words — what
/// the editor's quick fix applies.
// checks: docs/editors.md#what-the-server-does
@Suite struct FixItTests {
    @Test func everyDidYouMeanOfTheBrokenAppHasTheEditThatMakesIt() throws {
        let broken = Paths.root.appendingPathComponent("Scenes/Broken").path
        let report = Validator.validate(path: broken)
        var checked = 0
        for finding in report.diagnostics {
            let meant = finding.hint?.firstMatch(of: /^did you mean '([^']+)'\?/).map { String($0.output.1) }
            guard let meant else {
                #expect(finding.fixes.isEmpty, "\(finding): a fix without a did-you-mean")
                continue
            }
            let fix = try #require(finding.fixes.first, "\(finding): no fix for its did-you-mean")
            let edit = try #require(fix.edits.first)
            #expect(edit.text == meant)
            let path = finding.file.hasPrefix("/") ? finding.file : broken + "/" + finding.file
            let bytes = Array(FileManager.default.contents(atPath: path) ?? Data())
            let wrong = String(decoding: bytes[edit.range], as: UTF8.self)
            #expect(finding.message.contains("'\(wrong)'"), "\(finding): the edit replaces '\(wrong)', which the message does not name")
            #expect(fix.title == "Change '\(wrong)' to '\(meant)'")
            checked += 1
        }
        #expect(checked >= 5, "the broken app has \(checked) did-you-means")
    }

    @Test func aMisspeltNameInAnExpressionIsReplacedWhereItStands() throws {
        let folder = "/app"
        let files = InMemoryFiles([
            folder + "/app.json": Array(#"{"formatVersion": 1, "name": "A", "entry": "S"}"#.utf8),
            folder + "/scenes/S.json": Array(
                #"{"formatVersion": 1, "scene": "S", "state": {"count": {"type": "int", "default": 0}}, "view": [{"type": "text", "text": "n @{state.cuont}"}]}"#
                    .utf8)
        ])
        let report = Validator.validate(path: folder, files: files)
        let finding = try #require(report.diagnostics.first { $0.message.contains("cuont") })
        let edit = try #require(finding.fixes.first?.edits.first)
        let text = String(decoding: try #require(files.contents(of: folder + "/scenes/S.json")), as: UTF8.self)
        let start = text.utf8.count - (text.range(of: "cuont").map { text[$0.lowerBound...].utf8.count } ?? 0)
        #expect(edit.range == start..<(start + 5))
        #expect(edit.text == "count")
    }
}
