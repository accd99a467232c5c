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
    /// How long a replaying worker may say nothing before it is taken to hang.
    let quiet: Double

    /// What a replaying worker is given: the walk, for its faults and start, and its lines.
    struct Replay: Codable {
        let walk: Int
        let lines: [String]
    }

    /// A finding for each crash with a cause not found before, from its first walk.
    func findings(_ crashes: [ExploreCrash], without found: [Explorer.Found.Finding]) async -> [Explorer.Found.Finding] {
        var findings: [Explorer.Found.Finding] = []
        for crash in crashes {
            let failure = Self.failure(crash, start: explorer.walk.start, hang: explorer.walk.hang)
            guard !(found + findings).contains(where: { $0.failure.signature == failure.signature }) else { continue }
            let walk = crash.stop.walk
            // A held main thread is known only by waiting it out: fewer tries.
            let lines = await ExploreWalk.shrink(crash.stop.lines, budget: crash.hung ? 8 : 40) { candidate in
                guard let again = await replay(walk, candidate) else { return nil }
                return Self.failure(again, start: explorer.walk.start, hang: explorer.walk.hang).signature == failure.signature
                    ? again.stop.lines : nil
            }
            let (_, faults, _, start) = explorer.plan(walk)
            findings.append(
                Explorer.Found.Finding(
                    walk: walk, original: crash.stop.lines.count, lines: lines, faults: faults, start: start, failure: failure))
        }
        return findings
    }

    /// "no crash", at the line the journal ends with on its scene, or at the first frame; "no
    /// hang" for a worker stopped for saying nothing, its main thread held.
    /// A hang's transcript has the `--hang` seconds as its timeout, as any hang's has.
    static func failure(_ crash: ExploreCrash, start: String, hang: Int) -> ExploreWalk.Failure {
        let why = crash.hung ? ": its main thread was held" : crash.reason.map { " (\($0))" } ?? ""
        let (property, kind) = crash.hung ? ("no hang", "hang") : ("no crash", "crash")
        let check: ExploreWalk.Failure.Check = crash.hung ? .hang(seconds: hang) : .crash
        guard let line = crash.stop.lines.last else {
            return ExploreWalk.Failure(
                property: property, detail: "the first frame of '\(start)': the app \(crash.how)\(why)",
                signature: "\(kind): \(start) start", check: check)
        }
        let scene = crash.stop.scene ?? start
        let word = (try? InputLine.parse(line))??.action ?? line
        return ExploreWalk.Failure(
            property: property, detail: "'\(line)' on '\(scene)': the app \(crash.how)\(why)", signature: "\(kind): \(scene) \(word)",
            check: check)
    }

    /// Where and how a worker replaying `lines` of `walk` stopped; nil when it did not stop.
    private func replay(_ walk: Int, _ lines: [String]) async -> ExploreCrash? {
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
            ], watch: WorkerProcess.Watch(journal: journal, seconds: quiet))
        guard case let .success(ended) = ended, ended.signaled || ended.status != 0,
            let stop = ExploreJournal.stop(at: journal), stop.walk == walk
        else { return nil }
        return ExploreCrash(stop: stop, how: ended.how, reason: nil, hung: ended.stalled != nil)
    }
}
