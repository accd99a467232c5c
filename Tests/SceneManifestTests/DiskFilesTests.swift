import Foundation
import Testing

@testable import SceneManifest

/// `DiskFiles` reads a manifest with one open: a regular file's bytes up to the limit, its
/// size past it, and nothing from anything that is not a regular file — a folder, or a FIFO
/// that would otherwise be waited on forever.
@Suite struct DiskFilesTests {
    func folder() throws -> URL {
        let url = scratchFolder.appendingPathComponent("scenery-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aRegularFileIsReadWholeAndALargeOneOnlyMeasured() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("a.json").path
        try Data(#"{"formatVersion": 1}"#.utf8).write(to: URL(fileURLWithPath: path))
        let read = DiskFiles().contents(of: path, upTo: 1_000)
        #expect(read.size == 20)
        #expect(read.bytes == Array(#"{"formatVersion": 1}"#.utf8))
        let large = DiskFiles().contents(of: path, upTo: 10)
        #expect(large.size == 20)
        #expect(large.bytes == nil)
    }

    @Test func aFolderAMissingFileAndAFIFOGiveNothing() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(DiskFiles().contents(of: root.path, upTo: 1_000).bytes == nil)
        #expect(DiskFiles().contents(of: root.appendingPathComponent("none.json").path, upTo: 1_000).size == nil)
        let fifo = root.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let read = DiskFiles().contents(of: fifo, upTo: 1_000)
        #expect(read.bytes == nil)
    }

    @Test func validatingAnAppWithAFIFOAmongItsScenesReportsItAndEnds() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "T", "entry": "Home"}"#.utf8).write(to: root.appendingPathComponent("app.json"))
        try Data(#"{"formatVersion": 1, "scene": "Home", "view": []}"#.utf8).write(to: root.appendingPathComponent("scenes/Home.json"))
        #expect(mkfifo(root.appendingPathComponent("scenes/Pipe.json").path, 0o600) == 0)
        let report = Validator.validate(path: root.path)
        #expect(report.diagnostics.contains { $0.message.contains("cannot read") && $0.file.hasSuffix("Pipe.json") })
    }
}
