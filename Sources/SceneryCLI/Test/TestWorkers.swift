import Foundation
import ScenerySupport

/// `--jobs N`: transcripts run by N worker processes of the same executable at once.
///
/// The core is bound to the main actor — a scene behaves as it would on a device's main
/// thread — so one process runs one scene at a time; using every core takes processes.
/// Each worker is `EXECUTABLE test --worker FILE...`: it runs its share one by one, as a
/// serial run would, and writes each result as one JSON line. The parent prints results in
/// the order of the file list, each as soon as every earlier one is in, so the output and
/// the summary are those of a serial run. An executable that registers Swift code of an
/// app's own runs even one job this way, so a transcript that stops its app (a trap, a held
/// main thread) fails alone and the others still run.
@MainActor
struct TestWorkers {
    let executable: String
    let jobs: Int
    /// Options every worker runs with (`--timeout`, `--update`).
    let options: [String]
    /// How long a worker may go without a result before it is stopped: a transcript's
    /// timeout with room to spare, for a worker whose main actor is stuck.
    let silence: Duration

    /// Runs `files`, calling `deliver` with each result in the order of `files`.
    func run(_ files: [String], deliver: (TranscriptResult) -> Void) async -> [TranscriptResult] {
        let shares = (0..<jobs).map { worker in stride(from: worker, to: files.count, by: jobs).map { files[$0] } }.filter { !$0.isEmpty }
        let (stream, continuation) = AsyncStream.makeStream(of: TranscriptResult.self)
        let position = Dictionary(files.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let worker = Worker(executable: executable, arguments: ["test", "--worker"] + options, silence: silence)
        let running = Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for share in shares {
                    group.addTask { await worker.run(share) { continuation.yield($0) } }
                }
            }
            continuation.finish()
        }

        var results = [TranscriptResult?](repeating: nil, count: files.count)
        var next = 0
        for await result in stream {
            results[position[result.path] ?? 0] = result
            while next < files.count, let ready = results[next] {
                deliver(ready)
                next += 1
            }
        }
        await running.value
        return results.enumerated().map { index, result in
            result ?? TranscriptResult.failed(files[index], reason: "no worker ran it")
        }
    }
}

/// Worker processes running one share of the transcripts, one after another: a worker that
/// stops before it has answered for every file — its app trapped, or held the main thread —
/// fails the file it was running, which is the first it did not answer for, and a new
/// worker takes the files after it.
private struct Worker: Sendable {
    let executable: String
    let arguments: [String]
    /// How long a worker may go without a result before it is stopped.
    let silence: Duration

    func run(_ files: [String], deliver: @escaping @Sendable (TranscriptResult) -> Void) async {
        var left = files[...]
        let seconds = Double(silence.components.seconds)
        while !left.isEmpty {
            let answered = Locked(Set<String>())
            let ended = await WorkerProcess.run(
                executable, arguments + left, watch: WorkerProcess.Watch(journal: nil, seconds: seconds)
            ) { line in
                guard let result = try? JSONDecoder().decode(TranscriptResult.self, from: line) else { return }
                answered.withLock { _ = $0.insert(result.path) }
                deliver(result)
            }
            let done = answered.withLock { $0 }
            guard case let .success(ended) = ended else {
                let reason = "cannot start a worker '\(executable)': \(ended.failureText)"
                for file in left where !done.contains(file) { deliver(.failed(file, reason: reason)) }
                return
            }
            guard let stopped = left.firstIndex(where: { !done.contains($0) }) else { return }
            if !ended.signaled, ended.status == 0, ended.stalled == nil {
                // It ended having answered for what it ran: its app held the main thread once
                // that transcript's result was written. A worker that answered nothing is not
                // started again.
                guard stopped > left.startIndex else {
                    for file in left { deliver(.failed(file, reason: "the worker running it gave no result for it")) }
                    return
                }
                left = left[stopped...]
                continue
            }
            deliver(.failed(left[stopped], reason: Self.why(ended)))
            left = left[(stopped + 1)...]
        }
    }

    /// Why a worker gave no result for the transcript it was running.
    static func why(_ ended: WorkerProcess.Ended) -> String {
        if let stalled = ended.stalled {
            return "the worker running it said nothing for \(Int(stalled)) s (its app holds the main thread) and was stopped"
        }
        return "its app stopped: the worker running it \(ended.how)\(ended.reason.map { " (\($0))" } ?? "")"
    }
}
