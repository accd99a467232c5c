import Foundation

/// A process of this executable run to its end — an explore worker — its standard output
/// given a line at a time as it comes, its standard error kept for why it stopped.
enum WorkerProcess {
    struct Ended: Sendable {
        let status: Int32
        let signaled: Bool
        /// What it said last on standard error that reads as why it stopped: `Fatal error: …`.
        let reason: String?
        /// How it ended, in words: `exited with status 1`, `was stopped by signal 4`.
        var how: String { signaled ? "was stopped by signal \(status)" : "exited with status \(status)" }
    }

    struct CannotStart: Error { let text: String }

    /// Runs `executable` with `arguments` (standard input empty; no backtrace on a crash, which
    /// takes most of a second and says nothing the finding needs) and waits for it to end.
    static func run(
        _ executable: String, _ arguments: [String], line: @escaping @Sendable (Data) -> Void = { _ in }
    ) async -> Result<Ended, CannotStart> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
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
                DispatchQueue.global().async {
                    stderr = errors.fileHandleForReading.readDataToEndOfFile()
                    said.leave()
                }
                var pending = Data()
                while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
                    pending += chunk
                    while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        line(pending[pending.startIndex..<end])
                        pending = pending[(end + 1)...]
                    }
                }
                process.waitUntilExit()
                said.wait()
                let reason = Self.reason(String(decoding: stderr.suffix(4096), as: UTF8.self))
                continuation.resume(
                    returning: .success(
                        Ended(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, reason: reason)))
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
