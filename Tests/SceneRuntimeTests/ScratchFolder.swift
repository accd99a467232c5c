import Foundation

/// The folder every temporary folder of this test process goes in, removed when the process
/// exits: a run of the tests leaves nothing behind in the system's temporary folder.
let scratchFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratchFolder) }
    return folder
}()
