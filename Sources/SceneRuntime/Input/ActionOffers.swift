import SceneManifest

/// An action the top scene offers now, with what it takes: what a client that chooses for
/// itself (`scenery explore`) picks from, as a person picks from the frame and its legend.
public struct ActionOffer: Sendable {
    public enum Kind: Equatable, Sendable {
        /// A shown button: its word alone.
        case button
        /// A shown input bound to a state path: its word and a value of `type`, or of
        /// `options` when it is a choice.
        case input(type: TypeRef?, options: [String]?)
        /// A shown list's action: its word and a row's number, 1 to `rows`.
        case row(rows: Int)
        /// A use case, typed with its request's fields in order.
        case useCase(fields: [Field])
        /// `back`: the scene below shows again.
        case back
    }

    public struct Field: Equatable, Sendable {
        public let name: String
        public let type: TypeRef
    }

    public let word: String
    public let kind: Kind
    /// Whether the frame shows it (a control, or `back` from a pushed scene), rather than
    /// only the legend listing it.
    public let isShown: Bool
    /// An input's rules, which a submit checks of its value.
    public var rules: InputRules?
    /// Whether an input holds nothing yet (null or empty text).
    public var isEmpty = false
    /// The state path a bound input edits (`state.phone`).
    public var path: String?
}

extension ActionDispatch {
    /// What the top scene offers now: each available shown control, once by its word; each
    /// other use case a person may type; and `back` when a scene is below. Disabled buttons
    /// and lists without rows are not offered, as the legend does not offer them. `below`
    /// scenes are under the bottom of the stack in the app (one, for a walk that starts at a
    /// scene other than the entry's), so `back` is offered there too.
    public func offers(below: Int = 0) -> [ActionOffer] {
        guard let scene = app.navigator.top as? JSONScene else { return [] }
        var offers: [ActionOffer] = []
        var seen: Set<String> = []
        let controls = scene.shownControls()
        for control in controls where control.isAvailable && seen.insert(control.word).inserted {
            switch control.kind {
            case .button:
                offers.append(ActionOffer(word: control.word, kind: .button, isShown: true))
            case .list:
                offers.append(ActionOffer(word: control.word, kind: .row(rows: control.rows), isShown: true))
            case .input:
                if let (binding, _) = scene.boundInput(control.word) {
                    let options = binding.options.map { scene.options($0).map(\.description) }
                    var offer = ActionOffer(
                        word: control.word, kind: .input(type: scene.declaredType(of: binding), options: options), isShown: true)
                    offer.rules = binding.rules
                    offer.path = binding.path.value
                    let value = scene.boundValue(binding)
                    offer.isEmpty = value.isNull || value == .string("")
                    offers.append(offer)
                } else if let useCase = scene.definition.useCase(control.word) {
                    offers.append(ActionOffer(word: control.word, kind: .useCase(fields: Self.fields(useCase)), isShown: true))
                }
            }
        }
        // A shown control that is unavailable (a disabled button, a list without rows) keeps
        // its use case from the typed ones too, as the legend does.
        let worked = seen.union(controls.map(\.word))
        for (name, useCase) in scene.definition.useCases where !useCase.isInternal && !worked.contains(name) {
            offers.append(ActionOffer(word: name, kind: .useCase(fields: Self.fields(useCase)), isShown: false))
        }
        if app.navigator.stack.count + below > 1 {
            offers.append(ActionOffer(word: BuiltInAction.back.rawValue, kind: .back, isShown: true))
        }
        return offers
    }

    /// Whether the top scene is a dead end: it shows nothing to do, no message saying why, and
    /// has no scene to go back to — counting `below` scenes under the bottom of the stack (one,
    /// for a walk that starts at a scene other than the entry's).
    public func isDeadEnd(below: Int = 0) -> Bool {
        guard let scene = app.navigator.top as? JSONScene else { return false }
        return app.navigator.stack.count + below < 2 && !offers(below: below).contains(where: \.isShown) && scene.shownFailures.isEmpty
    }

    /// What `>> actions` prints (docs/testing.md#actions-and-dead-ends): the words of what
    /// the frame shows to do, then the use cases only typed, then a line when it is a dead end.
    public func actionLines() -> [String] {
        guard let scene = app.navigator.top else { return ["actions shown: none"] }
        guard scene is JSONScene else { return ["actions: '\(scene.screenName)' is a Swift scene, which lists none"] }
        let offers = offers()
        // A Back button's word is `back` too: the word is listed once.
        var listed: Set<String> = []
        let shown = offers.filter(\.isShown).map(\.word).filter { listed.insert($0).inserted }
        let typed = offers.filter { !$0.isShown }.map(\.word)
        var lines = ["actions shown: " + (shown.isEmpty ? "none" : shown.joined(separator: ", "))]
        if !typed.isEmpty { lines.append("actions typed: " + typed.joined(separator: ", ")) }
        if isDeadEnd() { lines.append(Self.deadEndLine) }
        return lines
    }

    /// The line `>> actions` prints under a dead end.
    public static let deadEndLine = "dead end: nothing to do, no message saying why, and no scene to go back to"

    private static func fields(_ useCase: UseCaseDefinition) -> [ActionOffer.Field] {
        useCase.request.map { ActionOffer.Field(name: $0.name, type: $0.type) }
    }
}
