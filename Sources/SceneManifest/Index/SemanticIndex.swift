import Foundation
import ScenerySupport

/// For each file of an app, the symbols it declares and the references it makes, with
/// their byte ranges: scenes, use cases, state and shared fields, models and their fields,
/// providers, workers and string keys, in app.json, the scene files, the string tables and
/// the data files of file providers. The language server's definition, references, rename
/// and symbols all read it. Made from a validated app (``AppValidation/semanticIndex(contents:)``)
/// and the files' text; a file's occurrences are found the first time they are asked for.
///
/// ```swift
/// let index = validation.semanticIndex { path in buffers[path] ?? disk(path) }
/// if let here = index.occurrence(at: offset, in: "Scenes/Shop/scenes/Cart.json") {
///     let everywhere = index.occurrences(of: here.symbol)   // what a rename edits
/// }
/// ```
public final class SemanticIndex {
    /// The app folder.
    public let root: String
    public let app: LoadedApp
    let contents: (String) -> [UInt8]?
    /// Each file's JSON, parsed once, and its strings.
    private var parsed: [String: (root: JSONValue, strings: [ManifestString])?] = [:]
    private var found: [String: [SymbolOccurrence]] = [:]
    private var own: [String: [SymbolOccurrence]] = [:]

    /// - Parameter sceneFiles: every scene file of the app, those that do not decode too (by
    ///   default, the app's decoded scenes'); a rename edits them all.
    public init(root: String, app: LoadedApp, sceneFiles: [String]? = nil, contents: @escaping (String) -> [UInt8]?) {
        self.root = root
        self.app = app
        self.sceneFiles = (sceneFiles ?? app.scenes.values.compactMap { $0.source?.file.path }).sorted()
        self.contents = contents
    }

    public var appFile: String { root + "/app.json" }
    /// The scene files of the app, in path order.
    public let sceneFiles: [String]
    private lazy var sceneFileSet = Set(sceneFiles)
    /// The scene each decoded scene file holds.
    private(set) lazy var scenes: [String: SceneDefinition] = Dictionary(
        app.scenes.values.compactMap { scene in scene.source.map { ($0.file.path, scene) } }, uniquingKeysWith: { first, _ in first })
    /// The string tables, `locales/*.json`, in path order: listed once.
    public private(set) lazy var localeFiles: [String] = {
        let folder = root + "/locales"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }()
    private lazy var localeFileSet = Set(localeFiles)
    /// The JSON files file providers read whose data is records of a model, by path.
    public private(set) lazy var dataFiles: [String: String] = {
        var files: [String: String] = [:]
        for provider in app.app.providers.values {
            guard case let .file(path) = provider.kind else { continue }
            switch provider.model?.unwrapped {
            case let .model(model)?, let .list(.model(model))?: files[root + "/" + path.value] = model
            default: continue
            }
        }
        return files
    }()

    /// Every file the index covers.
    public var files: [String] { [appFile] + sceneFiles + localeFiles + dataFiles.keys.sorted() }

    /// The strings of a file's JSON, or nil when it does not parse.
    public func strings(in file: String) -> [ManifestString]? { document(file)?.strings }

    /// A file's JSON and its strings, parsed the first time either is asked for.
    func document(_ file: String) -> (root: JSONValue, strings: [ManifestString])? {
        if let cached = parsed[file] { return cached }
        let made = contents(file).flatMap { bytes in
            (try? JSONParser.parse(bytes)).map { root in (root, ManifestString.all(in: root, bytes: bytes)) }
        }
        parsed[file] = made
        return made
    }

    /// The occurrences in `file`, in the order of their offsets.
    public func occurrences(in file: String) -> [SymbolOccurrence] {
        if let cached = found[file] { return cached }
        var result = ownOccurrences(in: file)
        // The reads of models' fields, as the validator types them: only these need types.
        result += typedModelFieldReads(in: file)
        result.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        found[file] = result
        return result
    }

    /// The occurrence at `offset` in `file`: the one whose name holds the offset or ends at it.
    public func occurrence(at offset: Int, in file: String) -> SymbolOccurrence? {
        occurrences(in: file).first { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
    }

    /// Every place the app's files name `symbol`, its declarations included, file by file.
    public func occurrences(of symbol: Symbol) -> [SymbolOccurrence] {
        files.flatMap { file in occurrences(in: file).filter { $0.symbol == symbol } }
    }

    /// Where `symbol` is declared, looked for only in the files that can declare it: its
    /// scene's file, app.json, or the string tables.
    public func declarations(of symbol: Symbol) -> [SymbolOccurrence] {
        let candidates: [String]
        switch symbol {
        case let .scene(name):
            let named = sceneFiles.filter { PathText.baseName(of: $0) == name }
            candidates = named.isEmpty ? sceneFiles : named
        case let .useCase(_, file), let .stateField(_, file): candidates = [file]
        case .sharedField, .model, .provider, .worker, .modelField: candidates = [appFile]
        case .stringKey: candidates = localeFiles
        case let .itemLocal(_, file, _): candidates = [file]
        }
        return candidates.flatMap { file in ownOccurrences(in: file).filter { $0.isDeclaration && $0.symbol == symbol } }
    }

    /// What a file's own strings name: everything but the typed reads of models' fields.
    private func ownOccurrences(in file: String) -> [SymbolOccurrence] {
        if let cached = own[file] { return cached }
        let made = classify(file)
        own[file] = made
        return made
    }

    private func classify(_ file: String) -> [SymbolOccurrence] {
        guard let strings = strings(in: file) else { return [] }
        if file == appFile { return strings.flatMap { appOccurrences($0) } }
        if localeFileSet.contains(file) {
            return strings.filter { $0.isKey && $0.path.isEmpty }.map {
                SymbolOccurrence(.stringKey($0.raw), file: file, range: $0.range, isDeclaration: true)
            }
        }
        if let model = dataFiles[file] { return dataOccurrences(strings, of: model, in: file) }
        guard sceneFileSet.contains(file) else { return [] }
        return strings.flatMap { sceneOccurrences($0, in: file) } + collectionFields(in: file) + pathFields(strings, in: file)
            + itemLocals(strings, in: file)
    }

    /// Every read of a model's field the validator types in a scene file.
    private func typedModelFieldReads(in file: String) -> [SymbolOccurrence] {
        guard let scene = scenes[file] else { return [] }
        return ModelFieldReads.reads(in: app, scene: scene).map { read in
            SymbolOccurrence(
                .modelField(read.field, model: read.model), file: file, range: read.offset..<(read.offset + read.field.utf8.count))
        }
    }
}
