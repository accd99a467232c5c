import Foundation
import SceneManifest
import Testing

@Suite struct SceneInAppTests {
    @Test func aSceneInsideAnAppIsCheckedWithItsApp() throws {
        let fixture = BrokenManifest(
            "unknown provider", "E304",
            #"{"formatVersion": 1, "scene": "Main", "useCases": {"load": {"interactor": [{"type": "fetch", "provider": ↓"itemz", "as": "x"}]}}}"#
        )
        let (folder, line, column) = try fixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Validator.validate(path: folder.appendingPathComponent("scenes/Main.json").path)
        #expect(report.diagnostics.map { "\($0.code) \($0.line):\($0.column)" } == ["E304 \(line):\(column)"])
    }
}
