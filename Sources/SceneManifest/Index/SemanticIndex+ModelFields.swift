/// Where a scene file or a data file names a model's field outside the expressions the
/// validator types: the records a collection's steps write, filter and sort by, paths and
/// binds through a record, and the records of a file provider's data.
extension SemanticIndex {
    /// A collection's fields where its steps name them: the keys of records `insert` and
    /// `update` write (a JSON object, or a record literal `@{{field: …}}`), of `set`, of a
    /// fetch's `where`, and its `sort`.
    func collectionFields(in file: String) -> [SymbolOccurrence] {
        guard let (root, strings) = document(file) else { return [] }
        let byStart = Dictionary(
            strings.filter { !$0.isKey }.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [SymbolOccurrence] = []
        func field(_ name: String, _ model: String, at start: Int) {
            found.append(SymbolOccurrence(.modelField(name, model: model), file: file, range: start..<(start + name.utf8.count)))
        }
        func keys(_ object: JSONValue?, _ model: String) {
            for member in object?.members ?? [] { field(member.key, model, at: member.keyOffset + 1) }
        }
        func walk(_ value: JSONValue) {
            if let type = value["type"]?.string.flatMap(StepType.init), let provider = value["provider"]?.string,
                let model = app.app.providers[provider]?.collection?.model
            {
                // The keys whose declaration says what of the collection's model they name.
                for key in type.declaration.own {
                    guard let naming = key.names, let named = value[key.name] else { continue }
                    switch naming {
                    case .record:
                        keys(named, model)
                        if named.string != nil, let string = byStart[named.offset + 1] {
                            for range in string.matches("[{,]\\s*(\(Self.name))\\s*:", inExpressions: true) {
                                field(text(range, of: string), model, at: range.lowerBound)
                            }
                        }
                    case .keys:
                        keys(named, model)
                    case .query:
                        keys(named["where"], model)
                        for sort in named["sort"].map({ $0.elements ?? [$0] }) ?? [] {
                            // A field's name, `-` before it for descending; a computed sort names none.
                            guard let name = sort.string, name.wholeMatch(of: /-?[A-Za-z_][A-Za-z0-9_]*/) != nil else { continue }
                            let descending = name.hasPrefix("-")
                            field(descending ? String(name.dropFirst()) : name, model, at: sort.offset + 1 + (descending ? 1 : 0))
                        }
                    }
                }
            }
            for member in value.members ?? [] { walk(member.value) }
            for element in value.elements ?? [] { walk(element) }
        }
        walk(root)
        return found
    }

    /// The fields where a `path` or `bind` goes through a record of a model:
    /// `state.form.firstName` when `state.form` is one.
    func pathFields(_ strings: [ManifestString], in file: String) -> [SymbolOccurrence] {
        let scene = scenes[file]
        var found: [SymbolOccurrence] = []
        for string in strings where !string.isKey && (string.owner == "path" || string.owner == "bind") {
            let segments = string.raw.split(separator: ".", omittingEmptySubsequences: false)
            guard segments.count > 2 else { continue }
            var type: TypeRef?
            switch segments[0] {
            case "state": type = scene?.state.first { $0.name == segments[1] }?.field.type
            case "shared": type = app.app.shared[String(segments[1])]?.type
            default: continue
            }
            var offset = string.start + segments[0].utf8.count + 1 + segments[1].utf8.count + 1
            for segment in segments.dropFirst(2) {
                guard case let .model(name)? = type?.unwrapped, let definition = app.app.models[name] else { break }
                let range = offset..<(offset + segment.utf8.count)
                found.append(SymbolOccurrence(.modelField(String(segment), model: name), file: file, range: range))
                type = definition.fields.first { $0.name == segment }?.type
                offset += segment.utf8.count + 1
            }
        }
        return found
    }

    /// The keys of the records a file provider's data holds, as fields of its model.
    func dataOccurrences(_ strings: [ManifestString], of model: String, in file: String) -> [SymbolOccurrence] {
        strings.filter { string in
            guard string.isKey else { return false }
            if string.path.isEmpty { return true }
            if string.path.count == 1, case .index = string.path[0] { return true }
            return false
        }.map {
            SymbolOccurrence(.modelField($0.raw, model: model), file: file, range: $0.range)
        }
    }
}
