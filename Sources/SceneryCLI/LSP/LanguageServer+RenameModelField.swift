import SceneManifest
import ScenerySupport

/// Renaming a model's field: the places that name it besides its declaration, found by
/// what the validator knows of types, and the check that the renamed app validates as well.
extension LanguageServer {
    /// Where the field of `model` is used in the app's files: every read the validator types
    /// (built-in workers' field arguments, `sum(list, 'field')`, records set where the model
    /// lands), the collections of the model's writes, filters and sorts, paths and binds
    /// through a record of it, and the records of a file provider's data.
    func modelFieldUses(
        _ field: String, of model: String, collections: Set<String>, in scenes: [String], app: LoadedApp, root: String,
        strings: (String) -> [ManifestString]
    ) -> [Occurrence] {
        var found: [Occurrence] = []
        for read in ModelFieldReads.reads(in: app, matching: { $0 == model && $1 == field }) {
            found.append(Occurrence(file: read.file, range: read.offset..<(read.offset + field.utf8.count)))
        }
        for file in scenes {
            found +=
                collectionFields(field, of: collections, in: file)
                + pathFields(field, of: model, in: file, app: app, strings: strings(file))
        }
        for (_, provider) in app.app.providers {
            guard case let .file(path) = provider.kind,
                provider.model?.unwrapped == .model(model)
                    || provider.model?.unwrapped == .list(.model(model))
            else { continue }
            let file = root + "/" + path.value
            guard let parsed = try? JSONParser.parse(text(of: file).bytes) else { continue }
            for record in parsed.elements ?? [parsed] {
                for member in record.members ?? [] where member.key == field {
                    found.append(Occurrence(file: file, range: (member.keyOffset + 1)..<(member.keyOffset + 1 + field.utf8.count)))
                }
            }
        }
        return found
    }

    /// What the app would newly be found to have wrong with the edits made (a read of a
    /// record's field typed where rename could not follow it), or nil when nothing: the
    /// validator checks the rename before it is offered.
    func renameLeaves(_ byFile: [String: [Range<Int>]], newName: String, root: String) -> String? {
        var edited = documents.mapValues(\.bytes)
        for (file, ranges) in byFile {
            var bytes = text(of: file).bytes
            for range in Set(ranges).sorted(by: { $0.lowerBound > $1.lowerBound }) {
                bytes.replaceSubrange(range, with: Array(newName.utf8))
            }
            edited[file] = bytes
        }
        let before = Validator.validate(path: root, files: InMemoryFiles(documents.mapValues(\.bytes), over: DiskFiles())).diagnostics
        let after = Validator.validate(path: root, files: InMemoryFiles(edited, over: DiskFiles())).diagnostics
        var counts: [String: Int] = [:]
        for finding in before { counts[finding.code.rawValue, default: 0] += 1 }
        let new = after.filter { finding in
            counts[finding.code.rawValue, default: 0] -= 1
            return counts[finding.code.rawValue, default: 0] < 0
        }
        guard !new.isEmpty else { return nil }
        let places = new.prefix(3).map { "\(PathText.relative($0.file, from: root)):\($0.line):\($0.column): \($0.message)" }
        return "renaming would leave \(new.count == 1 ? "a place" : "\(new.count) places") it cannot follow: "
            + places.joined(separator: "; ")
            + " — rename \(new.count == 1 ? "it" : "them") by hand, or first make the app validate"
    }

    /// A collection's field where its steps name it: the keys of records `insert` and `update`
    /// write (a JSON object, or a record literal `@{{field: …}}`), of `set`, of a fetch's
    /// `where`, and its `sort`.
    private func collectionFields(_ field: String, of collections: Set<String>, in file: String) -> [Occurrence] {
        let text = text(of: file)
        guard let root = try? JSONParser.parse(text.bytes) else { return [] }
        var found: [Occurrence] = []
        func keys(_ object: JSONValue?) {
            for member in object?.members ?? [] where member.key == field {
                found.append(Occurrence(file: file, range: (member.keyOffset + 1)..<(member.keyOffset + 1 + field.utf8.count)))
            }
        }
        func walk(_ value: JSONValue) {
            if let type = value["type"]?.string.flatMap(StepType.init), let provider = value["provider"]?.string,
                collections.contains(provider)
            {
                switch type {
                case .insert, .update:
                    if let written = value["value"] {
                        if written.members != nil { keys(written) }
                        if written.string != nil {
                            let raw = ManifestString(
                                path: [], isKey: false,
                                raw: String(
                                    decoding: text.bytes[(written.offset + 1)..<text.valueEnd(at: written.offset) - 1], as: UTF8.self),
                                start: written.offset + 1)
                            found += raw.matches("[{,]\\s*(\(Self.escaped(field)))\\s*:", inExpressions: true).map {
                                Occurrence(file: file, range: $0)
                            }
                        }
                    }
                    keys(value["set"])
                case .fetch:
                    keys(value["args"]?["where"])
                    let sorts = value["args"]?["sort"].map { $0.elements ?? [$0] } ?? []
                    for sort in sorts {
                        guard let name = sort.string, name == field || name == "-" + field else { continue }
                        let start = sort.offset + 1 + (name.hasPrefix("-") ? 1 : 0)
                        found.append(Occurrence(file: file, range: start..<(start + field.utf8.count)))
                    }
                case .delete:
                    // A delete names a record by its key alone.
                    break
                case .store, .work, .set, .remove, .validate, .present, .route, .fail, .call:
                    // They do not name a collection's fields.
                    break
                }
            }
            for member in value.members ?? [] { walk(member.value) }
            for element in value.elements ?? [] { walk(element) }
        }
        walk(root)
        return found
    }

    /// The field where a `path` or `bind` goes through a record of the model:
    /// `state.form.firstName` when `state.form` is one.
    private func pathFields(_ field: String, of model: String, in file: String, app: LoadedApp, strings: [ManifestString]) -> [Occurrence] {
        let scene = app.scenes.values.first { $0.source?.file.path == file }
        var found: [Occurrence] = []
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
                if name == model, segment == field {
                    found.append(Occurrence(file: file, range: offset..<(offset + field.utf8.count)))
                }
                type = definition.fields.first { $0.name == segment }?.type
                offset += segment.utf8.count + 1
            }
        }
        return found
    }
}
