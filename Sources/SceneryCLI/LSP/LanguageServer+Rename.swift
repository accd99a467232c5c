import Foundation
import SceneManifest
import ScenerySupport

/// Rename: a scene (its file too), a use case, a state or shared field, a model, a
/// provider, a worker or a translation key — every place in the app's files that names it,
/// and nothing else. `prepareRename` says what the cursor is on, or why it cannot be renamed.
extension LanguageServer {
    /// What a rename renames: a symbol of the app's semantic index.
    typealias RenameTarget = Symbol

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
        for occurrence in occurrences(of: target, root: root, from: path) { byFile[occurrence.file, default: []].append(occurrence.range) }
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
        if case let .itemLocal(name, _, _) = target {
            if name == "it" { return "'it' is the name every 'where' gives its item, and cannot be renamed" }
            if ExpressionScope.allRoots.contains(newName) || newName == "it" {
                return "'\(newName)' is a root of every expression and cannot name a list item"
            }
            return nil
        }
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
        case .itemLocal: taken = false
        }
        return taken ? "the app has a \(target.what) named '\(newName)' already" : nil
    }

    // MARK: - What the cursor is on

    /// The semantic index of the app holding `path`, from the server's own validation of it
    /// (or of the scene file alone, outside an app).
    func index(for path: String) -> SemanticIndex? {
        let contents: (String) -> [UInt8]? = { [unowned self] file in
            documents[file]?.bytes ?? FileManager.default.contents(atPath: file).map { Array($0) }
        }
        if let root = Self.appRoot(of: path), let validation = validations[root] {
            return validation.semanticIndex(contents: contents)
        }
        guard let alone = apps[path] else { return nil }
        return SemanticIndex(root: PathText.parent(of: path), app: alone, contents: contents)
    }

    func renameTarget(in path: String, at offset: Int) -> RenameLookup {
        guard let index = index(for: path) else { return .nothing }
        guard index.strings(in: path) != nil else { return .refused("the file's JSON does not parse: fix it, then rename") }
        guard let found = index.occurrence(at: offset, in: path) else { return .nothing }
        return .found(found.symbol, found.range)
    }

    // MARK: - Where a name is used

    struct Occurrence: Hashable {
        let file: String
        let range: Range<Int>
    }

    /// Every place in the app's files that names `target`, and a provider's in the app's
    /// transcripts.
    func occurrences(of target: RenameTarget, root: String, from path: String) -> [Occurrence] {
        var found = (index(for: path)?.occurrences(of: target) ?? []).map { Occurrence(file: $0.file, range: $0.range) }
        if case .provider = target { found += transcriptOptions(root, name: target.name) }
        return found
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
