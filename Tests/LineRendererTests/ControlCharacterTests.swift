import LineRenderer
import Testing

// checks: docs/cli.md#output-colour-and-terminal-safety
@Suite struct ControlCharacterTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("red \u{1B}[31mtext", #"red \u{1B}[31mtext"#),
        ("nul\u{0}del\u{7F}", #"nul\u{0}del\u{7F}"#),
        ("csi \u{9B}2J bell \u{7}", #"csi \u{9B}2J bell \u{7}"#),
        ("tab\there", #"tab\u{9}here"#),
        ("two\nlines\r", #"two\u{A}lines\u{D}"#),
        ("accents é and emoji 👋 stay", "accents é and emoji 👋 stay"),
        ("user \u{202E}gnp.exe", #"user \u{202E}gnp.exe"#),
        ("isolate \u{2066}x\u{2069}", #"isolate \u{2066}x\u{2069}"#),
        ("hebrew \u{05D0}\u{200F} mark stays", "hebrew \u{05D0}\u{200F} mark stays")
    ])
    func controlsAreEscapedAndEverythingElseKept(text: String, shown: String) {
        #expect(ControlCharacters.escaped(text) == shown)
    }

    @Test func jsonFormIsAValidJSONEscape() {
        #expect(ControlCharacters.escaped("a\u{7F}b\u{9B}", form: .json) == #"a\u007fb\u009b"#)
    }

    @Test func aFrameShowsControlsEscapedAndCountsThemInTheWidth() {
        let lines = LineRenderer(width: 24).render([
            .header("\u{1B}[2J"),
            .text("one\u{1B}]0;pwned\u{7}\ntwo"),
            .list(items: [ListItem("a\u{0}", detail: "\u{9B}1m")], empty: nil),
            .input(label: "Name", value: "x\ny", action: "name"),
            .button(title: "\u{1B}c", action: "go", enabled: true),
            .error("bad\u{1B}[0m")
        ])
        #expect(
            lines == [
                #"== \u{1B}[2J =="#,
                #"one\u{1B}]0;pwned\u{7}"#,
                "two",
                #"1. a\u{0}       \u{9B}1m"#,
                #"Name: [x\u{A}y]"#,
                #"[ \u{1B}c ]"#,
                #"! bad\u{1B}[0m"#
            ])
        #expect(lines.allSatisfy { line in !line.unicodeScalars.contains(where: ControlCharacters.isControl) })
        #expect(lines.allSatisfy { $0.count <= 24 })
    }
}
