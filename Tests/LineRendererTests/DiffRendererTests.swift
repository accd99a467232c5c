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
