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

/// Frames made at random, each a step from the last: whatever changes, the diff's lines are
/// the full render's, and the reported changes turn the last frame's lines into them.
@Suite struct DiffAgainstFullRenderTests {
    /// A small deterministic generator, so a failure repeats.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func frame(_ titles: [String], header: String, footer: String?) -> [Component] {
        var frame: [Component] = [.header(header), .list(items: titles.map { ListItem($0, detail: "$1") }, empty: "None")]
        if let footer { frame.append(.text(footer)) }
        return frame
    }

    /// The lines `changes` make of `old`, as a terminal shows a diff frame: lines changed
    /// and added where they are numbered, lines removed from the end (numbered as they were).
    static func applying(_ changes: [LineChange], to old: [String]) -> [String] {
        var lines = old
        var keep = old.count
        for change in changes {
            switch change {
            case let .changed(line, text): lines[line - 1] = text
            case let .added(line, text):
                #expect(line == lines.count + 1)
                lines.append(text)
            case let .removed(line): keep = min(keep, line - 1)
            }
        }
        return Array(lines.prefix(keep == old.count ? lines.count : keep))
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func everyUpdateMatchesAFullRender(seed: UInt64) {
        var random = Generator(state: seed)
        let renderer = LineRenderer(width: 24)
        var diff = DiffRenderer(renderer: renderer)
        var titles = (0..<5).map { "Item \($0)" }
        var header = "List"
        var footer: String? = "end"
        var shown: [String] = []
        for step in 0..<200 {
            switch random.next(6) {
            case 0 where !titles.isEmpty: titles[random.next(titles.count)] = "Changed \(step)"
            case 1: titles.append("New \(step)")
            case 2 where !titles.isEmpty: titles.removeLast(1 + random.next(titles.count))
            case 3: header = "List \(random.next(3))"
            case 4: footer = footer == nil ? "end \(step)" : nil
            default: break
            }
            let frame = Self.frame(titles, header: header, footer: footer)
            let changes = diff.update(frame)
            let expected = renderer.render(frame)
            #expect(diff.lines == expected, "step \(step)")
            #expect(Self.applying(changes, to: shown) == expected, "step \(step)")
            shown = expected
        }
    }
}
