import Foundation
import Testing

/// docs/architecture.md's table of targets is the package's: every target of Package.swift
/// (tests and the worked examples' executables aside) has its row, every row names a target,
/// and the dependencies a row names are the target's own.
// checks: docs/architecture.md#targets
@Suite struct ArchitectureTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each non-test target's name → its dependencies, as Package.swift declares them.
    static func packageTargets() throws -> [String: [String]] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(target|executableTarget)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var targets: [String: [String]] = [:]
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(match.range(at: 2), in: text).map({ String(text[$0]) }) else { continue }
            let list = Range(match.range(at: 3), in: text).map { String(text[$0]) } ?? ""
            targets[name] = list.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            .filter { !$0.isEmpty }
        }
        return targets
    }

    /// Each row of the table under `## Targets`: the targets it names → the names in its last cell.
    static func documentedRows() throws -> [(targets: [String], dependencies: [String])] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "\n## Targets\n") else { return [] }
        let section = text[start.upperBound...].prefix { _ in true }
        var rows: [(targets: [String], dependencies: [String])] = []
        for line in section.split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            func names(_ cell: String) -> [String] {
                cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
                    String($0.element)
                }
            }
            rows.append((names(cells.first ?? ""), names(cells.last ?? "")))
        }
        return rows
    }

    @Test func everyTargetHasItsRowAndEveryRowATarget() throws {
        let targets = try Self.packageTargets()
        let rows = try Self.documentedRows()
        let documented = Set(rows.flatMap(\.targets))
        #expect(rows.count >= 10)
        #expect(
            Set(targets.keys).subtracting(documented).isEmpty,
            "targets without a row: \(Set(targets.keys).subtracting(documented).sorted())")
        #expect(documented.subtracting(targets.keys).isEmpty, "rows naming no target: \(documented.subtracting(targets.keys).sorted())")
    }

    @Test func aRowNamesOnlyDependenciesItsTargetHas() throws {
        let targets = try Self.packageTargets()
        for row in try Self.documentedRows() {
            let declared = Set(row.targets.flatMap { targets[$0] ?? [] })
            let named = Set(row.dependencies).intersection(targets.keys)
            #expect(
                named.subtracting(declared).isEmpty,
                "\(row.targets): the table names \(named.subtracting(declared).sorted()), Package.swift does not")
        }
    }
}
