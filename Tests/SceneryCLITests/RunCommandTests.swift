import Foundation
import SceneRuntime
import Testing

@testable import SceneryCLI

// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct RunCommandTests {
    @Test(arguments: [
        (["rn"], "error: unknown subcommand 'rn'\n  hint: did you mean 'run'?\n"),
        (["run", "--widht", "3"], "error: unknown option '--widht'\n  hint: did you mean '--width'?\n"),
        (["run", "Scenes/Shop", "--width", "x"], "error: option '--width' takes a whole number from 12 to 500, not 'x'\n"),
        (["run"], "error: nothing to run\n  hint: give an app folder, as in 'scenery run Scenes/Shop'\n")
    ])
    func usageMistakesExitTwoAndNameTheChoices(arguments: [String], message: String) async {
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(arguments, console: captured.console)
        #expect(code == 2)
        #expect(captured.error == message)
    }

    @Test func versionAndHelp() async {
        let captured = CapturedConsole()
        #expect(await SceneryCommand.run(["--version"], console: captured.console) == 0)
        #expect(await SceneryCommand.run(["run", "--help"], console: captured.console) == 0)
        #expect(captured.out.hasPrefix("scenery \(SceneryCommand.version)\nUSAGE: scenery run"))
    }
}
