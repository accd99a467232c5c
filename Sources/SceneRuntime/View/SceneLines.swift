import LineRenderer
import SceneManifest

/// A frame as a scene's view written in Swift draws it (``SceneRegistry/register(view:_:)``),
/// one component at a time, each shown as the manifest's view shows it: a value that cannot
/// be worked out leaves its component out (or shows it as the JSON view would: a button
/// titled by its word, an input with an empty label) and its failure shows in the banner;
/// the error banners go where ``errors()`` puts them.
///
/// ```swift
/// if view.holds({ try scene.value("state.lastOrder", as: String?.self) != nil }) {
///     view.text { "Placed" }
/// }
/// view.button(title: { "Pay" }, action: "pay", enabled: { try scene.value("state.phone", as: String.self) != "" })
/// view.errors()
/// ```
@MainActor
public struct SceneLines {
    /// What the frame shows so far, banners aside.
    public private(set) var components: [Component] = []
    /// Where ``errors()`` put the banners' place.
    private(set) var errorSlots: [Int] = []
    /// What failed to be worked out, in order.
    private(set) var failures: [any Error] = []
    /// Whether the scene has a form, so each input and button shows its word.
    public let showsWords: Bool
    /// Whether a use case of the scene is running, so `loading` shows.
    public let isBusy: Bool
    private let inputProblems: [String: String]
    private let chosen: (String) -> SceneValue

    init(showsWords: Bool, isBusy: Bool, inputProblems: [String: String], chosen: @escaping (String) -> SceneValue) {
        self.showsWords = showsWords
        self.isBusy = isBusy
        self.inputProblems = inputProblems
        self.chosen = chosen
    }

    /// Whether a component's or a group's `if` holds; one that fails counts as false.
    public mutating func holds(_ condition: () throws -> Bool) -> Bool {
        worked(condition) ?? false
    }

    /// `== Title ==`.
    public mutating func header(_ text: () throws -> String) {
        if let text = worked(text) { components.append(.header(text)) }
    }

    /// Text wrapped at the width.
    public mutating func text(_ text: () throws -> String) {
        if let text = worked(text) { components.append(.text(text)) }
    }

    /// Numbered rows of `items`: strings, or records with `title` and `detail`, as the JSON
    /// view takes them; null shows none.
    public mutating func list<Items: SceneValueConvertible>(
        items: () throws -> Items, empty: (() throws -> String)? = nil, action: String? = nil
    ) {
        guard let list = worked(items)?.sceneValue else { return }
        let rows = (list.listValue ?? (list.isNull ? [] : [list])).map(JSONScene.listItem)
        components.append(.list(items: rows, empty: empty.flatMap { worked($0) }, action: action))
    }

    /// `Label: [value]`; a bound input (`bound`) shows the problem its rules found under it.
    public mutating func input(label: () throws -> String, value: () throws -> String, word: String?, bound: Bool = false) {
        components.append(.input(label: worked(label) ?? "", value: worked(value) ?? "", action: word, showsWord: showsWords))
        if bound, let word { components += problem(of: word) }
    }

    /// A choice: what `path` holds as an input shows it, any problem, then its options.
    public mutating func choice<Options: SceneValueConvertible>(
        label: () throws -> String, word: String, path: String, options: () throws -> Options
    ) {
        let options = worked(options)?.sceneValue.listValue ?? []
        let label = worked(label) ?? ""
        let value = chosen(path)
        components.append(.input(label: label, value: value.isNull ? "" : value.description, action: word, showsWord: showsWords))
        components += problem(of: word)
        components.append(.text("choose: " + options.map(\.description).joined(separator: ", ")))
    }

    /// `[ Title ]`; `enabled` false marks it disabled. A title that fails shows the word.
    public mutating func button(title: () throws -> String, action: String, enabled: (() throws -> Bool)? = nil) {
        let isEnabled = enabled.map { holds($0) } ?? true
        components.append(.button(title: worked(title) ?? action, action: action, enabled: isEnabled, showsWord: showsWords))
    }

    /// Where the error banners go; without it they go last.
    public mutating func errors() { errorSlots.append(components.count) }

    /// A line while a use case runs: `text`, or `Loading…`.
    public mutating func loading(_ text: (() throws -> String)? = nil) {
        components.append(.loading(isBusy ? (text.flatMap { worked($0) } ?? "Loading…") : nil))
    }

    /// A rule across the width.
    public mutating func divider() { components.append(.divider) }

    private mutating func worked<Value>(_ value: () throws -> Value) -> Value? {
        do {
            return try value()
        } catch {
            failures.append(error)
            return nil
        }
    }

    private func problem(of word: String) -> [Component] {
        inputProblems[word].map { [.error($0)] } ?? []
    }
}
