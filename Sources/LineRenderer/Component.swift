/// One line component of a view, with its props already evaluated: what a display hands
/// the renderer. Equal components render to equal lines, which is what diffing relies on.
public enum Component: Equatable, Sendable {
    /// A title line: `== Catalog ==`.
    case header(String)
    /// Text, wrapped at the width.
    case text(String)
    /// Numbered rows; `empty` is shown when there are none; `action ROW` opens a row.
    case list(items: [ListItem], empty: String?, action: String? = nil)
    /// A field showing its label and current value; the user submits with `action text`.
    /// With `showsWord`, the line ends with the word to type: `Name: [Ada]  > name`.
    case input(label: String, value: String, action: String?, showsWord: Bool = false)
    /// A button; a disabled one is marked and its action refused. With `showsWord`, the
    /// line ends with the word that presses it: `[ Save ]  > save`.
    case button(title: String, action: String?, enabled: Bool, showsWord: Bool = false)
    /// The latest error banner, or nothing.
    case error(String?)
    /// A line shown while a use case runs, or nothing.
    case loading(String?)
    /// A rule across the width.
    case divider
}

/// A list row: a title, and optionally a detail shown right-aligned.
public struct ListItem: Equatable, Sendable, ExpressibleByStringLiteral {
    public var title: String
    public var detail: String?

    public init(_ title: String, detail: String? = nil) {
        self.title = title
        self.detail = detail
    }

    public init(stringLiteral value: String) { self.init(value) }
}
