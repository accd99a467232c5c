/// One view component, with its optional `if`.
public struct ComponentDefinition: Sendable {
    public enum Kind: Sendable {
        case header(text: Template)
        case text(text: Template)
        /// Items are strings, or records with `title` and `detail`.
        case list(items: Template, empty: Template?, action: Located<String>?)
        case input(label: Template, value: Template?, action: Located<String>)
        case button(title: Template, action: Located<String>, enabled: Template?)
        case error
        case loading(text: Template?)
        case divider
    }

    public var kind: Kind
    public var condition: Template?
    /// Where the component's object starts in its file.
    public var offset: Int = 0

    /// Every component `type` a manifest may write, in the reference's order.
    public static var typeNames: [String] { ViewDecoder.ComponentType.allCases.map(\.rawValue) }

    /// The component's `type` as written.
    public var typeName: String {
        switch kind {
        case .header: "header"
        case .text: "text"
        case .list: "list"
        case .input: "input"
        case .button: "button"
        case .error: "error"
        case .loading: "loading"
        case .divider: "divider"
        }
    }
}
