import Foundation
import Testing

@testable import SceneryCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording is never lost and never replaces a file unasked (docs/cli.md, scenery run:
/// `--record`): the path is checked before the session starts, an existing file is kept
/// unless `--overwrite` is given, Ctrl-C, Ctrl-D and the end of a script all leave what was
/// recorded, and text and JSON recordings replay as they stand.
// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct RecordSafetyTests {
    static let shop = RecordTests.shop

    func folder() throws -> URL { try RecordTests().folder() }

    func script(_ text: String) throws -> String {
        let file = try folder().appendingPathComponent("steps")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test func anExistingFileIsKeptAndNothingRuns() async throws {
        let file = try folder().appendingPathComponent("walk.transcript")
        try Data("mine\n".utf8).write(to: file)
        let run = await runScenery(["run", Self.shop, "--script", try script("email a@b.c\n"), "--record", file.path])
        #expect(run.code == 2)
        #expect(run.out == "")
        #expect(
            run.error
                == "error: '\(file.path)' exists, and a recording never replaces a file unasked\n  hint: record to another file, or add '--overwrite' to replace it\n"
        )
        #expect(try String(contentsOf: file, encoding: .utf8) == "mine\n")
    }

    @Test func overwriteReplacesIt() async throws {
        let file = try folder().appendingPathComponent("walk.transcript")
        try Data("mine\n".utf8).write(to: file)
        let run = await runScenery(["run", Self.shop, "--script", try script("email a@b.c\n"), "--record", file.path, "--overwrite"])
        #expect(run.code == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("# walk — recorded with 'scenery run --record'\n"))
        #expect(await runScenery(["test", file.path]).code == 0)
    }

    @Test func aFolderIsNotAFileToRecordTo() async throws {
        let folder = try folder()
        for extra in [[], ["--overwrite"]] {
            let run = await runScenery(["run", Self.shop, "--script", try script("email a@b.c\n"), "--record", folder.path] + extra)
            #expect(run.code == 2)
            #expect(run.error.hasPrefix("error: cannot record to '\(folder.path)': it is a folder"))
        }
    }

    @Test func overwriteWithoutRecordIsAUsageError() async throws {
        let run = await runScenery(["run", Self.shop, "--overwrite"])
        #expect(run.code == 2)
        #expect(run.error.hasPrefix("error: '--overwrite' goes with '--record FILE'"))
    }

    @Test func aMissingFolderIsAUsageErrorBeforeTheSessionRuns() async throws {
        let file = try folder().appendingPathComponent("no/such/walk.transcript")
        let run = await runScenery(["run", Self.shop, "--script", try script("email a@b.c\n"), "--record", file.path])
        #expect(run.code == 2)
        #expect(run.out == "")
        #expect(
            run.error.hasPrefix(
                "error: cannot record to '\(file.path)': the folder '\(file.deletingLastPathComponent().path)' does not exist"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aJSONRecordingReplaysAsItStands() async throws {
        let file = try folder().appendingPathComponent("json.transcript")
        let run = await runScenery([
            "run", Self.shop, "--format", "json", "--script", try script("email ada@example.com\nlogin\n"), "--record", file.path
        ])
        #expect(run.code == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#"{"input":"email ada@example.com"}"#))
        #expect(!text.contains("\n> "))
        let test = await runScenery(["test", file.path])
        #expect(test.out == "PASS \(file.path)\n1 passed, 0 failed\n")
        #expect(test.code == 0)
    }

    @Test func jsonInputLinesAreTranscriptInputs() {
        #expect(Transcript.input(#"{"input":"open 2"}"#) == "open 2")
        #expect(Transcript.input(#"{"input":"say \"hi\""}"#) == #"say "hi""#)
        #expect(Transcript.input("> open 2") == "open 2")
        #expect(Transcript.input(#"{"input": "open 2"}"#) == "open 2")
        #expect(Transcript.input(#"{"input":"a","x":1}"#) == nil)
        #expect(Transcript.input(#"{"scene":"Cart"}"#) == nil)
        #expect(Transcript.input("open 2") == nil)
    }

    /// Ctrl-C in a real process: what was typed and shown is in the file, the message says
    /// where, and the recording replays.
    @Test func ctrlCKeepsWhatWasRecorded() throws {
        let file = try folder().appendingPathComponent("interrupted.transcript")
        let session = try ScenerySession(["run", Self.shop, "--record", file.path])
        defer { session.end() }
        try session.waitFor("== Sign in ==")
        session.type("email ada@example.com")
        try session.waitFor("[ada@example.com]")
        session.interrupt()
        #expect(try session.exitCode() == 130)
        try session.waitFor("recorded to \(file.path)", in: \.error)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("> email ada@example.com\n== Sign in ==\nEmail: [ada@example.com]\n"))
        let replay = try ScenerySession(["test", file.path])
        #expect(try replay.exitCode() == 0)
    }

    /// Ctrl-C while a step still runs: the step is left out, so what is kept replays, and the
    /// message says so; the run's scratch state folder goes too.
    @Test func ctrlCWhileAStepRunsLeavesItOut() throws {
        let file = try folder().appendingPathComponent("running.transcript")
        let session = try ScenerySession(["run", Self.shop, "--record", file.path, "--fault", "products=delay:20000"])
        defer { session.end() }
        try session.waitFor("== Sign in ==")
        session.type("email ada@example.com")
        try session.waitFor("[ada@example.com]")
        session.type("login")
        Thread.sleep(forTimeInterval: 0.5)
        session.interrupt()
        #expect(try session.exitCode() == 130)
        try session.waitFor("recorded to \(file.path) up to 'login', which was still running and is left out", in: \.error)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasSuffix("> email ada@example.com\n== Sign in ==\nEmail: [ada@example.com]\n[ Sign in ]\n"))
        let replay = try ScenerySession(["test", file.path])
        #expect(try replay.exitCode() == 0)
    }

    @Test func ctrlCBeforeAnythingWasShownRemovesTheEmptyRecording() throws {
        let file = try folder().appendingPathComponent("empty.transcript")
        let session = try ScenerySession(["run", Self.shop, "--record", file.path, "--scene", "Catalog", "--fault", "products=delay:20000"])
        defer { session.end() }
        Thread.sleep(forTimeInterval: 1)
        session.interrupt()
        #expect(try session.exitCode() == 130)
        try session.waitFor("nothing was recorded before the interruption; '\(file.path)' was removed", in: \.error)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func theEndOfInputKeepsWhatWasRecorded() throws {
        let file = try folder().appendingPathComponent("ended.transcript")
        let session = try ScenerySession(["run", Self.shop, "--record", file.path])
        defer { session.end() }
        try session.waitFor("== Sign in ==")
        session.type("email ada@example.com")
        try session.waitFor("[ada@example.com]")
        session.closeInput()
        #expect(try session.exitCode() == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("> email ada@example.com\n"))
        let replay = try ScenerySession(["test", file.path])
        #expect(try replay.exitCode() == 0)
    }
}
