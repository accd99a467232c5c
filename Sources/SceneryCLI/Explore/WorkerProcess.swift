import Foundation

/// A process of this executable run to its end — an explore worker — its standard output
/// given a line at a time as it comes, its standard error kept for why it stopped.
enum WorkerProcess {
    struct Ended: Sendable {
        let status: Int32
        let signaled: Bool
        /// What it said last on standard error that reads as why it stopped: `Fatal error: …`.
        let reason: String?
        /// The seconds it went without a word, when it was stopped for that (``Watch``).
        var stalled: Double?
        /// How it ended, in words: `exited with status 1`, `was stopped by signal 4`.
        var how: String {
            if let stalled { return "did not answer for \(Int(stalled)) s" }
            return signaled ? "was stopped by signal \(status)" : "exited with status \(status)"
        }
    }

    /// A worker stopped when neither its journal nor its output has grown for `seconds`:
    /// one whose main thread is held (a Swift component that loops and never awaits) can
    /// say nothing, not even that it hangs.
    struct Watch: Sendable {
        /// A file the worker writes as it goes, whose growth counts as a word; nil for none.
        let journal: String?
        let seconds: Double
    }

    struct CannotStart: Error { let text: String }

    /// Runs `executable` with `arguments` (standard input empty; no backtrace on a crash, which
    /// takes most of a second and says nothing the finding needs) and waits for it to end.
    static func run(
        _ executable: String, _ arguments: [String], watch: Watch? = nil, line: @escaping @Sendable (Data) -> Void = { _ in }
    ) async -> Result<Ended, CannotStart> {
        await withCheckedContinuation { continuation in
            // Threads of their own, not Dispatch's pool: each worker blocks two of them in
            // reads, and a pool on two cores lent a thread to a blocked read only after a
            // wait, so a worker's end was heard up to 0.7 s late (`--jobs 2` took 1.05 s
            // where its workers took 0.68).
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
                var environment = ProcessInfo.processInfo.environment
                environment["SWIFT_BACKTRACE"] = "enable=no"
                process.environment = environment
                let output = Pipe()
                let errors = Pipe()
                process.standardOutput = output
                process.standardError = errors
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(returning: .failure(CannotStart(text: error.localizedDescription)))
                    return
                }
                // Standard error is read meanwhile, so a worker that writes much never waits on it.
                let said = DispatchGroup()
                nonisolated(unsafe) var stderr = Data()
                said.enter()
                Thread.detachNewThread {
                    stderr = errors.fileHandleForReading.readDataToEndOfFile()
                    said.leave()
                }
                let watchdog = watch.map { Watchdog($0, process: process) }
                var pending = Data()
                while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
                    watchdog?.heard()
                    pending += chunk
                    while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        line(pending[pending.startIndex..<end])
                        pending = pending[(end + 1)...]
                    }
                }
                process.waitUntilExit()
                said.wait()
                let reason = Self.reason(String(decoding: stderr.suffix(4096), as: UTF8.self))
                var ended = Ended(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, reason: reason)
                ended.stalled = watchdog?.stop()
                continuation.resume(returning: .success(ended))
            }
        }
    }
}

extension WorkerProcess {
    /// The last `Fatal error: …` (or `error: …`) a process wrote, from those words on.
    static func reason(_ text: String) -> String? {
        for marker in ["Fatal error: ", "error: "] {
            if let line = text.split(separator: "\n").last(where: { $0.contains(marker) }), let at = line.range(of: marker) {
                return String(line[at.lowerBound...])
            }
        }
        return nil
    }
}

extension Result where Failure == WorkerProcess.CannotStart {
    var failureText: String {
        if case let .failure(problem) = self { return problem.text }
        return ""
    }
}

/// Stops a worker that has gone quiet for its ``WorkerProcess/Watch``'s seconds: checked
/// four times a second, from a Dispatch timer, since the worker's own clock cannot be.
// @unchecked: its state is only read and written under `lock`.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let watch: WorkerProcess.Watch
    private let timer: DispatchSourceTimer
    private var last = Date()
    private var size: UInt64 = 0
    private var stalled: Double?

    init(_ watch: WorkerProcess.Watch, process: Process) {
        self.watch = watch
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { [weak self, weak process] in
            guard let self, let process, process.isRunning else { return }
            if self.isQuiet() {
                // Said before the kill: the worker's end is read at once, by another thread.
                self.lock.withLock { self.stalled = self.watch.seconds }
                kill(process.processIdentifier, SIGKILL)
            }
        }
        timer.resume()
    }

    /// The worker said something.
    func heard() { lock.withLock { last = Date() } }

    /// Whether it has been quiet past the watch's seconds.
    private func isQuiet() -> Bool {
        let grown = watch.journal.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? UInt64 } ?? 0
        return lock.withLock {
            if grown != size {
                size = grown
                last = Date()
            }
            return Date().timeIntervalSince(last) > watch.seconds
        }
    }

    /// Stops watching; the seconds the worker went quiet when it was stopped for that.
    func stop() -> Double? {
        timer.cancel()
        return lock.withLock { stalled }
    }
}
