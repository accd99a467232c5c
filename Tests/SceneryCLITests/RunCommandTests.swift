import Foundation
import Testing
@testable import SceneryCLI
import SceneRuntime

@MainActor
@Suite struct RunCommandTests {
    func run(script: String, _ extra: [String] = []) async throws -> (code: Int32, out: String, error: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-\(UUID().uuidString).txt")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(["run", "--example", "catalog", "--script", file.path] + extra, console: captured.console)
        return (code, captured.out, captured.error)
    }

    @Test func aScriptedRunEchoesEachLineBeforeItsFrame() async throws {
        let result = try await run(script: "# find phones\nsearch phone\nopen 2\nback\n", ["--width", "32"])
        #expect(result.code == 0)
        #expect(result.error == "")
        #expect(result.out == """
            == Catalog ==
            1. USB-C Cable             $9.99
            2. Phone Case             $19.50
            3. Pixel 8               $699.00
            4. iPhone 15             $799.00
            4 products
            > # find phones
            > search phone
            == Catalog ==
            1. Phone Case             $19.50
            2. Pixel 8               $699.00
            3. iPhone 15             $799.00
            3 products for 'phone'
            > open 2
            == Pixel 8 ==
            Price: $699.00
            Tags: phone, android
            > back
            == Catalog ==
            1. Phone Case             $19.50
            2. Pixel 8               $699.00
            3. iPhone 15             $799.00
            3 products for 'phone'

            """)
    }

    @Test func badLinesPrintAClearErrorAndTheSessionGoesOn() async throws {
        let result = try await run(script: "serach x\nopen\nsearch \"unclosed\nback\nstack\nquit\nsearch never\n", ["--width", "32"])
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("error:") } == [
            "error: unknown action 'serach'; did you mean 'search'?",
            "error: 'open' takes one row number, as in 'open 2'",
            "error: unterminated \" quote",
            "error: there is no screen to go back to",
        ])
        #expect(lines.contains("Catalog"))
        #expect(!result.out.contains("> search never"))
    }

    @Test func strictModeStopsAtTheFirstBadLineWithExitOne() async throws {
        let result = try await run(script: "serach x\nsearch phone\n", ["--strict"])
        #expect(result.code == 1)
        #expect(!result.out.contains("> search phone"))
    }

    @Test(arguments: [
        (["rn"], "error: unknown subcommand 'rn'\n  hint: did you mean 'run'?\n"),
        (["run", "--widht", "3"], "error: unknown option '--widht'\n  hint: did you mean '--width'?\n"),
        (["run", "--example", "catalog", "--width", "x"], "error: option '--width' takes a whole number from 12 to 500, not 'x'\n"),
        (["run"], "error: nothing to run\n  hint: give an app folder, as in 'scenery run Scenes/Shop'\n"),
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

@Suite struct InputLineTests {
    @Test(arguments: [
        ("open 2", ["open", "2"]),
        ("  search   usb  c ", ["search", "usb", "c"]),
        ("login name='Ada Lovelace' pin=\"12 34\"", ["login", "name=Ada Lovelace", "pin=12 34"]),
        ("say it\\'s", ["say", "it's"]),
        ("search phone # a comment", ["search", "phone"]),
        ("tag a#b", ["tag", "a#b"]),
        ("# only a comment", []),
        ("", []),
    ])
    func splitsLikeAShell(text: String, words: [String]) throws {
        #expect(try InputLine.split(text) == words)
    }

    @Test func anUnterminatedQuoteIsAProblemNotACrash() {
        #expect(throws: InputLine.Problem.unterminatedQuote("'")) { try InputLine.split("say 'hello") }
    }
}
