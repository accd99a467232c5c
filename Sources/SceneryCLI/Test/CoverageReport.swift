import Foundation
import SceneRuntime

/// `scenery test --coverage FILE`: which places of the apps the transcripts exercised, as an
/// lcov tracefile on the manifests themselves (so Codecov, `genhtml` and `lcov_cobertura`
/// show coverage on the JSON files) and as a summary per scene.
///
/// In lcov's terms each use case is a function (`FN`/`FNDA`), each use case, step,
/// validation rule and view component a line (`DA`, counts of places on one line added),
/// and each `if`, each rule's verdict a branch pair (`BRDA`, `-` where the place was never
/// reached).
struct CoverageReport {
    let items: [CoverageMap.Item]
    let counts: [String: Int]

    func count(_ key: String) -> Int { counts[key] ?? 0 }

    var covered: Int { items.filter { count($0.key) > 0 }.count }
    var branches: Int { items.reduce(0) { $0 + $1.branches.count } }
    var branchesTaken: Int { items.reduce(0) { $0 + $1.branches.filter { count($0) > 0 }.count } }
    /// The share of places run, 0–100; 100 for an app with none.
    var percent: Double { items.isEmpty ? 100 : Double(covered) * 100 / Double(items.count) }

    /// The items of each manifest, manifests in the order of `items`.
    var byFile: [(file: String, places: [CoverageMap.Item])] {
        var order: [String] = []
        var groups: [String: [CoverageMap.Item]] = [:]
        for item in items {
            if groups[item.file] == nil { order.append(item.file) }
            groups[item.file, default: []].append(item)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// The tracefile.
    var lcov: String {
        var lines: [String] = []
        for (file, places) in byFile {
            lines += ["TN:scenery", "SF:\(file)"]
            let useCases = places.filter { $0.kind == .useCase }
            for item in useCases { lines.append("FN:\(item.line),\(item.label)") }
            for item in useCases { lines.append("FNDA:\(count(item.key)),\(item.label)") }
            lines += ["FNF:\(useCases.count)", "FNH:\(useCases.filter { count($0.key) > 0 }.count)"]
            var branchCount = 0, branchHits = 0
            for (block, item) in places.enumerated() where !item.branches.isEmpty {
                let reached = item.branches.contains { count($0) > 0 }
                for (index, key) in item.branches.enumerated() {
                    lines.append("BRDA:\(item.line),\(block),\(index),\(reached ? String(count(key)) : "-")")
                    branchCount += 1
                    if count(key) > 0 { branchHits += 1 }
                }
            }
            lines += ["BRF:\(branchCount)", "BRH:\(branchHits)"]
            let byLine = Dictionary(grouping: places, by: \.line).mapValues { $0.reduce(0) { $0 + count($1.key) } }
            for line in byLine.keys.sorted() { lines.append("DA:\(line),\(byLine[line] ?? 0)") }
            lines += ["LF:\(byLine.count)", "LH:\(byLine.values.filter { $0 > 0 }.count)", "end_of_record"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per manifest, then the total:
    /// `coverage: Scenes/Shop/scenes/Cart.json 3/3 use cases, 12/14 steps, 3/4 branches, …; never run: checkout.fail at 41:9`.
    var summary: [String] {
        var result: [String] = []
        for (file, places) in byFile {
            var parts: [String] = []
            for kind in CoverageMap.Kind.allCases {
                let ofKind = places.filter { $0.kind == kind }
                guard !ofKind.isEmpty else { continue }
                let name = kind == .useCase ? "use cases" : "\(kind.rawValue)s"
                parts.append("\(ofKind.filter { count($0.key) > 0 }.count)/\(ofKind.count) \(name)")
                if kind == .step {
                    let outcomes = places.flatMap(\.branches)
                    if !outcomes.isEmpty { parts.append("\(outcomes.filter { count($0) > 0 }.count)/\(outcomes.count) branches") }
                }
            }
            let missed = places.filter { count($0.key) == 0 }.map { "\($0.label) at \($0.line):\($0.column)" }
            let never =
                missed.isEmpty
                ? ""
                : "; never run: " + missed.prefix(5).joined(separator: ", ")
                    + (missed.count > 5 ? " and \(missed.count - 5) more" : "")
            result.append("coverage: \(file) \(parts.joined(separator: ", "))\(never)")
        }
        result.append(
            "coverage: \(String(format: "%.1f", percent))% of places run (\(covered)/\(items.count)), \(branchesTaken)/\(branches) branches taken"
        )
        return result
    }
}
