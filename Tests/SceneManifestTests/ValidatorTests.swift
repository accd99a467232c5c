import Foundation
import SceneManifest
import Testing

// checks: docs/manifest.md#diagnostics
@Suite struct ValidatorTests {
    func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let folder = scratchFolder.appendingPathComponent("scenery-lone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func everySampleAppUnderScenesIsClean() throws {
        let scenes = Paths.root.appendingPathComponent("Scenes")
        // Scenes/Broken is broken on purpose; its findings are checked below.
        let apps = try FileManager.default.contentsOfDirectory(atPath: scenes.path).sorted().filter { $0 != "Broken" }
        #expect(!apps.isEmpty)
        for app in apps {
            let report = Validator.validate(path: scenes.appendingPathComponent(app).path)
            #expect(report.diagnostics.map(\.description) == [], "\(app)")
            #expect(report.app != nil)
        }
    }

    /// The deliberately broken sample: every finding `Scenes/Broken/findings.txt` lists,
    /// in order, and nothing else — what docs show `scenery validate Scenes/Broken` printing.
    @Test func theBrokenSampleGivesExactlyItsListedFindings() throws {
        let app = Paths.root.appendingPathComponent("Scenes/Broken")
        let expected = try String(contentsOf: app.appendingPathComponent("findings.txt"), encoding: .utf8)
        let report = Validator.validate(path: app.path)
        let printed =
            report.diagnostics.map { $0.description.replacingOccurrences(of: Paths.root.path + "/", with: "") }
            + ["\(report.errorCount) errors, \(report.warningCount) warnings"]
        #expect(printed.joined(separator: "\n") + "\n" == expected)
    }

    /// Each finding points at the value concerned, those of cross checks too (E313, E301),
    /// whose pointers are found from the file again after decoding.
    @Test func theBrokenSamplesFindingsPointAtTheirValues() throws {
        let report = Validator.validate(path: Paths.root.appendingPathComponent("Scenes/Broken").path)
        #expect(
            report.diagnostics.map { "\($0.code) \($0.pointer)" } == [
                "E306 /models/Product/stock", "E313 /title", "E304 /useCases/load/interactor/0/provider",
                "E403 /useCases/load/presenter/summary", "E301 /useCases/open/interactor/0/to", "E201 /view/2/acton", "E101 "
            ])
    }

    /// A route argument's finding points at the argument's value; its line and column, at its key.
    @Test func aRouteArgumentsFindingPointsAtItsValue() {
        let app = #"{"formatVersion": 1, "entry": "A"}"#
        let a = #"""
            {"formatVersion": 1, "scene": "A",
             "useCases": {"go": {"interactor": [{"type": "route", "to": "B", "args": {"idd": "1"}}]}},
             "view": [{"type": "button", "title": "Go", "action": "go"}]}
            """#
        let b = #"{"formatVersion": 1, "scene": "B", "args": {"id": "string"}, "view": []}"#
        let files = InMemoryFiles([
            "/mem/app.json": Array(app.utf8), "/mem/scenes/A.json": Array(a.utf8), "/mem/scenes/B.json": Array(b.utf8)
        ])
        let findings = Validator.validate(path: "/mem", files: files).diagnostics.filter { $0.code == .routeArguments }
        #expect(
            findings.map { "\($0.line):\($0.column) \($0.pointer)" } == [
                "2:61 /useCases/go/interactor/0/to", "2:75 /useCases/go/interactor/0/args/idd"
            ])
    }

    /// Keys with `/` or `~` in them are escaped in a finding's JSON pointer (RFC 6901).
    @Test func pointersEscapeSlashAndTilde() {
        let scene = #"{"formatVersion": 1, "scene": "A", "view": [], "a/b~c": 1}"#
        let findings = Validator.validate(path: "/mem/A.json", files: InMemoryFiles(["/mem/A.json": Array(scene.utf8)])).diagnostics
        #expect(findings.map(\.pointer) == ["/a~1b~0c"])
    }

    @Test func aSceneAloneIsCheckedForWhatItCanBeAloneAndNoMore() throws {
        let url = try temporaryFile(
            "Cart.json",
            #"""
            {"formatVersion": 1, "scene": "Cart",
             "useCases": {"load": {"interactor": [{"type": "fetch", "provider": "anything", "as": "x"}], "presentr": {}}}}
            """#)
        let report = Validator.validate(path: url.path)
        #expect(report.diagnostics.map { "\($0.code) \($0.line):\($0.column)" } == ["E201 2:94"])
    }

    @Test func findingsComeInFileOrderAcrossFiles() throws {
        let report = Validator.validate(path: "/no/such/app")
        #expect(report.diagnostics.map(\.description) == ["/no/such/app:1:1: error[E100]: no such file or folder '/no/such/app'"])
    }

    @Test func aSymlinkOutOfTheAppFolderIsRefused() throws {
        let root = scratchFolder.appendingPathComponent("scenery-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("data/secret.json").path, withDestinationPath: "/etc/hostname")
        #expect(FilePaths.confinementProblem("data/secret.json", root: root) == "a link that leads outside the app folder")
        #expect(FilePaths.confinementProblem("data/items.json", root: root) == nil)
        #expect(FilePaths.confinementProblem("data/../../x.json", root: root) == "a path that climbs out with '..'")
    }

    /// Every JSONTestSuite document, read as a scene file: findings, never a crash.
    @Test func noJSONTestSuiteInputCrashesTheValidator() throws {
        let folder = scratchFolder.appendingPathComponent("scenery-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        for name in JSONTestSuiteTests.cases {
            let target = folder.appendingPathComponent("Main.json")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: Paths.jsonTestSuite.appendingPathComponent(name), to: target)
            let report = Validator.validate(path: target.path)
            #expect(report.hasErrors, "\(name) passed as a scene")
            checked += 1
        }
        #expect(checked >= 300)
    }
}
