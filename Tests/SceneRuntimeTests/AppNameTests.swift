import Foundation
import SceneManifest
import SceneRuntime
import Testing

/// The app's `name` names its storage file, so it may not climb out of the state folder.
@MainActor
@Suite struct AppNameTests {
    @Test(arguments: ["../../x", "/etc/x", "a/b", ".hidden", "", String(repeating: "a", count: 65)])
    func aNameThatIsNotAPlainFileNameIsRefusedAtValidateAndAtRunTime(name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-name-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"formatVersion": 1, "name": \#(ValueJSON.text(.string(name))), "entry": "Main"}"#.utf8)
            .write(to: folder.appendingPathComponent("app.json"))
        try Data(#"{"formatVersion": 1, "scene": "Main", "view": [{"type": "header", "text": "Main"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("scenes/Main.json"))
        let report = Validator.validate(path: folder.path)
        #expect(report.diagnostics.map(\.code).contains("E206"), "\(report.diagnostics.map(\.description))")
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
