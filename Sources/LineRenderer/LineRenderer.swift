import ScenerySupport

/// Renders components to lines of at most `width` characters. The output is a pure
/// function of the components and the width, so frames are deterministic and diffable.
///
/// ```swift
/// let lines = LineRenderer(width: 32).render([
///     .header("Catalog"),
///     .list(items: [ListItem("Pixel 8", detail: "$699.00")], empty: "Nothing found"),
///     .button(title: "Cart (0)", action: "cart", enabled: false),
/// ])
/// // == Catalog ==
/// // 1. Pixel 8               $699.00
/// // [ Cart (0) ] (disabled)
/// ```
public struct LineRenderer: Sendable {
    public static let defaultWidth = 60
    /// Narrower widths are raised to this, so every component still has room.
    public static let minimumWidth = 12

    public let width: Int

    public init(width: Int = LineRenderer.defaultWidth) {
        self.width = max(LineRenderer.minimumWidth, width)
    }

    public func render(_ components: [Component]) -> [String] {
        components.flatMap(render)
    }

    /// The lines of one component; an error or loading component with nothing to show has none.
    /// Control characters in any text show as escapes (``ControlCharacters``), so a value
    /// cannot recolour or rewrite the terminal, and widths count what is shown.
    public func render(_ component: Component) -> [String] {
        switch Self.escaped(component) {
        case let .header(text):
            return [TextLayout.truncate("== \(text) ==", to: width)]
        case let .text(text):
            // Empty text (a field not produced yet) takes no line.
            return text.isEmpty ? [] : TextLayout.wrap(text, to: width)
        case let .list(items, empty, _):
            if items.isEmpty { return empty.map { TextLayout.wrap($0, to: width) } ?? [] }
            // Each row is laid out alone: a long list on every core.
            return Array(items.indices).concurrentMap(above: 512) { row(number: $0 + 1, items[$0]) }
        case let .input(label, value, action, showsWord):
            return [inputLine(label, value, showsWord ? action : nil)]
        case let .button(title, action, enabled, showsWord):
            return [withWord("[ \(title) ]" + (enabled ? "" : " (disabled)"), showsWord ? action : nil)]
        case let .error(message):
            // Every line of a wrapped banner starts with `! `, so none reads as ordinary text.
            return message.map { BannerLayout.lines($0, width: width) } ?? []
        case let .loading(text):
            return text.map { [TextLayout.truncate("… \($0)", to: width)] } ?? []
        case .divider:
            return [String(repeating: "-", count: width)]
        }
    }

    /// `text` cut to the width; with a word, the word stays whole at the end (`  > word`)
    /// and the text gives way to it, unless the width leaves the text no room at all.
    private func withWord(_ text: String, _ word: String?) -> String {
        guard let word else { return TextLayout.truncate(text, to: width) }
        let suffix = "  > \(word)"
        let room = width - suffix.count
        guard room >= 4 else { return TextLayout.truncate(text + suffix, to: width) }
        return TextLayout.truncate(text, to: room) + suffix
    }

    /// `label: [value]`, and its word, in the width: what was typed matters more than the
    /// label, so a line too wide shortens the label first (to one character and `…`), then
    /// the value, whose bracket still closes (`C…: [4242 4242 42…]  > card`); with no room
    /// for even `C…: […]`, the label alone is cut, and the word kept while the label has
    /// two characters' room.
    private func inputLine(_ label: String, _ value: String, _ word: String?) -> String {
        let whole = "\(label): [\(value)]"
        let suffix = word.map { "  > \($0)" } ?? ""
        let room = width - suffix.count
        if whole.count <= room { return whole + suffix }
        guard room >= 2 else { return TextLayout.truncate(whole + suffix, to: width) }
        let valuePart = ": [\(value)]"
        if room - valuePart.count >= 2 { return TextLayout.truncate(label, to: room - valuePart.count) + valuePart + suffix }
        let shortLabel = TextLayout.truncate(label, to: 2)
        let valueRoom = room - shortLabel.count - 4
        guard valueRoom >= 1 else { return TextLayout.truncate(label, to: room) + suffix }
        return shortLabel + ": [" + TextLayout.truncate(value, to: valueRoom) + "]" + suffix
    }

    /// The component with every text's control characters escaped; text that wraps keeps
    /// its newlines, a one-line text shows them as escapes too.
    static func escaped(_ component: Component) -> Component {
        func line(_ text: String) -> String { ControlCharacters.escaped(text) }
        func paragraphs(_ text: String) -> String { ControlCharacters.escaped(text, keepingNewlines: true) }
        switch component {
        case let .header(text): return .header(line(text))
        case let .text(text): return .text(paragraphs(text))
        case let .list(items, empty, action):
            // Items are escaped as each row is laid out (``row(number:_:)``), on every core.
            return .list(items: items, empty: empty.map(paragraphs), action: action)
        case let .input(label, value, action, showsWord):
            return .input(label: line(label), value: line(value), action: action.map(line), showsWord: showsWord)
        case let .button(title, action, enabled, showsWord):
            return .button(title: line(title), action: action.map(line), enabled: enabled, showsWord: showsWord)
        case let .error(message): return .error(message.map(paragraphs))
        case let .loading(text): return .loading(text.map(line))
        case .divider: return .divider
        }
    }

    static func escaped(_ item: ListItem) -> ListItem {
        ListItem(ControlCharacters.escaped(item.title), detail: item.detail.map { ControlCharacters.escaped($0) })
    }

    /// One list row as ``render(_:)`` shows it, for a diff that renders a row alone.
    func row(number: Int, _ item: ListItem) -> String { laidOut(number: number, Self.escaped(item)) }

    private func laidOut(number: Int, _ item: ListItem) -> String {
        let title = "\(number). \(item.title)"
        guard let detail = item.detail, !detail.isEmpty else { return TextLayout.truncate(title, to: width) }
        return TextLayout.justify(title, detail, width: width)
    }
}
