import Foundation
import SceneManifest

/// An app whose one scene declares `fields` state fields that nothing reads, written on one
/// line as a generated or minified manifest is: every field is a warning (W002).
func unreadFieldsApp(fields: Int) -> [String: String] {
    let state = (0..<fields).map { "\"f\($0)\": {\"type\": \"string?\"}" }.joined(separator: ", ")
    return [
        "app.json": #"{"formatVersion": 1, "name": "Unread", "entry": "Main"}"#,
        "scenes/Main.json": #"{"formatVersion": 1, "scene": "Main", "state": {"# + state
            + #"}, "view": [{"type": "header", "text": "Main"}]}"#
    ]
}

/// Findings cost the same each however many there are: 30 000 warnings (A) against 3 000 (B).
@MainActor
func diagnosticsRow(runs: Int) async throws -> Row {
    let large = try GeneratedApp.write(unreadFieldsApp(fields: 30_000))
    let small = try GeneratedApp.write(unreadFieldsApp(fields: 3_000))
    defer {
        GeneratedApp.remove(large)
        GeneratedApp.remove(small)
    }
    func validate(_ root: URL, fields: Int) throws -> Bool {
        let report = Validator.validate(path: root.path)
        let warnings = report.diagnostics.count { $0.code == .neverRead }
        guard warnings == fields, !report.hasErrors else {
            throw BenchmarkFailure.setup("the generated app gave \(warnings) W002 warnings, not \(fields)")
        }
        // What `scenery validate` prints of each.
        return report.diagnostics.allSatisfy { !$0.description.isEmpty }
    }
    return try await compare(
        "validate, 30 000 unread state fields", runs: runs, target: .growth(microseconds: 1_000_000, ratio: 12),
        a: Side(
            name:
                "validating an app whose one-line scene declares 30 000 state fields nothing reads (30 000 W002 warnings, each with its line, column and text)"
        ) {
            try validate(large, fields: 30_000)
        },
        b: Side(name: "the same with 3 000 fields: ten times the findings should cost about ten times as much") {
            try validate(small, fields: 3_000)
        })
}
