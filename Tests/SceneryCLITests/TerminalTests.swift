import Testing

@testable import SceneryCLI

// checks: docs/cli.md#output-colour-and-terminal-safety
@Suite struct TerminalTests {
    @Test(
        arguments: [
            ([:], true, true),
            ([:], false, false),
            (["NO_COLOR": "1"], true, false),
            (["NO_COLOR": ""], true, true),
            (["FORCE_COLOR": "1"], false, true),
            (["FORCE_COLOR": "0"], true, false),
            (["NO_COLOR": "1", "FORCE_COLOR": "1"], true, false),
            (["TERM": "dumb"], true, false)
        ] as [([String: String], Bool, Bool)])
    func colourFollowsTheEnvironmentAndTheTerminal(environment: [String: String], isTTY: Bool, colors: Bool) {
        #expect(Terminal(environment: environment, isTTY: isTTY).colors == colors)
    }

    let color = Terminal(colors: true)

    @Test func diagnosticsAreColouredLikeSwiftc() {
        #expect(
            color.styled("Shop/Catalog.json:14:17: error[E304]: unknown provider 'prodcts'", as: .diagnostic)
                == "\u{1B}[1mShop/Catalog.json:14:17: \u{1B}[0m\u{1B}[1;31merror[E304]:\u{1B}[0m\u{1B}[1m unknown provider 'prodcts'\u{1B}[0m"
        )
        #expect(
            color.styled("  hint: did you mean 'products'?", as: .diagnostic) == "  \u{1B}[1;36mhint:\u{1B}[0m did you mean 'products'?")
        #expect(color.styled("a.json:1:1: warning[W001]: unreachable", as: .diagnostic).contains("\u{1B}[1;35mwarning[W001]:\u{1B}[0m"))
        #expect(color.styled("error: no path", as: .diagnostic) == "\u{1B}[1;31merror:\u{1B}[0m\u{1B}[1m no path\u{1B}[0m")
        #expect(color.styled("2 errors, 0 warnings", as: .diagnostic) == "2 errors, 0 warnings")
    }

    @Test func diffsBannersAndResultsHaveTheirColours() {
        #expect(color.styled("-9 products", as: .diff) == "\u{1B}[31m-9 products\u{1B}[0m")
        #expect(color.styled("+8 products", as: .diff) == "\u{1B}[32m+8 products\u{1B}[0m")
        #expect(color.styled(" same", as: .diff) == " same")
        #expect(color.styled("! Network unavailable", as: .banner) == "\u{1B}[1;31m! Network unavailable\u{1B}[0m")
    }

    @Test func plainTerminalsGetTextAsIs() {
        for style in [Terminal.Style.diagnostic, .diff, .banner, .failure, .success] {
            #expect(Terminal.plain.styled("error: x", as: style) == "error: x")
        }
    }

    @Test func aConsoleEscapesTheTextThenColoursIt() {
        var error = ""
        let console = Console(out: { _ in }, error: { error += $0 }, errorTerminal: color)
        console.error("error: bad '\u{1B}[2J'")
        #expect(error == "\u{1B}[1;31merror:\u{1B}[0m\u{1B}[1m bad '\\u{1B}[2J'\u{1B}[0m\n")
    }

    @MainActor
    @Test func theInteractivePromptStaysOnTheInputLine() async {
        let captured = CapturedConsole()
        var lines = ["help", "quit"]
        let source = LineSource(isInteractive: true) { lines.isEmpty ? nil : .text(lines.removeFirst()) }
        let code = await SessionLoop(console: captured.console, strict: false).run(
            source,
            perform: { line in
                line.action == "quit" ? .quit : .printed
            }, printFrame: { false })
        #expect(code == 0)
        // No newline after the prompt, and typed lines are not echoed.
        #expect(captured.error == "> > ")
        #expect(captured.out == "")
    }
}
