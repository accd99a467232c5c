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
            var old: (component: Component, lines: [String])?
            if index < previous.count {
                old = previous[index]
                // `next` replaces `previous`: taking the lines out leaves `old` their only
                // holder, so a list's rows are patched in place, not copied row by row.
                previous[index].lines = []
            }
            // The rows whose line changed, when known without comparing every line.
            var changedRows: [Int]?
            if var patched = old, case let .list(oldItems, oldEmpty, _) = patched.component, case let .list(items, empty, _) = component,
                !oldItems.isEmpty, !items.isEmpty, oldEmpty == empty, patched.lines.count == oldItems.count
            {
                // Drops `old`'s hold on the lines, so `patched` holds them alone.
                old = nil
                changedRows = patchRows(&patched.lines, from: oldItems, to: items)
                // A row a line: the lines after the list move when its count of rows does.
                if oldItems.count != items.count { aligned = false }
                next.append((component, patched.lines))
            } else if let old, old.component == component {
                next.append(old)
                changedRows = []
            } else {
                renderCount += 1
                next.append((component, renderer.render(component)))
            }
            let new = next[index].lines
            guard aligned else { continue }
            if let changedRows {
                for row in changedRows {
                    changes.append(.changed(line: offset + row + 1, text: new[row]))
                    lines[offset + row] = new[row]
                }
            } else if let old, old.lines.count == new.count {
                for row in new.indices where old.lines[row] != new[row] {
                    changes.append(.changed(line: offset + row + 1, text: new[row]))
                    lines[offset + row] = new[row]
                }
            } else {
                aligned = false
                continue
            }
            offset += new.count
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

    /// A list's lines, one a row, patched from the old items' to `items`: only the rows whose
    /// item differs (or that are new) are rendered again. Returns the rows whose line is not
    /// what it was; rows added past the old end are not among them, as the list grew.
    private mutating func patchRows(_ rows: inout [String], from oldItems: [ListItem], to items: [ListItem]) -> [Int] {
        if rows.count > items.count { rows.removeLast(rows.count - items.count) }
        // Compared where they are: a copy of each item would retain its strings.
        let differing = oldItems.withUnsafeBufferPointer { before in
            items.withUnsafeBufferPointer { after in
                (0..<min(before.count, after.count)).filter { before[$0] != after[$0] }
            }
        }
        var changed: [Int] = []
        for index in differing {
            rowRenderCount += 1
            let line = renderer.row(number: index + 1, items[index])
            if rows[index] != line { changed.append(index) }
            rows[index] = line
        }
        for index in oldItems.count..<max(oldItems.count, items.count) {
            rowRenderCount += 1
            rows.append(renderer.row(number: index + 1, items[index]))
        }
        return changed
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
