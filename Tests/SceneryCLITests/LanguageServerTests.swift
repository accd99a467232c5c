import Foundation
import SceneManifest
import Testing

@testable import SceneryCLI

/// `scenery lsp` at the protocol level: framing, errors that do not end the server, the
/// shutdown handshake, diagnostics for an open document. pytest-lsp drives the whole
/// server end to end in CI (.ci/lsp).
// checks: docs/cli.md#scenery-lsp
@MainActor
@Suite struct LanguageServerTests {
    static func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n\(json)" }

    /// Serves `input` to the end; returns the exit code and the bodies written.
    func serve(_ input: String) -> (code: Int32, messages: [String]) {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try? pipe.fileHandleForWriting.close()
        var written = Data()
        let connection = LSPConnection(input: pipe.fileHandleForReading) { written += $0 }
        let code = LanguageServer(connection: connection).serve()
        // Split the output back into message bodies.
        var messages: [String] = []
        var rest = String(decoding: written, as: UTF8.self)[...]
        while let header = rest.range(of: "\r\n\r\n") {
            let length = Int(rest[rest.startIndex..<header.lowerBound].split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
            let body = rest[header.upperBound...].utf8.prefix(length)
            messages.append(String(decoding: body, as: UTF8.self))
            rest = rest[rest.utf8.index(header.upperBound, offsetBy: length)...]
        }
        return (code, messages)
    }

    @Test func badMessagesGetErrorsAndTheServerGoesOn() {
        let input =
            Self.frame("{not json") + "Content-Length: nonsense\r\n\r\n"
            + Self.frame(#"{"jsonrpc":"2.0","id":7,"method":"textDocument/formatting","params":{}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","id":8,"method":"textDocument/rename","params":{}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","id":"s","method":"shutdown"}"#)
            + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let result = serve(input)
        #expect(result.code == 0)
        #expect(
            result.messages == [
                #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is not JSON"}}"#,
                #"{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"method 'textDocument/formatting' is not supported"}}"#,
                #"{"jsonrpc":"2.0","id":8,"error":{"code":-32803,"message":"rename needs a position and a new name"}}"#,
                #"{"jsonrpc":"2.0","id":"s","result":null}"#
            ])
    }

    @Test func exitWithoutShutdownOrTheEndOfInputExitsOne() {
        #expect(serve(Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)).code == 1)
        #expect(serve("").code == 1)
    }

    @Test func anOpenedDocumentGetsItsFindingsWithRanges() throws {
        let app = try TestCommandTests.tinyApp()
        let scene = app.appendingPathComponent("scenes/Hi.json")
        let text = #"{"formatVersion": 1, "scene": "Hi", "view": [{"type": "headr", "text": "Hi"}]}"#
        let open =
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://\#(scene.path)","languageId":"json","version":1,"text":\#(JSONText.quote(text))}}}"#
        let result = serve(Self.frame(open))
        let message = try #require(result.messages.first)
        #expect(message.contains(#""method":"textDocument/publishDiagnostics""#))
        #expect(
            message.contains(
                #""severity":1,"code":"E205","source":"scenery","message":"unknown component type 'headr'\ndid you mean 'header'?""#))
        // "headr" starts at character 54 of line 0 and the range covers its quotes.
        #expect(message.contains(#""range":{"start":{"line":0,"character":54},"end":{"line":0,"character":61}}"#))
    }

    @Test func positionsCountUTF16UnitsAndRoundTrip() {
        let text = DocumentText("{\n  \"t\": \"Каталог 😀 x\"\n}")
        let offset = Array(text.bytes).firstIndex(of: UInt8(ascii: "x"))!
        let position = text.position(of: offset)
        #expect(position.line == 1)
        #expect(position.character == 19)  // 9 ASCII, 7 Cyrillic, a space, 2 for the emoji
        #expect(text.offset(line: position.line, character: position.character) == offset)
    }

    /// The place of the key at `|` in `text`, which the text alone decides.
    func place(_ text: String, app: Bool = false) -> ManifestKeys.Place? {
        let marked = text.replacingOccurrences(of: "|", with: "")
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: "|")!.lowerBound.samePosition(in: text.utf8)!)
        return KeyContext(text: DocumentText(marked), offset: offset, isApp: app)?.place
    }

    @Test func aKeysPlaceIsReadFromTheTextEvenHalfTyped() {
        #expect(place(#"{"formatVersion": 1, "|"#) == .scene)
        #expect(place(#"{"useCases": {"load": {"interactor": [{"type": "set"}, {"pro|"#) == .step(type: nil))
        // The type may come after the cursor; a nested object's type is not the step's.
        #expect(
            place(#"{"useCases": {"load": {"interactor": [{"as": "x", "|", "args": {"type": "no"}, "type": "fetch"}]}}}"#)
                == .step(type: "fetch"))
        #expect(place(#"{"useCases": {"a": {"interactor": [{"type": "validate", "rules": [{"|"#) == .rule)
        #expect(place(#"{"view": [{"type": "text", "text": "a, b: [c]"}, {"type": "button", "|"#) == .component(type: "button"))
        #expect(place(#"{"state": {"q": {"|"#) == .field)
        #expect(place(#"{"providers": {"deals": {"type": "http", "u|"#, app: true) == .provider(type: "http"))
        // Not a key: a value, or a map's own names.
        #expect(place(#"{"useCases": {"load": {"interactor": [{"type": "fe|"#) == nil)
        #expect(place(#"{"models": {"|"#, app: true) == nil)
        #expect(ManifestKeys.allowed(in: .provider(type: "file")) == ["type", "model", "path"])
    }

    @Test func everyAllowedKeyHasADoc() {
        let places: [ManifestKeys.Place] =
            [.app, .scene, .useCase, .field, .declaration, .listField, .rule]
            + ["inline", "file", "keyValue", "http", "swift"].map { .provider(type: $0) }
            + Step.typeNames.map { .step(type: $0) } + ComponentDefinition.typeNames.map { .component(type: $0) }
        for place in places {
            for key in ManifestKeys.allowed(in: place) {
                #expect(KeyDocs.line(for: key, in: place) != nil, "no doc for '\(key)' in \(place)")
            }
        }
    }

    /// The items in scope where the cursor is: an `each`'s `as` inside its `value` only, and
    /// `it` in a `set` or `remove` step with `where`; innermost last.
    @Test func listItemsAreInScopeWhereTheirListIsWalked() {
        let text = #"""
            {"useCases": {"edit": {"interactor": [
              {"type": "set", "path": "state.items", "where": "@{it.id == request.id}", "value": "@{it + {done: true}}"},
              {"type": "remove", "path": "state.items", "where": "@{it.done}"}]},
             "load": {"presenter": {"rows": {"each": "@{response.groups}", "as": "g",
               "value": {"title": "@{g.name}", "items": {"each": "@{g.items}", "as": "i", "value": {"title": "@{i.title}"}}}}}}}}
            """#
        let document = DocumentText(text)
        func names(at needle: String) -> [String] {
            let offset = text.utf8.count - text.components(separatedBy: needle).last!.utf8.count
            return ItemLocal.locals(in: document, at: offset).map { "\($0.name) of \($0.list)" }
        }
        #expect(names(at: "@{it.id") == ["it of state.items"])
        #expect(names(at: "@{it + ") == ["it of state.items"])
        #expect(names(at: "@{it.done") == ["it of state.items"])
        #expect(names(at: "@{g.name") == ["g of response.groups"])
        #expect(names(at: "@{i.title") == ["g of response.groups", "i of g.items"])
        #expect(names(at: "\"each\": \"@{g.it") == ["g of response.groups"], "the inner each's list is read where g is in scope")
        #expect(names(at: "\"each\": \"@{resp").isEmpty)
    }

    /// `didChange`'s ranges: UTF-16 columns, a column past a line's end is its end, and no
    /// range is the whole text.
    @Test func changesApplyAtUTF16ColumnsAndAColumnPastTheEndStopsThere() {
        typealias P = LanguageServer.Position
        let text = DocumentText("a🛒b\ncd\n")
        #expect(text.applying("X", in: (P(line: 0, character: 3), P(line: 0, character: 4))).text == "a🛒X\ncd\n")
        #expect(text.applying("!", in: (P(line: 0, character: 99), P(line: 0, character: 99))).text == "a🛒b!\ncd\n")
        #expect(text.applying("", in: (P(line: 0, character: 4), P(line: 1, character: 0))).text == "a🛒bcd\n")
        #expect(text.applying("new", in: nil).text == "new")
        #expect(text.applying("end", in: (P(line: 9, character: 0), P(line: 9, character: 0))).text == "a🛒b\ncd\nend")
    }

    /// A missing key goes after a table's last entry, indented as its entries are, or into
    /// an empty table; an object on one line stays on one line.
    @Test func aKeyIsAddedAfterTheLastEntryOfATable() throws {
        func inserted(_ table: String) throws -> String {
            let text = DocumentText(table)
            let edit = LanguageServer.entryInsertion(key: "a.b", text: "Ab", into: try JSONParser.parse(text.bytes), text)
            guard case let .object(fields) = edit, case let .string(new)? = fields.first(where: { $0.0 == "newText" })?.1,
                case let .object(range)? = fields.first(where: { $0.0 == "range" })?.1,
                case let .object(start)? = range.first(where: { $0.0 == "start" })?.1,
                case let .int(line)? = start.first(where: { $0.0 == "line" })?.1,
                case let .int(character)? = start.first(where: { $0.0 == "character" })?.1
            else { return "" }
            let offset = text.offset(line: line, character: character)
            return String(decoding: text.bytes[..<offset] + Array(new.utf8) + text.bytes[offset...], as: UTF8.self)
        }
        #expect(try inserted("{\n    \"x\": \"X\"\n}\n") == "{\n    \"x\": \"X\",\n    \"a.b\": \"Ab\"\n}\n")
        #expect(try inserted("{}") == "{\n  \"a.b\": \"Ab\"\n}")
        #expect(try inserted("{\"x\": \"X\"}") == "{\"x\": \"X\", \"a.b\": \"Ab\"}")
    }
}
