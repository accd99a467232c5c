import Foundation
import SceneManifest
import Testing

/// Validation from files held in memory — an editor's unsaved buffers over the disk, or a
/// whole app that never touches it — gives the findings the same files on disk give.
@Suite struct InMemoryValidationTests {
    static let broken = Paths.root.appendingPathComponent("Scenes/Broken").path

    /// Every file of an app folder, read into memory under the same paths.
    static func filesOnDisk(_ folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            let path = "\(folder)/\(relative)"
            if let bytes = FileManager.default.contents(atPath: path) { files[path] = Array(bytes) }
        }
        return files
    }

    @Test func aWholeAppInMemoryGivesTheFindingsItGivesOnDisk() throws {
        let onDisk = Validator.validate(path: Self.broken)
        let inMemory = Validator.validate(path: Self.broken, files: InMemoryFiles(try Self.filesOnDisk(Self.broken)))
        #expect(!onDisk.diagnostics.isEmpty)
        #expect(inMemory.diagnostics.map(\.description) == onDisk.diagnostics.map(\.description))
    }

    @Test func anUnsavedBufferOverTheDiskIsWhatGetsValidated() throws {
        let shop = Paths.root.appendingPathComponent("Scenes/Shop").path
        #expect(Validator.validate(path: shop).diagnostics.isEmpty)
        let cart = "\(shop)/scenes/Cart.json"
        var text = try String(contentsOfFile: cart, encoding: .utf8)
        text = text.replacingOccurrences(of: #""scene": "Cart""#, with: #""scene": "Cart", "unknownKey": 1"#)
        let edited = InMemoryFiles([cart: Array(text.utf8)], over: DiskFiles())
        let findings = Validator.validate(path: shop, files: edited).diagnostics
        #expect(findings.count == 1)
        #expect(findings.first?.file == cart)
        #expect(findings.first?.message.contains("unknownKey") == true)
        // The scene alone, by its path inside the app, gets the same finding.
        #expect(Validator.validate(path: cart, files: edited).diagnostics.map(\.description) == findings.map(\.description))
        // A new scene only in memory is part of the app: checked with it, and unreachable.
        let added = InMemoryFiles(
            ["\(shop)/./scenes/Extra.json": Array(#"{"formatVersion": 1, "scene": "Extra", "view": []}"#.utf8)], over: DiskFiles())
        #expect(Validator.validate(path: "\(shop)/scenes/Extra.json", files: added).diagnostics.map(\.code.rawValue) == ["W001"])
        #expect(added.names(in: "\(shop)/scenes").contains("Extra.json"))
        #expect(added.names(in: "\(shop)/scenes").contains("Cart.json"))
    }

    /// `scenery validate app.json` inside the app folder finds the app's scenes beside it.
    @Test func anAppJSONInTheCurrentFolderFindsItsScenes() {
        let files = InMemoryFiles([
            "app.json": Array(#"{"formatVersion": 1, "name": "Here", "entry": "Main"}"#.utf8),
            "scenes/Main.json": Array(#"{"formatVersion": 1, "scene": "Main", "view": []}"#.utf8)
        ])
        #expect(Validator.validate(path: "app.json", files: files).diagnostics.map(\.description) == [])
        #expect(Validator.validate(path: "scenes/Main.json", files: files).diagnostics.map(\.description) == [])
    }

    @Test func foldersAreImpliedByTheFilesInside() {
        let files = InMemoryFiles(["/app/scenes/A.json": [1, 2, 3]])
        #expect(files.isFolder("/app"))
        #expect(files.isFolder("/app/scenes/"))
        #expect(!files.isFolder("/app/scenes/A.json"))
        #expect(files.size(of: "/app/scenes/A.json") == 3)
        #expect(files.size(of: "/app/scenes") == nil)
        #expect(files.names(in: "/app") == ["scenes"])
        #expect(files.names(in: "/") == ["app"])
        #expect(files.contents(of: "/app/x/../scenes/A.json") == [1, 2, 3])
        #expect(Validator.validate(path: "/app/missing.json", files: files).diagnostics.first?.code == .unreadable)
    }
}
