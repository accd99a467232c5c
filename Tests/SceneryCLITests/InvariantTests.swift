import Foundation
import Testing

@testable import SceneryCLI

/// app.json's `invariants`: validated against their scene like any of its expressions, and
/// an E514 banner in every frame where one is false.
// checks: docs/manifest.md#invariants
@MainActor
@Suite struct InvariantTests {
    let shelf = """
        {"formatVersion": 1, "scene": "Shelf", "state": {"left": {"type": "int", "default": 1}},
         "useCases": {"take": {"interactor": [{"type": "set", "path": "state.left", "value": "@{state.left - 1}"}]}},
         "view": [{"type": "text", "text": "Left: @{state.left}"}, {"type": "button", "title": "Take", "action": "take"}]}
        """

    func app(_ invariants: String) throws -> URL {
        let app = scratchFolder.appendingPathComponent("scenery-invariants-\(UUID().uuidString)/Stock")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "Stock", "entry": "Shelf", "invariants": \#(invariants)}"#.utf8).write(
            to: app.appendingPathComponent("app.json"))
        try Data(shelf.utf8).write(to: app.appendingPathComponent("scenes/Shelf.json"))
        return app
    }

    @Test func aFalseInvariantIsAnE514BannerInTheFrame() async throws {
        let app = try app(#"{"Shelf": [{"check": "@{state.left >= 0}", "message": "none left below zero: @{state.left}"}]}"#)
        let script = app.deletingLastPathComponent().appendingPathComponent("script.txt")
        try Data("take\ntake\n".utf8).write(to: script)
        let result = await runScenery(["run", app.path, "--script", script.path])
        let frames = result.out.components(separatedBy: "> take\n")
        #expect(frames.count == 3)
        #expect(!frames[1].contains("E514"), "\(result.out)")
        #expect(frames[2].contains("! Shelf, invariant: none left below zero: -1 (E514)"), "\(result.out)")
    }

    @Test(arguments: [
        (#"{"Shelv": [{"check": "@{true}"}]}"#, "error[E301]: unknown scene 'Shelv'", "did you mean 'Shelf'?"),
        (#"{"Shelf": [{"check": "@{state.lfet >= 0}"}]}"#, "error[E409]: unknown field 'state.lfet'", "did you mean 'left'?"),
        (#"{"Shelf": [{"check": "@{vm.rows}"}]}"#, "error[E407]: no presenter produces 'vm.rows'", ""),
        (
            #"{"Shelf": [{"check": "@{true}", "mesage": "x"}]}"#, "error[E201]: unknown key 'mesage' in an invariant",
            "did you mean 'message'?"
        ),
        (#"{"Shelf": [{"message": "x"}]}"#, "error[E202]: missing key 'check' in an invariant", "")
    ])
    func anInvariantIsValidatedAgainstItsScene(invariants: String, finding: String, hint: String) async throws {
        let result = await runScenery(["validate", try app(invariants).path])
        #expect(result.code == 1)
        let text = result.out + result.error
        #expect(text.contains("app.json:1:"), "\(text)")
        #expect(text.contains(finding), "\(text)")
        if !hint.isEmpty { #expect(text.contains(hint), "\(text)") }
    }

    /// A state field only an invariant reads is read: no W002 for it, so `--strict` passes.
    @Test func aFieldOnlyAnInvariantReadsIsRead() async throws {
        let app = try app(#"{"Shelf": [{"check": "@{state.max >= 0}", "message": "at most @{args.cap}"}]}"#)
        let scene = app.appendingPathComponent("scenes/Shelf.json")
        let text = shelf.replacingOccurrences(
            of: #""state": {"left""#, with: #""args": {"cap": "int"}, "state": {"max": {"type": "int", "default": 3}, "left""#)
        try Data(text.utf8).write(to: scene)
        let result = await runScenery(["validate", "--strict", app.path])
        #expect(result.code == 0, "\(result.out)\(result.error)")
        // Without the invariant, both are never read.
        try Data(#"{"formatVersion": 1, "name": "Stock", "entry": "Shelf"}"#.utf8).write(to: app.appendingPathComponent("app.json"))
        let unread = await runScenery(["validate", app.path])
        #expect((unread.out + unread.error).contains("state field 'max' is never read"), "\(unread.out)\(unread.error)")
        #expect((unread.out + unread.error).contains("argument 'cap' is never read"), "\(unread.out)\(unread.error)")
    }

    @Test func anAppWithoutInvariantsRunsAsBefore() async throws {
        let app = try app("{}")
        let result = await runScenery(["validate", "--strict", app.path])
        #expect(result.code == 0, "\(result.out)\(result.error)")
    }
}
