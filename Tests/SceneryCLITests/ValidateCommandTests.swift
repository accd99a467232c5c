import Foundation
import Testing

@testable import SceneryCLI

// checks: docs/cli.md#scenery-validate
@MainActor
@Suite struct ValidateCommandTests {
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes/Shop").path

    func validate(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        await runScenery(["validate"] + arguments)
    }

    func brokenScene() throws -> String {
        let folder = scratchFolder.appendingPathComponent("scenery-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("Cart.json").path
        try Data(#"{"formatVersion": 1, "scene": "Cart", "useCases": {"load": {"presentr": {}}}}"#.utf8).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theSampleAppIsClean() async {
        let result = await validate([Self.shop, "--strict"])
        #expect(result.code == 0)
        // Success goes to standard output, so standard error holds only problems.
        #expect(result.out == "\(Self.shop): no problems found\n")
        #expect(result.error == "")
    }

    @Test func findingsPrintAtFileLineColumnAndExitOne() async throws {
        let path = try brokenScene()
        let result = await validate([path])
        #expect(result.code == 1)
        #expect(
            result.error == """
                \(path):1:61: error[E201]: unknown key 'presentr' in use case 'load'
                  hint: did you mean 'presenter'?
                1 error, 0 warnings

                """)
    }

    @Test func aMisspeltRequiredKeyIsOneFindingNotTwo() async throws {
        let path = try brokenScene()
        try Data(#"{"formatVersion": 1, "scene": "Cart", "useCases": {"load": {"interactr": []}}}"#.utf8).write(
            to: URL(fileURLWithPath: path))
        let result = await validate([path])
        #expect(result.code == 1)
        #expect(
            result.error == """
                \(path):1:61: error[E201]: unknown key 'interactr' in use case 'load'
                  hint: did you mean 'interactor'?
                1 error, 0 warnings

                """)
    }

    @Test func jsonFormatPrintsObjectsOnStandardOutput() async throws {
        let path = try brokenScene()
        let result = await validate([path, "--format", "json"])
        #expect(result.code == 1)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(objects.count == 1)
        #expect(objects[0]["code"] as? String == "E201")
        #expect(objects[0]["line"] as? Int == 1)
        #expect(objects[0]["column"] as? Int == 61)
        #expect(objects[0]["pointer"] as? String == "/useCases/load/presentr")
        #expect(objects[0]["hint"] as? String == "did you mean 'presenter'?")
        #expect(Set(objects[0].keys) == ["severity", "code", "message", "file", "line", "column", "pointer", "hint"])
    }

    @Test func strictTurnsWarningsIntoFailure() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "T", "entry": "Main"}"#.utf8).write(to: folder.appendingPathComponent("app.json"))
        try Data(#"{"formatVersion": 1, "scene": "Main", "state": {"unused": {"type": "int", "default": 0}}}"#.utf8)
            .write(to: folder.appendingPathComponent("scenes/Main.json"))
        #expect(await validate([folder.path]).code == 0)
        #expect(await validate([folder.path, "--strict"]).code == 1)
    }

    @Test(arguments: [
        ([], "error: no path to validate\n  hint: give an app folder or a scene file: 'scenery validate Scenes/Shop'\n"),
        (["x", "--format", "yaml"], "error: unknown value for '--format' 'yaml'\n  hint: choose one of: text, json\n"),
        (["x", "--strcit"], "error: unknown option '--strcit'\n  hint: did you mean '--strict'?\n")
    ])
    func usageMistakesExitTwo(arguments: [String], message: String) async {
        let result = await validate(arguments)
        #expect(result.code == 2)
        #expect(result.error == message)
    }
}
