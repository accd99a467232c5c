import Foundation
import Testing

@testable import SceneryCLI

/// `>> fault PROVIDER=MODE`: a fault that begins midway in a transcript or a script, after
/// the app has read its data; lifted with `none`; gone after `>> restart`; refused, as a bad
/// input line is, when it names no provider or mode.
// checks: docs/testing.md#faults
@MainActor
@Suite struct FaultDirectiveTests {
    static let orders = EjectCommandTests.root.appendingPathComponent("Scenes/Orders")

    /// A transcript in a copy of the Orders sample, in a temporary folder: the sample's own
    /// tests folder is left as it is for the tests that run it.
    func transcript(_ text: String) throws -> URL {
        let app = scratchFolder.appendingPathComponent("scenery-fault-\(UUID().uuidString)/Orders")
        try FileManager.default.createDirectory(at: app.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.orders, to: app)
        let file = app.appendingPathComponent("tests/check.transcript")
        try Data(text.utf8).write(to: file)
        return file
    }

    static let header = """
        # args: --width 60 --locale en_US --now 2026-01-01T00:00:00Z --seed 0 --fixture orders=seeds/two.json
        == Orders ==
        ...

        """

    /// The documented example passes; without its `>> fault` line the same output fails:
    /// the fault, begun after the list was read, is what the order screen shows.
    @Test func aFaultBegunMidwayFailsTheNextReadAndNoneLiftsIt() async throws {
        let sample = Self.orders.appendingPathComponent("tests/fault-midway.transcript")
        #expect(await runScenery(["test", sample.path]).code == 0)
        let text = try String(contentsOf: sample, encoding: .utf8)
        #expect(text.contains("! injected with >> fault))."))
        let without = try transcript(text.replacingOccurrences(of: ">> fault orders=fail\n", with: ""))
        let result = await runScenery(["test", without.path])
        #expect(result.code == 1)
        #expect((result.out + result.error).contains("\n+== Grace Hopper ==\n"), "\(result.out)\(result.error)")
    }

    /// A `--fault` from `# args:` is lifted by `none`, and back after `>> restart`; a delay
    /// on a transcript's clock changes nothing shown.
    @Test func aRestartStartsWithTheFaultsTheArgsGive() async throws {
        let file = try transcript(
            """
            # args: --width 60 --locale en_US --now 2026-01-01T00:00:00Z --seed 0 --fixture orders=seeds/two.json --fault orders=fail
            == Orders ==
            Orders cannot be loaded now (orders: failed (fault injected
            with --fault)).
            ...
            >> fault orders=none
            > new
            == New order ==
            ...
            >> fault orders=delay:0
            > back
            == Orders ==
            1. Alan Turing, 1 × standard                           $7.25
            ...
            >> restart
            == Orders ==
            Orders cannot be loaded now (orders: failed (fault injected
            with --fault)).
            ...

            """)
        let result = await runScenery(["test", file.path])
        #expect(result.code == 0, "\(result.out)\(result.error)")
    }

    /// A line naming no provider (with a did-you-mean), or no mode, is a bad input line:
    /// `error: …`, the session going on, the fault not changed.
    @Test(arguments: [
        ("ordrs=fail", "error: '>> fault' names no provider 'ordrs' of the app; did you mean 'orders'?"),
        ("zzzzzz=fail", "error: '>> fault' names no provider 'zzzzzz' of the app; the app's providers are 'orders'"),
        (
            "orders=boom",
            "error: '>> fault' takes PROVIDER=fail, PROVIDER=fail-store, PROVIDER=delay:MS or PROVIDER=none, not 'orders=boom'"
        ),
        ("orders", "error: '>> fault' takes PROVIDER=fail, PROVIDER=fail-store, PROVIDER=delay:MS or PROVIDER=none, not 'orders'"),
        (
            "orders=delay:600001",
            "error: '>> fault' takes PROVIDER=fail, PROVIDER=fail-store, PROVIDER=delay:MS or PROVIDER=none, not 'orders=delay:600001'"
        )
    ])
    func aFaultLineThatNamesNothingIsABadInputLine(fault: String, message: String) async throws {
        let file = try transcript(Self.header + ">> fault \(fault)\n\(message)\n> open 1\n== Alan Turing ==\n...\n")
        let result = await runScenery(["test", file.path])
        #expect(result.code == 0, "\(result.out)\(result.error)")
    }

    /// A scripted run takes the line too, and `--record` writes it as it was typed, so the
    /// recording replays it.
    @Test func aRecordingKeepsTheLineAndReplaysIt() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("script.txt")
        try Data(">> fault orders=fail\nnew\n".utf8).write(to: script)
        let recording = folder.appendingPathComponent("r.transcript")
        let run = await runScenery(["run", Self.orders.path, "--script", script.path, "--record", recording.path])
        #expect(run.code == 0, "\(run.error)")
        let text = try String(contentsOf: recording, encoding: .utf8)
        #expect(text.contains("\n>> fault orders=fail\n> new\n"), "\(text)")
        #expect(await runScenery(["test", recording.path]).code == 0)
    }
}
