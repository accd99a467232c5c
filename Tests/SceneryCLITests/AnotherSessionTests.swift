import Foundation
import Testing

@testable import SceneryCLI

/// `>> delete COLLECTION KEY`: another session deletes a record while this one shows it. The
/// frame stays as it was until the app reads again; a line that names no collection, no
/// record or no key is refused as a bad input line is; eject makes it the tester's
/// `delete(_:from:)`; explore with `--faults` deletes a record midway in walks no fault touches.
// checks: docs/testing.md#another-session
@MainActor
@Suite struct AnotherSessionTests {
    /// The Vanish app (Fixtures/Explore/Vanish) in a temporary folder, with `transcript`.
    func vanish(_ transcript: String) throws -> URL {
        let app = scratchFolder.appendingPathComponent("scenery-vanish-\(UUID().uuidString)/Vanish")
        try FileManager.default.createDirectory(at: app.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: EjectCommandTests.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/Vanish"), to: app)
        try Data(transcript.utf8).write(to: app.appendingPathComponent("tests/gone.transcript"))
        return app
    }

    static let opened = """
        # args: --width 40 --fixture notes=seeds/two.json
        1. milk
        2. eggs
        > open 1
        == milk ==
        Share: 0
        [ Split ]
        [ Back ]

        """

    @Test func aRecordDeletedByAnotherSessionIsGoneWhenTheAppReadsAgain() async throws {
        let app = try vanish(
            Self.opened + """
                >> delete notes n1
                > back
                1. eggs
                >> stored
                stored notes: 1 record [{"id":"n2","title":"eggs"}]

                """)
        let result = await runScenery(["test", app.appendingPathComponent("tests/gone.transcript").path])
        #expect(result.code == 0, "\(result.out)\(result.error)")
        // The frame does not change when the record goes: the line prints nothing.
        let changed = try vanish(Self.opened + ">> delete notes n1\n== milk ==\n")
        #expect(await runScenery(["test", changed.appendingPathComponent("tests/gone.transcript").path]).code == 1)
    }

    @Test func aLineThatNamesNoRecordIsRefusedAsABadLine() async throws {
        let app = try vanish(
            Self.opened + """
                >> delete notes n9
                error: '>> delete' finds no record 'n9' in 'notes'
                >> delete note n2
                error: '>> delete' names no collection 'note' of the app; did you mean 'notes'?
                >> delete notes
                error: '>> delete' takes a collection and a record's key, as in '>> delete orders 3', not 'notes'
                >> stored
                stored notes: 2 records [{"id":"n1","title":"milk"},{"id":"n2","title":"eggs"}]

                """)
        let result = await runScenery(["test", app.appendingPathComponent("tests/gone.transcript").path])
        #expect(result.code == 0, "\(result.out)\(result.error)")
    }

    // checks: docs/eject.md#tests-from-transcripts
    @Test func ejectMakesItTheTestersDelete() async throws {
        let app = try vanish(Self.opened + ">> delete notes n1\n> back\n1. eggs\n")
        let output = app.deletingLastPathComponent()
        let result = await runScenery([
            "eject", app.path, "--all", "--output", output.appendingPathComponent("Sources").path, "--tests",
            output.appendingPathComponent("Tests").path, "--no-format"
        ])
        #expect(result.code == 0, "\(result.error)")
        let test = try String(
            contentsOf: output.appendingPathComponent("Tests/VanishScenesTests/GoneTranscriptTests.swift"), encoding: .utf8)
        #expect(test.contains(#"app.delete("n1", from: "notes")"#), "\(test)")
    }

    /// Without `--faults` no walk deletes anything, and the planted split is never reached;
    /// with it, ExploreCommandTests finds it.
    // checks: docs/explore.md#faults
    @Test func exploreDeletesOnlyWithFaults() async throws {
        let app = try vanish("")
        try FileManager.default.removeItem(at: app.appendingPathComponent("tests/gone.transcript"))
        let output = app.deletingLastPathComponent().appendingPathComponent("found")
        let result = await runScenery([
            "explore", app.path, "--walks", "40", "--output", output.path, "--fixture",
            "notes=\(app.appendingPathComponent("tests/seeds/two.json").path)"
        ])
        #expect(result.code == 0, "\(result.out)\(result.error)")
        #expect(result.out.hasSuffix(", 0 failures\n"), "\(result.out)")
    }
}
