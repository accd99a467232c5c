import Foundation
import ScenerySupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls durable storage needs, each failure turned into a ``KeyValueStorageError``
/// that names the path and the system's reason (`strerror`): "cannot open the lock file
/// '/state/Shop.json.lock': Permission denied".
///
/// Opening files goes through ``open``, so a test can play a folder the user may not write
/// even when it runs as root, whom permission bits do not stop.
package struct FileSystem: Sendable {
    /// `open(2)`: a descriptor, or -1 with `errno` set.
    package var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32

    package init(open: @escaping @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32) {
        self.open = open
    }

    /// The system's own calls.
    package static let system = FileSystem { path, flags, mode in openFile(path, flags, mode) }

    /// Holds an advisory `flock` on `path` while `body` runs. Locks are per open file, so they
    /// order two processes, and two storages in one process, alike.
    ///
    /// A writer creates the lock file and fails when it cannot. A reader in a folder it may
    /// not write shares the lock file if there is one, and reads without a lock if there is
    /// none: writes replace the file by an atomic rename, so a reader sees a whole file anyway.
    func withLock<T>(at path: String, exclusive: Bool, _ body: () throws -> T) throws -> T {
        var fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 {
            let code = errno
            guard !exclusive, code == EACCES || code == EPERM || code == EROFS else { throw Self.failure("open the lock file", path, code) }
            fd = open(path, O_RDONLY | O_CLOEXEC, 0)
            if fd < 0 {
                guard errno == ENOENT else { throw Self.failure("open the lock file", path, errno) }
                return try body()
            }
        }
        defer { close(fd) }
        while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            let code = errno
            guard code == EINTR else { throw Self.failure("lock", path, code) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The file's bytes, or nil when it does not exist; reading stops once more than `limit`
    /// bytes have come, so a huge file is never held whole.
    func contents(of path: String, limit: Int = .max) throws -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw Self.failure("read", path, code)
        }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readFile(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw Self.failure("read", path, code)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit { return data }
        }
    }

    /// Replaces `path` with `data` atomically and durably: a temporary file beside it is
    /// written and fsynced, renamed over the target, and the directory is fsynced, so a crash
    /// leaves either the old file or the new one, never a torn one.
    func writeAtomically(_ data: Data, to path: String) throws {
        let directory = PathText.parent(of: path)
        let temporary = "\(directory)/\(Self.temporaryPrefix(of: path))\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.failure("create", temporary, errno) }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            try data.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var offset = 0
                while offset < buffer.count {
                    let written = write(fd, base + offset, buffer.count - offset)
                    if written < 0 {
                        let code = errno
                        if code == EINTR { continue }
                        throw Self.failure("write", temporary, code)
                    }
                    offset += written
                }
            }
            guard fsync(fd) == 0 else { throw Self.failure("fsync", temporary, errno) }
            closed = true
            guard close(fd) == 0 else { throw Self.failure("close", temporary, errno) }
            guard rename(temporary, path) == 0 else { throw Self.failure("rename into place", path, errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        let directoryFD = open(directory, O_RDONLY | O_CLOEXEC, 0)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// `.NAME.`: temporary files for `path` are `.NAME.PID.RANDOM.tmp` beside it.
    static func temporaryPrefix(of path: String) -> String { ".\(PathText.lastComponent(of: path))." }

    /// Removes the temporary files for `path` that writers left; failures are ignored (a
    /// folder the user may not write keeps them, and reads go on).
    func removeTemporaryFiles(of path: String) {
        let directory = PathText.parent(of: path)
        let prefix = Self.temporaryPrefix(of: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            unlink("\(directory)/\(name)")
        }
    }

    /// Creates `path` and the folders above it that are missing.
    func createDirectory(_ path: String) throws {
        if mkdir(path, 0o755) == 0 { return }
        var code = errno
        if code == EEXIST, Self.isDirectory(path) { return }
        if code == ENOENT {
            let parent = PathText.parent(of: path)
            if !parent.isEmpty, parent != path {
                try createDirectory(parent)
                if mkdir(path, 0o755) == 0 { return }
                code = errno
                if code == EEXIST, Self.isDirectory(path) { return }
            }
        }
        throw Self.failure("create the directory", path, code)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func failure(_ operation: String, _ path: String, _ code: Int32) -> KeyValueStorageError {
        .io(path: path, operation: operation, reason: String(cString: strerror(code)))
    }
}

// The C calls, under names the struct's members do not shadow.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func readFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
