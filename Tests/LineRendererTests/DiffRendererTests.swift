import LineRenderer
import Testing

@Suite struct DiffRendererTests {
    @Test func theFirstFrameAddsEveryLine() {
        var diff = DiffRenderer(renderer: LineRenderer(width: 20))
        let changes = diff.update([.header("Cart"), .text("Empty")])
        #expect(changes.map(\.description) == ["+1 == Cart ==", "+2 Empty"])
    }

    @Test func onlyChangedComponentsAreRenderedAndOnlyChangedLinesReported() {
        var diff = DiffRenderer(renderer: LineRenderer(width: 20))
        _ = diff.update([.header("Cart"), .text("1 item"), .button(title: "Pay", action: "pay", enabled: false)])
        #expect(diff.renderCount == 3)

        let changes = diff.update([.header("Cart"), .text("2 items"), .button(title: "Pay", action: "pay", enabled: false)])

        #expect(diff.renderCount == 4)
        #expect(changes == [.changed(line: 2, text: "2 items")])
        #expect(diff.lines == ["== Cart ==", "2 items", "[ Pay ] (disabled)"])
    }

    @Test func shrinkingFramesReportRemovedLines() {
        var diff = DiffRenderer(renderer: LineRenderer(width: 20))
        _ = diff.update([.header("A"), .error("oops")])
        #expect(diff.update([.header("A"), .error(nil)]) == [.removed(line: 2)])
    }
}

/// A list diffs by row: one changed item is one rendered row and one reported line.
@Suite struct ListDiffTests {
    func catalog(_ titles: [String]) -> [Component] {
        [.header("Catalog"), .list(items: titles.map { ListItem($0, detail: "$1.00") }, empty: "Nothing found"), .text("end")]
    }

    @Test func oneChangedRowIsRenderedAndReportedAlone() {
        var diff = DiffRenderer(renderer: LineRenderer(width: 30))
        let titles = (1...1000).map { "Item \($0)" }
        _ = diff.update(catalog(titles))
        let rendered = diff.renderCount

        var changed = titles
        changed[499] = "Changed"
        let changes = diff.update(catalog(changed))

        #expect(changes.map(\.description) == ["~501 500. Changed             $1.00"])
        #expect(diff.renderCount == rendered)
        #expect(diff.rowRenderCount == 1)
        #expect(diff.lines == LineRenderer(width: 30).render(catalog(changed)))
    }

    @Test func addedAndRemovedRowsShiftWhatFollows() {
        var diff = DiffRenderer(renderer: LineRenderer(width: 30))
        _ = diff.update(catalog(["A", "B"]))
        #expect(diff.update(catalog(["A", "B", "C"])).map(\.description) == ["~4 3. C                     $1.00", "+5 end"])
        #expect(diff.rowRenderCount == 1)
        #expect(diff.update(catalog(["A"])).map(\.description) == ["~3 end", "-4", "-5"])
        #expect(diff.lines == LineRenderer(width: 30).render(catalog(["A"])))
    }

    @Test func aRowsControlCharactersAreEscapedAsInAFullRender() {
        var diff = DiffRenderer(renderer: LineRenderer(width: 30))
        _ = diff.update(catalog(["A", "B"]))
        _ = diff.update(catalog(["A", "B\u{1B}[31m"]))
        #expect(diff.lines == LineRenderer(width: 30).render(catalog(["A", "B\u{1B}[31m"])))
        #expect(diff.rowRenderCount == 1)
    }

    @Test func aListThatEmptiesShowsItsEmptyText() {
        var diff = DiffRenderer(renderer: LineRenderer(width: 30))
        _ = diff.update(catalog(["A"]))
        #expect(diff.update(catalog([])).map(\.description) == ["~2 Nothing found"])
    }
}
