/// What a step type reads its object with (``StepBody/decode(_:)``): the object, the scope
/// its expressions see, the use case's locals and presented fields so far, and the readers
/// of the references steps share — a provider, a collection, a `state` path, a bound local.
public struct StepReading {
    let decoder: StepDecoder
    let object: ObjectNode
    let scope: ExpressionScope
    var locals: Set<String>
    var presented: Set<String>

    var reader: ManifestReader { decoder.reader }
    var scene: SceneDecoder { decoder.scene }

    /// The node under `key`.
    subscript(key: String) -> Node? { object[key] }

    /// The value under `key`; with `item`, its expressions see `it` as well.
    func value(_ key: String, seesItem item: Bool = false) -> ValueTemplate? {
        object[key].map { reader.valueTemplate($0, scope: item ? scope.adding(locals: "it") : scope) }
    }

    /// The condition under `key`; with `item`, it sees `it` as well.
    func condition(_ key: String, seesItem item: Bool = false) -> Template? {
        object[key].flatMap { reader.condition($0, scope: item ? scope.adding(locals: "it") : scope, what: "'\(key)'") }
    }

    /// The text template under `key`.
    func template(_ key: String) -> Template? {
        object[key].flatMap { reader.template($0, scope: scope, what: "'\(key)'") }
    }

    /// The fields of the object under `key`, each a value, in order.
    func fields(_ key: String) -> [(name: String, value: ValueTemplate)] {
        object[key].map { reader.map($0, what: "'\(key)'").map { ($0.key, reader.valueTemplate($0.node, scope: scope)) } } ?? []
    }

    /// The fields of the object under `key` with the place of each name.
    func locatedFields(_ key: String) -> [(name: Located<String>, value: ValueTemplate)] {
        object[key].map { reader.locatedFields($0, what: "'\(key)'", scope: scope) } ?? []
    }

    /// The `state` or `shared` path under `key`.
    func statePath(_ key: String = "path") -> Located<String>? {
        object[key].flatMap { scene.statePath($0, names: decoder.names) }
    }

    /// The provider under `provider` (E302 for an unknown one).
    func provider() -> Located<String>? { decoder.providerReference(object["provider"]) }

    /// The collection under `provider` that an `insert`, `update` or `delete` writes (E311 for
    /// a provider that is not one).
    func collection() -> Located<String>? {
        guard let node = object["provider"], let provider = decoder.providerReference(node) else { return nil }
        if let declared = scene.context.providers?[provider.value], declared.collection == nil {
            let step = (object["type"]?.value.string).map { "'\($0)'" } ?? "the step"
            reader.error(
                .readOnlyProvider,
                "\(step) writes a collection, and provider '\(provider.value)' is \(declared.typeNameWithArticle) provider",
                at: provider.offset, node.pointer,
                hint: declared.isWritable ? "write it with a 'store' step" : "declare a provider of type 'collection'")
        }
        return provider
    }

    /// Whether `as` may bind `name`: a name that hides no root, nor `it`.
    static func isBindable(_ name: String) -> Bool {
        ManifestReader.isName(name) && !ExpressionScope.allRoots.contains(name) && name != "it"
    }

    /// Binds the name under `as` for later steps; it may not hide a root.
    mutating func bind(_ key: String = "as") -> String? {
        guard let node = object[key], let name = reader.nameText(node, what: "'\(key)'") else { return nil }
        if !Self.isBindable(name) {
            reader.error(
                .misplacedKey, "'\(name)' is a root of every expression and cannot be bound by 'as'", at: node.offset, node.pointer)
            return nil
        }
        locals.insert(name)
        return name
    }
}
