/// Every view component `type` a scene may show, each declared once: its keys and its line
/// for hover (docs/manifest.md#view-components says the rest).
public enum ComponentType: String, CaseIterable, Sendable {
    case header, text, list, input, choice, button, error, loading, divider, group

    /// The component type's keys and what it shows.
    public var declaration: TypeDeclaration { Self.table[self] }

    private static let table = CaseTable(\Self.made)

    static let words = KeyTable(allowed: allCases.map(\.rawValue))

    private var made: TypeDeclaration {
        switch self {
        case .header: component("the scene's title line, == Title ==", Self.text(required: true))
        case .text: component("text wrapped at the width", Self.text(required: true))
        case .list:
            component(
                "numbered rows: strings, or records with title and detail",
                KeyDeclaration("items", required: true, "the list's rows"),
                KeyDeclaration("empty", "the text shown when the list has no rows"),
                KeyDeclaration("action", "the use case ACTION N runs: with the row's number, or with request made from the row's item"),
                KeyDeclaration(
                    "request",
                    "what the action gets for the row typed (ACTION N), made from the row's item, it: {\"orderId\": \"@{it.id}\"}"))
        case .input:
            component(
                "Label: [value], submitted with ACTION text",
                KeyDeclaration("label", required: true, "the input's label"),
                KeyDeclaration("value", "what the input shows"),
                KeyDeclaration("action", "the use case the input's word runs with the text typed after it"),
                KeyDeclaration(
                    "bind", "the state path the input edits (state.form.title): typing its word and a value sets it, no use case needed"),
                KeyDeclaration("word", "the word that sets a bound input (default: the last name of bind)"),
                KeyDeclaration("required", "a submit refuses an empty value (a bound input's rule)"),
                KeyDeclaration("pattern", "a regular expression the whole value must match (a bound input's rule)"),
                KeyDeclaration("min", "the smallest number allowed (a bound input's rule)"),
                KeyDeclaration("max", "the largest number allowed (a bound input's rule)"),
                KeyDeclaration("minLength", "the fewest characters allowed (a bound input's rule)"),
                KeyDeclaration("maxLength", "the most characters allowed (a bound input's rule)"),
                KeyDeclaration("message", "what shows under the input when a rule fails, instead of the rule's own words"))
        case .choice:
            component(
                "Label: [chosen], with its options; chosen by text or number",
                KeyDeclaration("label", required: true, "the choice's label"),
                KeyDeclaration("bind", required: true, "the state path the choice sets (state.form.shipping)"),
                KeyDeclaration("options", required: true, "what may be chosen: a list of texts or numbers, or an expression giving one"),
                KeyDeclaration("word", "the word that chooses (default: the last name of bind)"),
                KeyDeclaration("required", "a submit refuses no choice (a rule, as an input's)"),
                KeyDeclaration("message", "what shows under the choice when its rule fails"))
        case .button:
            component(
                "[ Title ], which runs its action or takes its route",
                KeyDeclaration("title", required: true, "the button's title"),
                KeyDeclaration("action", "the use case the button runs (a button has an action or a route)"),
                KeyDeclaration("enabled", "when the button can be pressed; when not, its action is refused with the reason"),
                KeyDeclaration(
                    "request", "the request the button's action gets when its word is typed alone: a form's record, @{state.form}"),
                KeyDeclaration(
                    "route", "where the button goes, with no use case: to, mode (push, present, replace, back, dismiss, root) and args"),
                KeyDeclaration("word", "the word that presses a button that routes"))
        case .error: component("the error banners of the latest action, each ! message")
        case .loading: component("a line while a use case runs", Self.text(required: false))
        case .divider: component("a rule across the width")
        case .group:
            component(
                "its children, shown together when its if holds",
                KeyDeclaration("children", required: true, "the components the group's if shows or hides together"))
        }
    }

    private static func text(required: Bool) -> KeyDeclaration {
        KeyDeclaration("text", required: required, "the text shown; may hold @{…} expressions")
    }

    private func component(_ summary: String, _ keys: KeyDeclaration...) -> TypeDeclaration {
        TypeDeclaration(
            rawValue, summary,
            common: [
                KeyDeclaration("type", required: true, TypeDeclaration.listed(Self.allCases.map(\.rawValue))),
                KeyDeclaration("if", "show the component only when this condition holds")
            ], keys: keys)
    }
}

/// A component's `type` is matched on the tape.
extension ComponentType: TapeWords {}
