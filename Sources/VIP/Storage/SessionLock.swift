#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ScenerySupport

/// Why a session could not claim its storage.
public struct SessionLockError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The storage file the other session holds.
    public let path: String
    /// The other session's process id, when it wrote one.
    public let holder: Int32?
    /// Set when the lock could not be taken for a reason other than another session.
    public let reason: String?

    public var description: String {
        if let reason { return "cannot claim the storage '\(path)': \(reason)" }
        let who = holder.map { "another session (process \($0))" } ?? "another session"
        return "the storage '\(path)' is in use by \(who), and two sessions on one state folder would lose each other's writes; "
            + "close the other session, or run beside it with a state folder of its own: --state-dir DIR"
    }

    public var errorDescription: String? { description }
}

/// One session at a time on a storage file: a read-modify-write of a key (fetch a list,
/// append, store it) in two processes at once would lose one of the writes, so a second
/// process is refused at once with an error that names the file and the holder.
///
/// The lock is an advisory `flock` on `FILE.session`, held while the returned value lives
/// and released by the system when the process ends, however it ends. Claims within one
/// process share the lock (an app reloaded by `--watch`, a test's restart), since one
/// process runs its use cases one at a time.
///
/// ```swift
/// let lock = try SessionLock.claim(storage: stateDir.appendingPathComponent("Shop.json"))
/// // … run the session; the lock goes with `lock`
/// ```
public final class SessionLock: Sendable {
    public let path: String

    private struct Held {
        var descriptor: Int32
        var claims: Int
    }

    private static let held = Locked<[String: Held]>([:])

    private init(path: String) { self.path = path }

    /// Claims the storage file at `storage` for this process.
    /// - Throws: ``SessionLockError`` when another process holds it, or the lock file cannot
    ///   be made (the folder is created when missing).
    public static func claim(storage: URL) throws -> SessionLock {
        let path = storage.standardizedFileURL.path
        try held.withLock { table in
            if var entry = table[path] {
                entry.claims += 1
                table[path] = entry
                return
            }
            table[path] = Held(descriptor: try lock(path), claims: 1)
        }
        return SessionLock(path: path)
    }

    private static func lock(_ path: String) throws -> Int32 {
        let lockPath = path + ".session"
        do {
            try FileSystem.system.createDirectory(PathText.parent(of: path))
        } catch {
            throw SessionLockError(path: path, holder: nil, reason: "\(error)")
        }
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw SessionLockError(path: path, holder: nil, reason: "cannot open '\(lockPath)': \(String(cString: strerror(errno)))")
        }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            defer { close(fd) }
            guard code == EWOULDBLOCK else {
                throw SessionLockError(path: path, holder: nil, reason: "cannot lock '\(lockPath)': \(String(cString: strerror(code)))")
            }
            throw SessionLockError(path: path, holder: holder(fd), reason: nil)
        }
        // The holder's pid, for the error another session shows.
        let pid = Array("\(getpid())\n".utf8)
        ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return fd
    }

    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit {
        let path = self.path
        Self.held.withLock { table in
            guard var entry = table[path] else { return }
            entry.claims -= 1
            if entry.claims > 0 {
                table[path] = entry
            } else {
                close(entry.descriptor)
                table[path] = nil
            }
        }
    }
}
