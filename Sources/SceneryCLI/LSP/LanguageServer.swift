import Foundation
import SceneManifest
import ScenerySupport

/// `scenery lsp`: a Language Server Protocol server for scene manifests, over stdio.
///
/// Diagnostics are the whole-app validator's, run on open and on every change with the
/// unsaved text of open documents over the files on disk — incrementally (``AppValidation``):
/// only files whose text changed are parsed again, and only the scenes an edit can affect
/// are checked again. Every file whose findings changed is republished, so a fix in one file
/// clears what it caused in others. Completion, hover, go to definition, references, code
/// actions (quick fixes) and document and workspace symbols read the last app that
/// validated (renaming a model's field also validates the app afresh, before and after).
///
/// Nothing but protocol messages goes to standard output. A message that does not parse,
/// or a request the server does not know, gets a JSON-RPC error; the server goes on.
@MainActor
final class LanguageServer {
    private let connection: LSPConnection
    /// Open documents by path: their unsaved text.
    var documents: [String: DocumentText] = [:]
    /// The findings each file was last published with, per app root, so only changed files
    /// are sent again and fixed ones are cleared.
    private var published: [String: [String: [Diagnostic]]] = [:]
    /// Each app's validation, kept between edits.
    var validations: [String: AppValidation] = [:]
    /// The files on disk, read again only when they change, and looked at no more than
    /// twice a second while a person types (at once after a save or a watched change).
    let disk = CachedDiskFiles(recheckAfter: .milliseconds(500))
    /// The last app that validated, per root: read from each app's validation when asked,
    /// so the server holds no second reference to its scenes, which an edit would copy.
    var apps: [String: LoadedApp] {
        var apps = scenesAlone
        for (root, validation) in validations { apps[root] = validation.lastApp ?? apps[root] }
        return apps
    }
    /// Scene files outside any app, validated alone.
    private var scenesAlone: [String: LoadedApp] = [:]
    /// The findings last published, per file: where each is and its code, for hover.
    var findings: [String: [(range: Range<Int>, diagnostic: Diagnostic)]] = [:]
    private var shutdownRequested = false

    init(connection: LSPConnection) { self.connection = connection }

    /// Serves until `exit` or the end of input. Returns the exit code.
    func serve() -> Int32 {
        while let body = connection.next() {
            guard let message = try? JSONParser.parse(body) else {
                connection.send(Self.error(id: .null, code: -32700, message: "the message is not JSON"))
                continue
            }
            let method = message["method"]?.string ?? ""
            let id = message["id"].map(LSPJSON.init)
            if method == "exit" { return shutdownRequested ? 0 : 1 }
            let params = message["params"] ?? JSONValue.null
            guard let id else {
                notify(method, params)
                continue
            }
            connection.send(respond(id, method, params))
        }
        return shutdownRequested ? 0 : 1
    }

    // MARK: - Messages

    private func respond(_ id: LSPJSON, _ method: String, _ params: JSONValue) -> LSPJSON {
        switch method {
        case "initialize":
            return Self.result(
                id,
                .object([
                    (
                        "capabilities",
                        .object([
                            // Incremental: each change gives a range and its new text.
                            ("textDocumentSync", .int(2)),
                            ("completionProvider", .object([("triggerCharacters", .array([.string("."), .string("\""), .string("{")]))])),
                            ("hoverProvider", .bool(true)),
                            ("definitionProvider", .bool(true)),
                            ("referencesProvider", .bool(true)),
                            ("documentSymbolProvider", .bool(true)),
                            ("workspaceSymbolProvider", .bool(true)),
                            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                            ("renameProvider", .object([("prepareProvider", .bool(true))]))
                        ])
                    ),
                    ("serverInfo", .object([("name", .string("scenery")), ("version", .string(SceneryCommand.version))]))
                ]))
        case "shutdown":
            shutdownRequested = true
            return Self.result(id, .null)
        case "textDocument/completion":
            return Self.result(id, .array(completions(params)))
        case "textDocument/hover":
            return Self.result(id, hover(params) ?? .null)
        case "textDocument/definition":
            return Self.result(id, definition(params) ?? .null)
        case "textDocument/references":
            return Self.result(id, .array(references(params)))
        case "textDocument/documentSymbol":
            return Self.result(id, .array(documentSymbols(params)))
        case "workspace/symbol":
            return Self.result(id, .array(workspaceSymbols(params)))
        case "textDocument/codeAction":
            return Self.result(id, .array(codeActions(params)))
        case "textDocument/prepareRename":
            let (result, refusal) = prepareRename(params)
            return refusal.map { Self.error(id: id, code: -32803, message: $0) } ?? Self.result(id, result ?? .null)
        case "textDocument/rename":
            let (result, refusal) = rename(params)
            return refusal.map { Self.error(id: id, code: -32803, message: $0) } ?? Self.result(id, result ?? .null)
        default:
            return Self.error(id: id, code: -32601, message: "method '\(method)' is not supported")
        }
    }

    private func notify(_ method: String, _ params: JSONValue) {
        if method == "workspace/didChangeWatchedFiles" {
            // Files changed outside the editor: the disk is read again for the next check.
            for change in params["changes"]?.elements ?? [] {
                if let uri = change["uri"]?.string, let path = Self.path(of: uri) { disk.forget(path) }
            }
            return
        }
        let document = params["textDocument"]
        guard let uri = document?["uri"]?.string, let path = Self.path(of: uri) else { return }
        switch method {
        case "textDocument/didOpen":
            documents[path] = DocumentText(document?["text"]?.string ?? "")
            check(path)
        case "textDocument/didChange":
            var text = documents[path] ?? self.text(of: path)
            for change in params["contentChanges"]?.elements ?? [] {
                guard let new = change["text"]?.string else { continue }
                text = text.applying(new, in: change["range"].flatMap(Self.range(of:)))
            }
            documents[path] = text
            check(path)
        case "textDocument/didClose":
            documents[path] = nil
            disk.forget(path)
            check(path)
        case "textDocument/didSave":
            disk.forget(path)
        default:
            break
        }
    }

    static func result(_ id: LSPJSON, _ result: LSPJSON) -> LSPJSON {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    static func error(id: LSPJSON, code: Int, message: String) -> LSPJSON {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object([("code", .int(code)), ("message", .string(message))]))])
    }

    // MARK: - Diagnostics

    /// Validates the app holding `path` with the open documents' text and publishes the
    /// findings of every file of it whose findings changed, and of `path` always.
    private func check(_ path: String) {
        let appRoot = Self.appRoot(of: path)
        let root = appRoot ?? path
        let overlay = InMemoryFiles(documents.mapValues(\.bytes), over: disk)
        let report: ValidationReport
        if appRoot != nil {
            let validation = validations[root] ?? AppValidation(folder: root)
            validations[root] = validation
            report = validation.validate(files: overlay)
        } else {
            report = Validator.validate(path: root, files: overlay)
            if let app = report.app { scenesAlone[root] = app }
        }
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in report.diagnostics {
            let file = diagnostic.file.hasPrefix("/") ? diagnostic.file : root + "/" + diagnostic.file
            byFile[file, default: []].append(diagnostic)
        }
        let before = published[root] ?? [:]
        // The file itself always, so an editor learns it is clean.
        for file in Set(before.keys).union(byFile.keys).union([path]).sorted() {
            let diagnostics = byFile[file] ?? []
            guard file == path || before[file] != diagnostics else { continue }
            publish(diagnostics, of: file)
        }
        published[root] = byFile
    }

    /// Sends a file's findings, each with the range of its token, and keeps where each is
    /// for hover.
    private func publish(_ diagnostics: [Diagnostic], of file: String) {
        let text = text(of: file)
        var items: [LSPJSON] = []
        findings[file] = nil
        for diagnostic in diagnostics {
            let tokenEnd = text.tokenEnd(at: diagnostic.offset)
            let start = text.position(of: diagnostic.offset)
            let end = text.position(of: tokenEnd)
            findings[file, default: []].append((diagnostic.offset..<max(tokenEnd, diagnostic.offset + 1), diagnostic))
            let message = diagnostic.message + (diagnostic.hint.map { "\n\($0)" } ?? "")
            items.append(
                .object([
                    ("range", Self.range(start, end)),
                    ("severity", .int(diagnostic.severity == .error ? 1 : 2)),
                    ("code", .string(diagnostic.code.rawValue)),
                    ("source", .string("scenery")),
                    ("message", .string(message))
                ]))
        }
        connection.send(
            .object([
                ("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
                ("params", .object([("uri", .string(Self.uri(of: file))), ("diagnostics", .array(items))]))
            ]))
    }

    func text(of path: String) -> DocumentText {
        documents[path] ?? DocumentText((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }
    static func location(_ path: String, _ position: Position) -> LSPJSON {
        .object([
            ("uri", .string(uri(of: path))), ("range", range((position.line, position.character), (position.line, position.character)))
        ])
    }

    /// An LSP range's start and end positions, from its JSON.
    static func range(of json: JSONValue) -> (start: Position, end: Position)? {
        func position(_ value: JSONValue?) -> Position? {
            guard let line = value?["line"].flatMap({ Int($0.numberText ?? "") }),
                let character = value?["character"].flatMap({ Int($0.numberText ?? "") })
            else { return nil }
            return Position(line: line, character: character)
        }
        guard let start = position(json["start"]), let end = position(json["end"]) else { return nil }
        return (start, end)
    }

    nonisolated static func range(_ start: (line: Int, character: Int), _ end: (line: Int, character: Int)) -> LSPJSON {
        .object([
            ("start", .object([("line", .int(start.line)), ("character", .int(start.character))])),
            ("end", .object([("line", .int(end.line)), ("character", .int(end.character))]))
        ])
    }

    // MARK: - Paths

    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        return String(uri.dropFirst("file://".count)).removingPercentEncoding
    }

    static func uri(of path: String) -> String {
        "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }

    /// The folder holding `app.json` at or above the file's folder.
    static func appRoot(of path: String) -> String? {
        var folder = PathText.parent(of: path)
        while !folder.isEmpty {
            if FileManager.default.fileExists(atPath: folder + "/app.json") { return folder }
            if folder == "/" { return nil }
            folder = PathText.parent(of: folder)
        }
        return nil
    }
}

extension JSONValue {
    /// A number's text, as written.
    var numberText: String? {
        if case let .number(text) = kind { return text }
        return nil
    }
}
