import Foundation
import SceneRuntime

/// The walks workers stopped on, made findings (docs/explore.md#what-it-checks): each
/// replayed and shrunk in worker processes of this executable — a crash would stop this one —
/// and broken as "no crash" at the action its journal names.
@MainActor
struct ExploreCrashes {
    let executable: String
    /// Explore's own arguments, without `--jobs`.
    let arguments: [String]
    let explorer: Explorer

    /// What a replaying worker is given: the walk, for its faults and start, and its lines.
    struct Replay: Codable {
        let walk: Int
        let lines: [String]
    }

    /// A finding for each crash with a cause not found before, from its first walk.
    func findings(_ crashes: [ExploreCrash], without found: [Explorer.Found.Finding]) async -> [Explorer.Found.Finding] {
        var findings: [Explorer.Found.Finding] = []
        for crash in crashes {
            let failure = Self.failure(crash.stop, how: crash.how, reason: crash.reason, start: explorer.walk.start)
            guard !(found + findings).contains(where: { $0.failure.signature == failure.signature }) else { continue }
            let walk = crash.stop.walk
            let lines = await ExploreWalk.shrink(crash.stop.lines, budget: 40) { candidate in
                guard let stop = await replay(walk, candidate) else { return nil }
                return Self.failure(stop, how: crash.how, reason: nil, start: explorer.walk.start).signature == failure.signature
                    ? stop.lines : nil
            }
            let (_, faults, _, start) = explorer.plan(walk)
            findings.append(
                Explorer.Found.Finding(
                    walk: walk, original: crash.stop.lines.count, lines: lines, faults: faults, start: start, failure: failure))
        }
        return findings
    }

    /// "no crash", at the line the journal ends with on its scene, or at the first frame.
    static func failure(_ stop: ExploreJournal.Stop, how: String, reason: String?, start: String) -> ExploreWalk.Failure {
        let why = reason.map { " (\($0))" } ?? ""
        guard let line = stop.lines.last else {
            return ExploreWalk.Failure(
                property: "no crash", detail: "the first frame of '\(start)': the app \(how)\(why)", signature: "crash: \(start) start",
                check: .crash)
        }
        let scene = stop.scene ?? start
        let word = (try? InputLine.parse(line))??.action ?? line
        return ExploreWalk.Failure(
            property: "no crash", detail: "'\(line)' on '\(scene)': the app \(how)\(why)", signature: "crash: \(scene) \(word)",
            check: .crash)
    }

    /// Where a worker replaying `lines` of `walk` stopped; nil when it did not stop.
    private func replay(_ walk: Int, _ lines: [String]) async -> ExploreJournal.Stop? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-explore-replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            let data = try? JSONEncoder().encode(Replay(walk: walk, lines: lines)),
            (try? data.write(to: folder.appendingPathComponent("replay.json"))) != nil
        else { return nil }
        let journal = folder.appendingPathComponent("journal").path
        let ended = await WorkerProcess.run(
            executable,
            ["explore"] + arguments + [
                "--worker", "0/1", "--journal", journal, "--replay", folder.appendingPathComponent("replay.json").path
            ])
        guard case let .success(ended) = ended, ended.signaled || ended.status != 0 else { return nil }
        return ExploreJournal.stop(at: journal).flatMap { $0.walk == walk ? $0 : nil }
    }
}
