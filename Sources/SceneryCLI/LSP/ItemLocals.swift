import SceneManifest

/// The per-item locals in scope at a place in a scene file: a presenter field
/// `{"each": "@{LIST}", "as": "t", "value": …}` names each item `t` inside its `value`, and
/// a `set` or `remove` step with `where` names each item of its `path` `it`, in `where` and
/// (for `set`) in `value`. Read from the text as it stands; innermost last.
struct ItemLocal: Equatable {
    /// The local's name: the `as` of an `each`, or `it`.
    let name: String
    /// The expression of the list whose items it names (`response.tasks`, `state.items`).
    let list: String
    /// Where the name is declared: the `as` value, or the step's `path` value.
    let declaration: Int

    /// The locals in scope at `offset` of `text`.
    static func locals(in text: DocumentText, at offset: Int) -> [ItemLocal] {
        guard let root = try? JSONParser.parse(text.bytes) else { return [] }
        var found: [ItemLocal] = []
        var node = root
        while true {
            if let members = node.members {
                guard let inside = members.last(where: { $0.value.offset <= offset }) else { break }
                if let local = local(of: node, inside: inside.key) { found.append(local) }
                node = inside.value
            } else if let elements = node.elements {
                guard let inside = elements.last(where: { $0.offset <= offset }) else { break }
                node = inside
            } else {
                break
            }
        }
        return found
    }

    /// The local `object` names for what is inside its member `key`.
    private static func local(of object: JSONValue, inside key: String) -> ItemLocal? {
        if key == "value", let each = object["each"]?.string, let name = object["as"], let asName = name.string,
            let list = expression(each)
        {
            return ItemLocal(name: asName, list: list, declaration: name.offset)
        }
        if let type = object["type"]?.string.flatMap(StepType.init), type.seesEachItem(under: key), object["where"] != nil,
            let path = object["path"], let list = path.string
        {
            return ItemLocal(name: "it", list: list, declaration: path.offset)
        }
        return nil
    }

    /// `LIST` of a whole-value `@{LIST}`; a bare path as `set` and `remove` write it.
    private static func expression(_ value: String) -> String? {
        guard value.hasPrefix("@{"), value.hasSuffix("}") else { return value.isEmpty ? nil : value }
        return String(value.dropFirst(2).dropLast())
    }
}
