import SceneManifest

/// What may be typed where the cursor is, from the last app that validated: step and
/// component types, the names a key takes (providers, workers, scenes, use cases, models,
/// route modes), and in expressions the roots, the functions, and the fields along a
/// typed path (`response.product.` → the `Product` model's fields).
struct ManifestCompletions {
    struct Item {
        let label: String
        /// LSP's CompletionItemKind: 3 function, 5 field, 7 class, 9 module, 12 value, 14 keyword, 20 enum member.
        let kind: Int
        let detail: String
    }

    let app: LoadedApp?
    let scene: SceneDefinition?

    static let roots = [
        "request": "the use case's request", "response": "the response being presented",
        "state": "the scene's state", "shared": "the app's shared fields", "args": "the scene's arguments",
        "vm": "the view model the presenters made", "env": "the app's env values", "result": "what a child scene returned"
    ]

    func items(for context: CompletionContext) -> [Item] {
        if let expression = context.expressionPrefix { return expressionItems(expression, context) }
        guard let (key, _) = context.partialValue else { return [] }
        let definition = app?.app
        switch key {
        case "type":
            return context.inInteractor
                ? Step.typeNames.map { Item(label: $0, kind: 20, detail: "step") }
                : ComponentDefinition.typeNames.map { Item(label: $0, kind: 20, detail: "component") }
        case "provider":
            return (definition?.providers ?? [:]).sorted { $0.key < $1.key }.map {
                Item(label: $0.key, kind: 9, detail: "\($0.value.typeName) provider")
            }
        case "worker":
            let builtIn = BuiltInWorker.names.sorted().map { Item(label: $0, kind: 3, detail: "built-in worker") }
            return builtIn + (definition?.workers ?? []).sorted().map { Item(label: $0, kind: 3, detail: "Swift worker") }
        case "to", "entry":
            return (app?.scenes.keys.sorted() ?? []).map { Item(label: $0, kind: 7, detail: "scene") }
        case let key where ManifestKeys.namingUseCase.contains(key):
            return (scene?.useCases.map(\.name) ?? []).map { Item(label: $0, kind: 3, detail: "use case") }
        case "mode":
            return RouteMode.allCases.map { Item(label: $0.rawValue, kind: 20, detail: "route mode") }
        case "model":
            return (definition?.models.keys.sorted() ?? []).map { Item(label: $0, kind: 7, detail: "model") }
        case "path", "bind":
            // A field, and the fields of its record one level down (`state.form.firstName`).
            let fields =
                (scene?.state ?? []).map { ("state.\($0.name)", $0.field.type) }
                + (definition?.shared ?? [:]).sorted { $0.key < $1.key }.map { ("shared.\($0.key)", $0.value.type) }
            return fields.flatMap { path, type -> [Item] in
                var items = [Item(label: path, kind: 5, detail: "\(type)")]
                if case let .model(name) = type.unwrapped, let model = definition?.models[name] {
                    items += model.fields.map { Item(label: "\(path).\($0.name)", kind: 5, detail: "\($0.type)") }
                }
                return items
            }
        case "sort":
            // A collection's fetch sorts by a field of its model, `-field` for descending.
            return (definition?.providers ?? [:]).sorted { $0.key < $1.key }.flatMap { name, provider -> [Item] in
                guard let (model, _) = provider.collection, let fields = definition?.models[model]?.fields else { return [] }
                return fields.filter { CollectionFields.isComparable($0.type) }.flatMap { field in
                    [
                        Item(label: field.name, kind: 5, detail: "\(name): \(field.type), ascending"),
                        Item(label: "-\(field.name)", kind: 5, detail: "\(name): \(field.type), descending")
                    ]
                }
            }
        case "timeZone":
            return TimeZones.known.map { Item(label: $0, kind: 12, detail: "time zone") }
        default:
            return []
        }
    }

    /// Roots and functions, or the fields of the typed path before the last dot.
    private func expressionItems(_ expression: String, _ context: CompletionContext) -> [Item] {
        if Self.isInTranslationKey(expression) { return translationKeys() }
        let path = Self.trailingPath(expression)
        guard let dot = path.lastIndex(of: ".") else {
            // The items of the lists being walked here (`each … as t`, `it`), innermost first.
            let inScope = ItemLocal.locals(in: context.text, at: context.offset)
            let locals = scene.map { staticTypes(useCase(at: context), in: $0, context, items: inScope).1 } ?? [:]
            let items = inScope.reversed().map { local in
                Item(label: local.name, kind: 6, detail: "each item of \(local.list)" + (locals[local.name].map { ": \($0)" } ?? ""))
            }
            let roots = Self.roots.sorted { $0.key < $1.key }.map { Item(label: $0.key, kind: 14, detail: $0.value) }
            return items + roots + FunctionDocs.lines.sorted { $0.key < $1.key }.map { Item(label: $0.key, kind: 3, detail: $0.value) }
        }
        let base = String(path[..<dot])
        return fields(of: base, context).map { Item(label: $0.name, kind: 5, detail: "\($0.type)") }
    }

    /// The fields of what `base` names: a root's fields, or a model's along a typed path.
    private func fields(of base: String, _ context: CompletionContext) -> [(name: String, type: String)] {
        guard let scene else { return [] }
        let useCase = useCase(at: context)
        switch base {
        case "state": return scene.state.map { ($0.name, "\($0.field.type)") }
        case "args": return scene.args.map { ($0.name, "\($0.type)") }
        case "shared": return (app?.app.shared ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, "\($0.value.type)") }
        case "env": return (app?.app.envNames.sorted() ?? []).map { ($0, "string") }
        case "request": return useCase?.request.map { ($0.name, "\($0.type)") } ?? []
        default: break
        }
        let (types, locals) = staticTypes(useCase, in: scene, context)
        if base == "response" { return types.response.sorted { $0.key < $1.key }.map { ($0.key, "\($0.value)") } }
        guard let expression = try? ExpressionParser.expression(base),
            var type = types.infer(expression, useCase: useCase, locals: locals)?.unwrapped
        else { return [] }
        if case let .list(element) = type { type = element.unwrapped }
        guard case let .model(name) = type, let model = app?.app.models[name] else { return [] }
        return model.fields.map { ($0.name, "\($0.type)") }
    }

    /// The static type of the dotted `path` (`response.product.price`) where the cursor is,
    /// as the validator infers it.
    func type(of path: String, _ context: CompletionContext) -> String? {
        guard let scene else { return nil }
        let useCase = useCase(at: context)
        let (types, locals) = staticTypes(useCase, in: scene, context)
        let parts = FieldPath(path)
        if parts.root == "response", parts.hasDot, !parts.field.contains("."), let type = types.response[parts.field] { return "\(type)" }
        guard let expression = try? ExpressionParser.expression(path),
            let type = types.infer(expression, useCase: useCase, locals: locals)
        else { return nil }
        return "\(type)"
    }

    /// The types the validator infers in the scene where the cursor is: the use case's
    /// locals and its response, and the item of each list walked there (`each … as t`).
    /// `items`: the item locals in scope, when the caller has them already.
    private func staticTypes(
        _ useCase: UseCaseDefinition?, in scene: SceneDefinition, _ context: CompletionContext,
        items: [ItemLocal]? = nil
    ) -> (StaticTypes, [String: TypeRef]) {
        var types = StaticTypes(app: app?.app, scene: scene)
        var locals = useCase.map(types.locals(of:)) ?? [:]
        if let useCase { types.response = types.responseTypes(of: useCase, locals: locals) }
        for local in items ?? ItemLocal.locals(in: context.text, at: context.offset) {
            guard let list = try? ExpressionParser.expression(local.list),
                case let .list(element)? = types.infer(list, useCase: useCase, locals: locals)?.unwrapped
            else { continue }
            locals[local.name] = element
        }
        return (types, locals)
    }

    /// The use case whose body holds the cursor: from the text parsed as it stands, or, while
    /// it does not parse, the use case whose key was written last before the cursor.
    private func useCase(at context: CompletionContext) -> UseCaseDefinition? {
        guard let scene else { return nil }
        var found: String?
        if let root = try? JSONParser.parse(context.text.bytes), let members = root["useCases"]?.members {
            for member in members where member.value.offset <= context.offset { found = member.key }
        } else {
            let before = String(decoding: context.text.bytes[..<context.offset], as: UTF8.self)
            found = scene.useCases.map(\.name).max { name, other in
                (before.range(of: "\"\(name)\"", options: .backwards)?.lowerBound ?? before.startIndex)
                    < (before.range(of: "\"\(other)\"", options: .backwards)?.lowerBound ?? before.startIndex)
            }
        }
        return found.flatMap(scene.useCase)
    }

    /// Whether the expression so far ends inside `t('…`, where a translation key goes.
    static func isInTranslationKey(_ expression: String) -> Bool {
        guard let quote = expression.lastIndex(of: "'"), expression[quote...].dropFirst().allSatisfy({ $0 != "'" }) else { return false }
        let before = expression[..<quote].reversed().drop { $0 == " " }
        guard before.first == "(" else { return false }
        let name = before.dropFirst().drop { $0 == " " }
        return name.first == "t" && !(name.dropFirst().first.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false)
    }

    /// Every key of the app's string tables, each with its text in the app's locale.
    private func translationKeys() -> [Item] {
        guard let app else { return [] }
        let locale = app.app.locale
        let own = app.strings[locale] ?? app.strings[String(locale.prefix { $0 != "_" })] ?? [:]
        let keys = Set(app.strings.values.flatMap(\.keys))
        return keys.sorted().map { Item(label: $0, kind: 12, detail: own[$0] ?? "") }
    }

    /// `response.product.na` → `response.product.na`: the dotted names that end the text.
    static func trailingPath(_ text: String) -> String {
        var characters: [Character] = []
        for character in text.reversed() {
            guard character.isLetter || character.isNumber || character == "_" || character == "." else { break }
            characters.append(character)
        }
        return String(characters.reversed())
    }
}
