/// Reads one provider declaration of `app.json`.
struct ProviderDecoder {
    let reader: ManifestReader
    let models: Set<String>
    /// The app's models, for checking an `inline` value and a `keyValue` default.
    let definitions: [String: ModelDefinition]
    let scope: ExpressionScope

    func decode(_ node: Node, name: String) -> ProviderDefinition? {
        guard node.value.isObject else {
            reader.error(.wrongType, "a provider must be an object, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        guard let typeNode = node.value["type"].map(node.child) else {
            reader.error(.missingKey, "missing key 'type' in provider", at: node.offset, node.pointer)
            return nil
        }
        guard let type = reader.choice(typeNode, what: "provider type", as: ProviderType.self),
            let object = reader.object(
                node, what: "\(type.rawValue) provider", allowed: type.declaration.allowed,
                required: type.declaration.required)
        else { return nil }
        let model = object["model"].flatMap { reader.type($0, models: models) }
        switch type {
        case .inline:
            let value = object["value"].map {
                reader.constant($0, fitting: model, models: definitions, what: "the value of provider '\(name)'", nullFits: false)
            }
            return ProviderDefinition(kind: .inline(value ?? .null), model: model)
        case .file:
            guard let pathNode = object["path"], let path = reader.string(pathNode, what: "'path'") else { return nil }
            return ProviderDefinition(kind: .file(path: Located(path, offset: pathNode.offset)), model: model)
        case .keyValue:
            // A null default is no default: reading before any store gives null.
            let value = object["default"].map {
                reader.constant($0, fitting: model, models: definitions, what: "the default of provider '\(name)'")
            }
            return ProviderDefinition(kind: .keyValue(default: value ?? .null), model: model)
        case .swift:
            let name = object["name"].flatMap { reader.nameText($0, what: "swift provider name") }
            return ProviderDefinition(kind: .swift(name: name ?? ""), model: model)
        case .collection:
            return decodeCollection(object, model: model, name: name)
        case .http:
            guard let urlNode = object["url"], let url = reader.template(urlNode, scope: scope, what: "'url'") else { return nil }
            var headers: [String: Template] = [:]
            if let headersNode = object["headers"] {
                for member in reader.map(headersNode, what: "'headers'") {
                    if let value = reader.template(member.node, scope: scope, what: "header '\(member.key)'") {
                        headers[member.key] = value
                    }
                }
            }
            let method = object["method"].flatMap { reader.choice($0, what: "HTTP method", as: HTTPMethod.self) } ?? .GET
            let cache =
                object["cache"].flatMap { reader.choice($0, what: "cache policy", as: HTTPProviderDefinition.CachePolicy.self) }
                ?? .networkFirst
            let timeout = object["timeout"].flatMap { reader.integer($0, what: "'timeout' (milliseconds)", range: 1...600_000) } ?? 10_000
            let maxBytes =
                object["maxBytes"].flatMap { reader.integer($0, what: "'maxBytes'", range: 1...HTTPProviderDefinition.maxBytesLimit) }
                ?? HTTPProviderDefinition.defaultMaxBytes
            let body = object["body"].map { reader.valueTemplate($0, scope: scope) }
            return ProviderDefinition(
                kind: .http(
                    HTTPProviderDefinition(
                        url: url, method: method.rawValue, headers: headers, timeout: timeout,
                        maxBytes: maxBytes, cache: cache, body: body)),
                model: model)
        }
    }

    /// A collection's `model` is one record's model, and its `key` (default `id`) a field of
    /// it that is text or a whole number and never null.
    private func decodeCollection(_ object: ObjectNode, model: TypeRef?, name: String) -> ProviderDefinition? {
        guard let modelNode = object["model"], let model else { return nil }
        guard case let .model(modelName) = model, let definition = definitions[modelName] else {
            if case .model = model { return nil }  // an unknown model is E306 already
            reader.error(
                .invalidType, "a collection's model is the model of one record, like 'Order', not '\(model)'", at: modelNode.offset,
                modelNode.pointer,
                hint: "declare the record's fields under 'models' in app.json and name the model here")
            return nil
        }
        let keyNode = object["key"]
        let key = keyNode.flatMap { reader.nameText($0, what: "'key'") } ?? "id"
        let at = keyNode ?? modelNode
        guard let field = definition.fields.first(where: { $0.name == key }) else {
            reader.error(
                .undeclaredField, "model '\(modelName)' has no field '\(key)' to be the key of collection '\(name)'", at: at.offset,
                at.pointer,
                hint: didYouMean(key, definition.fields.map(\.name)) ?? "name the key field with \"key\"")
            return nil
        }
        guard field.type == .string || field.type == .int else {
            reader.error(
                .invalidType, "the key '\(key)' of collection '\(name)' is \(field.type); a key is string or int, and never null",
                at: at.offset, at.pointer)
            return nil
        }
        // SQLite's names ignore case: fields alike but for case would share one column.
        var seen: [String: String] = [:]
        for field in definition.fields {
            if let other = seen[Self.folded(field.name)] {
                reader.error(
                    .caseAlike,
                    "model '\(modelName)' has fields '\(other)' and '\(field.name)', named alike but for case, and collection '\(name)' "
                        + "keeps each in a column of SQLite, which ignores case", at: modelNode.offset, modelNode.pointer,
                    hint: "rename one of them in model '\(modelName)'")
                return nil
            }
            seen[Self.folded(field.name)] = field.name
        }
        return ProviderDefinition(kind: .collection(key: key), model: model)
    }

    /// A name as SQLite compares names: ASCII letters in lower case, everything else as it is.
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    enum HTTPMethod: String, CaseIterable {
        case GET, POST, PUT, PATCH, DELETE
    }
}
