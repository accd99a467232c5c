import Foundation
import ScenerySupport

/// `explore --jobs N`: the walks spread over N worker processes of this executable, as
/// `test --jobs` spreads transcripts. Worker K of N is `EXECUTABLE explore … --worker K/N`:
/// it runs walks K, K+N, K+2N… exactly as a serial run runs them, and writes what it found as
/// one JSON object. Added up — each failure from the first walk that found it — they are
/// what a serial run finds.
struct ExploreWorkers: Sendable {
    let executable: String
    let jobs: Int
    /// The command's own arguments, without `--jobs`.
    let arguments: [String]

    /// Every worker's findings, added up; or why a worker gave none.
    func run() async -> Result<Explorer.Found, ExploreWorkerError> {
        await withTaskGroup(of: Result<Explorer.Found, ExploreWorkerError>.self) { group in
            for worker in 0..<jobs {
                let arguments = ["explore"] + self.arguments + ["--worker", "\(worker)/\(jobs)"]
                let executable = self.executable
                group.addTask { await Self.share(executable, arguments) }
            }
            var found = Explorer.Found()
            var failure: ExploreWorkerError?
            for await result in group {
                switch result {
                case let .success(share): found.add(share)
                case let .failure(error): failure = failure ?? error
                }
            }
            return failure.map { .failure($0) } ?? .success(found)
        }
    }

    /// One worker's findings, read from its standard output when it ends.
    private static func share(_ executable: String, _ arguments: [String]) async -> Result<Explorer.Found, ExploreWorkerError> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
                let output = Pipe()
                process.standardOutput = output
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(
                        returning: .failure(ExploreWorkerError("cannot start a worker '\(executable)': \(error.localizedDescription)")))
                    return
                }
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                guard let found = try? JSONDecoder().decode(Explorer.Found.self, from: data) else {
                    continuation.resume(
                        returning: .failure(
                            ExploreWorkerError("a worker exited with status \(process.terminationStatus) before it finished")))
                    return
                }
                continuation.resume(returning: .success(found))
            }
        }
    }
}

struct ExploreWorkerError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
