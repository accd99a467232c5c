import Foundation
import ScenerySupport

/// Explore's walks in worker processes of this executable — N for `--jobs N`, one for
/// `--jobs 1` — so a crash stops a worker and not explore. Worker K of N is `EXECUTABLE
/// explore … --worker K/N`: it runs walks K, K+N, K+2N… exactly as a serial run runs them,
/// and writes what each walk found as a JSON line when it ends. Added up — each failure from
/// the first walk that found it — they are what a serial run finds. A worker that stops
/// before its last walk is started again after the walk its journal says it was on, and
/// that walk goes with the findings as a crash (docs/explore.md#what-it-checks).
struct ExploreWorkers: Sendable {
    let executable: String
    let jobs: Int
    /// The command's own arguments, without `--jobs` and `--time`.
    let arguments: [String]
    /// How long walks may still be started, in all (`--time`).
    let seconds: Double
    /// How long a worker may go without a word before it is taken to hang with its main
    /// thread held: `--hang` and a margin for the frame's checks.
    let quiet: Double
    /// Says how far the walks got, every tenth of them (at a terminal).
    var progress: (@Sendable (String) -> Void)?

    /// Every worker's findings, added up; or why a worker gave none.
    func run(walks: Int) async -> Result<Explorer.Found, ExploreWorkerError> {
        let found = Locked(Explorer.Found())
        let deadline = Date() + seconds
        let add: @Sendable (Explorer.Found) -> Void = { [progress] added in
            let line: String? = found.withLock { found in
                found.add(added)
                guard found.walks % max(walks / 10, 1) == 0 else { return nil }
                return
                    "explore: \(found.walks)/\(walks) walks, \(found.actions) actions, \(found.failures.count + found.crashes.count) failure"
                    + (found.failures.count + found.crashes.count == 1 ? "" : "s") + " so far"
            }
            if let line { progress?(line) }
        }
        return await withTaskGroup(of: ExploreWorkerError?.self) { group in
            for worker in 0..<jobs {
                group.addTask { await share(worker, deadline: deadline, add) }
            }
            var failure: ExploreWorkerError?
            for await result in group { failure = failure ?? result }
            return failure.map { .failure($0) } ?? .success(found.withLock { $0 })
        }
    }

    /// One worker's walks, each added as it ends; nil when the worker ran to its end.
    private func share(_ worker: Int, deadline: Date, _ add: @escaping @Sendable (Explorer.Found) -> Void) async -> ExploreWorkerError? {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-explore-\(UUID().uuidString).journal").path
        defer { try? FileManager.default.removeItem(atPath: journal) }
        var after = -1
        while true {
            let left = max(Int(deadline.timeIntervalSinceNow.rounded(.up)), 1)
            let ended = await WorkerProcess.run(
                executable,
                ["explore"] + arguments + [
                    "--worker", "\(worker)/\(jobs)", "--journal", journal, "--after", "\(after)", "--time", "\(left)"
                ], watch: WorkerProcess.Watch(journal: journal, seconds: quiet)
            ) { line in
                if let added = try? JSONDecoder().decode(Explorer.Found.self, from: line) { add(added) }
            }
            guard case let .success(ended) = ended else {
                return ExploreWorkerError("cannot start a worker '\(executable)': \(ended.failureText)")
            }
            if !ended.signaled, ended.status == 0 { return nil }
            guard let stop = ExploreJournal.stop(at: journal), stop.walk > after else {
                return ExploreWorkerError("a worker \(ended.how) before it finished\(ended.reason.map { ": \($0)" } ?? "")")
            }
            var crashed = Explorer.Found(walks: 1, actions: stop.lines.count)
            crashed.crashes = [ExploreCrash(stop: stop, how: ended.how, reason: ended.reason, hung: ended.stalled != nil)]
            add(crashed)
            after = stop.walk
        }
    }
}

/// A walk a worker stopped on before it finished: where its journal says it was, how the
/// process ended (`was stopped by signal 4`, `exited with status 1`), and why, when it said
/// (`Fatal error: Division by zero`).
struct ExploreCrash: Codable, Equatable {
    let stop: ExploreJournal.Stop
    let how: String
    let reason: String?
    /// Whether it was stopped for saying nothing: its main thread held.
    var hung = false
}

struct ExploreWorkerError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
