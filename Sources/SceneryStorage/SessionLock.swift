import Foundation
import ScenerySupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a session could not claim its storage.
public struct SessionLockError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The storage file the other session holds.
    public let path: String
    /// The other session's process id, when it wrote one.
    public let holder: Int32?
    /// Set when the lock could not be taken for a reason other than another session.
    public let reason: String?
    /// Whether the session may go on without the lock: its folder cannot be written, so it
    /// cannot store anything another session could lose.
    public var readOnly = false

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
        // One key however the folder is spelled: through `..`, a link, a trailing slash.
        let folder = storage.deletingLastPathComponent().standardizedFileURL
        let resolved = FileManager.default.fileExists(atPath: folder.path) ? folder.resolvingSymlinksInPath() : folder
        let path = resolved.appendingPathComponent(storage.lastPathComponent).path
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
        let folder = PathText.parent(of: path)
        do {
            try FileSystem.system.createDirectory(folder)
        } catch {
            var refusal = SessionLockError(path: path, holder: nil, reason: "\(error)")
            refusal.readOnly = true
            throw refusal
        }
        // Never through a link: the process id is written into the file, and a link planted
        // in a shared folder must not let that overwrite another file.
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            var refusal = SessionLockError(
                path: path, holder: nil, reason: "cannot open '\(lockPath)': \(String(cString: strerror(errno)))")
            refusal.readOnly = access(folder, W_OK) != 0
            throw refusal
        }
        var waits = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            // This process held it a moment ago: a child it is spawning keeps a copy of the
            // descriptor until its exec closes it (O_CLOEXEC). That ends at once; wait for it.
            if code == EWOULDBLOCK, holder(fd) == getpid(), waits < 100 {
                waits += 1
                usleep(10_000)
                continue
            }
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
