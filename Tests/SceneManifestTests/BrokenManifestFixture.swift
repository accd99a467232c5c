import Foundation
import SceneManifest
import Testing

/// A small valid app that each broken fixture changes in one file. `↓` in a fixture marks
/// where the expected diagnostic points; it is removed before the file is written.
struct BrokenManifest: CustomTestStringConvertible, Sendable {
    let name: String
    let code: String
    let file: String
    let text: String

    init(_ name: String, _ code: String, _ text: String) {
        self.init(name, code, "scenes/Main.json", text)
    }

    init(_ name: String, _ code: String, _ file: String, _ text: String) {
        self.name = name
        self.code = code
        self.file = file
        self.text = text
    }

    var testDescription: String { "\(code) \(name)" }

    static let marker = "↓"

    static let baseFiles: [String: String] = [
        "app.json": """
        {"formatVersion": 1, "name": "Test", "entry": "Main",
         "env": {"apiBase": "http://127.0.0.1:1"},
         "models": {"Item": {"id": "string", "name": "string", "price": "decimal"}},
         "shared": {"cart": {"type": "[Item]", "default": []}},
         "providers": {
           "items": {"type": "inline", "value": [{"id": "a", "name": "A", "price": 1.50}], "model": "[Item]"},
           "saved": {"type": "keyValue", "default": []},
           "data": {"type": "file", "path": "data/items.json"}
         }}
        """,
        "scenes/Main.json": """
        {"formatVersion": 1, "scene": "Main",
         "state": {"items": {"type": "[Item]", "default": []}},
         "useCases": {
           "load": {
             "interactor": [
               {"type": "fetch", "provider": "items", "as": "all"},
               {"type": "set", "path": "state.items", "value": "@{all}"}],
             "response": {"items": "@{all}"},
             "presenter": {"rows": {"each": "@{response.items}", "as": "i", "value": "@{i.name}"}}},
           "open": {
             "request": {"row": "int"},
             "interactor": [{"type": "fail", "if": "@{request.row < 1 || request.row > count(state.items)}", "message": "no row @{request.row}"},
                            {"type": "route", "to": "Detail", "mode": "push", "args": {"id": "@{state.items[request.row - 1].id}"}}]}},
         "view": [{"type": "list", "items": "@{vm.rows}", "action": "open"}],
         "onAppear": ["load"]}
        """,
        "scenes/Detail.json": """
        {"formatVersion": 1, "scene": "Detail", "args": {"id": "string"},
         "useCases": {"close": {"interactor": [{"type": "route", "mode": "back"}]}},
         "view": [{"type": "text", "text": "@{t('hello')} @{args.id}"}, {"type": "button", "title": "Close", "action": "close"}]}
        """,
        "locales/en.json": #"{"hello": "Hello", "bye": "Bye"}"#,
        "locales/ru.json": #"{"hello": "Привет"}"#,
        "data/items.json": "[]"
    ]

    /// Writes the base app with this fixture's file in place.
    /// - Returns: the app folder, and the expected line and column of the marker.
    func write() throws -> (folder: URL, line: Int, column: Int) {
        let folder = scratchFolder.appendingPathComponent("scenery-broken-\(UUID().uuidString)")
        var files = Self.baseFiles
        guard let markerRange = text.range(of: Self.marker) else { throw FixtureError.noMarker(name) }
        files[file] = text.replacingCharacters(in: markerRange, with: "")
        for (path, content) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        let before = text[..<markerRange.lowerBound]
        let line = before.count { $0 == "\n" } + 1
        let column = before.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.unicodeScalars.count + 1 } ?? 1
        return (folder, line, column)
    }

    enum FixtureError: Error { case noMarker(String) }
}

/// A single scene file validated alone, outside any app.
struct LoneScene: CustomTestStringConvertible, Sendable {
    let name: String
    let code: String
    let text: String

    init(_ name: String, _ code: String, _ text: String) {
        self.name = name
        self.code = code
        self.text = text
    }

    var testDescription: String { "\(code) \(name)" }
}
