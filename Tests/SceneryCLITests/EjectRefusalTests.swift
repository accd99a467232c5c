import Foundation
import Testing

@testable import SceneryCLI

/// What `scenery eject` refuses: each construct it cannot write as Swift that behaves the
/// same, at its place with why, and then nothing is written.
// checks: docs/eject.md#what-eject-refuses
@MainActor
@Suite struct EjectRefusalTests {
    /// A one-scene app whose `go` use case runs `steps`, with `extra` app keys; the refusals
    /// ejecting it gives, or nil when it ejects.
    func refusals(_ steps: String, app extra: String = "", state: String = #""notes": {"type": "[string]", "default": []}"#)
        async throws -> [String]?
    {
        let app = try writeEjectApp(
            extra: extra,
            main: """
                {"formatVersion": 1, "scene": "Main", "state": {\(state)},
                 "useCases": {"go": {"interactor": [\(steps)]}, "other": {"interactor": []}},
                 "view": [{"type": "text", "text": "@{count(state.notes)}"}]}
                """)
        let output = app.deletingLastPathComponent().appendingPathComponent("out")
        let result = await runScenery(["eject", app.path, "--all", "--output", output.path, "--no-format"])
        if result.code == 0 { return nil }
        #expect(result.code == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path), "a refusal wrote files")
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasPrefix("error: nothing was written;") == true)
        return lines.dropLast().map { line in
            // `…/App/scenes/Main.json:LINE:COLUMN: error: cannot eject 'Main': WHY` → `LINE:COLUMN WHY`
            let place = line.components(separatedBy: "scenes/Main.json:").last ?? line
            return place.replacingOccurrences(of: ": error: cannot eject 'Main': ", with: " ")
        }
    }

    @Test func aPresentStepIsRefused() async throws {
        let refused = try await refusals(#"{"type": "present", "response": {"n": 1}}"#)
        #expect(refused == ["2:37 the 'present' step is not ejected yet"])
    }

    @Test func anAppsSwiftWorkerIsRefused() async throws {
        let worker = try await refusals(
            #"{"type": "work", "worker": "points", "input": "@{state.notes}", "as": "p"}"#,
            app: #", "workers": {"points": {"type": "swift"}}"#)
        #expect(worker?.first?.hasSuffix("the app's Swift worker 'points' is not ejected yet") == true)
    }

    @Test func indexReadsEnvAndTheAppsFormattersEject() async throws {
        #expect(
            try await refusals(
                #"{"type": "set", "path": "state.notes", "value": "@{[state.notes[0] ?? '', env.name, badge(1)]}"}"#,
                app: #", "env": {"name": "x"}, "formatters": {"badge": {"type": "swift"}}"#) == nil)
    }

    @Test func aCallWithAsIsRefused() async throws {
        let refused = try await refusals(#"{"type": "call", "useCase": "other", "as": "r"}"#)
        #expect(refused == ["2:37 'call' with 'as' is not ejected yet"])
    }

    @Test func aListOfMixedTypesIsRefused() async throws {
        let refused = try await refusals(#"{"type": "let", "as": "x", "value": "@{[1, 'a']}"}"#)
        #expect(refused?.first?.hasSuffix("a list whose items are not all of one type is not ejected") == true)
    }

    @Test func everyUseCaseRefusedIsListedOnce() async throws {
        let refused = try await refusals(#"{"type": "present", "response": {"n": 1}}, {"type": "call", "useCase": "other", "as": "r"}"#)
        // The first refusal of the use case; the rest of it is not looked at.
        #expect(refused == ["2:37 the 'present' step is not ejected yet"])
    }

    @Test func whatEjectsIsNotRefused() async throws {
        #expect(try await refusals(#"{"type": "set", "path": "state.notes", "value": "@{state.notes + ['x']}"}"#) == nil)
    }

    @Test func anAppWithErrorsIsRefusedWithItsFindings() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-eject-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "App", "entry": "Missing"}"#.utf8).write(to: folder.appendingPathComponent("app.json"))
        let result = await runScenery(["eject", folder.path, "--all", "--output", folder.appendingPathComponent("out").path])
        #expect(result.code == 1)
        #expect(result.error.contains("is not an app without errors; fix it to eject its scenes"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func aFunctionWhoseResultTheArgumentsLeaveOpenIsRefused() async throws {
        let refused = try await refusals(
            #"{"type": "let", "as": "m", "value": "@{min(1, 0.5)}"}"#)
        #expect(refused?.first?.hasSuffix("what 'min' gives for these arguments is not one Swift type") == true)
    }

    @Test func arithmeticOnAValueThatMayBeNullIsRefused() async throws {
        let refused = try await refusals(
            #"{"type": "let", "as": "m", "value": "@{state.maybe + 1}"}"#,
            state: #""notes": {"type": "[string]", "default": []}, "maybe": {"type": "int?"}"#)
        #expect(refused?.first?.hasSuffix("'+' on int? and int is not ejected yet") == true)
    }

    @Test func aFieldSwiftCannotNameIsRefused() async throws {
        let folder = try writeEjectApp(
            main:
                #"{"formatVersion": 1, "scene": "Main", "useCases": {"go": {"interactor": [], "response": {"first-name": 1}}}, "view": [{"type": "error"}]}"#
        )
        let result = await runScenery(["eject", folder.path, "--all", "--output", folder.appendingPathComponent("out").path, "--no-format"])
        #expect(result.code == 1)
        #expect(result.error.contains("the field 'first-name' has no Swift name"))
    }
}
