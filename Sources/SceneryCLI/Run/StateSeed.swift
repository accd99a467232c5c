import Foundation

/// A seed folder for a fresh state folder — `scenery run --state-from DIR`, a transcript's
/// `# state: DIR`: the files a state folder holds (`APPNAME.json`), copied in before the
/// app starts. The copies are new files, so nothing the session stores reaches the seed.
enum StateSeed {
    /// Copies every file in `seed` (folders too) into `folder`, made when missing.
    /// - Returns: why it could not, or nil.
    static func copy(_ seed: String, into folder: URL, as written: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: seed, isDirectory: &isFolder) else {
            return "the state seed '\(written)' does not exist"
        }
        guard isFolder.boolValue else { return "the state seed '\(written)' is not a folder" }
        do {
            try copyContents(of: URL(fileURLWithPath: seed), into: folder)
        } catch {
            return "cannot copy the state seed '\(written)': \(error.localizedDescription)"
        }
        return nil
    }

    /// Each file is read and written anew (not linked or cloned), writable whatever the
    /// seed's permissions.
    private static func copyContents(of source: URL, into target: URL) throws {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path).sorted() {
            let from = source.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: from.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try copyContents(of: from, into: target.appendingPathComponent(name))
            } else {
                try Data(contentsOf: from).write(to: target.appendingPathComponent(name))
            }
        }
    }
}
