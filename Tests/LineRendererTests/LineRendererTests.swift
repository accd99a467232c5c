import LineRenderer
import Testing

@Suite struct LineRendererTests {
    let renderer = LineRenderer(width: 24)

    @Test func aFrameRendersEveryComponentInOrder() {
        let lines = renderer.render([
            .header("Catalog"),
            .list(items: [ListItem("Pixel 8", detail: "$699.00"), "USB-C Cable"], empty: "Nothing found"),
            .text("2 products"),
            .input(label: "Search", value: "pix", action: "search"),
            .button(title: "Cart (2)", action: "cart", enabled: true),
            .button(title: "Checkout", action: "checkout", enabled: false),
            .loading("Loading"),
            .error("Network unavailable"),
            .divider
        ])
        #expect(
            lines == [
                "== Catalog ==",
                "1. Pixel 8       $699.00",
                "2. USB-C Cable",
                "2 products",
                "Search: [pix]",
                "[ Cart (2) ]",
                "[ Checkout ] (disabled)",
                "… Loading",
                "! Network unavailable",
                "------------------------"
            ])
    }

    // checks: docs/manifest.md#forms
    @Test func aFormShowsTheWordThatWorksEachInputAndButtonAndKeepsItWholeWhenCut() {
        #expect(
            renderer.render([
                .input(label: "Title", value: "Box", action: "title", showsWord: true),
                .button(title: "Save", action: "save", enabled: false, showsWord: true),
                .input(label: "A long label", value: "a long value", action: "quantity", showsWord: true)
            ]) == [
                "Title: [Box]  > title",
                "[ Save ] (disab…  > save",
                "A…: [a lon…]  > quantity"
            ])
        // Too narrow for the text and the word: the line is cut as one.
        #expect(
            LineRenderer(width: 12).render(.input(label: "Name", value: "", action: "averyveryLongWord", showsWord: true)) == [
                "Name: []  >…"
            ])
    }

    // checks: docs/cli.md#scenery-run
    /// What was typed matters more than the label: a form line too wide shortens its label
    /// first, then its value, and keeps its word.
    @Test func aFormLineTooWideShortensItsLabelBeforeItsValue() {
        let card = Component.input(
            label: "Card number (16 digits, as on the card)", value: "4242 4242 4242 4242", action: "card", showsWord: true)
        #expect(LineRenderer(width: 60).render(card) == ["Card number (16 digits, as o…: [4242 4242 4242 4242]  > card"])
        #expect(LineRenderer(width: 40).render(card) == ["Card num…: [4242 4242 4242 4242]  > card"])
        let plain = Component.input(label: "Card number", value: "4242 4242 4242 4242", action: "card", showsWord: false)
        #expect(LineRenderer(width: 30).render(plain) == ["Card n…: [4242 4242 4242 4242]"])
        #expect(LineRenderer(width: 20).render(plain) == ["C…: [4242 4242 424…]"])
        // The narrowest frames: the value as `…`, then the label alone, and the word kept.
        #expect(LineRenderer(width: 15).render(card) == ["C…: […]  > card"])
        #expect(LineRenderer(width: 12).render(.input(label: "Name", value: "", action: "holder", showsWord: true)) == ["N…  > holder"])
        #expect(
            LineRenderer(width: 13).render(.input(label: "Name", value: "Ada Lovelace", action: "holder", showsWord: true)) == [
                "Na…  > holder"
            ])
    }

    @Test func longLinesAreTruncatedWithAnEllipsis() {
        #expect(renderer.render(.header("A very long title for a small screen")) == ["== A very long title fo…"])
        #expect(
            renderer.render(.list(items: [ListItem("Extraordinarily long product", detail: "$1.00")], empty: nil))
                == ["1. Extraordinaril… $1.00"])
    }

    @Test func textWrapsAtWordsAndSplitsLongWords() {
        #expect(LineRenderer(width: 12).render(.text("the quick brown fox jumps")) == ["the quick", "brown fox", "jumps"])
        #expect(LineRenderer(width: 12).render(.text("abcdefghijklmnopq")) == ["abcdefghijkl", "mnopq"])
        #expect(LineRenderer(width: 12).render(.text("one\n\ntwo")) == ["one", "", "two"])
    }

    @Test func emptyListsShowTheirEmptyTextAndAbsentBannersNothing() {
        #expect(renderer.render(.list(items: [], empty: "Nothing found")) == ["Nothing found"])
        #expect(renderer.render(.list(items: [], empty: nil)) == [])
        #expect(renderer.render(.error(nil)) == [])
        #expect(renderer.render(.loading(nil)) == [])
    }

    @Test func widthHasAFloor() {
        #expect(LineRenderer(width: 3).width == LineRenderer.minimumWidth)
    }
}
