/// Reads one scene file into a ``SceneDefinition``, checking everything the scene and its
/// app context allow: keys, types, names, references and expressions.
///
/// A class: every use case's and step's reading holds it, and copying a struct holding the
/// app's context would retain each of its fields every time.
final class SceneDecoder {
    let reader: ManifestReader
    let context: SceneContext
    /// The name the file gives the scene.
    let fileName: String

    init(reader: ManifestReader, context: SceneContext, fileName: String) {
        self.reader = reader
        self.context = context
        self.fileName = fileName
    }

    static let keys = ["formatVersion", "scene", "title", "args", "state", "useCases", "view", "onAppear", "onResult"]
    static let useCaseKeys = ["request", "interactor", "onError", "response", "presenter", "reentrant", "internal"]
    static let keyTable = KeyTable(allowed: keys, required: ["formatVersion", "scene"])
    static let useCaseKeyTable = KeyTable(allowed: useCaseKeys)
    static let listFieldKeyTable = KeyTable(allowed: ManifestKeys.allowed(in: .listField), required: ["each", "as", "value"])

    func decode(_ root: JSONValue) -> SceneDefinition? {
        let node = Node(root: root)
        guard let object = reader.object(node, what: "scene", keys: Self.keyTable) else {
            return nil
        }
        FormatVersion.check(object, reader)
        let names = SceneNames(root, context: context)
        let argMembers = object["args"]?.value.members ?? []
        let stateMembers = object["state"]?.value.members ?? []
        // Room for every offset the scene records, use cases' too: no rehash as it fills.
        var offsets: [String: Int] = [:]
        offsets.reserveCapacity(1 + argMembers.count + stateMembers.count + names.useCases.count)
        offsets["scene"] = object["scene"]?.offset ?? 0
        for member in argMembers { offsets["args.\(member.key)"] = member.keyOffset }
        for member in stateMembers { offsets["state.\(member.key)"] = member.keyOffset }
        if let sceneNode = object["scene"], let name = reader.nameText(sceneNode, what: "scene name"), name != fileName {
            reader.error(
                .sceneNameMismatch, "scene name '\(name)' does not match the file name '\(fileName).json'", at: sceneNode.offset,
                sceneNode.pointer, hint: "rename the file or set \"scene\": \"\(fileName)\"")
        }
        var scene = SceneDefinition(
            name: fileName, title: nil, args: [], state: [], useCases: [], view: nil, onAppear: [], onResult: nil, offsets: offsets)
        if let args = object["args"] {
            for member in reader.map(args, what: "'args'")
            where reader.checkName(member.key, at: member.keyOffset, member.node.pointer, what: "argument name") {
                if let type = reader.type(member.node, models: context.models) { scene.args.append((member.key, type)) }
            }
        }
        if let state = object["state"] {
            scene.state = StateFields.decodeOrdered(
                state, what: "'state'", reader: reader, models: context.models, definitions: context.definitions)
        }
        let viewScope = scope(roots: Self.viewRoots, names: names)
        if let title = object["title"] { scene.title = reader.template(title, scope: viewScope, what: "'title'") }
        if let useCases = object["useCases"] {
            for member in reader.map(useCases, what: "'useCases'") {
                // A use case left out may have routed: where the scene routes is not all known.
                guard reader.checkName(member.key, at: member.keyOffset, member.node.pointer, what: "use case name") else {
                    reader.droppedParts = true
                    continue
                }
                if BuiltInAction(keyword: member.key) != nil {
                    reader.error(
                        .reservedName, "use case '\(member.key)' shadows the built-in input word '\(member.key)'",
                        at: member.keyOffset, member.node.pointer, hint: "built-in words: \(BuiltInAction.words.joined(separator: ", "))")
                    reader.droppedParts = true
                    continue
                }
                if let useCase = decodeUseCase(
                    member.node, name: member.key, names: names, onResult: root["onResult"]?.string == member.key)
                {
                    scene.useCases.append((member.key, useCase))
                    scene.offsets["useCases.\(member.key)"] = member.keyOffset
                } else {
                    reader.droppedParts = true
                }
            }
        }
        if let view = object["view"], let components = reader.array(view, what: "'view'") {
            var decoder = ViewDecoder(reader: reader, scope: viewScope, useCases: names.useCases, internalUseCases: names.internalUseCases)
            decoder.statePath = { [self] node in statePath(node, names: names, what: "bind") }
            var groupConditions: [Template] = []
            scene.view = components.flatMap { decoder.decodeAll($0, groupConditions: &groupConditions) }
            scene.groupConditions = groupConditions
            checkInputWords(
                scene.boundInputs.map(\.binding.word) + scene.routingButtonWords, buttons: Set(scene.routingButtonWords.map(\.offset)),
                names: names)
        }
        if let onAppear = object["onAppear"], let items = reader.array(onAppear, what: "'onAppear'") {
            scene.onAppear = items.compactMap { useCaseReference($0, names: names, what: "onAppear use case") }
        }
        if let onResult = object["onResult"] {
            scene.onResult = useCaseReference(onResult, names: names, what: "onResult use case")
        }
        return scene
    }

    /// The roots each part of a scene may read, made once rather than per use case.
    static let viewRoots: Set<String> = ["vm", "state", "shared", "args", "env"]
    static let interactorRoots: Set<String> = ["request", "state", "shared", "args", "env"]
    static let presenterRoots: Set<String> = ["response", "state", "shared", "args", "env"]

    /// The expression scope of one position in the scene.
    func scope(
        roots: Set<String>, names: SceneNames, request: Set<String>? = nil, response: Set<String>? = nil,
        locals: Set<String> = []
    ) -> ExpressionScope {
        var fields = names.fields
        if let request { fields["request"] = request }
        if let response { fields["response"] = response }
        var scope = ExpressionScope(roots: roots, locals: locals, rootFields: fields)
        scope.formatters = context.formatters
        return scope
    }

    func useCaseReference(_ node: Node, names: SceneNames, what: String) -> Located<String>? {
        guard let name = reader.string(node, what: what) else { return nil }
        guard names.useCases.contains(name) else {
            reader.error(
                .unknownUseCase, "unknown use case '\(name)'", at: node.offset, node.pointer,
                hint: didYouMean(name, names.useCases) ?? (names.useCases.isEmpty ? "this scene declares no use cases" : nil))
            return nil
        }
        return Located(name, offset: node.offset)
    }

    private func decodeUseCase(_ node: Node, name: String, names: SceneNames, onResult: Bool) -> UseCaseDefinition? {
        guard let object = reader.object(node, what: "use case '\(name)'", keys: Self.useCaseKeyTable) else {
            return nil
        }
        let (request, requestModel) = decodeRequest(object["request"])
        let requestFields = Set(request.map(\.name))
        var roots = Self.interactorRoots
        if onResult { roots.insert("result") }
        var interactor = UseCaseDefinition.Interactor.steps([])
        var locals: Set<String> = []
        var responseFields: Set<String> = []
        var onError: Step.Recovery?
        if let interactorNode = object["interactor"] {
            if let swift = swiftEscape(interactorNode, what: "interactor") {
                interactor = .swift(swift)
                responseFields = []
            } else if let items = reader.array(interactorNode, what: "'interactor'") {
                let decoder = StepDecoder(scene: self, names: names, requestFields: requestFields, roots: roots)
                var steps: [Step] = []
                steps.reserveCapacity(items.count)
                for item in items {
                    if let step = decoder.decode(item, locals: &locals, presented: &responseFields) { steps.append(step) }
                }
                if let handlerNode = object["onError"] {
                    let shared = decoder.useCaseRecovery(handlerNode, presented: &responseFields)
                    steps = steps.map { $0.sharingRecovery(shared) }
                    onError = shared
                }
                interactor = .steps(steps)
            } else {
                reader.droppedParts = true
            }
        }
        var response: [(name: String, value: ValueTemplate)]?
        if let responseNode = object["response"] {
            let responseScope = scope(roots: roots, names: names, request: requestFields, locals: locals)
            response = reader.map(responseNode, what: "'response'").map { ($0.key, reader.valueTemplate($0.node, scope: responseScope)) }
            responseFields.formUnion(response?.map(\.name) ?? [])
        }
        var presenter: UseCaseDefinition.Presenter?
        if let presenterNode = object["presenter"] {
            if let swift = swiftEscape(presenterNode, what: "presenter") {
                presenter = .swift(swift)
            } else {
                let knownResponse: Set<String>? = interactor.isSwift ? nil : responseFields
                let presenterScope = scope(roots: Self.presenterRoots, names: names, response: knownResponse)
                presenter = .fields(
                    reader.map(presenterNode, what: "'presenter'").compactMap { member in
                        presenterField(member.node, name: member.key, scope: presenterScope).map { (member.key, $0) }
                    })
            }
        }
        let reentrant = object["reentrant"].flatMap { reader.bool($0, what: "'reentrant'") } ?? false
        var useCase = UseCaseDefinition(
            request: request, interactor: interactor, response: response, presenter: presenter, reentrant: reentrant)
        useCase.isInternal = object["internal"].flatMap { reader.bool($0, what: "'internal'") } ?? false
        useCase.onError = onError
        useCase.requestModel = requestModel
        if object["onError"] != nil, useCase.steps.isEmpty {
            reader.error(
                .misplacedKey, "'onError' handles the failures of the use case's steps, and it has none", at: object.keyOffset("onError"),
                object.node.pointer + "/onError")
        }
        return useCase
    }

    /// A use case's `request`: its fields, or a model's name, whose fields they are.
    private func decodeRequest(_ node: Node?) -> (fields: [(name: String, type: TypeRef)], model: String?) {
        var request: [(name: String, type: TypeRef)] = []
        var requestModel: String?
        if let requestNode = node, case .string = requestNode.value.kind {
            // A model's name: the request is a record of that model, its fields the model's.
            if let type = reader.type(requestNode, models: context.models) {
                if case let .model(model) = type {
                    // An unknown model is E306 already.
                    request = context.definitions[model]?.fields ?? []
                    requestModel = model
                } else {
                    reader.error(
                        .wrongType, "a use case's request is its fields, or a model's name, not \(type)", at: requestNode.offset,
                        requestNode.pointer, hint: "name a model (\"request\": \"Order\"), or give the fields: {\"name\": \"string\"}")
                }
            }
        } else if let requestNode = node {
            for member in reader.map(requestNode, what: "'request'")
            where reader.checkName(member.key, at: member.keyOffset, member.node.pointer, what: "request field") {
                if let type = reader.type(member.node, models: context.models) { request.append((member.key, type)) }
            }
        }
        return (request, requestModel)
    }

    /// `{"swift": "Name"}`: a component registered in code.
    private func swiftEscape(_ node: Node, what: String) -> String? {
        // Found on the tape: making the members to look was a part of every use case read.
        guard node.value.isObject, node.value["swift"] != nil else { return nil }
        guard let object = reader.object(node, what: "swift \(what)", allowed: ["swift"], required: ["swift"]),
            let name = object["swift"].flatMap({ reader.nameText($0, what: "swift \(what) name") })
        else { return "" }
        return name
    }

    private func presenterField(_ node: Node, name: String, scope: ExpressionScope) -> PresenterField? {
        guard reader.checkName(name, at: node.offset, node.pointer, what: "view model field") else { return nil }
        if node.value.isObject, node.value["each"] != nil {
            guard
                let object = reader.object(node, what: "list field '\(name)'", keys: Self.listFieldKeyTable),
                let items = object["each"].flatMap({ reader.condition($0, scope: scope, what: "'each'") }),
                let local = object["as"].flatMap({ reader.nameText($0, what: "'as'") }),
                let value = object["value"]
            else { return nil }
            return .each(items: items, as: local, value: reader.valueTemplate(value, scope: scope.adding(locals: local)))
        }
        return .value(reader.valueTemplate(node, scope: scope))
    }
}

extension UseCaseDefinition.Interactor {
    var isSwift: Bool {
        if case .swift = self { return true }
        return false
    }
}

extension SceneDecoder {
    /// `state.field` or `shared.field`, naming a declared field, and perhaps fields of its
    /// record below it (`state.form.firstName`; checked against the models by the validator).
    func statePath(_ node: Node, names: SceneNames, what: String = "path") -> Located<String>? {
        guard let path = reader.string(node, what: "'\(what)'") else { return nil }
        let parts = FieldPath(path)
        let (root, field) = (parts.root, parts.name)
        guard root == "state" || root == "shared", parts.allNames({ ManifestReader.isName(bytes: $0) }) else {
            reader.error(
                .unknownWord, "\(what) '\(path)' must be 'state.FIELD' or 'shared.FIELD', or go into its record: 'state.FIELD.NAME'",
                at: node.offset, node.pointer)
            return nil
        }
        let known = root == "state" ? names.state : context.shared
        if let known, !known.contains(field) {
            let where_ = root == "state" ? "this scene's 'state'" : "'shared' in app.json"
            reader.error(
                .undeclaredField, "unknown \(root) field '\(field)'", at: reader.offsetInString(node, root.utf8.count + 1), node.pointer,
                hint: didYouMean(field, known) ?? "declare it in \(where_)")
        }
        return Located(path, offset: node.offset)
    }

    /// A bound input's word, and a routing button's, is typed like an action: it may not be a
    /// use case's name, a built-in word, or another such word (E208).
    private func checkInputWords(_ words: [Located<String>], buttons: Set<Int> = [], names: SceneNames) {
        // Each word seen so far, and whether a button's.
        var seen: [String: Bool] = [:]
        for word in words {
            let clash: String? =
                if names.useCases.contains(word.value) {
                    "use case '\(word.value)'"
                } else if BuiltInAction(rawValue: word.value) != nil {
                    "the built-in input word '\(word.value)'"
                } else if let button = seen[word.value] {
                    button ? "another button's word" : "another bound input's word"
                } else {
                    nil
                }
            if seen[word.value] == nil { seen[word.value] = buttons.contains(word.offset) }
            guard let clash else { continue }
            reader.error(
                .reservedName,
                "the \(buttons.contains(word.offset) ? "button that routes" : "input bound") here is typed as '\(word.value)', which is also \(clash)",
                at: word.offset, reader.pointer(of: word),
                hint: buttons.contains(word.offset) ? "give the button another \"word\"" : "give the input its own word with \"word\"")
        }
    }
}
