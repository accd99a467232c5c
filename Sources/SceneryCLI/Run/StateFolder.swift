import Foundation
import SceneryStorage
import VIP

/// Where an app keeps its saved state by default, and how a user starts over.
///
/// The default folder is `BASE/scenery/APPNAME`, claimed by the first app that runs there: a
/// file `.app` in it names that app's folder. Another app of the same name (a second `Todo`)
/// gets `BASE/scenery/APPNAME-XXXXXXXX`, the hash of its own folder, so two apps never share
/// storage; a folder from before `.app` existed is claimed by the first app to run, as its
/// data most likely is.
enum StateFolder {
    static let marker = ".app"

    static func `default`(base: URL, appName: String, appRoot: String) -> URL {
        let root = URL(fileURLWithPath: appRoot).standardizedFileURL.resolvingSymlinksInPath().path
        let shared = base.appendingPathComponent("scenery").appendingPathComponent(appName)
        if claim(shared, for: root) { return shared }
        return base.appendingPathComponent("scenery").appendingPathComponent("\(appName)-\(hash(root))")
    }

    /// Whether `folder` is (now) this app's: unclaimed, or claimed by it. A folder that cannot
    /// be made or marked is taken as it is (a read-only home still runs).
    private static func claim(_ folder: URL, for root: String) -> Bool {
        let marker = folder.appendingPathComponent(Self.marker)
        if let data = FileManager.default.contents(atPath: marker.path) {
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines) == root
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data((root + "\n").utf8).write(to: marker, options: .atomic)
        return true
    }

    /// FNV-1a of the path, 8 hex digits: the same on every run and every machine.
    static func hash(_ text: String) -> String {
        var value: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { value = (value ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// `--reset`: moves the app's saved state (`APPNAME.json`, `APPNAME.sqlite` and their
    /// companions) into `FOLDER/reset-STAMP/`, so the session starts empty and nothing is
    /// deleted. Refused while another session runs on the folder. Returns where it went, or
    /// nil when there was nothing to move.
    static func reset(_ folder: URL, appName: String, stamp: String) throws -> URL? {
        let lock = try SessionLock.claim(storage: folder.appendingPathComponent("\(appName).json"))
        defer { withExtendedLifetime(lock) {} }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let saved = names.filter { name in
            ["\(appName).json", "\(appName).sqlite"].contains { name == $0 || (name.hasPrefix($0 + "-") && !name.hasSuffix(".session")) }
                || name == "\(appName).json.cache" || name.hasPrefix("\(appName).json.") && name.hasSuffix(".tmp")
        }
        guard !saved.isEmpty else { return nil }
        let aside = folder.appendingPathComponent("reset-\(stamp)")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        for name in saved {
            try FileManager.default.moveItem(at: folder.appendingPathComponent(name), to: aside.appendingPathComponent(name))
        }
        return aside
    }
}
