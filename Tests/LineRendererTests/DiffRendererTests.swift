import LineRenderer
import Testing
import VIPTesting

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

/// Frames made at random, each a step from the last: whatever changes, the diff's lines are
/// the full render's, and the reported changes turn the last frame's lines into them and
/// report no line that is as it was.
// checks: docs/cli.md#scenery-run
@Suite struct DiffAgainstFullRenderTests {
    /// What a frame is made of: a text that may wrap above the list, the list, a footer.
    struct Scene {
        var intro = "Pick one"
        var items = (0..<6).map { ListItem("Item \($0)", detail: "$1") }
        var footer: String? = "end"

        var frame: [Component] {
            var frame: [Component] = [.header("List"), .text(intro), .list(items: items, empty: "None")]
            if let footer { frame.append(.text(footer)) }
            return frame
        }

        /// One random edit: an item changed, inserted or removed anywhere (some changed only
        /// in ways that render the same), the intro rewrapped, the footer changed or toggled.
        mutating func edit(_ step: Int, _ random: inout SeededRandom) {
            let position = items.isEmpty ? 0 : Int.random(in: 0..<items.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0 where !items.isEmpty: items[position] = ListItem("Changed \(step)", detail: "$\(step % 3)")
            // A different item that renders as it did: no detail and an empty one look alike.
            case 1 where !items.isEmpty: items[position].detail = items[position].detail == nil ? "" : nil
            case 2: items.insert(ListItem("New \(step)"), at: position)
            case 3 where !items.isEmpty: items.remove(at: position)
            case 4: intro = ["Pick one", "Pick one of the items below, by its number", "Pick"][Int.random(in: 0..<3, using: &random)]
            case 5: footer = ["end", "end of the list", nil][Int.random(in: 0..<3, using: &random)]
            case 6 where items.count > 1: items.swapAt(0, items.count - 1)
            default: items.removeAll()
            }
        }
    }

    /// The lines `changes` make of `old`, as a terminal shows a diff frame, checking that each
    /// change is one: a changed line differs, lines are added after the last and removed
    /// from the end (numbered as they were), never both.
    static func applying(_ changes: [LineChange], to old: [String], expecting count: Int) -> [String] {
        var lines = old
        var removed: [Int] = []
        for change in changes {
            switch change {
            case let .changed(line, text):
                #expect(old[line - 1] != text, "line \(line) reported changed as it was")
                lines[line - 1] = text
            case let .added(line, text):
                #expect(line == lines.count + 1)
                lines.append(text)
            case let .removed(line): removed.append(line)
            }
        }
        #expect(removed == Array((count + 1)..<max(count + 1, old.count + 1)))
        return Array(lines.prefix(count))
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func everyUpdateMatchesAFullRender(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let renderer = LineRenderer(width: 24)
        var diff = DiffRenderer(renderer: renderer)
        var scene = Scene()
        var shown: [String] = []
        for step in 0..<300 {
            for _ in 0..<Int.random(in: 1...3, using: &random) { scene.edit(step, &random) }
            let changes = diff.update(scene.frame)
            let expected = renderer.render(scene.frame)
            #expect(diff.lines == expected, "step \(step)")
            #expect(Self.applying(changes, to: shown, expecting: expected.count) == expected, "step \(step)")
            shown = expected
        }
    }
}
