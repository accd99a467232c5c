import Foundation
import Testing

@testable import SceneryCLI

/// `explore --restart` under `--faults`: a value a fault begun midway kept from being read
/// was never seen, so whatever the restarted app reads for it is no loss; a value that was
/// read must come back as it was.
// checks: docs/explore.md#what-it-checks
@MainActor
@Suite struct ExploreRestartTests {
    /// A memo kept in a keyValue provider, saved by a button, its error in a banner.
    func memo() throws -> URL {
        let folder = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)/Memo")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(
            #"""
            { "formatVersion": 1, "name": "Memo", "entry": "Home",
              "providers": { "memo": { "type": "keyValue", "model": "string", "default": "none" } } }
            """#.utf8
        ).write(to: folder.appendingPathComponent("app.json"))
        try Data(
            #"""
            { "formatVersion": 1, "scene": "Home", "state": { "memo": { "type": "string", "default": "" } },
              "onAppear": ["load"],
              "useCases": {
                "load": { "internal": true, "interactor": [
                  { "type": "fetch", "provider": "memo", "as": "m" }, { "type": "set", "path": "state.memo", "value": "@{m}" } ] },
                "save": { "interactor": [
                  { "type": "store", "provider": "memo", "value": "@{state.memo + 'x'}" }, { "type": "call", "useCase": "load" } ] } },
              "view": [
                { "type": "text", "text": "Memo: @{state.memo}" }, { "type": "button", "title": "Save", "action": "save" },
                { "type": "error" } ] }
            """#.utf8
        ).write(to: folder.appendingPathComponent("scenes/Home.json"))
        return folder
    }

    /// Walk 7 of seed 0 ends under a `>> fault memo=fail`: the memo cannot be read then, and
    /// reads `none` after the restart lifts the fault. That is no finding.
    @Test func aValueAMidwayFaultHidBeforeTheRestartIsNoLoss() async throws {
        let app = try memo()
        let output = app.deletingLastPathComponent().appendingPathComponent("found")
        let result = await runScenery(["explore", app.path, "--faults", "--restart", "--walks", "60", "--output", output.path])
        #expect(result.code == 0, "\(result.out)\(result.error)")
        #expect(result.out.hasSuffix("0 failures\n"), "\(result.out)")
    }

    /// A walk that deletes both orders of the fixture: restarted with the same fixture, the
    /// collection stays empty, as it was left (docs/manifest.md#collections).
    // checks: docs/manifest.md#collections
    @Test func anEmptiedCollectionStaysEmptyAfterARestartWithItsFixture() async throws {
        let orders = EjectCommandTests.root.appendingPathComponent("Scenes/Orders")
        let output = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = await runScenery([
            "explore", orders.path, "--faults", "--restart", "--fixture", "orders=\(orders.path)/tests/seeds/two.json", "--walks", "150",
            "--output", output.path
        ])
        #expect(result.code == 0, "\(result.out)\(result.error)")
        #expect(result.out.hasSuffix("0 failures\n"), "\(result.out)")
    }

    @Test func aLineThatCouldNotBeReadTakesWhatComesBackAndOneThatWasReadMustComeBack() {
        let before = ["stored a: \"x\"", "stored b: cannot be read: b: failed (fault injected with >> fault)"]
        #expect(
            StoredComparison.expected(before: before, after: ["stored a: \"x\"", "stored b: \"y\""]) == [
                "stored a: \"x\"", "stored b: \"y\""
            ])
        #expect(
            StoredComparison.expected(before: before, after: ["stored a: \"z\"", "stored b: \"y\""]) == [
                "stored a: \"x\"", "stored b: \"y\""
            ])
        #expect(StoredComparison.name(of: "stored orders: 2 records [{}]") == "orders")
    }
}
