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

/// The byte-level checks that spare most text a walk over its scalars or characters agree
/// with that walk for every scalar that matters and around it.
@Suite struct FastTextPathTests {
    /// Scalars at every boundary the byte checks draw: C0, DEL, C1, the bidirectional ranges,
    /// the marks kept, the first combining mark, CR and LF, and wider text.
    static let scalars: [Unicode.Scalar] =
        (0...0x2FF).compactMap(Unicode.Scalar.init)
        + [
            0x300, 0x301, 0x36F, 0x200D, 0x200E, 0x200F, 0x2029, 0x202A, 0x202E, 0x202F, 0x2065, 0x2066, 0x2069, 0x206A, 0x2026,
            0x1F600, 0x1F1E6, 0xFE0F, 0xAC00, 0x0915, 0x093F
        ].compactMap(Unicode.Scalar.init)

    @Test func holdsControlIsTrueExactlyWhenAScalarIsAControl() {
        for scalar in Self.scalars {
            for text in ["\(scalar)", "ab\(scalar)", "\(scalar)cd", "é\(scalar)·"] {
                #expect(
                    ControlCharacters.holdsControl(text) == text.unicodeScalars.contains(where: ControlCharacters.isControl),
                    "\(scalar.value)")
            }
        }
    }

    @Test func aRowCountsTheCharactersAPersonSees() {
        let renderer = LineRenderer(width: 30)
        for scalar in Self.scalars where !ControlCharacters.isControl(scalar) {
            for title in ["a\(scalar)b", "e\(scalar)\(scalar)", "\(scalar)·x", "Springfield · 1/1/25 \(scalar)"] {
                let line = renderer.render(.list(items: [ListItem(title, detail: "$1.00")], empty: nil))[0]
                #expect(line.count == 30, "\(scalar.value): \(line)")
                #expect(line.hasSuffix(" $1.00"), "\(scalar.value): \(line)")
            }
        }
        // CR LF is one character, and a flag of two scalars one too.
        let flag = renderer.render(.list(items: [ListItem("\u{1F1FA}\u{1F1F8} flag", detail: "x")], empty: nil))[0]
        #expect(flag.count == 30)
    }

    @Test func aLongListIsLaidOutRowByRowInOrder() {
        let items = (0..<3_000).map { ListItem("Customer \($0) · é", detail: "$\($0).00") }
        let lines = LineRenderer(width: 40).render(.list(items: items, empty: nil))
        #expect(lines.count == 3_000)
        for (index, line) in lines.enumerated() {
            #expect(line.hasPrefix("\(index + 1). Customer \(index) · é"))
            #expect(line.hasSuffix("$\(index).00"))
            #expect(line.count == 40)
        }
    }
}

/// docs/cli.md, `--width`: widths count characters, and a row with a detail keeps the detail
/// whole and shortens its title.
// checks: docs/cli.md#scenery-run
@Suite struct RowWidthDocsTests {
    @Test func aLongTitleGivesWayToItsDetail() {
        let line = LineRenderer(width: 30).render(
            .list(items: [ListItem("A title that is far too long to fit", detail: "$9.99")], empty: nil))
        #expect(line == ["1. A title that is far … $9.99"])
    }

    @Test func eachOfTheseIsOneCharacter() {
        for character in ["é", "·", "日", "👍"] {
            let line = LineRenderer(width: 20).render(.list(items: [ListItem(character, detail: "x")], empty: nil))[0]
            #expect(line == "1. \(character)" + String(repeating: " ", count: 20 - 5) + "x", "\(character)")
        }
    }
}
