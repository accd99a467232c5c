/// What each string of a file names: the rules, by where the string stands in its file.
extension SemanticIndex {
    static let name = "[A-Za-z_][A-Za-z0-9_]*"

    /// app.json: the sections' keys declare providers, models and their fields, shared fields
    /// and workers; `entry` names a scene, a collection's `key` a field of its model, and a
    /// type a model.
    func appOccurrences(_ string: ManifestString) -> [SymbolOccurrence] {
        func one(_ symbol: Symbol, declares: Bool = false) -> [SymbolOccurrence] {
            [SymbolOccurrence(symbol, file: appFile, range: string.range, isDeclaration: declares)]
        }
        if string.isKey {
            if string.at("providers") { return one(.provider(string.raw), declares: true) }
            if string.at("models") { return one(.model(string.raw), declares: true) }
            if string.at("shared") { return one(.sharedField(string.raw), declares: true) }
            if string.at("workers") { return one(.worker(string.raw), declares: true) }
            if string.at("models", "*"), case let .key(model)? = string.path.last {
                return one(.modelField(string.raw, model: model), declares: true)
            }
            return []
        }
        if string.at("entry") { return one(.scene(string.raw)) }
        if string.at("providers", "*", "key"), case let .key(provider)? = string.path.dropLast().last,
            let model = app.app.providers[provider]?.collection?.model
        {
            return one(.modelField(string.raw, model: model))
        }
        return Self.isTypePosition(string, isApp: true) ? models(in: string, file: appFile) : []
    }

    /// A scene file: its `scene`, its use cases' and state fields' keys, the names its routes,
    /// actions, steps and types give, and the fields and string keys its expressions read.
    func sceneOccurrences(_ string: ManifestString, in file: String) -> [SymbolOccurrence] {
        func one(_ symbol: Symbol, declares: Bool = false) -> [SymbolOccurrence] {
            [SymbolOccurrence(symbol, file: file, range: string.range, isDeclaration: declares)]
        }
        if string.isKey {
            if string.at("useCases") { return one(.useCase(string.raw, file: file), declares: true) }
            if string.at("state") { return one(.stateField(string.raw, file: file), declares: true) }
            return []
        }
        // A value that names one thing is written as its name; an expression is read below.
        if !string.raw.contains("@{"), let named = sceneName(string, in: file) { return named }
        var found: [SymbolOccurrence] = []
        let plain = string.owner == "path" || string.owner == "bind"
        for (root, symbol) in [("state", { Symbol.stateField($0, file: file) }), ("shared", { Symbol.sharedField($0) })] {
            let pattern = plain ? "^\(root)\\.(\(Self.name))" : "(?:^|[^A-Za-z0-9_.])\(root)\\.(\(Self.name))(?![A-Za-z0-9_])"
            for range in string.matches(pattern, inExpressions: !plain) {
                found.append(SymbolOccurrence(symbol(text(range, of: string)), file: file, range: range))
            }
        }
        for range in string.matches(#"\bt\(\s*'([^']+)'"#, inExpressions: true) {
            found.append(SymbolOccurrence(.stringKey(text(range, of: string)), file: file, range: range))
        }
        return found
    }

    /// What a literal value of a scene file names by where it stands: the scene, a route's
    /// target, a use case, a provider, a worker, or models in a type; nil for another value.
    private func sceneName(_ string: ManifestString, in file: String) -> [SymbolOccurrence]? {
        func one(_ symbol: Symbol, declares: Bool = false) -> [SymbolOccurrence] {
            [SymbolOccurrence(symbol, file: file, range: string.range, isDeclaration: declares)]
        }
        // The step or scene key the value belongs to, not a worker argument of that name
        // (a `map`'s `"to"`).
        let direct = string.path.dropLast().last != .key("args")
        if string.at("scene") { return one(.scene(string.raw), declares: true) }
        if string.owner == "to", direct { return one(.scene(string.raw)) }
        if let owner = string.owner, ManifestKeys.namingUseCase.contains(owner), owner != "onAppear" || string.at("onAppear", "#") {
            return one(.useCase(string.raw, file: file))
        }
        if string.owner == "provider" { return one(.provider(string.raw)) }
        if string.owner == "worker" { return one(.worker(string.raw)) }
        if Self.isTypePosition(string, isApp: false) || string.owner == "model" { return models(in: string, file: file) }
        return nil
    }

    /// The models a type string names (`[Order]`, `Order?`), each where it stands.
    private func models(in string: ManifestString, file: String) -> [SymbolOccurrence] {
        guard string.raw.wholeMatch(of: /[\[\]A-Za-z0-9_? ]+/) != nil else { return [] }
        return string.matches("(?:^|[^A-Za-z0-9_])(\(Self.name))(?![A-Za-z0-9_])", inExpressions: false).compactMap { range in
            let name = text(range, of: string)
            return TypeRef.primitives.contains(name) ? nil : SymbolOccurrence(.model(name), file: file, range: range)
        }
    }

    /// Whether a string value stands where the manifest reads a type.
    static func isTypePosition(_ string: ManifestString, isApp: Bool) -> Bool {
        guard !string.isKey else { return false }
        return isApp
            ? string.at("models", "*", "*") || string.at("shared", "*", "type") || string.at("providers", "*", "model")
            : string.at("args", "*") || string.at("state", "*", "type") || string.at("useCases", "*", "request", "*")
    }

    /// The text of `range` (file offsets) inside `string`.
    func text(_ range: Range<Int>, of string: ManifestString) -> String {
        String(decoding: Array(string.raw.utf8)[(range.lowerBound - string.start)..<(range.upperBound - string.start)], as: UTF8.self)
    }
}
