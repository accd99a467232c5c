import Foundation
import ScenerySupport

/// Validates an app folder, or a single scene file, collecting every finding.
///
/// ```swift
/// let report = Validator.validate(path: "Scenes/Shop")
/// for finding in report.diagnostics { print(finding) }
/// ```
public enum Validator {
    /// Manifests larger than this are refused (E106).
    public static let limits = JSONParser.Limits(maxDepth: 64, maxBytes: 4 << 20)

    /// Validates the app folder, `app.json` or scene file at `path`, reading `files` — the
    /// disk unless given, or an ``InMemoryFiles`` with an editor's unsaved buffers.
    public static func validate(path: String, files: any ManifestFiles = DiskFiles()) -> ValidationReport {
        let isFolder = files.isFolder(path)
        guard isFolder || files.size(of: path) != nil else {
            return ValidationReport(diagnostics: [fileProblem(path, .unreadable, "no such file or folder '\(path)'")])
        }
        if isFolder { return validateApp(at: path, files: files) }
        if PathText.lastComponent(of: path) == "app.json" { return validateApp(at: PathText.parent(of: path), files: files) }
        // A scene inside an app is checked with its app around it; only its own findings count.
        let scenes = PathText.parent(of: path)
        let folder = PathText.parent(of: scenes)
        if PathText.lastComponent(of: scenes) == "scenes", files.size(of: folder.isEmpty ? "app.json" : "\(folder)/app.json") != nil {
            var report = validateApp(at: folder, files: files)
            let target = URL(fileURLWithPath: path).standardizedFileURL.path
            report.diagnostics = report.diagnostics.filter { URL(fileURLWithPath: $0.file).standardizedFileURL.path == target }
            report.enclosingApp = report.app?.app
            report.scenes = report.app?.scenes ?? [:]
            report.app = nil
            return report
        }
        return validateScene(at: path, files: files)
    }

    // MARK: - Apps

    static func validateApp(at folder: String, files: any ManifestFiles) -> ValidationReport {
        AppValidation(folder: folder).validate(files: files)
    }

    // MARK: - A scene alone

    static func validateScene(at path: String, files: any ManifestFiles) -> ValidationReport {
        var report = ValidationReport()
        guard let file = read(path, files, &report) else { return report }
        let reader = ManifestReader(source: file.source)
        let name = PathText.baseName(of: path)
        var scene = SceneDecoder(reader: reader, context: SceneContext(app: nil), fileName: name).decode(file.root)
        scene?.source = SceneSource(file: file.source, appPath: PathText.lastComponent(of: path))
        report.diagnostics.append(adopting: reader.sink.sorted)
        // A scene alone runs as a one-scene app with the default locale and currency.
        if let scene {
            let app = AppDefinition(
                name: name, entry: Located(name, offset: 0), locale: "en_US", currency: "USD", env: [],
                models: [:], shared: [:], providers: [:], workers: [])
            let folder = PathText.parent(of: path)
            report.app = LoadedApp(root: URL(fileURLWithPath: folder.isEmpty ? "." : folder), app: app, scenes: [name: scene], strings: [:])
        }
        return report
    }

    // MARK: - Files

    struct ParsedFile {
        let source: SourceFile
        let root: JSONValue
    }

    /// Reads and parses a JSON file; syntax errors become findings.
    static func read(_ path: String, _ files: any ManifestFiles, _ report: inout ValidationReport) -> ParsedFile? {
        bytes(of: path, files, &report).flatMap { parse(path, $0, &report) }
    }

    /// The bytes of a file, or nil with a finding when it is too large or cannot be read.
    static func bytes(of path: String, _ files: any ManifestFiles, _ report: inout ValidationReport) -> [UInt8]? {
        // The size first: a huge file is refused before it is read and indexed.
        let (size, bytes) = files.contents(of: path, upTo: limits.maxBytes)
        if let size, size > limits.maxBytes {
            report.diagnostics.append(
                fileProblem(path, .tooLarge, JSONSyntaxError(.tooLarge(bytes: size, limit: limits.maxBytes), at: 0).description))
            return nil
        }
        guard let bytes else {
            report.diagnostics.append(fileProblem(path, .unreadable, "cannot read '\(path)'"))
            return nil
        }
        return bytes
    }

    /// A file's bytes parsed; syntax errors become findings.
    static func parse(_ path: String, _ bytes: [UInt8], _ report: inout ValidationReport) -> ParsedFile? {
        let source = SourceFile(path: path, bytes: bytes)
        do {
            return ParsedFile(source: source, root: try JSONParser.parse(source.bytes, limits: limits))
        } catch {
            var sink = DiagnosticSink(source: source)
            sink.error(
                error.code, error.description, at: error.offset, pointer: "",
                hint: JSONSyntaxHint.hint(for: error, in: source.bytes).map { Hint($0) })
            report.diagnostics += sink.items
            return nil
        }
    }

    static func jsonFiles(in folder: String, _ files: any ManifestFiles) -> [String] {
        files.names(in: folder).filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }

    /// `locales/*.json`: flat objects of key → text.
    static func readStrings(folder: String, _ files: any ManifestFiles, _ report: inout ValidationReport) -> [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        for path in jsonFiles(in: "\(folder)/locales", files) {
            guard let file = read(path, files, &report) else { continue }
            let reader = ManifestReader(source: file.source)
            var table: [String: String] = [:]
            for member in reader.map(Node(root: file.root), what: "a string table") {
                if let text = reader.string(member.node, what: "the text of '\(member.key)'") { table[member.key] = text }
            }
            tables[PathText.baseName(of: path)] = table
            report.diagnostics += reader.sink.sorted
        }
        return tables
    }

    static func fileProblem(_ path: String, _ code: DiagnosticCode, _ message: String) -> Diagnostic {
        Diagnostic(severity: .error, code: code, message: message, file: path, line: 1, column: 1, pointer: "")
    }
}
