import SceneManifest
import ScenerySupport

/// Document symbols (a scene's outline: its args, state, use cases and view; app.json's
/// models, providers, shared fields and workers) and workspace symbols (every scene, use
/// case and model of the apps open).
extension LanguageServer {
    /// LSP's SymbolKind.
    enum SymbolKind: Int {
        case module = 2
        case namespace = 3
        case `class` = 5
        case method = 6
        case field = 8
        case function = 12
        case object = 19
        case `struct` = 23
    }

    func documentSymbols(_ params: JSONValue) -> [LSPJSON] {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(of: uri) else { return [] }
        let text = text(of: path)
        guard let root = try? JSONParser.parse(text.bytes) else { return [] }
        func symbol(_ name: String, _ kind: SymbolKind, key: Int, value: JSONValue, detail: String? = nil, children: [LSPJSON] = [])
            -> LSPJSON
        {
            var fields: [(String, LSPJSON)] = [
                ("name", .string(name.isEmpty ? "(unnamed)" : name)), ("kind", .int(kind.rawValue)),
                ("range", text.range(key, text.valueEnd(at: value.offset))),
                ("selectionRange", text.range(key, text.tokenEnd(at: key)))
            ]
            if let detail { fields.append(("detail", .string(detail))) }
            if !children.isEmpty { fields.append(("children", .array(children))) }
            return .object(fields)
        }
        /// A symbol for each member of the object at `key`, made by `make`.
        func members(_ key: String, in object: JSONValue, _ make: (JSONValue.Member) -> LSPJSON) -> [LSPJSON] {
            (object[key]?.members ?? []).map(make)
        }
        /// The section `key` of `object` with a symbol per member.
        func section(_ key: String, in object: JSONValue, _ kind: SymbolKind, _ make: (JSONValue.Member) -> LSPJSON) -> [LSPJSON] {
            guard let member = object.members?.first(where: { $0.key == key }) else { return [] }
            return [symbol(key, kind, key: member.keyOffset, value: member.value, children: members(key, in: object, make))]
        }
        func typed(_ member: JSONValue.Member) -> LSPJSON {
            let type = member.value.string ?? member.value["type"]?.string
            return symbol(member.key, .field, key: member.keyOffset, value: member.value, detail: type)
        }
        if Self.isAppFile(path) {
            return section("models", in: root, .namespace) { model in
                symbol(
                    model.key, .struct, key: model.keyOffset, value: model.value, detail: "model",
                    children: (model.value.members ?? []).map(typed))
            }
                + section("providers", in: root, .namespace) { provider in
                    symbol(
                        provider.key, .object, key: provider.keyOffset, value: provider.value,
                        detail: (provider.value["type"]?.string).map { "\($0) provider" })
                } + section("shared", in: root, .namespace, typed)
                + section("workers", in: root, .namespace) { worker in
                    symbol(worker.key, .function, key: worker.keyOffset, value: worker.value, detail: "Swift worker")
                }
                + section("formatters", in: root, .namespace) { formatter in
                    symbol(formatter.key, .function, key: formatter.keyOffset, value: formatter.value, detail: "Swift formatter")
                }
        }
        let name = root["scene"]?.string ?? PathText.baseName(of: path)
        let outline =
            section("args", in: root, .namespace, typed) + section("state", in: root, .namespace, typed)
            + section("useCases", in: root, .namespace) { useCase in
                let request = (useCase.value["request"]?.members ?? []).map(typed)
                let kind = useCase.value["internal"]?.kind == .bool(true) ? "internal use case" : "use case"
                return symbol(useCase.key, .method, key: useCase.keyOffset, value: useCase.value, detail: kind, children: request)
            }
            + (root.members?.first { $0.key == "view" }.map { view in
                [
                    symbol(
                        "view", .namespace, key: view.keyOffset, value: view.value,
                        children: (view.value.elements ?? []).map { component in
                            let type = component["type"]?.string ?? "component"
                            let label =
                                component["title"]?.string ?? component["label"]?.string ?? component["text"]?.string
                                ?? component["items"]?.string
                            return symbol(type, .object, key: component.offset, value: component, detail: label)
                        })
                ]
            } ?? [])
        let top = root.members?.first { $0.key == "scene" }
        return [
            .object([
                ("name", .string(name)), ("kind", .int(SymbolKind.class.rawValue)), ("detail", .string("scene")),
                ("range", text.range(root.offset, text.valueEnd(at: root.offset))),
                (
                    "selectionRange",
                    top.map { text.range($0.value.offset, text.tokenEnd(at: $0.value.offset)) } ?? text.range(root.offset, root.offset + 1)
                ),
                ("children", .array(outline))
            ])
        ]
    }

    /// Every scene, use case and model of the apps validated so far whose name holds the
    /// query's characters in order, ignoring case (`orlist` finds `OrderList`).
    func workspaceSymbols(_ params: JSONValue) -> [LSPJSON] {
        let query = Array((params["query"]?.string ?? "").lowercased())
        func matches(_ name: String) -> Bool {
            var rest = query[...]
            for character in name.lowercased() where character == rest.first { rest = rest.dropFirst() }
            return rest.isEmpty
        }
        func symbol(_ name: String, _ kind: SymbolKind, _ file: String, _ offset: Int, container: String?) -> LSPJSON {
            let text = text(of: file)
            var fields: [(String, LSPJSON)] = [
                ("name", .string(name)), ("kind", .int(kind.rawValue)),
                ("location", .object([("uri", .string(Self.uri(of: file))), ("range", text.range(offset, text.tokenEnd(at: offset)))]))
            ]
            if let container { fields.append(("containerName", .string(container))) }
            return .object(fields)
        }
        var result: [LSPJSON] = []
        for root in apps.keys.sorted() {
            guard let app = apps[root] else { continue }
            for name in app.sceneNames {
                guard let scene = app.scenes[name], let file = scene.source?.file.path else { continue }
                if matches(name) { result.append(symbol(name, .class, file, scene.offsets["scene"] ?? 0, container: app.app.name)) }
                for useCase in scene.useCases where matches(useCase.name) {
                    result.append(symbol(useCase.name, .method, file, scene.offsets["useCases.\(useCase.name)"] ?? 0, container: name))
                }
            }
            let appFile = root + "/app.json"
            if let parsed = try? JSONParser.parse(text(of: appFile).bytes) {
                for model in parsed["models"]?.members ?? [] where matches(model.key) {
                    result.append(symbol(model.key, .struct, appFile, model.keyOffset, container: app.app.name))
                }
            }
        }
        return result
    }
}
