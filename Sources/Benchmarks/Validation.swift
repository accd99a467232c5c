import Foundation
import SceneManifest

/// The Shop app with `count` copies of its catalog scene added, as a generated app.
func largeApp(scenes count: Int) throws -> [String: String] {
    let shop = URL(fileURLWithPath: "Scenes/Shop")
    guard let enumerator = FileManager.default.enumerator(at: shop, includingPropertiesForKeys: nil) else {
        throw BenchmarkFailure.setup("run the benchmarks from the project root: Scenes/Shop is needed")
    }
    var files: [String: String] = [:]
    for case let url as URL in enumerator where url.pathExtension == "json" {
        let relative = String(url.path.dropFirst(shop.path.count + 1))
        guard !relative.hasPrefix("tests/"), let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
        files[relative] = text
    }
    guard let catalog = files["scenes/Catalog.json"] else { throw BenchmarkFailure.setup("Scenes/Shop/scenes/Catalog.json is missing") }
    for index in 0..<count {
        files["scenes/Catalog\(index).json"] = catalog.replacingOccurrences(
            of: "\"scene\": \"Catalog\"", with: "\"scene\": \"Catalog\(index)\"")
    }
    return files
}

@MainActor
func validationRow(runs: Int) async throws -> Row {
    let large = try GeneratedApp.write(largeApp(scenes: 900))
    let small = try GeneratedApp.write(largeApp(scenes: 81))
    defer {
        GeneratedApp.remove(large)
        GeneratedApp.remove(small)
    }
    // Per scene: the Shop's 9 scenes plus the copies. The reports are let go outside the
    // clock, as `scenery validate` keeps its report until the process exits (UntilExit).
    var kept: [ValidationReport] = []
    let letGo: @MainActor () -> Void = { kept.removeAll() }
    func validate(_ root: URL, scenes: Int) throws -> Bool {
        let report = Validator.validate(path: root.path)
        guard report.app?.scenes.count == scenes else {
            throw BenchmarkFailure.setup("the generated app has \(report.app?.scenes.count ?? 0) scenes, not \(scenes)")
        }
        kept.append(report)
        return report.hasErrors
    }
    let row = try await compare(
        "validate, per scene", runs: runs, target: .linear(microseconds: 50, ratio: 1.3),
        a: Side(
            name:
                "validating a 909-scene app (the Shop and 900 copies of its catalog), ÷ 909, its report kept as `scenery validate` keeps it",
            body: { try validate(large, scenes: 909) }, untimed: letGo),
        b: Side(
            name: "validating a 90-scene app the same way, ÷ 90 — linear if the ratio stays near 1",
            body: { try validate(small, scenes: 90) }, untimed: letGo))
    return row.perUnit(a: 909, b: 90)
}

extension Row {
    /// The row with A's times divided by `a` and B's by `b`: per scene, per item.
    func perUnit(a: Double, b: Double) -> Row {
        let scale = b / a
        return Row(
            metric: metric, a: self.a, b: self.b, aText: formatMicroseconds(aMedian / a), bText: formatMicroseconds(bMedian / b),
            aMedian: aMedian / a, bMedian: bMedian / b, ratios: ratios.map { $0 * scale }.sorted(), target: target, runs: runs)
    }
}
