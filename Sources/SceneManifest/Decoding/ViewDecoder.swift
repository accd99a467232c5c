/// Reads view components.
struct ViewDecoder {
    let reader: ManifestReader
    let scope: ExpressionScope
    let useCases: Set<String>
    /// Use cases only the scene runs: a component that a person uses cannot name them.
    var internalUseCases: Set<String> = []
    /// Checks a bound input's path as a `set` step's path is checked.
    var statePath: (Node) -> Located<String>? = { _ in nil }

    /// Actions a component may name besides the scene's use cases.
    static let builtInActions: Set<String> = ["back"]

    func decode(_ node: Node) -> ComponentDefinition? {
        guard node.value.members != nil else {
            reader.error(.wrongType, "a view component must be an object, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        guard let typeNode = node.value["type"].map(node.child) else {
            reader.error(.missingKey, "missing key 'type' in view component", at: node.offset, node.pointer)
            return nil
        }
        guard let type = reader.choice(typeNode, what: "component type", as: ComponentType.self),
            let object = reader.object(
                node, what: "\(type.rawValue) component", allowed: type.declaration.allowed,
                required: type.declaration.required)
        else { return nil }
        func text(_ key: String) -> Template? { object[key].flatMap { reader.template($0, scope: scope, what: "'\(key)'") } }
        let operationsBefore = reader.operationsRead
        let condition = object["if"].flatMap { reader.condition($0, scope: scope, what: "'if'") }
        let kind: ComponentDefinition.Kind
        switch type {
        case .header:
            guard let value = text("text") else { return nil }
            kind = .header(text: value)
        case .text:
            guard let value = text("text") else { return nil }
            kind = .text(text: value)
        case .list:
            guard let items = object["items"].flatMap({ listItems($0, scope: scope) }) else { return nil }
            kind = .list(items: items, empty: text("empty"), action: object["action"].flatMap(action))
        case .input:
            guard let label = text("label") else { return nil }
            let binding = binding(object)
            if object["action"] == nil, object["bind"] == nil {
                reader.error(
                    .missingKey, "missing key 'action' in input component", at: node.offset, node.pointer,
                    hint: "name the use case the text goes to, or bind the input to a field: \"bind\": \"state.form.name\"")
            }
            if object["word"] != nil, object["bind"] == nil {
                reader.error(
                    .misplacedKey, "'word' names how a bound input is typed, and this input has no 'bind'", at: object.keyOffset("word"),
                    node.pointer + "/word")
            }
            // With a binding, the bound value shows unless 'value' says otherwise.
            let shown =
                text("value")
                ?? binding.flatMap { binding in
                    (try? ExpressionParser.expression("\(binding.path.value) ?? ''")).map { Template(parts: [.expression($0)]) }
                }
            kind = .input(label: label, value: shown, action: object["action"].flatMap(action), bind: binding)
        case .button:
            guard let title = text("title"), let actionName = object["action"].flatMap(action) else { return nil }
            kind = .button(
                title: title, action: actionName,
                enabled: object["enabled"].flatMap { reader.condition($0, scope: scope, what: "'enabled'") },
                request: object["request"].map { reader.valueTemplate($0, scope: scope) })
        case .error:
            kind = .error
        case .loading:
            kind = .loading(text: text("text"))
        case .divider:
            kind = .divider
        }
        var component = ComponentDefinition(kind: kind, condition: condition, offset: node.offset)
        component.hasOperation = reader.operationsRead != operationsBefore
        return component
    }

    /// An input's `bind` path (checked as a `set` path is) and the word that sets it: `word`,
    /// or the path's last name.
    private func binding(_ object: ObjectNode) -> ComponentDefinition.InputBinding? {
        guard let node = object["bind"], let path = statePath(node) else { return nil }
        let parts = FieldPath(path.value)
        if parts.root == "state" { reader.noteStateFieldRead(parts.name) }
        if let wordNode = object["word"] {
            guard let word = reader.nameText(wordNode, what: "'word'") else { return nil }
            return .init(path: path, word: Located(word, offset: wordNode.offset))
        }
        return .init(path: path, word: Located(FieldPath(path.value).names.last ?? path.value, offset: node.offset))
    }

    private func action(_ node: Node) -> Located<String>? {
        guard let name = reader.string(node, what: "'action'") else { return nil }
        guard useCases.contains(name) || Self.builtInActions.contains(name) else {
            reader.error(
                .unknownUseCase, "unknown use case '\(name)'", at: node.offset, node.pointer,
                hint: didYouMean(name, useCases.union(Self.builtInActions)))
            return nil
        }
        if internalUseCases.contains(name) {
            reader.error(
                .unknownUseCase, "use case '\(name)' is internal: only the scene runs it, so a component's action cannot",
                at: node.offset, node.pointer, hint: "run it from a use case the component names ('call'), or drop 'internal'")
            return nil
        }
        return Located(name, offset: node.offset)
    }

    /// A list's `items`: one expression, or the rows written out as a JSON array of
    /// constants (text, or records with `title` and `detail`) — a menu that never changes.
    private func listItems(_ node: Node, scope: ExpressionScope) -> Template? {
        guard case .array = node.value.kind else { return reader.condition(node, scope: scope, what: "'items'") }
        let rows = reader.constant(node)
        if let text = Self.expressionText(in: rows) {
            // At the row that holds it, as a wrong value is reported at its first character.
            let row =
                (node.value.elements ?? []).map { node.child($0) }.first { Self.expressionText(in: reader.constant($0)) != nil } ?? node
            reader.error(
                .wrongType, "rows written out as a list are constants, but '\(text)' holds '@{'", at: row.offset, row.pointer,
                hint: "compute the rows in a presenter and show them with \"items\": \"@{vm.rows}\"")
            return nil
        }
        return Template(parts: [.expression(Expression(.literal(rows), at: 0))], origin: node.offset)
    }

    /// The first text in `value` that holds `@{`, which a constant keeps as text.
    private static func expressionText(in value: SceneValue) -> String? {
        switch value {
        case let .string(text): text.contains("@{") ? text : nil
        case let .list(items): items.lazy.compactMap(expressionText).first
        case let .record(record): record.fields.lazy.compactMap { expressionText(in: $0.value) }.first
        default: nil
        }
    }
}
