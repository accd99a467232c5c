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
        let outline = Outline(text: text)
        return Self.isAppFile(path) ? outline.app(root) : outline.scene(root, name: root["scene"]?.string ?? PathText.baseName(of: path))
    }

    /// A file's outline: a symbol per section and per member of it, over the file's JSON.
    private struct Outline {
        let text: DocumentText

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

        /// The section `key` of `object` with a symbol per member, made by `make`.
        func section(_ key: String, in object: JSONValue, _ kind: SymbolKind, _ make: (JSONValue.Member) -> LSPJSON) -> [LSPJSON] {
            guard let member = object.members?.first(where: { $0.key == key }) else { return [] }
            return [symbol(key, kind, key: member.keyOffset, value: member.value, children: (object[key]?.members ?? []).map(make))]
        }

        /// A field with its type.
        func typed(_ member: JSONValue.Member) -> LSPJSON {
            let type = member.value.string ?? member.value["type"]?.string
            return symbol(member.key, .field, key: member.keyOffset, value: member.value, detail: type)
        }

        /// app.json: its models (and their fields), providers, shared fields, workers and formatters.
        func app(_ root: JSONValue) -> [LSPJSON] {
            section("models", in: root, .namespace) { model in
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

        /// A scene file: the scene, with its args, state, use cases and view.
        func scene(_ root: JSONValue, name: String) -> [LSPJSON] {
            let outline =
                section("args", in: root, .namespace, typed) + section("state", in: root, .namespace, typed)
                + section("useCases", in: root, .namespace) { useCase in
                    let request = (useCase.value["request"]?.members ?? []).map(typed)
                    let kind = useCase.value["internal"]?.kind == .bool(true) ? "internal use case" : "use case"
                    return symbol(useCase.key, .method, key: useCase.keyOffset, value: useCase.value, detail: kind, children: request)
                } + view(root)
            let top = root.members?.first { $0.key == "scene" }
            return [
                .object([
                    ("name", .string(name)), ("kind", .int(SymbolKind.class.rawValue)), ("detail", .string("scene")),
                    ("range", text.range(root.offset, text.valueEnd(at: root.offset))),
                    (
                        "selectionRange",
                        top.map { text.range($0.value.offset, text.tokenEnd(at: $0.value.offset)) }
                            ?? text.range(root.offset, root.offset + 1)
                    ),
                    ("children", .array(outline))
                ])
            ]
        }

        /// The view's components, each by its type and what it shows.
        func view(_ root: JSONValue) -> [LSPJSON] {
            guard let view = root.members?.first(where: { $0.key == "view" }) else { return [] }
            let components = (view.value.elements ?? []).map { component in
                let type = component["type"]?.string ?? "component"
                let label =
                    component["title"]?.string ?? component["label"]?.string ?? component["text"]?.string ?? component["items"]?.string
                return symbol(type, .object, key: component.offset, value: component, detail: label)
            }
            return [symbol("view", .namespace, key: view.keyOffset, value: view.value, children: components)]
        }
    }

    /// Every scene, use case and model the apps (and scenes alone) validated so far declare, as their semantic
    /// indexes have them, whose name holds the query's characters in order, ignoring case
    /// (`orlist` finds `OrderList`).
    func workspaceSymbols(_ params: JSONValue) -> [LSPJSON] {
        let query = Array((params["query"]?.string ?? "").lowercased())
        func matches(_ name: String) -> Bool {
            var rest = query[...]
            for character in name.lowercased() where character == rest.first { rest = rest.dropFirst() }
            return rest.isEmpty
        }
        var result: [LSPJSON] = []
        // Each app, and each scene file opened outside an app.
        for root in apps.keys.sorted() {
            guard let index = index(for: validations[root] != nil ? root + "/app.json" : root) else { continue }
            for file in [index.appFile] + index.sceneFiles {
                for occurrence in index.occurrences(in: file) where occurrence.isDeclaration && matches(occurrence.symbol.name) {
                    let kind: SymbolKind
                    var container = index.app.app.name
                    switch occurrence.symbol {
                    case .scene: kind = .class
                    case .useCase:
                        kind = .method
                        container = PathText.baseName(of: file)
                    case .model: kind = .struct
                    case .stateField, .sharedField, .provider, .worker, .stringKey, .modelField, .itemLocal: continue
                    }
                    let text = text(of: file)
                    let range = text.range(occurrence.range.lowerBound, occurrence.range.upperBound)
                    result.append(
                        .object([
                            ("name", .string(occurrence.symbol.name)), ("kind", .int(kind.rawValue)),
                            ("location", .object([("uri", .string(Self.uri(of: file))), ("range", range)])),
                            ("containerName", .string(container))
                        ]))
                }
            }
        }
        return result
    }

}
