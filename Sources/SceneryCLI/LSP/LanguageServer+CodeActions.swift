import SceneManifest
import ScenerySupport

/// Quick fixes for the findings under the cursor: each finding's own fix-its (a misspelt
/// name replaced by the one its did-you-mean names), and a translation key missing from
/// string tables added to every table that lacks it.
extension LanguageServer {
    func codeActions(_ params: JSONValue) -> [LSPJSON] {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(of: uri),
            let range = params["range"].flatMap(Self.range(of:))
        else { return [] }
        let text = text(of: path)
        let start = text.offset(line: range.start.line, character: range.start.character)
        let end = text.offset(line: range.end.line, character: range.end.character)
        var actions: [LSPJSON] = []
        for finding in findings[path] ?? [] where finding.range.lowerBound <= end && start <= finding.range.upperBound {
            actions += Self.fixes(of: finding.diagnostic, range: finding.range, in: text, uri: uri)
            if let action = missingTranslationFix(finding.diagnostic, of: path) { actions.append(action) }
        }
        return actions
    }

    /// The LSP diagnostic a fix resolves, as it was published.
    static func published(_ diagnostic: Diagnostic, range: Range<Int>, in text: DocumentText) -> LSPJSON {
        .object([
            ("range", text.range(range.lowerBound, range.upperBound)),
            ("severity", .int(diagnostic.severity == .error ? 1 : 2)),
            ("code", .string(diagnostic.code.rawValue)),
            ("source", .string("scenery")),
            ("message", .string(diagnostic.message + (diagnostic.hint.map { "\n\($0)" } ?? "")))
        ])
    }

    /// A finding's fix-its as code actions; the first is the preferred one.
    static func fixes(of diagnostic: Diagnostic, range: Range<Int>, in text: DocumentText, uri: String) -> [LSPJSON] {
        diagnostic.fixes.enumerated().map { index, fix in
            let edits = fix.edits.map { edit in
                LSPJSON.object([("range", text.range(edit.range.lowerBound, edit.range.upperBound)), ("newText", .string(edit.text))])
            }
            return .object([
                ("title", .string(fix.title)),
                ("kind", .string("quickfix")),
                ("isPreferred", .bool(index == 0)),
                ("diagnostics", .array([published(diagnostic, range: range, in: text)])),
                ("edit", .object([("changes", .object([(uri, .array(edits))]))]))
            ])
        }
    }

    /// A `t()` key some string tables lack (E313, W003): added to each of them, with the
    /// text of the first table that has it (to translate), or the key itself.
    func missingTranslationFix(_ diagnostic: Diagnostic, of path: String) -> LSPJSON? {
        guard diagnostic.code == .unknownString || diagnostic.code == .missingTranslation,
            let key = diagnostic.message.firstMatch(of: /'([^']+)'/)?.output.1.description,
            let root = Self.appRoot(of: path)
        else { return nil }
        let files = index(for: path)?.localeFiles ?? []
        var tables: [(file: String, text: DocumentText, root: JSONValue)] = []
        for file in files {
            let text = text(of: file)
            guard let parsed = try? JSONParser.parse(text.bytes), parsed.members != nil else { return nil }
            tables.append((file, text, parsed))
        }
        let home = apps[root].map { app in [app.app.locale, FormatContext.language(app.app.locale)] } ?? []
        let source =
            tables.sorted {
                home.firstIndex(of: PathText.baseName(of: $0.file)) ?? 99 < home.firstIndex(of: PathText.baseName(of: $1.file)) ?? 99
            }
            .lazy.compactMap { $0.root[key]?.string }.first ?? key
        var changes: [(String, LSPJSON)] = []
        for table in tables where table.root[key] == nil {
            changes.append((Self.uri(of: table.file), .array([Self.entryInsertion(key: key, text: source, into: table.root, table.text)])))
        }
        guard !changes.isEmpty else { return nil }
        let names = tables.filter { $0.root[key] == nil }.map { "locales/\(PathText.lastComponent(of: $0.file))" }
        return .object([
            ("title", .string("Add '\(key)' to \(names.joined(separator: ", "))")),
            ("kind", .string("quickfix")),
            ("edit", .object([("changes", .object(changes))]))
        ])
    }

    /// A text edit adding `"key": "text"` as the last member of the object `root`, indented
    /// as its other members are.
    static func entryInsertion(key: String, text value: String, into root: JSONValue, _ text: DocumentText) -> LSPJSON {
        let entry = JSONText.quote(key) + ": " + JSONText.quote(value)
        guard let last = root.members?.last else {
            let at = root.offset + 1
            return .object([("range", text.range(at, at)), ("newText", .string("\n  " + entry + "\n"))])
        }
        let at = text.valueEnd(at: last.value.offset)
        let lineStart = text.bytes[..<last.keyOffset].lastIndex(of: 10).map { $0 + 1 } ?? 0
        let indent = String(decoding: text.bytes[lineStart..<last.keyOffset].prefix { $0 == 32 || $0 == 9 }, as: UTF8.self)
        let sameLine = !text.bytes[root.offset..<last.keyOffset].contains(10)
        return .object([("range", text.range(at, at)), ("newText", .string(sameLine ? ", " + entry : ",\n" + indent + entry))])
    }
}
