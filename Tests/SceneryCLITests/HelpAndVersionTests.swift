import Foundation
import Testing

@testable import SceneryCLI

// checks: docs/cli.md#scenery-help-and-scenery-version
@MainActor
@Suite struct HelpAndVersionTests {
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes/Shop").path

    func scenery(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(arguments, console: captured.console)
        return (code, captured.out, captured.error)
    }

    @Test(arguments: ["run", "validate", "test", "new", "generate", "graph", "help", "version"])
    func helpSubcommandPrintsWhatSubcommandHelpPrints(subcommand: String) async {
        let help = await scenery(["help", subcommand])
        let flag = await scenery([subcommand, "--help"])
        #expect(help.code == 0)
        #expect(flag.code == 0)
        #expect(help.out.hasPrefix("USAGE: scenery \(subcommand)"))
        #expect(help.out == flag.out)
    }

    @Test func helpAloneIsTheOverviewThatListsEverySubcommand() async {
        let help = await scenery(["help"])
        #expect(help.code == 0)
        #expect(help.out == SceneryCommand.usage + "\n")
        for subcommand in SceneryCommand.subcommands { #expect(help.out.contains("\n  \(subcommand) ")) }
    }

    @Test(arguments: [["version"], ["--version"]])
    func versionPrintsTheVersion(arguments: [String]) async {
        let result = await scenery(arguments)
        #expect(result.code == 0)
        #expect(result.out == "scenery \(SceneryCommand.version)\n")
    }

    @Test(arguments: [
        (["-v"], "error: unknown option '-v'\n  hint: did you mean '--version'?\n"),
        (["-V"], "error: unknown option '-V'\n  hint: did you mean '--version'?\n"),
        (["--verison"], "error: unknown option '--verison'\n  hint: did you mean '--version'?\n"),
        (["help", "tset"], "error: unknown subcommand 'tset'\n  hint: did you mean 'test'?\n"),
        (["version", "2"], "error: 'version' takes no arguments\n")
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) async {
        let result = await scenery(arguments)
        #expect(result.code == 2)
        #expect(result.error == message)
    }

    @Test func graphOfASceneFileSaysItNeedsAnAppFolder() async {
        let result = await scenery(["graph", "\(Self.shop)/scenes/Cart.json"])
        #expect(result.code == 2)
        #expect(
            result.error == """
                error: graph needs an app folder, and '\(Self.shop)/scenes/Cart.json' is a file
                  hint: give the folder that holds app.json, as in 'scenery graph Scenes/Shop'

                """)
        #expect(await scenery(["graph", Self.shop]).code == 0)
    }
}
