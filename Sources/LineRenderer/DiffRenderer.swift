/// A change to one line of the frame, by its 1-based line number.
public enum LineChange: Equatable, Sendable, CustomStringConvertible {
    case changed(line: Int, text: String)
    case added(line: Int, text: String)
    case removed(line: Int)

    /// `~3 text`, `+4 text`, `-5`: the form a diff frame prints.
    public var description: String {
        switch self {
        case let .changed(line, text): "~\(line) \(text)"
        case let .added(line, text): "+\(line) \(text)"
        case let .removed(line): "-\(line)"
        }
    }
}

/// Renders frame after frame and reports only what changed, like a props-based view that
/// only redraws what changed: an unchanged component is not rendered again, a list renders
/// again only the rows whose item changed (and those added), and only lines that differ
/// from the last frame are reported.
///
/// Rows are matched by position: each row's line starts with its number, so a row that
/// moves is a changed line wherever it goes, and position is the key lines can keep.
public struct DiffRenderer: Sendable {
    public let renderer: LineRenderer
    private var previous: [(component: Component, lines: [String])] = []
    /// The whole frame's lines, as the last ``update(_:)`` left them.
    public private(set) var lines: [String] = []
    /// How many components were rendered whole (not reused) over the renderer's life.
    public private(set) var renderCount = 0
    /// How many list rows were rendered alone, inside a list that was otherwise reused.
    public private(set) var rowRenderCount = 0

    public init(renderer: LineRenderer) { self.renderer = renderer }

    /// Renders `components` and returns the line changes since the last frame; the first
    /// frame reports every line as added.
    public mutating func update(_ components: [Component]) -> [LineChange] {
        var next: [(component: Component, lines: [String])] = []
        next.reserveCapacity(components.count)
        // While every component keeps its number of lines, lines keep their numbers: the
        // changes are the changed lines of the changed components, patched into `lines`.
        var changes: [LineChange] = []
        var aligned = true
        var offset = 0
        for (index, component) in components.enumerated() {
            let old = index < previous.count ? previous[index] : nil
            var changedRows: [Int]?
            if let old, let (rows, changed) = updatedRows(from: old, to: component) {
                next.append((component, rows))
                changedRows = changed
            } else if let old, old.component == component {
                next.append(old)
                changedRows = []
            } else {
                renderCount += 1
                next.append((component, renderer.render(component)))
            }
            let new = next[index].lines
            if aligned, let old, old.lines.count == new.count {
                for row in changedRows ?? Array(new.indices) where old.lines[row] != new[row] {
                    changes.append(.changed(line: offset + row + 1, text: new[row]))
                    lines[offset + row] = new[row]
                }
                offset += new.count
            } else {
                aligned = false
            }
        }
        if aligned, previous.count <= components.count {
            previous = next
            return changes
        }
        // A component grew or shrank (or components were added or removed): the lines
        // after `offset` move, so they are compared one by one.
        let before = lines
        var after: [String] = []
        after.reserveCapacity(next.reduce(0) { $0 + $1.lines.count })
        for part in next { after.append(contentsOf: part.lines) }
        previous = next
        lines = after
        return changes + Self.changes(from: before, to: after, from: offset)
    }

    /// A list's lines after its items changed, rendering only the rows that differ from
    /// the old list's, and the indexes of those rows; nil when the list must be rendered
    /// whole (it was not a list with rows, or it has none now).
    private mutating func updatedRows(
        from old: (component: Component, lines: [String]), to component: Component
    ) -> (lines: [String], changed: [Int])? {
        guard case let .list(oldItems, oldEmpty, _) = old.component, case let .list(items, empty, _) = component,
            !oldItems.isEmpty, !items.isEmpty, oldEmpty == empty, old.lines.count == oldItems.count
        else { return nil }
        var rows = old.lines
        if rows.count > items.count { rows.removeLast(rows.count - items.count) }
        var changed: [Int] = []
        for (index, item) in items.enumerated() where index >= oldItems.count || oldItems[index] != item {
            rowRenderCount += 1
            changed.append(index)
            let line = renderer.row(number: index + 1, item)
            if index < rows.count { rows[index] = line } else { rows.append(line) }
        }
        return (rows, changed)
    }

    static func changes(from old: [String], to new: [String], from start: Int = 0) -> [LineChange] {
        var result: [LineChange] = []
        for index in start..<max(start, old.count, new.count) {
            switch (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil) {
            case let (before?, after?) where before != after: result.append(.changed(line: index + 1, text: after))
            case let (nil, after?): result.append(.added(line: index + 1, text: after))
            case (_?, nil): result.append(.removed(line: index + 1))
            default: break
            }
        }
        return result
    }
}
