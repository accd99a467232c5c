import Foundation

/// What an explore worker is about to do, written before it does it (`walk N`, then `@ SCENE`
/// and `> LINE` for each action), so that when a worker stops by a crash its parent reads which
/// walk, scene and action it was on (docs/explore.md#what-it-checks). Each entry is one
/// unbuffered write: what a crash leaves is all there.
// @unchecked: its handle is only written, one whole entry a call, by the one walk at a time.
final class ExploreJournal: @unchecked Sendable {
    private let handle: FileHandle

    /// A journal written to `path`, made empty; nil when it cannot be made.
    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            return nil
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    func walk(_ index: Int) { write("walk \(index)\n") }

    func action(_ line: String, on scene: String) { write("@ \(scene)\n> \(line)\n") }

    private func write(_ text: String) { try? handle.write(contentsOf: Data(text.utf8)) }

    /// Where a worker stopped: the walk it was on, the lines it had begun (the last one is
    /// the one that stopped it), and the scene that last line was typed on.
    struct Stop: Codable, Equatable {
        let walk: Int
        let lines: [String]
        let scene: String?
    }

    /// The walk the journal at `path` was last on; nil when none had begun.
    static func stop(at path: String) -> Stop? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var walk: Int?
        var lines: [String] = []
        var scene: String?
        for entry in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if entry.hasPrefix("walk "), let index = Int(entry.dropFirst(5)) {
                (walk, lines, scene) = (index, [], nil)
            } else if entry.hasPrefix("@ ") {
                scene = String(entry.dropFirst(2))
            } else if entry.hasPrefix("> ") {
                lines.append(String(entry.dropFirst(2)))
            }
        }
        return walk.map { Stop(walk: $0, lines: lines, scene: scene) }
    }
}
