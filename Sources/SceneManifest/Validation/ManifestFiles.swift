import Foundation
import ScenerySupport

/// Where the validator reads an app's files from: the disk, or files held in memory —
/// an editor's unsaved buffers over the disk, or a whole app built in a test or a fuzzer.
///
/// ```swift
/// let edited = InMemoryFiles(["Scenes/Shop/scenes/Cart.json": Array(buffer.utf8)], over: DiskFiles())
/// let report = Validator.validate(path: "Scenes/Shop", files: edited)
/// ```
public protocol ManifestFiles: Sendable {
    /// The size in bytes of the file at `path`; nil when there is no file there.
    func size(of path: String) -> Int?
    /// Whether `path` is a folder.
    func isFolder(_ path: String) -> Bool
    /// The bytes of the file at `path`; nil when it cannot be read.
    func contents(of path: String) -> [UInt8]?
    /// The names of the entries directly inside `folder`, in no particular order.
    func names(in folder: String) -> [String]
    /// The file's size, and its bytes when the size is at most `limit`: what the validator
    /// reads each file with, so a huge file is refused before it is read. By default
    /// ``size(of:)`` then ``contents(of:)``; a source that can do both at once does.
    func contents(of path: String, upTo limit: Int) -> (size: Int?, bytes: [UInt8]?)
}

extension ManifestFiles {
    public func contents(of path: String, upTo limit: Int) -> (size: Int?, bytes: [UInt8]?) {
        let size = size(of: path)
        if let size, size > limit { return (size, nil) }
        return (size, contents(of: path))
    }
}

/// The files on disk.
public struct DiskFiles: ManifestFiles {
    public init() {}

    public func size(of path: String) -> Int? {
        // stat(2) itself: FileManager's attributes build a dictionary of a dozen boxed values
        // per call, and the validator asks for every file's size.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        return Int(info.st_size)
    }

    public func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func contents(of path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map(Array.init) }

    /// One open, one `fstat` and the reads: asking for the size, then for the contents through
    /// Foundation, was two more system calls and a copy for every file of an app.
    public func contents(of path: String, upTo limit: Int) -> (size: Int?, bytes: [UInt8]?) {
        // Non-blocking: a FIFO named like a manifest is refused, not waited on forever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return (nil, nil) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return (nil, nil) }
        let size = Int(info.st_size)
        guard size <= limit else { return (size, nil) }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size, let base = buffer.baseAddress {
                let read = Foundation.read(descriptor, base + count, size - count)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else {
                    failed = read < 0
                    break
                }
                count += read
            }
        }
        return failed ? (size, nil) : (size, bytes)
    }

    public func names(in folder: String) -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] }
}

/// Files held in memory, each replacing or adding to what `base` (when given) has at its
/// path. Folders are implied by the files inside them. Paths are compared after `.` and
/// `..` are resolved, so `Shop/./scenes/A.json` and `Shop/scenes/A.json` are one file.
public struct InMemoryFiles: ManifestFiles {
    private let files: [String: [UInt8]]
    private let folders: [String: Set<String>]
    private let base: (any ManifestFiles)?

    public init(_ files: [String: [UInt8]], over base: (any ManifestFiles)? = nil) {
        var normalized: [String: [UInt8]] = [:]
        var folders: [String: Set<String>] = [:]
        for (path, bytes) in files {
            let path = Self.normalized(path)
            normalized[path] = bytes
            // Every folder on the way down lists the next name.
            var child = path
            while !child.isEmpty, child != "/" {
                let parent = PathText.parent(of: child)
                folders[Self.normalized(parent), default: []].insert(PathText.lastComponent(of: child))
                if parent == child || parent.isEmpty { break }
                child = parent
            }
        }
        self.files = normalized
        self.folders = folders
        self.base = base
    }

    public func size(of path: String) -> Int? {
        let path = Self.normalized(path)
        if let bytes = files[path] { return bytes.count }
        return folders[path] == nil ? base?.size(of: path) : nil
    }

    public func isFolder(_ path: String) -> Bool {
        let path = Self.normalized(path)
        return folders[path] != nil || (files[path] == nil && base?.isFolder(path) == true)
    }

    public func contents(of path: String) -> [UInt8]? {
        let path = Self.normalized(path)
        return files[path] ?? base?.contents(of: path)
    }

    public func contents(of path: String, upTo limit: Int) -> (size: Int?, bytes: [UInt8]?) {
        let path = Self.normalized(path)
        if let bytes = files[path] { return (bytes.count, bytes.count > limit ? nil : bytes) }
        guard folders[path] == nil, let base else { return (nil, nil) }
        return base.contents(of: path, upTo: limit)
    }

    public func names(in folder: String) -> [String] {
        let folder = Self.normalized(folder)
        return Array(Set(base?.names(in: folder) ?? []).union(folders[folder] ?? []))
    }

    static func normalized(_ path: String) -> String {
        let path = PathText.normalized(path)
        return path.isEmpty ? "." : path
    }
}

/// The files on disk, each kept after it is read and read again only when its size,
/// modification time or inode changes: what a long-running reader — the language server —
/// validates over, so an edit does not read every file of the app again. A file unchanged
/// on disk comes back as the same array, which compares equal at once.
///
/// With `recheckAfter`, a file (and a folder's listing) is looked at again only when that
/// long has passed since it last was, or after ``forget(_:)``: while a person types, the
/// files on disk cost nothing, and a change made outside the editor is seen within it.
public final class CachedDiskFiles: ManifestFiles, Sendable {
    private struct Stamp: Equatable {
        let size: Int
        let seconds: Int
        let nanoseconds: Int
        let inode: UInt64
    }

    private struct Kept {
        let stamp: Stamp
        let bytes: [UInt8]
        /// When the disk was last looked at for it; nil: look again.
        var checked: ContinuousClock.Instant?
    }

    private let cache = Locked<[String: Kept]>([:])
    private let listings = Locked<[String: (names: [String], checked: ContinuousClock.Instant)]>([:])
    private let disk = DiskFiles()
    private let recheckAfter: Duration
    private let clock = ContinuousClock()

    public init(recheckAfter: Duration = .zero) { self.recheckAfter = recheckAfter }

    /// Makes the next read of `path` — of every file and folder, without one — look at the disk.
    public func forget(_ path: String? = nil) {
        guard let path else {
            cache.withLock {
                $0 = $0.mapValues { kept in
                    var kept = kept
                    kept.checked = nil
                    return kept
                }
            }
            listings.withLock { $0 = [:] }
            return
        }
        cache.withLock { $0[path]?.checked = nil }
        listings.withLock { $0[PathText.parent(of: path)] = nil }
    }

    public func size(of path: String) -> Int? {
        if let kept = fresh(path) { return kept.stamp.size }
        return disk.size(of: path)
    }

    public func isFolder(_ path: String) -> Bool { disk.isFolder(path) }

    public func names(in folder: String) -> [String] {
        let now = clock.now
        if recheckAfter > .zero, let listed = listings.withLock({ $0[folder] }), now - listed.checked < recheckAfter { return listed.names }
        let names = disk.names(in: folder)
        if recheckAfter > .zero { listings.withLock { $0[folder] = (names, now) } }
        return names
    }

    public func contents(of path: String) -> [UInt8]? { contents(of: path, upTo: .max).bytes }

    /// One `stat` gives the size and says whether the bytes kept are still the file's.
    public func contents(of path: String, upTo limit: Int) -> (size: Int?, bytes: [UInt8]?) {
        if let kept = fresh(path) { return (kept.stamp.size, kept.stamp.size > limit ? nil : kept.bytes) }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            cache.withLock { $0[path] = nil }
            return (nil, nil)
        }
        #if canImport(Darwin)
            let stamp = Stamp(
                size: Int(info.st_size), seconds: info.st_mtimespec.tv_sec, nanoseconds: info.st_mtimespec.tv_nsec,
                inode: UInt64(info.st_ino))
        #else
            let stamp = Stamp(
                size: Int(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, inode: UInt64(info.st_ino))
        #endif
        guard stamp.size <= limit else { return (stamp.size, nil) }
        let now = clock.now
        if let kept = cache.withLock({ $0[path] }), kept.stamp == stamp {
            cache.withLock { $0[path]?.checked = now }
            return (stamp.size, kept.bytes)
        }
        guard let bytes = disk.contents(of: path) else { return (stamp.size, nil) }
        cache.withLock { $0[path] = Kept(stamp: stamp, bytes: bytes, checked: now) }
        return (stamp.size, bytes)
    }

    /// What is kept of `path`, while it was looked at less than `recheckAfter` ago.
    private func fresh(_ path: String) -> Kept? {
        guard recheckAfter > .zero, let kept = cache.withLock({ $0[path] }), let checked = kept.checked, clock.now - checked < recheckAfter
        else { return nil }
        return kept
    }
}
