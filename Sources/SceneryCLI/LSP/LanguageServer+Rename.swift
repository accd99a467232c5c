import Foundation
import SceneManifest
import ScenerySupport

/// Rename: a scene (its file too), a use case, a state or shared field, a model, a
/// provider, a worker or a translation key — every place in the app's files that names it,
/// and nothing else. `prepareRename` says what the cursor is on, or why it cannot be renamed.
extension LanguageServer {
    enum RenameTarget: Equatable {
        case scene(String)
        case useCase(String, file: String)
        case stateField(String, file: String)
        case sharedField(String)
        case model(String)
        case provider(String)
        case worker(String)
        case stringKey(String)
        case modelField(String, model: String)

        var name: String {
            switch self {
            case let .scene(name), let .useCase(name, _), let .stateField(name, _), let .sharedField(name), let .model(name),
                let .provider(name), let .worker(name), let .stringKey(name), let .modelField(name, _):
                name
            }
        }

        var what: String {
            switch self {
            case .scene: "scene"
            case .useCase: "use case"
            case .stateField: "state field"
            case .sharedField: "shared field"
            case .model: "model"
            case .provider: "provider"
            case .worker: "worker"
            case .stringKey: "string key"
            case let .modelField(_, model): "field of model '\(model)'"
            }
        }
    }

    /// A name in the text, `start..<end` in bytes, and whether it cannot be renamed, and why.
    enum RenameLookup {
        case found(RenameTarget, Range<Int>)
        case refused(String)
        case nothing
    }

    // MARK: - Requests

    func prepareRename(_ params: JSONValue) -> (LSPJSON?, String?) {
        guard let (path, offset) = location(params) else { return (nil, nil) }
        switch renameTarget(in: path, at: offset) {
        case let .found(target, range):
            let text = text(of: path)
            return (.object([("range", text.range(range.lowerBound, range.upperBound)), ("placeholder", .string(target.name))]), nil)
        case let .refused(reason):
            return (nil, reason)
        case .nothing:
            return (nil, nil)
        }
    }

    func rename(_ params: JSONValue) -> (LSPJSON?, String?) {
        guard let (path, offset) = location(params), let newName = params["newName"]?.string else {
            return (nil, "rename needs a position and a new name")
        }
        let target: RenameTarget
        switch renameTarget(in: path, at: offset) {
        case let .found(found, _): target = found
        case let .refused(reason): return (nil, reason)
        case .nothing:
            return (
                nil, "there is nothing to rename here: put the cursor on a scene, use case, field, model, provider, worker or string key"
            )
        }
        let root = Self.appRoot(of: path) ?? PathText.parent(of: path)
        if let problem = renameProblem(target, to: newName, root: root) { return (nil, problem) }
        var byFile: [String: [Range<Int>]] = [:]
        for occurrence in occurrences(of: target, root: root) { byFile[occurrence.file, default: []].append(occurrence.range) }
        if case .modelField = target, let problem = renameLeaves(byFile, newName: newName, root: root) { return (nil, problem) }
        var documentChanges: [LSPJSON] = []
        for file in byFile.keys.sorted() {
            let text = text(of: file)
            let edits = Set(byFile[file] ?? []).sorted { $0.lowerBound < $1.lowerBound }.map { range in
                LSPJSON.object([("range", text.range(range.lowerBound, range.upperBound)), ("newText", .string(newName))])
            }
            documentChanges.append(
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri(of: file))), ("version", .null)])),
                    ("edits", .array(edits))
                ]))
        }
        if case let .scene(old) = target {
            // The file is named after the scene: it moves with it.
            documentChanges.append(
                .object([
                    ("kind", .string("rename")),
                    ("oldUri", .string(Self.uri(of: "\(root)/scenes/\(old).json"))),
                    ("newUri", .string(Self.uri(of: "\(root)/scenes/\(newName).json")))
                ]))
        }
        return (.object([("documentChanges", .array(documentChanges))]), nil)
    }

    /// Why `target` cannot become `newName`, or nil.
    private func renameProblem(_ target: RenameTarget, to newName: String, root: String) -> String? {
        let pattern = target.what == "string key" ? /[A-Za-z0-9_][A-Za-z0-9_.\-]*/ : /[A-Za-z_][A-Za-z0-9_]*/
        guard newName.wholeMatch(of: pattern) != nil else {
            return "'\(newName)' cannot name a \(target.what): use letters, digits and _" + (target.what == "string key" ? ", . and -" : "")
                + ", not starting with a digit"
        }
        guard newName != target.name else { return "the \(target.what) is named '\(newName)' already" }
        let app = apps[root]
        let taken: Bool
        switch target {
        case .scene: taken = app?.scenes[newName] != nil || FileManager.default.fileExists(atPath: "\(root)/scenes/\(newName).json")
        case let .useCase(_, file): taken = app?.scenes.values.first { $0.source?.file.path == file }?.useCase(newName) != nil
        case let .stateField(_, file):
            taken = app?.scenes.values.first { $0.source?.file.path == file }?.state.contains { $0.name == newName } ?? false
        case .sharedField: taken = app?.app.shared[newName] != nil
        case .model: taken = app?.app.models[newName] != nil || TypeRef.primitives.contains(newName)
        case .provider: taken = app?.app.providers[newName] != nil
        case .worker: taken = app?.app.workers.contains(newName) ?? false
        case .stringKey: taken = app?.strings.values.contains { $0[newName] != nil } ?? false
        case let .modelField(_, model): taken = app?.app.models[model]?.fields.contains { $0.name == newName } ?? false
        }
        return taken ? "the app has a \(target.what) named '\(newName)' already" : nil
    }

    // MARK: - What the cursor is on

    func renameTarget(in path: String, at offset: Int) -> RenameLookup {
        let text = text(of: path)
        guard let strings = ManifestString.all(in: text) else {
            return .refused("the file's JSON does not parse: fix it, then rename")
        }
        guard let string = strings.first(where: { $0.start <= offset && offset <= $0.start + $0.raw.utf8.count }) else { return .nothing }
        let whole = string.start..<(string.start + string.raw.utf8.count)
        func found(_ target: RenameTarget, _ range: Range<Int> = whole) -> RenameLookup { .found(target, range) }
        let isLocale = PathText.lastComponent(of: PathText.parent(of: path)) == "locales"
        if isLocale { return string.isKey && string.path.isEmpty ? found(.stringKey(string.raw)) : .nothing }
        if Self.isAppFile(path) {
            if string.isKey {
                if string.at("providers") { return found(.provider(string.raw)) }
                if string.at("models") { return found(.model(string.raw)) }
                if string.at("shared") { return found(.sharedField(string.raw)) }
                if string.at("workers") { return found(.worker(string.raw)) }
                if string.at("models", "*"), case let .key(model)? = string.path.last {
                    return found(.modelField(string.raw, model: model))
                }
                return .nothing
            }
            if string.at("entry") { return found(.scene(string.raw)) }
            if string.at("providers", "*", "key"), case let .key(provider)? = string.path.dropLast().last,
                let model = apps[PathText.parent(of: path)]?.app.providers[provider]?.collection?.model
            {
                return found(.modelField(string.raw, model: model))
            }
            if let model = modelName(in: string, at: offset, isApp: true) { return found(.model(model.name), model.range) }
            return .nothing
        }
        if string.isKey {
            if string.at("useCases") { return found(.useCase(string.raw, file: path)) }
            if string.at("state") { return found(.stateField(string.raw, file: path)) }
            return .nothing
        }
        if string.at("scene") || string.owner == "to" { return found(.scene(string.raw)) }
        if ["action", "onResult", "useCase"].contains(string.owner) || string.at("onAppear", "#") {
            return found(.useCase(string.raw, file: path))
        }
        if string.owner == "provider" { return found(.provider(string.raw)) }
        if string.owner == "worker" { return found(.worker(string.raw)) }
        if string.owner == "model", let model = modelName(in: string, at: offset, isApp: false) {
            return found(.model(model.name), model.range)
        }
        if let model = modelName(in: string, at: offset, isApp: false) { return found(.model(model.name), model.range) }
        let plain = string.owner == "path" || string.owner == "bind"
        for (root, make) in [("state", { RenameTarget.stateField($0, file: path) }), ("shared", { RenameTarget.sharedField($0) })] {
            let pattern = plain ? "^\(root)\\.([A-Za-z_][A-Za-z0-9_]*)" : "(?:^|[^A-Za-z0-9_.])\(root)\\.([A-Za-z_][A-Za-z0-9_]*)"
            if let range = string.matches(pattern, inExpressions: !plain).first(where: { $0.contains(offset) || $0.upperBound == offset }) {
                return found(make(String(decoding: text.bytes[range], as: UTF8.self)), range)
            }
        }
        if let range = string.matches(#"\bt\(\s*'([^']+)'"#, inExpressions: true).first(where: {
            $0.contains(offset) || $0.upperBound == offset
        }) {
            return found(.stringKey(String(decoding: text.bytes[range], as: UTF8.self)), range)
        }
        // A model's field read in an expression, as the validator types it.
        if let root = Self.appRoot(of: path), let app = apps[root],
            let read = ModelFieldReads.reads(in: app, matching: { _, _ in true }).first(where: { read in
                read.file == path && read.offset <= offset && offset <= read.offset + read.field.utf8.count
            })
        {
            return found(.modelField(read.field, model: read.model), read.offset..<(read.offset + read.field.utf8.count))
        }
        return .nothing
    }

    /// The model a type string names where the cursor is (`[Order]`, `Order?`), when the
    /// string stands where a type goes.
    private func modelName(in string: ManifestString, at offset: Int, isApp: Bool) -> (name: String, range: Range<Int>)? {
        guard Self.isTypePosition(string, isApp: isApp) else { return nil }
        for range in string.matches(#"(?:^|[^A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_])"#, inExpressions: false)
        where range.contains(offset) || range.upperBound == offset {
            let name = String(string.raw.utf8.dropFirst(range.lowerBound - string.start).prefix(range.count)) ?? ""
            guard !TypeRef.primitives.contains(name) else { return nil }
            return (name, range)
        }
        return nil
    }

    /// Whether a string value stands where the manifest reads a type.
    static func isTypePosition(_ string: ManifestString, isApp: Bool) -> Bool {
        guard !string.isKey, string.raw.wholeMatch(of: /[\[\]A-Za-z0-9_? ]+/) != nil else { return false }
        return isApp
            ? string.at("models", "*", "*") || string.at("shared", "*", "type") || string.at("providers", "*", "model")
            : string.at("args", "*") || string.at("state", "*", "type") || string.at("useCases", "*", "request", "*")
    }

    // MARK: - Where a name is used

    struct Occurrence: Hashable {
        let file: String
        let range: Range<Int>
    }

    /// Every place in the app's files that names `target`.
    func occurrences(of target: RenameTarget, root: String) -> [Occurrence] {
        let appFile = root + "/app.json"
        let scenes = sceneFiles(root)
        var found: [Occurrence] = []
        // Each file's strings, found once however many kinds of place are looked for in it.
        var parsed: [String: [ManifestString]] = [:]
        func strings(_ file: String) -> [ManifestString] {
            if let strings = parsed[file] { return strings }
            let strings = ManifestString.all(in: text(of: file)) ?? []
            parsed[file] = strings
            return strings
        }
        /// The strings of `file` that `holds` picks and whose text is the name.
        func named(_ files: [String], _ holds: (ManifestString, String) -> Bool) {
            for file in files {
                for string in strings(file) where string.raw == target.name && holds(string, file) {
                    found.append(Occurrence(file: file, range: string.start..<(string.start + string.raw.utf8.count)))
                }
            }
        }
        /// The matches of `pattern`'s group, where it is the name, in the strings `holds` picks.
        func matched(_ files: [String], _ pattern: String, inExpressions: Bool, _ holds: (ManifestString, String) -> Bool) {
            for file in files {
                let text = text(of: file)
                for string in strings(file) where holds(string, file) {
                    for range in string.matches(pattern, inExpressions: inExpressions)
                    where String(decoding: text.bytes[range], as: UTF8.self) == target.name {
                        found.append(Occurrence(file: file, range: range))
                    }
                }
            }
        }
        let name = Self.escaped(target.name)
        switch target {
        case .scene:
            named([appFile]) { string, _ in string.at("entry") }
            named(scenes) { string, file in
                !string.isKey && (string.owner == "to" || string.at("scene") && PathText.baseName(of: file) == target.name)
            }
        case let .useCase(_, file):
            named([file]) { string, _ in
                string.isKey
                    ? string.at("useCases")
                    : ["action", "onResult", "useCase"].contains(string.owner) || string.at("onAppear", "#")
            }
        case .provider:
            named([appFile]) { string, _ in string.isKey && string.at("providers") }
            named(scenes) { string, _ in !string.isKey && string.owner == "provider" }
            found += transcriptOptions(root, name: target.name)
        case .worker:
            named([appFile]) { string, _ in string.isKey && string.at("workers") }
            named(scenes) { string, _ in !string.isKey && string.owner == "worker" }
        case .model:
            named([appFile]) { string, _ in string.isKey && string.at("models") }
            let pattern = "(?:^|[^A-Za-z0-9_])(\(name))(?![A-Za-z0-9_])"
            matched([appFile], pattern, inExpressions: false) { string, _ in Self.isTypePosition(string, isApp: true) }
            matched(scenes, pattern, inExpressions: false) { string, _ in
                Self.isTypePosition(string, isApp: false) || !string.isKey && string.owner == "model"
            }
        case .stringKey:
            named(localeFiles(root)) { string, _ in string.isKey && string.path.isEmpty }
            matched(scenes, #"\bt\(\s*'("# + name + #")'"#, inExpressions: true) { string, _ in !string.isKey }
        case let .stateField(_, file):
            fieldUses("state", name: name, in: [file], matched)
            named([file]) { string, _ in string.isKey && string.at("state") }
        case .sharedField:
            named([appFile]) { string, _ in string.isKey && string.at("shared") }
            fieldUses("shared", name: name, in: scenes, matched)
        case let .modelField(field, model):
            named([appFile]) { string, _ in string.isKey && string.path.count == 2 && string.at("models", model) }
            guard let app = apps[root] else { break }
            let collections = Set(app.app.providers.filter { $0.value.collection?.model == model }.map(\.key))
            named([appFile]) { string, _ in
                guard !string.isKey, string.at("providers", "*", "key"), case let .key(provider)? = string.path.dropLast().last else {
                    return false
                }
                return collections.contains(provider)
            }
            found += modelFieldUses(field, of: model, collections: collections, in: scenes, app: app, root: root, strings: strings)
        }
        return found
    }

    /// `ROOT.name` in the expressions of `files`, and at the start of `path` and `bind` values.
    private func fieldUses(
        _ root: String, name: String, in files: [String],
        _ matched: ([String], String, Bool, (ManifestString, String) -> Bool) -> Void
    ) {
        matched(files, "(?:^|[^A-Za-z0-9_.])\(root)\\.(\(name))(?![A-Za-z0-9_])", true) { string, _ in !string.isKey }
        matched(files, "^\(root)\\.(\(name))(?![A-Za-z0-9_])", false) { string, _ in
            !string.isKey && (string.owner == "path" || string.owner == "bind")
        }
    }

    /// `--fixture NAME=` and `--fault NAME=` in the `# args:` lines of the app's transcripts.
    private func transcriptOptions(_ root: String, name: String) -> [Occurrence] {
        guard let pattern = try? Regex("--(?:fixture|fault)[ =](\(Self.escaped(name)))=") else { return [] }
        var found: [Occurrence] = []
        for file in transcripts(root) {
            let text = text(of: file)
            var lineStart = 0
            for line in text.bytes.split(separator: 10, omittingEmptySubsequences: false) {
                defer { lineStart += line.count + 1 }
                let line = String(decoding: line, as: UTF8.self)
                guard line.hasPrefix("# args:") else { continue }
                for match in line.matches(of: pattern) {
                    guard let group = match.output[1].substring else { continue }
                    let lower = line.utf8.distance(from: line.utf8.startIndex, to: group.startIndex)
                    found.append(Occurrence(file: file, range: (lineStart + lower)..<(lineStart + lower + name.utf8.count)))
                }
            }
        }
        return found
    }

    /// The app's scene files: those on disk and those open in the editor.
    func sceneFiles(_ root: String) -> [String] {
        let folder = root + "/scenes"
        let onDisk = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.map {
            folder + "/" + $0
        }
        let open = documents.keys.filter { PathText.parent(of: $0) == folder && $0.hasSuffix(".json") }
        return Set(onDisk + open).sorted()
    }

    /// The app's transcripts, in `tests/` and the folders inside it.
    private func transcripts(_ root: String) -> [String] {
        let folder = root + "/tests"
        guard let names = FileManager.default.enumerator(atPath: folder) else { return [] }
        return names.compactMap { $0 as? String }.filter { $0.hasSuffix(".transcript") }.sorted().map { folder + "/" + $0 }
    }

    /// `name` with the characters regular expressions give a meaning escaped.
    static func escaped(_ name: String) -> String {
        var result = ""
        for character in name {
            if "\\^$.|?*+()[]{}-".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
