#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The POSIX calls durable storage needs, each failure turned into a ``KeyValueStorageError``.
enum FileSystem {
    /// Holds an advisory `flock` on `path` (created if missing) while `body` runs. Locks are
    /// per open file, so they order two processes, and two storages in one process, alike.
    static func withLock<T>(at path: String, exclusive: Bool, _ body: () throws -> T) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open the lock file", path) }
        defer { close(fd) }
        while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw failure("lock", path) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The file's bytes, or nil when it does not exist.
    static func read(_ path: String) throws -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw failure("read", path) }
        return data
    }

    /// Replaces `path` with `data` atomically and durably: a temporary file beside it is
    /// written and fsynced, renamed over the target, and the directory is fsynced, so a crash
    /// leaves either the old file or the new one, never a torn one.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = "\(directory)/.\((path as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("create", temporary) }
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
                        if errno == EINTR { continue }
                        throw failure("write", temporary)
                    }
                    offset += written
                }
            }
            guard fsync(fd) == 0 else { throw failure("fsync", temporary) }
            closed = true
            guard close(fd) == 0 else { throw failure("close", temporary) }
            guard rename(temporary, path) == 0 else { throw failure("rename into place", path) }
        } catch {
            unlink(temporary)
            throw error
        }
        let directoryFD = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    static func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw KeyValueStorageError.io(path: path, operation: "create the directory", reason: "\(error.localizedDescription)")
        }
    }

    private static func failure(_ operation: String, _ path: String) -> KeyValueStorageError {
        .io(path: path, operation: operation, reason: String(cString: strerror(errno)))
    }
}
