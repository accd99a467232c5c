import Foundation
import Testing

@testable import SceneryCLI

/// Messages that say what is wrong, not what follows from it (docs/cli.md).
@MainActor
@Suite struct SmallMessagesTests {
    // checks: docs/cli.md#scenery-test
    @Test func testingAPathThatDoesNotExistSaysSo() async throws {
        let result = await runScenery(["test", "Nope"])
        #expect(result.code == 2)
        #expect(result.error == "error: 'Nope' does not exist\n")
        let empty = scratchFolder.appendingPathComponent("scenery-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(await runScenery(["test", empty.path]).error == "error: no transcripts at '\(empty.path)'\n")
    }

    // checks: docs/cli.md#scenery-run
    @Test(arguments: [
        ("xx_YY", true), ("en_US", false), ("ru_RU", false), ("de", false), ("pt-BR", false), ("ko_KR", true), ("DE_DE", true)
    ])
    func aLocaleWithoutBuiltInFormatsIsWarnedOf(locale: String, warned: Bool) {
        let warning = RunCommand.localeWarning(locale)
        #expect((warning != nil) == warned)
        if warned {
            #expect(
                warning
                    == "warning: no built-in formats for locale '\(locale)'; numbers, money and dates show as in English (built in: en ru uk de fr es it pt pl ja zh)"
            )
        }
    }

    /// The warning is for a person at a terminal: a scripted run's output stays a transcript.
    // checks: docs/cli.md#scenery-run
    @Test func aScriptedRunPrintsNoLocaleWarning() async throws {
        let script = scratchFolder.appendingPathComponent("scenery-steps-\(UUID().uuidString)")
        try Data("quit\n".utf8).write(to: script)
        let result = await runScenery([
            "run", RecordTests.shop, "--locale", "xx_YY", "--script", script.path, "--state-dir", script.path + ".state"
        ])
        #expect(result.code == 0)
        #expect(!result.error.contains("warning"))
    }
}
