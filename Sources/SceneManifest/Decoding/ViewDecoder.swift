import Foundation

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

    /// Whether a component that could not be read might have routed: an object whose type is
    /// missing or unknown, or a button.
    private static func mightRoute(_ node: Node) -> Bool {
        guard node.value.isObject else { return false }
        guard let type = node.value[.type].map(ComponentType.init(word:)) else { return true }
        return type == nil || type == .button
    }

    /// The keys of a button's `route`.
    static let routeKeys = KeyTable(allowed: ["to", "mode", "args"])

    /// A component, or a group's children, each with the group's `if` among its conditions.
    func decodeAll(_ node: Node, groups: [Template] = [], groupConditions: inout [Template]) -> [ComponentDefinition] {
        guard node.value[.type]?.isString(ComponentType.group.rawValue) == true else {
            guard var component = decode(node) else {
                if Self.mightRoute(node) { reader.droppedParts = true }
                return []
            }
            component.groups = groups
            return [component]
        }
        guard
            let object = reader.object(node, what: "group component", keys: ComponentType.group.declaration.keyTable),
            let childrenNode = object["children"], let children = reader.array(childrenNode, what: "'children'")
        else {
            reader.droppedParts = true
            return []
        }
        var inside = groups
        if let condition = object["if"].flatMap({ reader.condition($0, scope: scope, what: "'if'") }) {
            inside.append(condition)
            groupConditions.append(condition)
        }
        return children.flatMap { decodeAll($0, groups: inside, groupConditions: &groupConditions) }
    }

    func decode(_ node: Node) -> ComponentDefinition? {
        guard node.value.isObject else {
            reader.error(.wrongType, "a view component must be an object, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        guard let typeNode = node.value[.type].map(node.child) else {
            reader.error(.missingKey, "missing key 'type' in view component", at: node.offset, node.pointer)
            return nil
        }
        guard let type = reader.choice(typeNode, what: "component type", as: ComponentType.self),
            let object = reader.object(node, what: "\(type.rawValue) component", keys: type.declaration.keyTable)
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
            kind = .list(items: items, empty: text("empty"), action: object["action"].flatMap(action), request: rowRequest(object))
        case .input:
            guard let label = text("label") else { return nil }
            let binding = binding(object)
            checkUnbound(object)
            // With a binding, the bound value shows unless 'value' says otherwise.
            let shown =
                text("value")
                ?? binding.flatMap { binding in
                    (try? ExpressionParser.expression("\(binding.path.value) ?? ''")).map { Template(parts: [.expression($0)]) }
                }
            kind = .input(label: label, value: shown, action: object["action"].flatMap(action), bind: binding)
        case .choice:
            guard let label = text("label"), var binding = binding(object), let optionsNode = object["options"],
                let options = choiceOptions(optionsNode)
            else { return nil }
            binding.options = options
            binding.optionOffsets = (optionsNode.value.elements ?? []).map { optionsNode.child($0).offset }
            kind = .choice(label: label, bind: binding)
        case .button:
            guard let title = text("title"), let (word, route) = buttonTarget(object) else { return nil }
            kind = .button(
                title: title, action: word,
                enabled: object["enabled"].flatMap { reader.condition($0, scope: scope, what: "'enabled'") },
                request: object["request"].map { reader.valueTemplate($0, scope: scope) }, route: route)
        case .error:
            kind = .error
        case .loading:
            kind = .loading(text: text("text"))
        case .divider:
            kind = .divider
        case .group:
            // Read by ``decodeAll(_:groups:groupConditions:)``, which flattens its children.
            return nil
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
        let rules = rules(object)
        if let wordNode = object["word"] {
            guard let word = reader.nameText(wordNode, what: "'word'") else { return nil }
            return .init(path: path, word: Located(word, offset: wordNode.offset), rules: rules)
        }
        return .init(path: path, word: Located(FieldPath(path.value).names.last ?? path.value, offset: node.offset), rules: rules)
    }

    /// A bound input's rules, each read where it is written; their types against the path's
    /// are checked with the path's (``TypeFitCheck``).
    private func rules(_ object: ObjectNode) -> InputRules {
        var rules = InputRules()
        func number(_ key: String, whole: Bool = false) -> Decimal? {
            guard let node = object[key] else { return nil }
            let given = reader.constant(node)
            guard case let .number(value) = given, !whole || (value >= 0 && value == value.rounded(0)) else {
                let what = if case .number = given { given.description } else { node.value.kindName }
                reader.error(
                    .wrongType, "'\(key)' must be \(whole ? "a whole number, 0 or more" : "a number"), not \(what)",
                    at: node.offset, node.pointer)
                return nil
            }
            // Only a rule read is checked against the path's type: one mistake, one finding.
            rules.offsets[key] = node.offset
            return value
        }
        if let node = object["required"] {
            rules.offsets["required"] = node.offset
            rules.required = reader.bool(node, what: "'required'") ?? false
        }
        if let node = object["pattern"], let pattern = reader.string(node, what: "'pattern'") {
            if InputRules.isPattern(pattern) {
                rules.offsets["pattern"] = node.offset
                rules.pattern = pattern
            } else {
                reader.error(.wrongType, "'pattern' is not a regular expression: '\(pattern)'", at: node.offset, node.pointer)
            }
        }
        rules.min = number("min")
        rules.max = number("max")
        rules.minLength = number("minLength", whole: true).map { NSDecimalNumber(decimal: $0).intValue }
        rules.maxLength = number("maxLength", whole: true).map { NSDecimalNumber(decimal: $0).intValue }
        if let node = object["message"] {
            rules.offsets["message"] = node.offset
            rules.message = reader.template(node, scope: scope, what: "'message'")
            if rules.isEmpty {
                reader.error(
                    .misplacedKey, "'message' is what shows when a rule of the input fails, and the input has no rule",
                    at: object.keyOffset("message"), node.pointer, hint: "add a rule: required, pattern, min, max, minLength, maxLength")
            }
        }
        let above: [(String, Bool)] = [
            ("min", rules.min.flatMap { low in rules.max.map { low > $0 } } ?? false),
            ("minLength", rules.minLength.flatMap { low in rules.maxLength.map { low > $0 } } ?? false)
        ]
        for (low, isAbove) in above where isAbove {
            guard let node = object[low] else { continue }
            reader.error(
                .wrongType, "'\(low)' is above '\(low == "min" ? "max" : "maxLength")', so no value fits", at: node.offset, node.pointer)
        }
        return rules
    }

    /// An input without `bind` needs an `action`, and takes neither `word` nor rules.
    private func checkUnbound(_ object: ObjectNode) {
        guard object["bind"] == nil else { return }
        let node = object.node
        if object["action"] == nil {
            reader.error(
                .missingKey, "missing key 'action' in input component", at: node.offset, node.pointer,
                hint: "name the use case the text goes to, or bind the input to a field: \"bind\": \"state.form.name\"")
        }
        if object["word"] != nil {
            reader.error(
                .misplacedKey, "'word' names how a bound input is typed, and this input has no 'bind'", at: object.keyOffset("word"),
                node.pointer + "/word")
        }
        for key in InputRules.keys where object[key] != nil {
            let what = key == "message" ? "what shows when a rule on a bound input's value fails" : "a rule on a bound input's value"
            reader.error(
                .misplacedKey, "'\(key)' is \(what), and this input has no 'bind'", at: object.keyOffset(key),
                node.pointer + "/" + key, hint: "bind the input to a field: \"bind\": \"state.form.name\"")
        }
    }

    /// A list's `request`, made from the row's item (`it`) for its `action`.
    private func rowRequest(_ object: ObjectNode) -> ValueTemplate? {
        guard let node = object["request"] else { return nil }
        if object["action"] == nil {
            reader.error(
                .misplacedKey, "'request' is what a list's action gets for a row, and this list has no 'action'",
                at: object.keyOffset("request"), node.pointer, hint: "name the use case a row runs with \"action\"")
        }
        return reader.valueTemplate(node, scope: scope.adding(locals: "it"))
    }

    /// What a button does: runs its `action`, or takes its `route` and is pressed by its
    /// `word` — one of the two.
    private func buttonTarget(_ object: ObjectNode) -> (word: Located<String>, route: RouteStep?)? {
        let node = object.node
        guard let routeNode = object["route"] else {
            if object["word"] != nil {
                reader.error(
                    .misplacedKey, "'word' is how a button that routes is pressed; this button's word is its action",
                    at: object.keyOffset("word"), node.pointer + "/word")
            }
            guard let actionNode = object["action"] else {
                // A misspelt key ('acton') is reported as one already.
                let allowed = ComponentType.button.declaration.allowed
                let keys = node.value.members?.map(\.key) ?? []
                if keys.contains(where: { !allowed.contains($0) && ["action", "route"].contains(closestName($0, allowed)) }) { return nil }
                reader.error(
                    .missingKey, "missing key 'action' in button component", at: node.offset, node.pointer,
                    hint: "name the use case the button runs, or where it goes: \"route\": {\"to\": \"Scene\"} with a \"word\"")
                return nil
            }
            return action(actionNode).map { ($0, nil) }
        }
        for key in ["action", "request"] where object[key] != nil {
            reader.error(
                .misplacedKey, "a button with 'route' goes there and runs no use case, so it takes no '\(key)'",
                at: object.keyOffset(key), node.pointer + "/" + key,
                hint: key == "request" ? "pass what the scene needs in the route's 'args'" : "keep 'route' or 'action', not both")
        }
        guard let routeObject = reader.object(routeNode, what: "a button's route", keys: Self.routeKeys) else { return nil }
        let route = RouteStep.read(routeObject, reader: reader, scope: scope)
        guard let wordNode = object["word"] else {
            reader.error(
                .missingKey, "missing key 'word' in button component: a button that routes is pressed by its word", at: node.offset,
                node.pointer, hint: "add \"word\": the word a person types to press it")
            return nil
        }
        guard let word = reader.nameText(wordNode, what: "'word'") else { return nil }
        return (Located(word, offset: wordNode.offset), route)
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

    /// A choice's `options`: one expression, or texts and numbers written out as a JSON array.
    private func choiceOptions(_ node: Node) -> Template? {
        guard case let .array(elements) = node.value.kind else { return reader.condition(node, scope: scope, what: "'options'") }
        if elements.isEmpty {
            reader.error(.wrongType, "a choice needs at least one option", at: node.offset, node.pointer)
            return nil
        }
        for element in elements {
            switch element.kind {
            case .string, .number: continue
            default:
                let child = node.child(element)
                reader.error(
                    .wrongType, "an option is a text or a number, not \(child.value.kindName)", at: child.offset, child.pointer)
                return nil
            }
        }
        return Template(parts: [.expression(Expression(.literal(reader.constant(node)), at: 0))], origin: node.offset)
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
