import Foundation
import ScenerySupport

/// `--jobs N`: transcripts run by N worker processes of the same executable at once.
///
/// The core is bound to the main actor — a scene behaves as it would on a device's main
/// thread — so one process runs one scene at a time; using every core takes processes.
/// Each worker is `EXECUTABLE test --worker FILE...`: it runs its share one by one, as a
/// serial run would, and writes each result as one JSON line. The parent prints results in
/// the order of the file list, each as soon as every earlier one is in, so the output and
/// the summary are those of a serial run.
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
        let (stream, continuation) = AsyncStream.makeStream(of: (index: Int, result: TranscriptResult).self)
        let position = Dictionary(files.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let group = DispatchGroup()
        for share in shares {
            group.enter()
            let worker = Worker(executable: executable, arguments: ["test", "--worker"] + options + share, silence: silence)
            DispatchQueue.global().async {
                defer { group.leave() }
                for result in worker.results(expecting: share) {
                    continuation.yield((position[result.path] ?? 0, result))
                }
            }
        }
        group.notify(queue: .global()) { continuation.finish() }

        var results = [TranscriptResult?](repeating: nil, count: files.count)
        var next = 0
        for await (index, result) in stream {
            results[index] = result
            while next < files.count, let ready = results[next] {
                deliver(ready)
                next += 1
            }
        }
        return results.enumerated().map { index, result in
            result ?? TranscriptResult.failed(files[index], reason: "no worker ran it")
        }
    }
}

/// One worker process and the results it writes.
private struct Worker: Sendable {
    let executable: String
    let arguments: [String]
    let silence: Duration

    /// The worker's results as they come; a file it never answered for fails with why.
    func results(expecting files: [String]) -> [TranscriptResult] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return files.map { TranscriptResult.failed($0, reason: "cannot start a worker '\(executable)': \(error.localizedDescription)") }
        }
        // Stops a worker that stays silent too long: its main actor is stuck.
        let lastHeard = Locked(ContinuousClock.now)
        let watchdog = DispatchSource.makeTimerSource(queue: .global())
        watchdog.schedule(deadline: .now() + 1, repeating: 1)
        let silence = self.silence
        watchdog.setEventHandler {
            if ContinuousClock.now - lastHeard.withLock({ $0 }) > silence, process.isRunning { process.terminate() }
        }
        watchdog.resume()

        var results: [TranscriptResult] = []
        var buffer: [UInt8] = []
        let decoder = JSONDecoder()
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            lastHeard.withLock { $0 = .now }
            buffer += chunk
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if let result = try? decoder.decode(TranscriptResult.self, from: line) { results.append(result) }
            }
        }
        process.waitUntilExit()
        watchdog.cancel()
        let answered = Set(results.map(\.path))
        let how =
            process.terminationReason == .uncaughtSignal
            ? "was stopped by signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
        for file in files where !answered.contains(file) {
            results.append(TranscriptResult.failed(file, reason: "the worker running it \(how) before it finished"))
        }
        return results
    }
}
