import Foundation
import SceneManifest

/// A deterministic catalog document of about `bytes` bytes: objects, strings with escapes and
/// non-ASCII text, exact decimals, arrays, booleans and nulls — what manifests and data hold.
func catalogDocument(bytes target: Int) -> [UInt8] {
    var text = "{\"formatVersion\": 1, \"products\": [\n"
    var index = 0
    while text.utf8.count < target {
        if index > 0 { text += ",\n" }
        text += """
              {"id": "p\(index)", "name": "Product \(index) — \\"special\\" édition", "price": \(index % 1000).\(index % 100),
               "tags": ["tag\(index % 7)", "tag\(index % 11)", "sale"], "inStock": \(index % 2 == 0), "rating": null,
               "dimensions": {"width": \(index % 50), "height": 1.5e2, "unit": "cm\\u00b2"}}
            """
        index += 1
    }
    text += "\n]}\n"
    return Array(text.utf8)
}

/// Scenery's parser keeps every value's position and numbers as their exact text;
/// Foundation's makes `NSNumber`s (doubles) and keeps no positions.
@MainActor
func parserRow(runs: Int) async throws -> Row {
    let document = catalogDocument(bytes: 2 << 20)
    let data = Data(document)
    // Both sides report the names of the products they read, so the check compares content.
    return try await compare(
        "JSON parse, 2 MB catalog (A ≤ 4 ms is 0.5 GB/s)", runs: runs, target: .microseconds(4000),
        a: Side(name: "Scenery's `JSONParser` (positions kept, numbers as exact text)") {
            let root = try JSONParser.parse(document, limits: .init(maxBytes: 64 << 20))
            return root["products"]?.elements?.compactMap { $0["name"]?.string } ?? []
        },
        b: Side(name: "Foundation's `JSONSerialization` (no positions, numbers as `NSNumber`)") {
            let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return (root?["products"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        })
}
