/// One view component, with its optional `if`.
public struct ComponentDefinition: Sendable {
    /// Indirect: each case's fields in one box, so a component — walked by value by the view's
    /// checks and accessors — copies as one reference, not as every template it holds.
    public indirect enum Kind: Sendable {
        case header(text: Template)
        case text(text: Template)
        /// Items are strings, or records with `title` and `detail`. `request`, when there is
        /// one, is what `action` gets for the row typed, made from the row's item (`it`).
        case list(items: Template, empty: Template?, action: Located<String>?, request: ValueTemplate?)
        /// With `bind`, typing the input's word and a value sets the bound path; `action`,
        /// when there is one too, runs after.
        case input(label: Template, value: Template?, action: Located<String>?, bind: InputBinding?)
        /// A bound input that takes one of its binding's `options`.
        case choice(label: Template, bind: InputBinding)
        /// `request`: what the action gets when its word is typed alone (a form's record).
        /// With `route`, the button takes the route instead of running a use case, and
        /// `action` is its `word`.
        case button(title: Template, action: Located<String>, enabled: Template?, request: ValueTemplate?, route: RouteStep?)
        case error
        case loading(text: Template?)
        case divider
    }

    /// An input bound to a state path: the word a person types to set it, and the path.
    public struct InputBinding: Sendable {
        public var path: Located<String>
        public var word: Located<String>
        /// What a submit checks of the value the path holds.
        public var rules = InputRules()
        /// A choice's options: what may be chosen (nil for an input, which takes any text).
        public var options: Template?
        /// Where each option written out starts, for a finding about one.
        public var optionOffsets: [Int] = []

        public init(path: Located<String>, word: Located<String>, rules: InputRules = InputRules()) {
            self.path = path
            self.word = word
            self.rules = rules
        }
    }

    public var kind: Kind
    public var condition: Template?
    /// The `if` of each `group` around it, outermost first: it shows only when they hold too.
    public var groups: [Template] = []
    /// Every condition it shows under: its groups' and its own.
    public var conditions: [Template] { condition.map { groups + [$0] } ?? groups }
    /// Whether an expression of the component may hold an arithmetic or ordering operation;
    /// false only when the decoder read none.
    public var hasOperation = true
    /// Where the component's object starts in its file.
    public var offset: Int = 0

    /// Every component `type` a manifest may write, in the reference's order.
    public static var typeNames: [String] { ComponentType.allCases.map(\.rawValue) }

    /// The keys a component of type `name` allows, as the decoder reads them (nil for no such type).
    public static func keys(of name: String) -> [String]? { ComponentType(rawValue: name)?.declaration.allowed }

    /// The component's `type` as written.
    public var typeName: String {
        switch kind {
        case .header: "header"
        case .text: "text"
        case .list: "list"
        case .input: "input"
        case .choice: "choice"
        case .button: "button"
        case .error: "error"
        case .loading: "loading"
        case .divider: "divider"
        }
    }
}
