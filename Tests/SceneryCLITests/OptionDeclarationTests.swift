import Foundation
import Testing

@testable import SceneryCLI

/// `run`'s and `test`'s options are declared once (`RunCommand.options`, `TestCommand.options`):
/// the parser takes them, the usage text lists them, and docs/cli.md's table for the command
/// has a row for each — this fails when a row and a declaration disagree.
// checks: docs/cli.md#scenery-run
// checks: docs/cli.md#scenery-test
// checks: docs/architecture.md#declared-once
@Suite struct OptionDeclarationTests {
    static func rows(of section: String) throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manual = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let part = manual.components(separatedBy: "\n## \(section)\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        return Set(
            part.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^\| `(--[^`]+)` \|/).map { String($0.1).replacingOccurrences(of: "\\|", with: "|") }
            })
    }

    static func declared(_ specs: [Options.Spec]) -> Set<String> {
        Set(specs.map { $0.name + ($0.placeholder.map { " " + $0 } ?? "") })
    }

    @Test(arguments: [("scenery run", RunCommand.options), ("scenery test", TestCommand.options)])
    func everyOptionHasItsRowAndEveryRowAnOption(section: String, options: [Options.Spec]) throws {
        let rows = try Self.rows(of: section)
        #expect(!rows.isEmpty, "docs/cli.md has no option table under '## \(section)'")
        #expect(rows == Self.declared(options), "docs/cli.md's rows \(rows.sorted()) vs declared \(Self.declared(options).sorted())")
    }

    @Test func theUsageListsEveryDocumentedOptionWithItsHelp() {
        for (usage, options) in [(RunCommand.usage, RunCommand.options), (TestCommand.usage, TestCommand.options)] {
            for option in options where !option.help.isEmpty {
                let head = option.name + (option.placeholder.map { " " + $0 } ?? "")
                #expect(usage.contains("  \(head)"), "\(head) is not in the usage")
                #expect(usage.contains(option.help[0]))
            }
        }
        #expect(!TestCommand.usage.contains("--worker"))
    }

    /// A recording keeps the options that shape output: values, repeated values, then flags.
    @Test func aRecordingKeepsTheOptionsThatShapeOutput() throws {
        let options = try Options(
            ["app", "--strict", "--env", "a=1", "--script", "s", "--render", "diff", "--fixture", "p=f", "--env", "b=2", "--trace"],
            specs: RunCommand.options)
        #expect(
            options.recorded(RunCommand.options) == [
                "--render", "diff", "--env", "a=1", "--env", "b=2", "--fixture", "p=f", "--trace", "--strict"
            ])
    }
}
