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
/// only redraws a component whose props changed: an unchanged component is not rendered
/// again, and only lines that differ from the last frame are reported.
public struct DiffRenderer: Sendable {
    public let renderer: LineRenderer
    private var previous: [(component: Component, lines: [String])] = []
    /// How many components were rendered (not reused) over the renderer's life.
    public private(set) var renderCount = 0

    public init(renderer: LineRenderer) { self.renderer = renderer }

    /// The whole frame's lines, as the last ``update(_:)`` left them.
    public var lines: [String] { previous.flatMap(\.lines) }

    /// Renders `components` and returns the line changes since the last frame; the first
    /// frame reports every line as added.
    public mutating func update(_ components: [Component]) -> [LineChange] {
        let before = lines
        var next: [(component: Component, lines: [String])] = []
        for (index, component) in components.enumerated() {
            if index < previous.count, previous[index].component == component {
                next.append(previous[index])
            } else {
                renderCount += 1
                next.append((component, renderer.render(component)))
            }
        }
        previous = next
        return Self.changes(from: before, to: lines)
    }

    static func changes(from old: [String], to new: [String]) -> [LineChange] {
        var result: [LineChange] = []
        for index in 0..<max(old.count, new.count) {
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
