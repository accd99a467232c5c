import Foundation
import ScenerySupport
import Testing

/// The contract cases in `Tests/SceneryCLITests/Contract/DOC/CASE/` (docs/contract.md): each
/// is a small app that a rule of the docs is about. `scenery validate CASE` must print
/// exactly its `findings.txt` (or find no problems when it has none), and `scenery test CASE`
/// must pass every transcript in its `tests/` — the transcripts say what the rule promises.
@MainActor
@Suite struct ContractCaseTests {
    nonisolated static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Contract")

    /// Every case folder (one holding an app.json), as `DOC/CASE`.
    nonisolated static let cases: [String] = {
        let manager = FileManager.default
        var found: [String] = []
        for doc in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
            for name in (try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(doc).path)) ?? []
            where manager.fileExists(atPath: folder.appendingPathComponent("\(doc)/\(name)/app.json").path) {
                found.append("\(doc)/\(name)")
            }
        }
        return found.sorted()
    }()

    @Test func thereAreCases() {
        #expect(Self.cases.count >= 10, "\(Self.cases)")
    }

    @Test(arguments: cases)
    func validateFindsWhatTheCaseSays(name: String) async throws {
        let app = Self.folder.appendingPathComponent(name)
        let run = await runScenery(["validate", app.path])
        let printed = (run.out + run.error).replacingOccurrences(of: app.path, with: "CASE")
        let expectedFile = app.appendingPathComponent("findings.txt")
        if let text = try? String(contentsOf: expectedFile, encoding: .utf8) {
            let expected = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# ") }.joined(
                separator: "\n")
            #expect(printed == expected, "\(name): validate printed\n\(printed)")
            #expect(run.code == (expected.contains(": error[") ? 1 : 0))
        } else {
            #expect(printed == "CASE: no problems found\n", "\(name): validate printed\n\(printed)")
            #expect(run.code == 0)
        }
    }

    @Test(arguments: cases)
    func everyTranscriptPasses(name: String) async throws {
        let app = Self.folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: app.appendingPathComponent("tests").path) else { return }
        let run = await runScenery(["test", app.path])
        #expect(run.code == 0, "\(name):\n\(run.out)\(run.error)")
        #expect(!run.out.contains("FAIL"), "\(name):\n\(run.out)")
    }
}
