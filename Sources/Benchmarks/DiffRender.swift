import LineRenderer

@MainActor
func diffRenderRow(runs: Int) async throws -> Row {
    let renderer = LineRenderer(width: 60)
    func frame(changing row: Int, to title: String) -> [Component] {
        var items = (1...10_000).map { ListItem("Product \($0)", detail: "$\($0).00") }
        items[row] = ListItem(title, detail: "$1.00")
        return [.header("Catalog"), .list(items: items, empty: "Nothing found", action: "open"), .text("10000 products")]
    }
    // Two frames that differ in one row; the diff renderer alternates between them.
    let frames = [frame(changing: 4_999, to: "Changed"), frame(changing: 4_999, to: "Changed again")]
    var diff = DiffRenderer(renderer: renderer)
    _ = diff.update(frames[1])
    var next = 0
    return try await compare(
        "diff render, 1 row of 10 000 changed", runs: runs, target: .ratio(0.05),
        a: Side(name: "`DiffRenderer.update` with a frame whose list differs from the last in one row", repeats: 5) {
            _ = diff.update(frames[next])
            let lines = diff.lines
            next = 1 - next
            return lines
        },
        b: Side(name: "a full `LineRenderer.render` of the same frame", repeats: 5) {
            renderer.render(frames[1 - next])
        })
}
