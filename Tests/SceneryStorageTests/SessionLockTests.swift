import Foundation
import SceneryStorage
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One session at a time on a storage file (docs/reliability.md, One session per state
/// folder). Claims in one process share the lock; another process is refused — the
/// two-process case is `ConcurrentSessionTests`.
// checks: docs/reliability.md#one-session-per-state-folder
@Suite struct SessionLockTests {
    let file = scratchFolder.appendingPathComponent("scenery-session-\(UUID().uuidString)/Shop.json")

    @Test func claimsInOneProcessShareTheLockAndReleaseItWithTheLast() throws {
        var first: SessionLock? = try SessionLock.claim(storage: file)
        var second: SessionLock? = try SessionLock.claim(storage: file)
        #expect(first?.path == second?.path)
        first = nil
        second = nil
        // Released: a fresh open file description can take it. A process another test
        // spawns this moment holds a copy of every descriptor until its exec closes them
        // (O_CLOEXEC), so the lock may stay taken for that instant: a few tries, not one.
        let fd = open(file.path + ".session", O_RDWR)
        defer { close(fd) }
        #expect(fd >= 0)
        var taken = flock(fd, LOCK_EX | LOCK_NB) == 0
        for _ in 0..<200 where !taken {
            usleep(10_000)
            taken = flock(fd, LOCK_EX | LOCK_NB) == 0
        }
        #expect(taken)
    }

    @Test func claimsThroughAnotherSpellingOfTheFolderAreTheSameClaim() throws {
        let first = try SessionLock.claim(storage: file)
        let other = file.deletingLastPathComponent().appendingPathComponent(
            "../\(file.deletingLastPathComponent().lastPathComponent)/Shop.json")
        let second = try SessionLock.claim(storage: other)
        #expect(first.path == second.path)
    }

    /// The process id is written into the lock file, so a link planted there is refused,
    /// never followed: the file it points to keeps its bytes.
    @Test func aLinkInPlaceOfTheLockFileIsNeverFollowed() throws {
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("victim")
        try Data("DATA\n".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: file.path + ".session", withDestinationPath: victim.path)
        #expect {
            _ = try SessionLock.claim(storage: file)
        } throws: { error in
            guard let refusal = error as? SessionLockError else { return false }
            return !refusal.readOnly && refusal.description.hasPrefix("cannot claim the storage '\(refusal.path)': cannot open '")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "DATA\n")
    }

    @Test func aLockHeldElsewhereIsRefusedNamingTheFileAndHowToRunBesideIt() throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Another open file description holding the lock stands for another process.
        let fd = open(file.path + ".session", O_RDWR | O_CREAT, 0o644)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        _ = "4242\n".withCString { write(fd, $0, 5) }
        #expect {
            _ = try SessionLock.claim(storage: file)
        } throws: { error in
            guard let refusal = error as? SessionLockError else { return false }
            return refusal.holder == 4242 && refusal.path == file.path
                && refusal.description.contains("is in use by another session (process 4242)")
                && refusal.description.hasSuffix("run beside it with a state folder of its own: --state-dir DIR")
        }
    }
}
