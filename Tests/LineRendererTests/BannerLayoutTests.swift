import Testing

@testable import LineRenderer

/// Every line of a wrapped error banner starts with `! ` (docs/manifest.md, View
/// components: `error`), and the layout before that is recovered exactly from the new one,
/// so transcripts recorded earlier still pass.
// checks: docs/manifest.md#view-components
@Suite struct BannerLayoutTests {
    static let messages = [
        "Main.pay, step 2 (store): cannot store into provider 'history', whose model is [Payment]: it is a number, not [Payment] (E513) at scenes/Home.json:8:16",
        "short",
        "a path too long for any line: /tmp/scenery-state-0CE24D2F-7058-4033-8448-2DCD98023E3D/T.json and then more words after it",
        "two paragraphs\nthe second one is long enough that it wraps onto a line of its own",
        "exactly thirty-eight characters long!! then more",
        "ten chars! paragraphs twelve12 cut-in-the-middle-of-a-long-word"
    ]

    @Test(arguments: messages, [12, 20, 40, 60])
    func everyLineOfABannerStartsWithTheMark(message: String, width: Int) {
        let lines = LineRenderer(width: width).render(.error(message))
        #expect(lines.allSatisfy { $0.hasPrefix("! ") && $0.count <= width }, "\(lines)")
        #expect(lines.count > 1 || message.count + 2 <= width)
    }

    @Test(arguments: messages, [12, 20, 40, 60])
    func theEarlierLayoutIsRecoveredExactly(message: String, width: Int) {
        let now = ["== Scene =="] + LineRenderer(width: width).render(.error(message)) + ["[ Button ]"]
        let before = ["== Scene =="] + TextLayout.wrap("! " + message, to: width) + ["[ Button ]"]
        #expect(BannerLayout.earlier(now, width: width, expected: before) == before)
    }
}
