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
// checks: docs/architecture.md#declared-once
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
        ("built-in worker", BuiltInWorker.names.sorted(), nil)
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

    /// The keys each step, component and provider type allows are declared once, by its
    /// decoder: the schema's alternative for the type allows exactly those, and the
    /// reference's table row lists them (besides `type`, `if` and a provider's `model`).
    @Test func everyTypesKeysAreTheDecodersInTheSchemaAndTheReference() throws {
        let manual = try Self.text("docs/manifest.md")
        let kinds: [(what: String, names: [String], keys: (String) -> [String]?, schema: String, definition: String, common: Set<String>)] =
            [
                ("step", Step.typeNames, Step.keys(of:), "docs/schema/scene.schema.json", "step", ["type", "if"]),
                (
                    "component", ComponentDefinition.typeNames, ComponentDefinition.keys(of:), "docs/schema/scene.schema.json", "component",
                    ["type", "if"]
                ),
                (
                    "provider", ProviderDefinition.typeNames, ProviderDefinition.keys(of:), "docs/schema/app.schema.json", "provider",
                    ["type", "model"]
                )
            ]
        for kind in kinds {
            let schema = try #require(try JSONSerialization.jsonObject(with: Data(Self.text(kind.schema).utf8)) as? [String: Any])
            let alternatives = Self.alternatives(in: schema, definition: kind.definition)
            for name in kind.names {
                let keys = try #require(kind.keys(name), "\(kind.what) '\(name)' declares no keys")
                let inSchema = alternatives[name].map { Set($0) }
                #expect(
                    inSchema == Set(keys),
                    "\(kind.schema): the \(kind.what) '\(name)' allows \(inSchema.map { $0.sorted() } ?? []), the decoder \(keys.sorted())")
                // The row in the kind's own section: a component and a built-in worker may share a name (`group`).
                let heading =
                    ["step": "### Interactor steps", "component": "### View components", "provider": "### Providers"][kind.what] ?? ""
                let section = manual.components(separatedBy: heading).dropFirst().first?.components(separatedBy: "\n### ").first ?? manual
                let row = section.split(separator: "\n").first { $0.hasPrefix("| `\(name)` |") }.map(String.init) ?? ""
                let cells = row.split(separator: "|", omittingEmptySubsequences: false)
                let listed = cells.count > 2 ? Set(cells[2].matches(of: /`(\w+)/).map { String($0.1) }) : []
                #expect(
                    listed == Set(keys).subtracting(kind.common),
                    "docs/manifest.md's row for the \(kind.what) '\(name)' lists \(listed.sorted()), the decoder allows \(Set(keys).subtracting(kind.common).sorted())"
                )
            }
        }
    }

    /// Each alternative's `type` constant and the properties it allows, from a schema's
    /// `definitions.NAME`.
    static func alternatives(in schema: [String: Any], definition: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        func visit(_ value: Any) {
            if let object = value as? [String: Any] {
                if let properties = object["properties"] as? [String: Any], let type = properties["type"] as? [String: Any],
                    let name = type["const"] as? String
                {
                    found[name] = Array(properties.keys)
                }
                object.values.forEach(visit)
            } else if let array = value as? [Any] {
                array.forEach(visit)
            }
        }
        if let definitions = schema["definitions"] as? [String: Any], let part = definitions[definition] { visit(part) }
        return found
    }

    @Test func hoverListsTheTypesFromTheirDeclarations() {
        #expect(TypeDeclaration.listed(["fetch", "store", "call"]) == "fetch, store or call")
        #expect(KeyDocs.line(for: "type", in: .step(type: nil)) == TypeDeclaration.listed(Step.typeNames))
        #expect(KeyDocs.line(for: "type", in: .provider(type: "http"))?.contains("collection") == true)
        #expect(KeyDocs.lines["providers"]?.contains("collection") == true)
    }

    static let allDeclarations: [(what: String, declaration: TypeDeclaration)] =
        StepType.allCases.map { ("step", $0.declaration) } + ProviderType.allCases.map { ("provider", $0.declaration) }
        + ComponentType.allCases.map { ("component", $0.declaration) }

    /// A declaration says what its type does and what each key is, names each key once, and
    /// hover shows its words for the key in an object of that type.
    @Test func everyDeclarationIsComplete() {
        for (what, declaration) in Self.allDeclarations {
            #expect(!declaration.summary.isEmpty, "the \(what) '\(declaration.name)' has no summary")
            #expect(Set(declaration.allowed).count == declaration.allowed.count, "the \(what) '\(declaration.name)' names a key twice")
            for key in declaration.common + declaration.own {
                #expect(!key.doc.isEmpty, "the key '\(key.name)' of the \(what) '\(declaration.name)' has no doc")
                let place: ManifestKeys.Place =
                    switch what {
                    case "step": .step(type: declaration.name)
                    case "provider": .provider(type: declaration.name)
                    default: .component(type: declaration.name)
                    }
                #expect(KeyDocs.line(for: key.name, in: place) == key.doc, "hover on '\(key.name)' in a \(declaration.name)")
            }
        }
        // What a step binds and handles follows from its keys; what it writes, from its type.
        for type in StepType.allCases {
            #expect(type.binds == type.declaration.allowed.contains("as"))
            // A `let` binds what it works out itself: nothing there can fail but its expression.
            #expect(type.handlesFailure == (type.writes == .collection || type.writes == .provider || (type.binds && type != .let)))
        }
    }

    /// A step type's summary is its row's last cell in docs/manifest.md#interactor-steps, word
    /// for word; a built-in worker's row says what it gives starting with its summary, and
    /// names each of its arguments.
    @Test func summariesAreTheReferencesRows() throws {
        let manual = try Self.text("docs/manifest.md")
        func cells(_ name: String, in section: String) -> [String] {
            let part = manual.components(separatedBy: "\n### \(section)\n").dropFirst().first ?? ""
            let row = part.split(separator: "\n").first { $0.hasPrefix("| `\(name)` |") }.map(String.init) ?? ""
            return row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        for type in StepType.allCases {
            let row = cells(type.rawValue, in: "Interactor steps")
            #expect(row.count > 3 && row[3] == type.declaration.summary, "docs/manifest.md's row for '\(type.rawValue)' says \(row)")
        }
        for worker in BuiltInWorker.allCases {
            let row = cells(worker.rawValue, in: "Built-in workers")
            let gives = row.count > 3 ? row[3].replacingOccurrences(of: "`", with: "") : ""
            #expect(gives.hasPrefix(worker.signature.summary), "docs/manifest.md's row for '\(worker.rawValue)' gives '\(gives)'")
            for argument in worker.signature.required + worker.signature.optional {
                #expect(
                    row.count > 2 && row[2].contains("`\(argument)`"), "docs/manifest.md's row for '\(worker.rawValue)' omits '\(argument)'"
                )
            }
        }
    }

}
