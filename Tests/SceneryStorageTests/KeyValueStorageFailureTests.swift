import Foundation
import SceneryStorage
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Storage that cannot be written, or read, says which file and why, and reads what it can.
// checks: docs/reliability.md#a-value-that-cannot-be-read-is-never-replaced
@Suite struct KeyValueStorageFailureTests {
    let directory = scratchFolder.appendingPathComponent("scenery-kv-fail-\(UUID().uuidString)")

    var folder: URL { directory.appendingPathComponent("state") }
    var file: URL { folder.appendingPathComponent("Shop.json") }
    var lock: String { file.path + ".lock" }

    /// The system's file calls, except that nothing may be created or opened for writing in
    /// `folder`: a read-only folder, as seen by a user whom permissions stop (tests may run
    /// as root, whom they do not).
    static func readOnly(_ folder: URL) -> FileSystem {
        let prefix = folder.path + "/"
        return FileSystem { path, flags, mode in
            if path.hasPrefix(prefix), flags & (O_WRONLY | O_RDWR | O_CREAT) != 0 {
                errno = EACCES
                return -1
            }
            return open(path, flags, mode)
        }
    }

    /// A storage file holding `history`, written through the system, with no lock file left.
    func stored(withLockFile: Bool) throws {
        try KeyValueStorage(fileURL: file).set(["A-1"], forKey: "history")
        if !withLockFile { try FileManager.default.removeItem(atPath: lock) }
    }

    @Test(arguments: [false, true])
    func aReadOnlyFolderIsStillRead(withLockFile: Bool) throws {
        try stored(withLockFile: withLockFile)
        let storage = KeyValueStorage(fileURL: file, fileSystem: Self.readOnly(folder))

        #expect(try storage.value([String].self, forKey: "history") == ["A-1"])
        #expect(try storage.keys() == ["history"])
        #expect(FileManager.default.fileExists(atPath: lock) == withLockFile)
    }

    @Test func aWriteToAReadOnlyFolderFailsNamingTheFileAndTheReason() throws {
        try stored(withLockFile: false)
        let storage = KeyValueStorage(fileURL: file, fileSystem: Self.readOnly(folder))

        #expect(throws: KeyValueStorageError.io(path: lock, operation: "open the lock file", reason: "Permission denied")) {
            try storage.set(["B-2"], forKey: "history")
        }
        #expect(try KeyValueStorage(fileURL: file).value([String].self, forKey: "history") == ["A-1"])
    }

    @Test func aFolderTheSystemRefusesIsReadButNotWritten() throws {
        try stored(withLockFile: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let storage = KeyValueStorage(fileURL: file)

        #expect(try storage.value([String].self, forKey: "history") == ["A-1"])
        // Permission bits do not stop root; the simulated folder above covers the write then.
        if geteuid() != 0 {
            #expect(throws: KeyValueStorageError.io(path: lock, operation: "open the lock file", reason: "Permission denied")) {
                try storage.set(["B-2"], forKey: "history")
            }
        }
    }

    @Test func aFolderUnderARegularFileSaysItIsNotADirectory() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let plain = directory.appendingPathComponent("plain")
        try Data("x".utf8).write(to: plain)
        let storage = KeyValueStorage(fileURL: plain.appendingPathComponent("state/Shop.json"))

        #expect(try storage.value([String].self, forKey: "history") == nil)
        let expected = KeyValueStorageError.io(
            path: plain.appendingPathComponent("state").path, operation: "create the directory", reason: "Not a directory")
        #expect(throws: expected) { try storage.set(["B-2"], forKey: "history") }
        #expect(expected.description == "cannot create the directory '\(plain.path)/state': Not a directory")
        #expect(expected.localizedDescription == expected.description)
    }

    @Test func aStorageFileThatIsAFolderCannotBeReadAndSaysWhy() throws {
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let storage = KeyValueStorage(fileURL: file)

        #expect {
            _ = try storage.value([String].self, forKey: "history")
        } throws: { error in
            guard case let .io(path, operation, reason) = error as? KeyValueStorageError else { return false }
            return path == file.path && operation == "read" && reason == "Is a directory"
        }
    }

    @Test func aCorruptFileIsNamedInTheMessageAndKeptByteForByte() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garbage = Data("[1, 2".utf8)
        try garbage.write(to: file)
        let storage = KeyValueStorage(fileURL: file)

        #expect {
            _ = try storage.keys()
        } throws: { error in
            let text = (error as? KeyValueStorageError)?.localizedDescription ?? ""
            return text.hasPrefix("corrupt storage file '\(file.path)': ")
                && text.hasSuffix("; the file was kept unchanged: repair it, or move it away to start from empty storage")
        }
        #expect(throws: KeyValueStorageError.self) { try storage.removeValue(forKey: "history") }
        #expect(try Data(contentsOf: file) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["Shop.json", "Shop.json.lock"])
    }
}
