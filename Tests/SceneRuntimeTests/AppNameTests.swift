import Foundation
import SceneManifest
import SceneRuntime
import Testing

/// The app's `name` names its storage file, so it may not climb out of the state folder.
// checks: docs/manifest.md#appjson
@MainActor
@Suite struct AppNameTests {
    @Test(arguments: ["../../x", "/etc/x", "a/b", ".hidden", "", String(repeating: "a", count: 65)])
    func aNameThatIsNotAPlainFileNameIsRefusedAtValidateAndAtRunTime(name: String) throws {
        let folder = try writeApp([
            "app.json": #"{"formatVersion": 1, "name": \#(ValueJSON.text(.string(name))), "entry": "Main"}"#,
            "scenes/Main.json": #"{"formatVersion": 1, "scene": "Main", "view": [{"type": "header", "text": "Main"}]}"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Validator.validate(path: folder.path)
        #expect(report.diagnostics.map(\.code.rawValue).contains("E206"), "\(report.diagnostics.map(\.description))")
        let loaded = try #require(report.app)
        var options = RuntimeOptions()
        options.stateDirectory = folder.appendingPathComponent("state")
        #expect(throws: (any Error).self) { try RuntimeApp(loaded, options: options) }
    }

    @Test(arguments: ["Shop", "My Shop", "shop-2.0", "9Lives"])
    func plainNamesPass(name: String) {
        #expect(FilePaths.isPlainFileName(name))
    }
}
