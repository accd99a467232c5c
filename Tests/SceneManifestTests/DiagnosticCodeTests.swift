import Foundation
import SceneManifest
import Testing

@Suite struct DiagnosticCodeTests {
    /// docs/manifest.md's table of codes, `| E201 | meaning |` rows, in order.
    static func documented() throws -> [(code: String, meaning: String)] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/manifest.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[1].wholeMatch(of: /[EW]\d{3}/) != nil else { return nil }
            return (cells[1], cells[2])
        }
    }

    @Test func theManualListsExactlyTheCataloguedCodesWithTheirMeanings() throws {
        let documented = try Self.documented()
        #expect(documented.map(\.code) == DiagnosticCode.all.map(\.rawValue))
        for (code, meaning) in documented {
            #expect(DiagnosticCode(code)?.meaning == meaning, "\(code)")
        }
    }

    @Test func eachCodeIsOnceInTheCatalogueAndItsFamilyMatchesItsNumber() {
        #expect(Set(DiagnosticCode.all.map(\.rawValue)).count == DiagnosticCode.all.count)
        let prefixes: [DiagnosticCode.Family: String] = [
            .file: "E1", .structure: "E2", .reference: "E3", .expression: "E4", .runtime: "E5", .warning: "W0"
        ]
        for code in DiagnosticCode.all {
            #expect(code.rawValue.hasPrefix(prefixes[code.family] ?? "?"), "\(code) is in family \(code.family)")
        }
        #expect(DiagnosticCode("E999") == nil)
        #expect(DiagnosticCode("E201") == .unknownKey)
    }
}
