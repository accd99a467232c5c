import Foundation
import SceneManifest
import ScenerySupport

/// Completion, hover, definition and references: what the cursor is on, read from the text as typed (a key's place, an expression) and from the app's semantic index (a name).
extension LanguageServer {
    // MARK: - Completion, hover, definition

    func completions(_ params: JSONValue) -> [LSPJSON] {
        guard let (path, offset) = location(params) else { return [] }
        let context = CompletionContext(text: text(of: path), offset: offset)
        let items: [ManifestCompletions.Item]
        if let key = KeyContext(text: context.text, offset: offset, isApp: Self.isAppFile(path)), let place = key.place {
            items = ManifestKeys.allowed(in: place).map { .init(label: $0, kind: 10, detail: KeyDocs.line(for: $0, in: place) ?? "") }
        } else {
            items = manifestCompletions(for: path).items(for: context)
        }
        return items.map { item in
            .object([("label", .string(item.label)), ("kind", .int(item.kind)), ("detail", .string(item.detail))])
        }
    }

    static func isAppFile(_ path: String) -> Bool { PathText.lastComponent(of: path) == "app.json" }

    /// A finding's code and what it means; a key's doc; in an expression, a function's doc
    /// or the static type of the path under the cursor.
    func hover(_ params: JSONValue) -> LSPJSON? {
        guard let (path, offset) = location(params) else { return nil }
        let text = text(of: path)
        var parts: [String] = []
        for finding in findings[path] ?? [] where finding.range.contains(offset) {
            parts.append("**\(finding.diagnostic.code.rawValue)**: \(finding.diagnostic.code.meaning)")
        }
        let context = CompletionContext(text: text, offset: offset)
        let found = parts.count
        if let key = KeyContext(text: text, offset: offset, isApp: Self.isAppFile(path)),
            let doc = KeyDocs.line(for: key.key, in: key.place)
        {
            parts.append("`\(key.key)`" + (key.place.map { " (\(KeyDocs.name(of: $0)))" } ?? "") + ": \(doc)")
        } else if let expression = context.expressionPrefix {
            let word = CompletionContext.word(in: text.bytes, at: offset)
            let typed = ManifestCompletions.trailingPath(expression)
            // The dotted path up to the end of the word under the cursor.
            let whole = typed + word.dropFirst(typed.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0)
            if !whole.contains("."), let doc = FunctionDocs.lines[word] {
                parts.append("`\(doc)`")
            } else if !word.isEmpty, let type = manifestCompletions(for: path).type(of: whole, context) {
                parts.append("`\(whole)`: \(type)")
            }
        }
        if parts.count == found, let index = index(for: path), let here = index.occurrence(at: offset, in: path) {
            parts.append(nameHover(here, index))
        }
        guard !parts.isEmpty else { return nil }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(parts.joined(separator: "\n\n")))]))])
    }

    /// A name's hover, from the semantic index: what it is and where it is declared (`the
    /// provider 'products', declared at app.json:21:6`). It reads only the files that can
    /// declare it, so it costs little however large the app.
    func nameHover(_ occurrence: SymbolOccurrence, _ index: SemanticIndex) -> String {
        let declared = index.declarations(of: occurrence.symbol).map { declaration in
            let position = text(of: declaration.file).position(of: declaration.range.lowerBound)
            return "\(PathText.relative(declaration.file, from: index.root)):\(position.line + 1):\(position.character + 1)"
        }
        let at = declared.isEmpty ? "declared nowhere" : "declared at " + declared.joined(separator: ", ")
        return "the \(occurrence.symbol.what) `\(occurrence.symbol.name)`, \(at)"
    }

    /// What completes in the file at `path`, from the app that last validated.
    func manifestCompletions(for path: String) -> ManifestCompletions {
        let app = apps[Self.appRoot(of: path) ?? path]
        return ManifestCompletions(app: app, scene: app?.scenes.values.first { $0.source?.file.path == path })
    }

    /// Where the name under the cursor is declared, as the app's semantic index has it (a
    /// list item's: the `"as"` that names it, or for `it` its step's `"path"`).
    func definition(_ params: JSONValue) -> LSPJSON? {
        guard let (path, offset) = location(params) else { return nil }
        guard let index = index(for: path), let here = index.occurrence(at: offset, in: path) else { return nil }
        return .array(locations(index.declarations(of: here.symbol)))
    }

    /// Occurrences as LSP locations.
    func locations(_ occurrences: [SymbolOccurrence]) -> [LSPJSON] {
        occurrences.map { occurrence in
            let text = text(of: occurrence.file)
            return .object([
                ("uri", .string(Self.uri(of: occurrence.file))),
                ("range", text.range(occurrence.range.lowerBound, occurrence.range.upperBound))
            ])
        }
    }

    /// Every place the app's files name what is under the cursor, as rename would edit them;
    /// its declarations too unless the request leaves them out.
    func references(_ params: JSONValue) -> [LSPJSON] {
        guard let (path, offset) = location(params), let index = index(for: path),
            let here = index.occurrence(at: offset, in: path)
        else { return [] }
        let withDeclarations = params["context"]?["includeDeclaration"]?.kind != .bool(false)
        return locations(index.occurrences(of: here.symbol).filter { withDeclarations || !$0.isDeclaration })
    }

    func location(_ params: JSONValue) -> (path: String, offset: Int)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(of: uri),
            let line = params["position"]?["line"].flatMap({ Int($0.numberText ?? "") }),
            let character = params["position"]?["character"].flatMap({ Int($0.numberText ?? "") })
        else { return nil }
        return (path, text(of: path).offset(line: line, character: character))
    }

    struct Position {
        let line: Int
        let character: Int
    }
}
