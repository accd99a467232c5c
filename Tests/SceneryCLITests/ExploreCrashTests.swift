import Foundation
import Testing

/// A crash found by explore: the planted app's Swift interactor divides by the number of
/// people typed, so zero stops the process. Walks run in worker processes of the app's own
/// executable (`planted`, built from Tests/Planted), so explore goes on, replays the walk the
/// worker stopped on, shrinks it, and writes it with the action that stopped the app last.
// checks: docs/explore.md#what-it-checks
// checks: docs/explore.md#what-it-writes
@MainActor
@Suite struct ExploreCrashTests {
    nonisolated static let planted = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("planted")

    /// `planted ARGUMENTS` in `folder`: its exit status (128 + the signal when one stopped it),
    /// output and standard error. Waited for off the main actor, which the other tests of the
    /// process share.
    nonisolated func run(_ arguments: [String], in folder: URL) async throws -> (code: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = Self.planted
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                nonisolated(unsafe) var said = Data()
                let group = DispatchGroup()
                DispatchQueue.global().async(group: group) { said = errors.fileHandleForReading.readDataToEndOfFile() }
                let data = output.fileHandleForReading.readDataToEndOfFile()
                group.wait()
                process.waitUntilExit()
                let code = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
                continuation.resume(returning: (code, String(decoding: data, as: UTF8.self), String(decoding: said, as: UTF8.self)))
            }
        }
    }

    /// The app in a new temporary folder.
    func copy() throws -> URL {
        try #require(FileManager.default.isExecutableFile(atPath: Self.planted.path), "build the planted executable first")
        let folder = scratchFolder.appendingPathComponent("scenery-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExploreCommandTests.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/Crash"),
            to: folder.appendingPathComponent("Crash"))
        return folder
    }

    @Test(.timeLimit(.minutes(2)), arguments: [["--walks", "40"], ["--walks", "40", "--jobs", "2"]])
    func aCrashIsFoundWrittenAndExploreGoesOn(options: [String]) async throws {
        let folder = try copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await run(["test", "Crash", "--jobs", "1"], in: folder).code == 0, "the app's own transcript passes")
        let explored = try await run(["explore", "Crash"] + options, in: folder)
        #expect(explored.code == 1, "\(explored.out)")
        #expect(
            explored.out.hasPrefix(
                "FAIL no crash: 'share' on 'Split': the app was stopped by signal 4 (Fatal error: Division by zero)\n"),
            "\(explored.out)")
        // Every walk is counted, those after the crash too.
        #expect(explored.out.contains("explored Crash: 40 walks, "), "\(explored.out)")
        #expect(explored.out.hasSuffix(", 1 failure\n"), "\(explored.out)")
        let transcript = try String(
            contentsOf: folder.appendingPathComponent("explore/no-crash-1.transcript"), encoding: .utf8)
        let actions = transcript.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(actions == ["> people 0", "> share"], "\(transcript)")
        #expect(transcript.hasSuffix("\n> share\n"), "the action that stopped the app is the last line: \(transcript)")
        // The program that makes the walk again is the app's own, which has its Swift code.
        #expect(transcript.contains("\n# found by: planted explore Crash --seed 0, walk "), "\(transcript)")
        // `scenery test` fails on it as the app stops, and runs the transcripts after it: the
        // app's Swift code runs in a worker process, one job or two.
        for jobs in ["1", "2"] {
            let tested = try await run(["test", "explore/no-crash-1.transcript", "Crash", "--jobs", jobs], in: folder)
            #expect(tested.code == 1, "\(tested.out)")
            #expect(tested.out == "PASS Crash/tests/split.transcript\n1 passed, 1 failed\n", "\(tested.out)")
            #expect(
                tested.err
                    == "FAIL explore/no-crash-1.transcript: its app stopped: the worker running it was stopped by signal 4 "
                    + "(Fatal error: Division by zero)\n", "\(tested.err)")
        }
    }
}
