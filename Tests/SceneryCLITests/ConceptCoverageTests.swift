import Foundation
import SceneManifest
import Testing
@testable import SceneryCLI

/// Each step type, provider type, view component, route mode and built-in worker is declared
/// once in code; this fails when one is missing from a place that lists them by hand: the
/// JSON Schemas editors validate with, and docs/manifest.md's tables. (Completion and hover
/// read the declarations themselves.)
// checks: docs/manifest.md#interactor-steps
// checks: docs/manifest.md#providers
// checks: docs/manifest.md#view-components
// checks: docs/manifest.md#routes
// checks: docs/manifest.md#built-in-workers
@Suite struct ConceptCoverageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Workers have no schema list: an app declares Swift workers of its own names.
    static let concepts: [(what: String, words: [String], schema: String?)] = [
        ("step type", Step.typeNames, "docs/schema/scene.schema.json"),
        ("view component", ComponentDefinition.typeNames, "docs/schema/scene.schema.json"),
        ("route mode", RouteMode.allCases.map(\.rawValue), "docs/schema/scene.schema.json"),
        ("provider type", ProviderDefinition.typeNames, "docs/schema/app.schema.json"),
        ("built-in worker", BuiltInWorkers.all.keys.sorted(), nil),
    ]

    @Test func everyConceptIsInItsSchemaAndTheReference() throws {
        let manual = try Self.text("docs/manifest.md")
        for concept in Self.concepts {
            let schema = try concept.schema.map(Self.text)
            for word in concept.words {
                if let schema, let path = concept.schema {
                    #expect(schema.contains("\"\(word)\""), "\(path) does not list the \(concept.what) '\(word)'")
                }
                #expect(manual.contains("| `\(word)` |"), "docs/manifest.md has no table row for the \(concept.what) '\(word)'")
            }
        }
    }

    @Test func hoverListsTheTypesFromTheirDeclarations() {
        #expect(KeyDocs.listed(["fetch", "store", "call"]) == "fetch, store or call")
        #expect(KeyDocs.lines["step.type"] == KeyDocs.listed(Step.typeNames))
        #expect(KeyDocs.lines["provider.type"]?.contains("keyValue") == true)
    }
}
