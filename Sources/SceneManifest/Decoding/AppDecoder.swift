/// Reads `app.json` into an ``AppDefinition``, reporting every mistake.
struct AppDecoder {
    let reader: ManifestReader

    static let keys = [
        "formatVersion", "name", "entry", "locale", "currency", "timeZone", "env", "models", "shared", "providers", "workers", "formatters",
        "invariants"
    ]

    func decode(_ root: JSONValue) -> AppDefinition? {
        let node = Node(root: root)
        guard let object = reader.object(node, what: "app.json", allowed: Self.keys, required: ["formatVersion", "name", "entry"]) else {
            return nil
        }
        FormatVersion.check(object, reader)
        let models = decodeModels(object["models"])
        let modelNames = Set(models.keys)
        let name = object["name"].flatMap { node in reader.string(node, what: "'name'").map { (node, $0) } }
        if let (node, text) = name, !FilePaths.isPlainFileName(text) {
            reader.error(
                .invalidName, "app name '\(text)' cannot name a file: it also names the app's storage file", at: node.offset, node.pointer,
                hint: "use letters, digits, spaces, '_', '-' and '.', starting with a letter or digit, at most 64 long")
        }
        var app = AppDefinition(
            name: name?.1 ?? "",
            entry: object["entry"].flatMap { reader.name($0, what: "entry scene") } ?? Located("", offset: object.node.offset),
            locale: object["locale"].flatMap { reader.string($0, what: "'locale'") } ?? "en_US",
            currency: object["currency"].flatMap { reader.string($0, what: "'currency'") } ?? "USD",
            env: [], models: models, shared: [:], providers: [:], workers: [])
        if let currency = object["currency"], !app.currency.isEmpty,
            app.currency.count != 3 || !app.currency.allSatisfy({ $0.isASCII && $0.isUppercase })
        {
            reader.error(
                .unknownWord, "currency '\(app.currency)' is not an ISO 4217 code", at: currency.offset, currency.pointer,
                hint: "use three capital letters, like 'USD' or 'RUB'")
        }
        if let zoneNode = object["timeZone"], let zone = reader.string(zoneNode, what: "'timeZone'") {
            if TimeZones.zone(zone) == nil {
                reader.error(
                    .unknownWord, "time zone '\(zone)' is not an IANA time zone", at: zoneNode.offset, zoneNode.pointer,
                    hint: TimeZones.hint(for: zone) ?? "use a name like 'UTC', 'Europe/Paris' or 'America/New_York'")
            } else {
                app.timeZone = zone
            }
        }
        if let env = object["env"] {
            for member in reader.map(env, what: "'env'") {
                guard let value = reader.string(member.node, what: "env value '\(member.key)'") else { continue }
                app.env.append((member.key, value))
            }
        }
        if let shared = object["shared"] {
            app.shared = StateFields.decode(shared, what: "'shared'", reader: reader, models: modelNames, definitions: models)
        }
        if let providers = object["providers"] {
            let scope = ExpressionScope(roots: ["env", "args"], fields: ["env": app.envNames])
            for member in reader.map(providers, what: "'providers'")
            where reader.checkName(member.key, at: member.keyOffset, member.node.pointer, what: "provider name") {
                if let provider = ProviderDecoder(reader: reader, models: modelNames, definitions: models, scope: scope).decode(
                    member.node, name: member.key)
                {
                    if case .collection = provider.kind {
                        checkCaseAlike(member.key, at: member.keyOffset, member.node.pointer, among: app.providers)
                    }
                    app.providers[member.key] = provider
                } else {
                    app.brokenProviders.insert(member.key)
                }
            }
        }
        if let invariants = object["invariants"] { app.invariants = decodeInvariants(invariants) }
        app.workers = declaredSwift(object["workers"], what: "worker", builtIns: BuiltInWorker.names)
        app.formatters = declaredSwift(object["formatters"], what: "formatter", builtIns: Set(FunctionTable.names))
        return app
    }

    /// A collection named like an earlier one but for case: SQLite's names ignore case, so
    /// the two would share one table (E215).
    private func checkCaseAlike(_ name: String, at offset: Int, _ pointer: String, among providers: [String: ProviderDefinition]) {
        let folded = ProviderDecoder.folded(name)
        guard
            let other = providers.first(where: { entry in
                if case .collection = entry.value.kind { return entry.key != name && ProviderDecoder.folded(entry.key) == folded }
                return false
            })?.key
        else { return }
        reader.error(
            .caseAlike,
            "collection '\(name)' is named like collection '\(other)' but for case, and SQLite, which stores them, ignores case: they would share one table",
            at: offset, pointer, hint: "\(didYouMean(other)) if not, give it a name that differs in more than case")
    }

    /// `{"NAME": {"type": "swift"}}`: components registered in code, declared so manifests may name them.
    private func declaredSwift(_ node: Node?, what: String, builtIns: Set<String>) -> Set<String> {
        guard let node else { return [] }
        var names: Set<String> = []
        for member in reader.map(node, what: "'\(what)s'")
        where reader.checkName(member.key, at: member.keyOffset, member.node.pointer, what: "\(what) name") {
            if builtIns.contains(member.key) {
                reader.error(
                    .shadowedBuiltIn, "\(what) '\(member.key)' shadows the built-in \(what) of that name", at: member.keyOffset,
                    member.node.pointer)
            }
            guard
                let declaration = reader.object(
                    member.node, what: "\(what) '\(member.key)'", allowed: ManifestKeys.allowed(in: .declaration), required: ["type"]),
                let type = declaration["type"], let kind = reader.string(type, what: "'type'")
            else { continue }
            guard kind == "swift" else {
                reader.error(
                    .unknownWord, "unknown \(what) type '\(kind)'", at: type.offset, type.pointer,
                    hint: "declared \(what)s are registered in code: use 'swift'")
                continue
            }
            names.insert(member.key)
        }
        return names
    }

    /// `{"Cart": [{"check": "@{…}", "message": "…"}]}`: each scene's invariants. Their
    /// expressions are checked against their scene once the scenes are read (CrossChecks).
    private func decodeInvariants(_ node: Node) -> [Invariant] {
        var invariants: [Invariant] = []
        for member in reader.map(node, what: "'invariants'") {
            guard let items = reader.array(member.node, what: "the invariants of '\(member.key)'") else { continue }
            for item in items {
                guard
                    let rule = reader.object(item, what: "an invariant", allowed: ["check", "message"], required: ["check"]),
                    let checkNode = rule["check"], let check = reader.condition(checkNode, scope: nil, what: "'check'")
                else { continue }
                let message = rule["message"].flatMap { reader.template($0, scope: nil, what: "'message'") }
                invariants.append(
                    Invariant(
                        scene: Located(member.key, offset: member.keyOffset), check: check, message: message, pointer: checkNode.pointer))
            }
        }
        return invariants
    }

    private func decodeModels(_ node: Node?) -> [String: ModelDefinition] {
        guard let node else { return [:] }
        let entries = reader.map(node, what: "'models'")
        let declared = Set(entries.map(\.key))
        // A field may be of a model or of its draft.
        let names = declared.union(declared.map(TypeRef.draftName(of:)))
        var models: [String: ModelDefinition] = [:]
        for entry in entries where reader.checkName(entry.key, at: entry.keyOffset, entry.node.pointer, what: "model name") {
            if TypeRef.primitives.contains(entry.key) {
                reader.error(.invalidName, "model '\(entry.key)' has the name of a built-in type", at: entry.keyOffset, entry.node.pointer)
                continue
            }
            var model = ModelDefinition(fields: [])
            for field in reader.map(entry.node, what: "model '\(entry.key)'")
            where reader.checkName(field.key, at: field.keyOffset, field.node.pointer, what: "field name") {
                if let type = reader.type(field.node, models: names) { model.fields.append((field.key, type)) }
            }
            models[entry.key] = model
        }
        // Each model's draft (`draft Order`): its fields, each optional while a form types it.
        for (name, model) in models {
            var draft = ModelDefinition(fields: model.fields.map { ($0.name, $0.type.isOptional ? $0.type : .optional($0.type)) })
            draft.draftOf = name
            models[TypeRef.draftName(of: name)] = draft
        }
        return models
    }
}

/// `formatVersion` must be present and be 1.
enum FormatVersion {
    static let supported = 1

    static func check(_ object: ObjectNode, _ reader: ManifestReader) {
        guard let node = object["formatVersion"] else { return }
        if case let .string(text) = node.value.kind, Int(text) == supported {
            reader.error(
                .wrongType, "formatVersion must be a number, not the text '\(text)'", at: node.offset, node.pointer,
                hint: "write \"formatVersion\": 1, without quotes")
            return
        }
        guard case let .number(text) = node.value.kind, Int(text) == supported else {
            reader.error(
                .unsupportedVersion, "unsupported formatVersion \(describe(node.value)); this version of Scenery reads format 1",
                at: node.offset, node.pointer, hint: "set \"formatVersion\": 1")
            return
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case let .number(text): text
        case let .string(text): "'\(text)'"
        default: value.kindName
        }
    }
}

/// `state` and `shared`: fields with a type and a default.
enum StateFields {
    /// A default to suggest for `type`.
    static func example(_ type: TypeRef) -> String {
        switch type {
        case .string: "\"\""
        case .int, .decimal: "0"
        case .bool: "false"
        case .date: "\"2026-01-01\""
        default: "{…}"
        }
    }

    static func decode(
        _ node: Node, what: String, reader: ManifestReader, models: Set<String>?,
        definitions: [String: ModelDefinition]
    ) -> [String: StateField] {
        var result: [String: StateField] = [:]
        for (name, field) in decodeOrdered(node, what: what, reader: reader, models: models, definitions: definitions) {
            result[name] = field
        }
        return result
    }

    /// - Parameter definitions: the app's models, which a `default` must fit (E314) — empty
    ///   for a scene validated alone, where a record default's fields cannot be checked.
    static func decodeOrdered(
        _ node: Node, what: String, reader: ManifestReader, models: Set<String>?,
        definitions: [String: ModelDefinition]
    ) -> [(name: String, field: StateField)] {
        let members = reader.map(node, what: what)
        var result: [(name: String, field: StateField)] = []
        result.reserveCapacity(members.count)
        for member in members where reader.checkName(member.key, at: member.keyOffset, member.node.pointer, what: "field name") {
            guard
                let object = reader.object(
                    member.node, what: "field '\(member.key)'", allowed: ManifestKeys.allowed(in: .field), required: ["type"]),
                let typeNode = object["type"], let type = reader.type(typeNode, models: models)
            else { continue }
            // Without a default, a list starts empty, a model's draft as an empty record (every
            // field of it is optional), and anything else as null.
            let empty: SceneValue =
                switch type {
                case .list: .list([])
                case let .model(name) where name.hasPrefix(TypeRef.draftName(of: "")): .record(Record())
                default: .null
                }
            // A default is a constant the app makes itself: it must fit the declared type, as
            // every value that lands in the field must. Null is no default, as without one.
            let value = object["default"].map {
                reader.constant(
                    $0, fitting: type, models: definitions, what: "the default of field '\(member.key)'", warnsOfExpressions: false)
            }
            // A default given but not read (a number out of range) is reported already.
            let noDefault = object["default"].map { if case .null = $0.value.kind { true } else { false } } ?? true
            if noDefault, !type.isOptional, empty == .null {
                // Read as its type everywhere, so a null in it would fail where it is used.
                reader.warning(
                    .startsNull, "field '\(member.key)' is \(type) but has no default, so it starts as null, which \(type) does not allow",
                    at: member.node.offset, member.node.pointer,
                    hint: "give it a default (\"default\": \(StateFields.example(type))), or declare it '\(type)?'")
            }
            result.append((member.key, StateField(type: type, defaultValue: value ?? empty)))
        }
        return result
    }
}
