import SceneManifest

/// What `scenery new scene NAME --from SCENE` writes into SCENE.json: a use case named after
/// NAME that pushes it, after SCENE's last use case, and a button that takes it, before a
/// trailing error banner (or last) in SCENE's view — as the Shop's scenes write them:
///
/// ```json
/// "details": { "interactor": [ { "type": "route", "to": "Details", "mode": "push" } ] }
/// { "type": "button", "title": "Details", "action": "details" }
/// ```
///
/// The edit is textual (``JSONInsertion``): the rest of the file keeps its bytes.
struct SceneWiring {
    /// Why SCENE.json cannot take the route.
    enum Failure: Error, Equatable {
        case syntax(JSONSyntaxError)
        case notAnObject
        case notAnObjectAt(key: String)
        case noView
        case viewNotAnArray
        case taken(useCase: String)
    }

    /// The scene routed to.
    let scene: String
    /// The button's title.
    let title: String

    /// The use case that routes: the scene's name with a small first letter (`details`),
    /// or `openNAME` when that is one of the words every scene understands (`back`).
    var useCase: String {
        let name = ModuleTemplate.lowerFirst(scene)
        return BuiltInAction.words.contains(name) ? "open" + scene : name
    }

    func useCaseText() -> String {
        "\(JSONText.quote(useCase)): { \"interactor\": [ { \"type\": \"route\", \"to\": \(JSONText.quote(scene)), \"mode\": \"push\" } ] }"
    }

    func buttonText() -> String {
        "{ \"type\": \"button\", \"title\": \(JSONText.quote(title)), \"action\": \(JSONText.quote(useCase)) }"
    }

    /// SCENE.json's bytes with the use case and the button added.
    func wired(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw Failure.syntax(error)
        }
        guard let members = root.members else { throw Failure.notAnObject }
        guard let view = members.first(where: { $0.key == "view" })?.value else { throw Failure.noView }
        guard let components = view.elements else { throw Failure.viewNotAnArray }
        let json = JSONInsertion(bytes: bytes)
        var edits: [JSONInsertion.Edit] = []
        if let useCases = members.first(where: { $0.key == "useCases" }) {
            guard let existing = useCases.value.members else { throw Failure.notAnObjectAt(key: "useCases") }
            if existing.contains(where: { $0.key == useCase }) { throw Failure.taken(useCase: useCase) }
            edits.append(json.appending(useCaseText(), to: useCases.value, anchor: useCases.keyOffset))
        } else {
            edits.append(json.appending("\"useCases\": { \(useCaseText()) }", to: root, anchor: root.offset))
        }
        if let last = components.last, last["type"]?.string == "error" {
            edits.append(json.inserting(buttonText(), before: last.offset))
        } else {
            let anchor = members.first { $0.key == "view" }?.keyOffset ?? view.offset
            edits.append(json.appending(buttonText(), to: view, anchor: anchor))
        }
        return json.applying(edits)
    }
}
