import Foundation
import SceneManifest

/// Apps the benchmarks write to a temporary folder and read back like any user's app.
enum GeneratedApp {
    /// Writes `files` (path → text) under a new temporary folder and returns it.
    static func write(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func remove(_ root: URL) { try? FileManager.default.removeItem(at: root) }

    /// Writes `files` and validates them: the app loaded, and its folder; a finding is a
    /// setup failure that names `what`.
    static func loaded(_ files: [String: String], what: String) throws -> (LoadedApp, URL) {
        let root = try write(files)
        let report = Validator.validate(path: root.path)
        guard let loaded = report.app, !report.hasErrors else {
            throw BenchmarkFailure.setup("\(what) does not validate:\n\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        }
        return (loaded, root)
    }
}

/// The catalog both sides of the JSON use-case row search: 100 products.
struct BenchProduct: Sendable {
    let id: String
    let name: String
    let price: Decimal
    let category: String
    let tags: [String]

    static let catalog: [BenchProduct] = (0..<100).map { index in
        let words = ["Phone", "Cable", "Case", "Charger", "Speaker", "Watch", "Tablet", "Stand", "Lamp", "Mouse"]
        let categories = ["phones", "accessories", "audio", "home"]
        let cents = (index * 7919) % 250_000 + 99
        return BenchProduct(
            id: "p\(index)", name: "\(words[index % words.count]) \(index)",
            price: Decimal(cents) / 100, category: categories[index % categories.count],
            tags: ["tag\(index % 5)", index % 3 == 0 ? "sale" : "new"])
    }

    var json: String {
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ", ")
        return "{\"id\": \"\(id)\", \"name\": \"\(name)\", \"price\": \(price), \"category\": \"\(category)\", \"tags\": [\(tagList)]}"
    }
}
