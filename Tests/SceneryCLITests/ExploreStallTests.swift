import Foundation
import Testing

/// A hang that holds the main thread: the planted app's Swift interactor waits forever for a
/// negative number of seconds and never lets the main thread go, so the worker running the
/// walk says nothing more. Explore stops it once it has been quiet for `--hang` seconds and
/// three more, goes on, and writes the walk as a hang; `scenery test` fails on what it wrote
/// rather than wait forever.
// checks: docs/explore.md#what-it-checks
// checks: docs/explore.md#what-it-writes
// checks: docs/cli.md#scenery-test
@MainActor
@Suite struct ExploreStallTests {
    let crash = ExploreCrashTests()

    /// The app in a new temporary folder.
    func copy() throws -> URL {
        try #require(FileManager.default.isExecutableFile(atPath: ExploreCrashTests.planted.path), "build the planted executable first")
        let folder = scratchFolder.appendingPathComponent("scenery-stall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExploreCommandTests.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/Stall"),
            to: folder.appendingPathComponent("Stall"))
        return folder
    }

    @Test(.timeLimit(.minutes(3))) func aHeldMainThreadIsFoundAsAHangAndExploreGoesOn() async throws {
        let folder = try copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await crash.run(["test", "Stall", "--jobs", "1"], in: folder).code == 0, "the app's own transcript passes")
        let explored = try await crash.run(["explore", "Stall", "--walks", "20", "--hang", "1"], in: folder)
        #expect(explored.code == 1, "\(explored.out)")
        #expect(
            explored.out.hasPrefix("FAIL no hang: 'start' on 'Timer': the app did not answer for 4 s: its main thread was held\n"),
            "\(explored.out)")
        #expect(explored.out.contains("explored Stall: 20 walks, "), "\(explored.out)")
        #expect(explored.out.hasSuffix(", 1 failure\n"), "\(explored.out)")
        let transcript = try String(contentsOf: folder.appendingPathComponent("explore/no-hang-1.transcript"), encoding: .utf8)
        #expect(transcript.split(separator: "\n").filter { $0.hasPrefix("> ") } == ["> seconds -1", "> start"], "\(transcript)")
        #expect(transcript.contains("\n# timeout: 1\n"), "\(transcript)")
        #expect(transcript.hasSuffix("\n> start\n"), "\(transcript)")
        // `scenery test` fails on it, alone and among others, instead of waiting on the main
        // thread, and goes on to the transcripts after it, one job or two.
        let alone = try await crash.run(["test", "explore/no-hang-1.transcript", "--jobs", "1"], in: folder)
        #expect(alone.code == 1, "\(alone.out)")
        for jobs in ["1", "2"] {
            let among = try await crash.run(["test", "explore/no-hang-1.transcript", "Stall", "--jobs", jobs], in: folder)
            #expect(among.code == 1, "\(among.out)")
            #expect(among.out == "PASS Stall/tests/start.transcript\n1 passed, 1 failed\n", "\(among.out)")
            #expect(
                among.err
                    == "FAIL explore/no-hang-1.transcript: timed out after 1 s, and its app still holds the main thread "
                    + "(a Swift component that never lets go)\n", "\(among.err)")
        }
    }
}
