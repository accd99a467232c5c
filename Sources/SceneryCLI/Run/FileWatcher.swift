import Foundation
import ScenerySupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches an app's files for `scenery run --watch` by polling: every `interval` it takes
/// each file's size, modification time and inode (an editor that saves by renaming changes
/// only the inode), and reports the files that changed, appeared or went away. Polling
/// needs nothing from the platform, so it works wherever Foundation has no file events;
/// a thousand-scene app is a thousand `stat` calls a poll.
package struct FileWatcher: Sendable {
    /// Folders are walked (hidden files and folders, editor backups and transcripts are
    /// left out: they are not part of the app); files are watched as they are.
    package let paths: [String]
    package var interval: Duration = .milliseconds(250)

    package init(paths: [String]) { self.paths = paths }

    /// What a file was when it was last looked at.
    package struct Stamp: Hashable, Sendable {
        let size: Int64
        let seconds: Int
        let nanoseconds: Int
        let inode: UInt64
    }

    /// The folder to watch for an app folder, an `app.json` or a scene file given to `run`:
    /// the app around it, so its other scenes, string tables and data files count too.
    package static func root(of path: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { return path }
        let parent = PathText.parent(of: path)
        let folder = parent.isEmpty ? "." : parent
        if PathText.lastComponent(of: folder) == "scenes", FileManager.default.fileExists(atPath: PathText.parent(of: folder) + "/app.json")
        {
            return PathText.parent(of: folder)
        }
        return folder
    }

    /// Every watched file's stamp, by path.
    package func snapshot() -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                if let stamp = Self.stamp(path) { result[path] = stamp }
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            guard let walk = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walk.nextObject() as? String {
                let name = PathText.lastComponent(of: relative)
                if name.hasPrefix(".") {
                    walk.skipDescendants()
                    continue
                }
                if name.hasSuffix("~") || name.hasSuffix(".transcript") { continue }
                let full = "\(base)/\(relative)"
                if let stamp = Self.stamp(full) { result[full] = stamp }
            }
        }
        return result
    }

    /// The paths whose stamps differ between two snapshots, sorted.
    package static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> [String] {
        Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
    }

    /// Polls until cancelled, calling `report` with the files that changed. A change is
    /// reported once the files have stopped changing for one interval, so an editor that
    /// writes a file in steps causes one reload, not one per step.
    package func watch(_ report: @Sendable ([String]) -> Void) async {
        var last = snapshot()
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            var now = snapshot()
            guard now != last else { continue }
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let again = snapshot()
                if again == now { break }
                now = again
            }
            report(Self.changes(from: last, to: now))
            last = now
        }
    }

    /// A regular file's stamp, or nil for folders and what cannot be read.
    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return Stamp(size: Int64(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), inode: UInt64(info.st_ino))
    }
}
