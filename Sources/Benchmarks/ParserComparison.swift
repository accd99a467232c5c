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

/// Scenery's parser keeps every value's position and numbers as their exact text, checks the
/// whole document and records it on a tape; strings are made when read. Foundation's makes
/// every value, `NSNumber`s (doubles) for numbers, and keeps no positions. Both sides report
/// how many products they found.
@MainActor
func parserRow(runs: Int) async throws -> Row {
    try await parserComparison(
        "JSON parse, 2 MB catalog (A ≤ 4 ms is 0.5 GB/s)", runs: runs, target: .microseconds(4000),
        a: "Scenery's `JSONParser` (positions kept, numbers as exact text, strings made when read)",
        b: "Foundation's `JSONSerialization` (no positions, numbers as `NSNumber`, every string made)",
        read: { $0["products"]?.elements?.count ?? 0 },
        readFoundation: { ($0?["products"] as? [Any])?.count ?? 0 })
}

/// The same parse with every product's name read, so that Scenery's side makes the strings
/// Foundation's makes up front: 8 000 names, each with escapes and non-ASCII characters.
@MainActor
func parserNamesRow(runs: Int) async throws -> Row {
    try await parserComparison(
        "JSON parse, 2 MB catalog, and every name read", runs: runs, target: .ratio(1.0),
        a: "Scenery's `JSONParser`, then each product's `name` as a string",
        b: "Foundation's `JSONSerialization`, then each product's `name`",
        read: { $0["products"]?.elements?.compactMap { $0["name"]?.string } ?? [] },
        readFoundation: { ($0?["products"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? [] })
}

/// The 2 MB catalog parsed by each side, then read by `read` and `readFoundation`, whose
/// outputs must be equal.
@MainActor
private func parserComparison<Output: Equatable>(
    _ metric: String, runs: Int, target: Target, a: String, b: String, read: @escaping (JSONValue) -> Output,
    readFoundation: @escaping ([String: Any]?) -> Output
) async throws -> Row {
    let document = catalogDocument(bytes: 2 << 20)
    let data = Data(document)
    return try await compare(
        metric, runs: runs, target: target,
        a: Side(name: a) { read(try JSONParser.parse(document, limits: .init(maxBytes: 64 << 20))) },
        b: Side(name: b) { readFoundation(try JSONSerialization.jsonObject(with: data) as? [String: Any]) })
}
