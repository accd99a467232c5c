import Foundation
import Testing

@testable import SceneryCLI

/// State in transcript tests, run as `scenery test` runs them: a `# state:` seed folder
/// copied into the fresh state folder (and never written), `--fixture` on a keyValue
/// provider as where it starts, `>> restart` on the same state folder, and `>> absent TEXT`;
/// and `scenery run --state-from DIR`.
// checks: docs/testing.md#state-seeds-fixtures-restarts-and-absent-lines
// checks: docs/cli.md#scenery-test
// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct TranscriptStateTests {
    /// An app with a stored note (a keyValue provider with a default) and a draft kept only
    /// in the scene's `state`; a seed folder and a fixture beside its transcripts.
    static func notesApp() throws -> URL {
        let app = scratchFolder.appendingPathComponent("scenery-notes-\(UUID().uuidString)")
        let files: [String: String] = [
            "app.json": #"""
            {"formatVersion": 1, "name": "Notes", "entry": "Home",
             "providers": {"note": {"type": "keyValue", "model": "string", "default": "none"}}}
            """#,
            "scenes/Home.json": #"""
            {"formatVersion": 1, "scene": "Home",
             "state": {"draft": {"type": "string?"}},
             "useCases": {
               "load": {"interactor": [{"type": "fetch", "provider": "note", "as": "note"}],
                        "response": {"note": "@{note}"}, "presenter": {"note": "Note: @{response.note}"}},
               "save": {"request": {"text": "string"},
                        "interactor": [{"type": "store", "provider": "note", "value": "@{request.text}"}, {"type": "call", "useCase": "load"}]},
               "draft": {"request": {"text": "string"}, "interactor": [{"type": "set", "path": "state.draft", "value": "@{request.text}"}]}
             },
             "view": [{"type": "text", "text": "@{vm.note}"},
                      {"type": "text", "text": "Draft: @{state.draft == null ? 'none' : state.draft}"}],
             "onAppear": ["load"]}
            """#,
            "tests/seeds/one/Notes.json": #"{"note": "from the seed"}"# + "\n",
            "tests/note.json": #""from the fixture""# + "\n"
        ]
        for (path, text) in files {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return app
    }

    static func write(_ transcript: String, _ name: String, in app: URL) throws -> URL {
        let file = app.appendingPathComponent("tests/\(name).transcript")
        try Data(transcript.utf8).write(to: file)
        return file
    }

    static let seeded = """
        # state: seeds/one
        Note: from the seed
        Draft: none
        > save hello
        Note: hello
        Draft: none

        """

    /// The example of docs/testing.md's section, as written, against the app it describes;
    /// and with its last `>> absent` naming what the new session does print.
    @Test func theDocumentedExamplePassesAndItsAbsentLineCanFail() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "### State: seeds, fixtures, restarts and absent lines").dropFirst().first)
        let example = try #require(section.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "```").first)
        let app = try Self.notesApp()
        let file = try Self.write(example, "notes", in: app)
        let result = await runScenery(["test", file.path])
        #expect(result.code == 0, "\(result.error)")
        let failing = try Self.write(example.replacingOccurrences(of: ">> absent wip", with: ">> absent hello"), "notes", in: app)
        let fail = await runScenery(["test", failing.path])
        #expect(fail.error == "FAIL \(failing.path)\nline 14: 'hello' appeared: Note: hello\n")
        // docs/cli.md's shorter example, under scenery test, passes too.
        let cli = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let short = try #require(
            cli.components(separatedBy: "```\n# tests/notes.transcript").dropFirst().first?.components(separatedBy: "```").first)
        let shortResult = await runScenery(["test", try Self.write("# tests/notes.transcript" + short, "short", in: app).path])
        #expect(shortResult.code == 0, "\(shortResult.error)")
        // With the fixture in place of the seed, the first frame shows the fixture.
        let fixture = example.replacingOccurrences(
            of: "# state: seeds/one\nNote: from the seed", with: "# args: --fixture note=note.json\nNote: from the fixture")
        let withFixture = await runScenery(["test", try Self.write(fixture, "notes", in: app).path])
        #expect(withFixture.code == 0, "\(withFixture.error)")
    }

    @Test func aSeedIsCopiedIntoTheFreshStateFolderAndNeverWritten() async throws {
        let app = try Self.notesApp()
        let seed = app.appendingPathComponent("tests/seeds/one/Notes.json")
        let before = try Data(contentsOf: seed)
        let file = try Self.write(Self.seeded, "seeded", in: app)
        // Twice: the second run starts from the seed again, not from what the first stored.
        for _ in 0..<2 {
            let result = await runScenery(["test", file.path])
            #expect(result.code == 0, "\(result.error)")
            #expect(result.out == "PASS \(file.path)\n1 passed, 0 failed\n")
        }
        #expect(try Data(contentsOf: seed) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: seed.deletingLastPathComponent().path) == ["Notes.json"])
    }

    @Test func aMissingSeedFolderFailsThatTranscriptWithTheReason() async throws {
        let app = try Self.notesApp()
        let missing = try Self.write("# state: seeds/none\nNote: none\n", "missing", in: app)
        let seeded = try Self.write(Self.seeded, "seeded", in: app)
        let result = await runScenery(["test", app.path, "--jobs", "1"])
        #expect(result.code == 1)
        #expect(result.error == "FAIL \(missing.path): the state seed 'seeds/none' does not exist\n")
        #expect(result.out == "PASS \(seeded.path)\n1 passed, 1 failed\n")
    }

    @Test func aFixtureOnAKeyValueProviderIsWhereItStartsAndStoresStillWork() async throws {
        let app = try Self.notesApp()
        let fixture = app.appendingPathComponent("tests/note.json")
        let before = try Data(contentsOf: fixture)
        let file = try Self.write(
            """
            # args: --fixture note=note.json
            Note: from the fixture
            Draft: none
            > save stored
            Note: stored
            Draft: none
            > load
            Note: stored
            Draft: none
            >> restart
            Note: stored
            Draft: none

            """, "fixture", in: app)
        let result = await runScenery(["test", file.path])
        #expect(result.code == 0, "\(result.error)")
        #expect(try Data(contentsOf: fixture) == before)
    }

    @Test func aRestartKeepsWhatWasStoredAndNotWhatWasOnlyInState() async throws {
        let app = try Self.notesApp()
        let file = try Self.write(
            """
            Note: none
            Draft: none
            > save kept
            Note: kept
            Draft: none
            > draft lost
            Note: kept
            Draft: lost
            >> restart
            Note: kept
            Draft: none
            > draft again
            Note: kept
            Draft: again

            """, "restart", in: app)
        let result = await runScenery(["test", file.path])
        #expect(result.code == 0, "\(result.error)")
        // `--update` keeps the directive: the run echoes it.
        let updated = await runScenery(["test", file.path, "--update"])
        #expect(updated.out == "PASS \(file.path)\n1 passed, 0 updated, 0 failed\n")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\n>> restart\n"))
    }

    @Test func absentPassesWhenTheTextIsNotInItsBlockAndFailsWithTheLineWhenItIs() async throws {
        let app = try Self.notesApp()
        // "hello" is printed after `> save hello`, not in the first block.
        let passing = try Self.write(
            """
            Note: none
            >> absent hello
            ...
            > save hello
            Note: hello
            ...

            """, "passing", in: app)
        let pass = await runScenery(["test", passing.path])
        #expect(pass.code == 0, "\(pass.error)")
        let failing = try Self.write(
            """
            Note: none
            ...
            > save hello
            >> absent hello
            ...

            """, "failing", in: app)
        let fail = await runScenery(["test", failing.path])
        #expect(fail.code == 1)
        #expect(fail.error == "FAIL \(failing.path)\nline 4: 'hello' appeared: Note: hello\n")
        #expect(fail.out == "0 passed, 1 failed\n")
        // `--update` cannot fix it: the directive stays, and the transcript still fails.
        let update = await runScenery(["test", failing.path, "--update"])
        #expect(update.code == 1)
        #expect(try String(contentsOf: failing, encoding: .utf8).contains("\n>> absent hello\n"))
    }

    @Test func updateKeepsAbsentLinesWhereTheyStood() throws {
        let transcript = try Transcript.parse("a\n>> absent z\nb\n...\n> go\n>> absent q\nc\n", path: "t")
        #expect(transcript.expected == ["a", "b", "...", "> go", "c"])
        #expect(transcript.absences.map(\.line) == [2, 6])
        let actual = ["a", "b", "x", "> go", "c2"]
        #expect(transcript.updated(with: actual) == "a\n>> absent z\nb\n...\n> go\n>> absent q\nc2\n")
        #expect(transcript.absenceFailures(in: ["a", "b", "> go", "z", "q"]) == ["line 6: 'q' appeared: q"])
        #expect(transcript.absenceFailures(in: ["a", "z", "> go", "c"]) == ["line 2: 'z' appeared: z"])
    }

    /// `>> stored` prints each durable provider's value, before and after a restart; a
    /// transcript that expects a value that is not stored fails with a diff on that line.
    @Test func storedShowsWhatDurableProvidersHoldAcrossARestart() async throws {
        let app = try Self.notesApp()
        let passing = try Self.write(
            "...\n>> stored\nstored note: \"none\"\n> save hello\n...\n>> restart\n...\n>> stored\nstored note: \"hello\"\n", "stored",
            in: app)
        let result = await runScenery(["test", passing.path])
        #expect(result.code == 0, "\(result.out)\(result.error)")
        let failing = try Self.write("...\n> draft x\n...\n>> stored\nstored note: \"x\"\n", "unstored", in: app)
        let failed = await runScenery(["test", failing.path])
        #expect(failed.code == 1)
        #expect(failed.error.contains("-stored note: \"x\"\n+stored note: \"none\""), "\(failed.error)")
    }

    @Test func anUnknownDirectiveFailsTheTranscript() async throws {
        let app = try Self.notesApp()
        let file = try Self.write("Note: none\n>> restrat\n", "typo", in: app)
        let result = await runScenery(["test", file.path])
        #expect(result.code == 1)
        #expect(
            result.error
                == "FAIL \(file.path): line 2: unknown directive '>> restrat'; a '>> ' line is '>> restart', '>> absent TEXT', '>> clock +2h', '>> fault P=fail', '>> stored' or '>> actions'\n"
        )
    }

    /// `--jobs` workers run the same runner: seeds, restarts and absent lines give the
    /// output of a serial run.
    @Test(.timeLimit(.minutes(2))) func workersHonourSeedsRestartsAndAbsentLines() async throws {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "scenery")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the scenery executable first")
        let app = try Self.notesApp()
        _ = try Self.write(Self.seeded + ">> restart\nNote: hello\n>> absent seed\nDraft: none\n", "a-seeded", in: app)
        _ = try Self.write("# state: seeds/none\nNote: none\n", "b-missing", in: app)
        _ = try Self.write("Note: none\n...\n> save x\n>> absent x\n...\n", "c-absent", in: app)
        func run(_ jobs: String) async -> (code: Int32, out: String, error: String) {
            await runScenery(["test", app.path, "--jobs", jobs], executable: binary.path)
        }
        let serial = await run("1")
        let parallel = await run("3")
        #expect(serial.out.hasSuffix("1 passed, 2 failed\n"))
        #expect(serial.error.contains("line 4: 'x' appeared: Note: x"))
        #expect(parallel.code == serial.code)
        #expect(parallel.out == serial.out)
        #expect(parallel.error == serial.error)
    }

    @Test func runStartsFromACopyOfTheSeedWithStateSeed() async throws {
        let app = try Self.notesApp()
        let seed = app.appendingPathComponent("tests/seeds/one")
        let before = try Data(contentsOf: seed.appendingPathComponent("Notes.json"))
        let script = app.appendingPathComponent("steps.txt")
        try Data("save changed\n".utf8).write(to: script)
        let result = await runScenery(["run", app.path, "--state-from", seed.path, "--script", script.path])
        #expect(result.code == 0, "\(result.error)")
        #expect(result.out == "Note: from the seed\nDraft: none\n> save changed\nNote: changed\nDraft: none\n")
        #expect(try Data(contentsOf: seed.appendingPathComponent("Notes.json")) == before)

        let both = await runScenery(["run", app.path, "--state-from", seed.path, "--state-dir", app.appendingPathComponent("state").path])
        #expect(both.code == 2)
        #expect(
            both.error.hasPrefix("error: '--state-from' starts from a fresh state folder, and '--state-dir' names one to use as it is\n"))
        let missing = await runScenery(["run", app.path, "--state-from", app.appendingPathComponent("none").path, "--script", script.path])
        #expect(missing.code == 2)
        #expect(missing.error.hasPrefix("error: the state seed '\(app.path)/none' does not exist\n"))
    }

    /// A seeded run records its seed as `# state:`, relative to the transcript, so the
    /// recording replays from the same data.
    @Test func aSeededRecordingReplaysFromItsSeed() async throws {
        let app = try Self.notesApp()
        let script = app.appendingPathComponent("steps.txt")
        try Data("save changed\n".utf8).write(to: script)
        let file = app.appendingPathComponent("tests/recorded.transcript")
        let recorded = await runScenery([
            "run", app.path, "--state-from", app.appendingPathComponent("tests/seeds/one").path,
            "--script", script.path, "--record", file.path
        ])
        #expect(recorded.code == 0, "\(recorded.error)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\n# state: seeds/one\nNote: from the seed\n"))
        let replay = await runScenery(["test", file.path])
        #expect(replay.code == 0, "\(replay.error)")
    }
}
