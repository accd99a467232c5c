import Foundation
import Testing

@testable import SceneryCLI

/// A port on 127.0.0.1 that takes connections and never answers (python3, as the HTTP
/// provider's tests start their server): a request to it waits for its whole timeout.
final class SilentServer: Sendable {
    let port: Int
    private let process: Process

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import socket, time\ns = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(64)\n"
                + "print(s.getsockname()[1], flush=True)\ntime.sleep(3600)"
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw CocoaError(.fileReadUnknown) }
        self.port = port
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// `--hang`: an action whose work does not finish in time is a failure, written as a
/// transcript whose `# timeout:` makes `scenery test` fail on it while the hang lasts.
@MainActor
@Suite struct ExploreHangTests {
    // checks: docs/explore.md#what-it-checks
    // checks: docs/explore.md#what-it-writes
    @Test func anActionThatWaitsOnASilentServerIsAHangWrittenWithItsTimeout() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let source = ExploreCommandTests.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/Slow")
        let own = await runScenery(["test", source.path])
        #expect(own.code == 0, "the app's own transcript passes: \(own.out)")
        let folder = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        let output = folder.appendingPathComponent("found")
        let explore = await runScenery([
            "explore", source.path, "--walks", "3", "--hang", "1", "--env", "apiBase=http://127.0.0.1:\(server.port)",
            "--output", output.path
        ])
        #expect(explore.code == 1, "\(explore.out)\(explore.error)")
        #expect(explore.out.hasPrefix("FAIL no hang: 'refresh' on 'Home' had not finished after 1 s\n"), "\(explore.out)")
        let file = output.appendingPathComponent("no-hang-1.transcript")
        let transcript = try String(contentsOf: file, encoding: .utf8)
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("# timeout: 1"), "\(transcript)")
        // The line that hung ends the transcript: what it shows once it finishes is not known.
        #expect(lines.suffix(2) == ["> refresh", ""], "\(transcript)")
        let test = await runScenery(["test", file.path])
        #expect(test.code == 1)
        #expect(test.error.hasSuffix("no-hang-1.transcript: timed out after 1 s\n"), "\(test.out)\(test.error)")
    }

    // checks: docs/explore.md#explore-an-app
    @Test(arguments: [["--hang", "0"], ["--hang", "601"], ["--hang", "soon"]])
    func aHangLimitOutOfRangeIsAUsageError(options: [String]) async throws {
        let source = ExploreCommandTests.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/Slow")
        let result = await runScenery(["explore", source.path] + options)
        #expect(result.code == 2)
        #expect(result.error.contains("--hang takes"), "\(result.error)")
    }
}
