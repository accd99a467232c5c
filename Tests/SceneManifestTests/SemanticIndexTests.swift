import Foundation
import SceneManifest
import Testing

/// The semantic index: for each file, the symbols it declares and the names it uses, with
/// their ranges — what definition, references and rename in the editor all read.
// checks: docs/editors.md#what-the-server-does
// checks: docs/architecture.md#the-editors-index
@Suite struct SemanticIndexTests {
    static let app = #"""
        {"formatVersion": 1, "name": "Notes", "entry": "List",
         "models": {"Note": {"id": "string", "title": "string", "rank": "int"}},
         "shared": {"picked": {"type": "string?", "default": null}},
         "providers": {"notes": {"type": "collection", "model": "Note"}}}
        """#
    static let list = #"""
        {"formatVersion": 1, "scene": "List",
         "state": {"notes": {"type": "[Note]", "default": []}, "count": {"type": "int", "default": 0}},
         "onAppear": ["load"],
         "useCases": {
          "load": {"interactor": [
            {"type": "fetch", "provider": "notes", "as": "all", "args": {"where": {"rank": {">": 0}}, "sort": "-rank"}},
            {"type": "set", "path": "state.notes", "value": "@{all}"},
            {"type": "set", "path": "state.count", "value": "@{count(state.notes)}"},
            {"type": "work", "worker": "map", "input": "@{all}", "args": {"to": "@{it.rank + state.count}"}, "as": "ranks"}]},
          "add": {"request": {"title": "string"}, "interactor": [
            {"type": "insert", "provider": "notes", "value": {"id": "@{uuid()}", "title": "@{request.title}", "rank": 1}},
            {"type": "set", "path": "shared.picked", "value": "@{request.title}"},
            {"type": "call", "useCase": "load"}]},
          "rows": {"interactor": [
            {"type": "set", "path": "state.notes", "where": "@{it.rank > 1}", "value": "@{it + {rank: 0}}"}],
           "response": {"notes": "@{state.notes}"},
           "presenter": {"lines": {"each": "@{response.notes}", "as": "n", "value": "@{n.title} (@{n.rank})"}}},
          "open": {"request": {"row": "int"}, "interactor": [
            {"type": "route", "to": "Detail", "args": {"title": "@{state.notes[request.row - 1].title}"}}]}},
         "view": [{"type": "header", "text": "@{t('list.title')}"}, {"type": "list", "items": "@{state.notes}", "action": "open"}]}
        """#
    static let detail = #"""
        {"formatVersion": 1, "scene": "Detail", "args": {"title": "string"},
         "useCases": {"load": {"interactor": [{"type": "route", "mode": "back"}]}},
         "view": [{"type": "text", "text": "@{args.title} @{shared.picked}"}, {"type": "button", "title": "Back", "action": "load"}]}
        """#

    /// The app in a temporary folder, validated, and its index.
    static func index() throws -> (SemanticIndex, folder: String) {
        let folder = scratchFolder.appendingPathComponent("scenery-index-\(UUID().uuidString)").path
        for (path, text) in [
            ("app.json", app), ("scenes/List.json", list), ("scenes/Detail.json", detail), ("locales/en.json", #"{"list.title": "Notes"}"#)
        ] {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let validation = AppValidation(folder: folder)
        let report = validation.validate(files: DiskFiles())
        #expect(!report.hasErrors, "\(report.diagnostics.map(\.message))")
        let index = try #require(validation.semanticIndex { FileManager.default.contents(atPath: $0).map { Array($0) } })
        return (index, folder)
    }

    /// The text at each occurrence of `symbol`, by file name.
    static func places(_ symbol: Symbol, in index: SemanticIndex) -> [String] {
        index.occurrences(of: symbol).map { occurrence in
            let bytes = FileManager.default.contents(atPath: occurrence.file).map { Array($0) } ?? []
            let text = String(decoding: bytes[occurrence.range], as: UTF8.self)
            return URL(fileURLWithPath: occurrence.file).lastPathComponent + ":" + text + (occurrence.isDeclaration ? "*" : "")
        }
    }

    @Test func aSceneIsDeclaredByItsFileAndNamedByTheEntryAndRoutes() throws {
        let (index, folder) = try Self.index()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // File by file, in path order.
        #expect(Self.places(.scene("Detail"), in: index) == ["Detail.json:Detail*", "List.json:Detail"])
        #expect(Self.places(.scene("List"), in: index) == ["app.json:List", "List.json:List*"])
    }

    @Test func aUseCaseBelongsToItsSceneFile() throws {
        let (index, folder) = try Self.index()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = folder + "/scenes/List.json", detail = folder + "/scenes/Detail.json"
        // onAppear, its key and a call in List; Detail's own `load` is another symbol.
        #expect(Self.places(.useCase("load", file: list), in: index) == ["List.json:load", "List.json:load*", "List.json:load"])
        #expect(Self.places(.useCase("load", file: detail), in: index) == ["Detail.json:load*", "Detail.json:load"])
    }

    @Test func fieldsAreFoundInTheirDeclarationsPathsAndExpressions() throws {
        let (index, folder) = try Self.index()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = folder + "/scenes/List.json"
        // Its key; two set paths, `count(state.notes)`, a response, a route's argument, a list's items.
        #expect(
            Self.places(.stateField("notes", file: list), in: index) == ["List.json:notes*"] + Array(repeating: "List.json:notes", count: 6)
        )
        // A map's `to` is an expression, not a route's target: the field it reads is found.
        #expect(
            Self.places(.stateField("count", file: list), in: index) == ["List.json:count*", "List.json:count", "List.json:count"])
        #expect(index.occurrences(in: list).allSatisfy { !$0.symbol.name.hasPrefix("@{") })
        #expect(Self.places(.sharedField("picked"), in: index) == ["app.json:picked*", "Detail.json:picked", "List.json:picked"])
        #expect(Self.places(.stringKey("list.title"), in: index) == ["List.json:list.title", "en.json:list.title*"])
    }

    @Test func aModelAndItsFieldsAreFoundWhereverTheAppNamesThem() throws {
        let (index, folder) = try Self.index()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Self.places(.model("Note"), in: index) == ["app.json:Note*", "app.json:Note", "List.json:Note"])
        // Its declaration; the fetch's where and sort and the record inserted, the collection's;
        // and the typed reads: `it.rank` in the map and in a set's where, `n.rank` of a list's item.
        // (`{rank: 0}` added to an item is a record literal, not typed where it lands.)
        #expect(
            Self.places(.modelField("rank", model: "Note"), in: index) == ["app.json:rank*"] + Array(repeating: "List.json:rank", count: 6))
        // The record inserted, `.title` through the state's list, `n.title`.
        #expect(
            Self.places(.modelField("title", model: "Note"), in: index) == ["app.json:title*"]
                + Array(repeating: "List.json:title", count: 3))
    }

    @Test func aListsItemIsDeclaredByItsAsOrItsStepsPath() throws {
        let (index, folder) = try Self.index()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = folder + "/scenes/List.json"
        let items = index.occurrences(in: list).filter {
            if case .itemLocal = $0.symbol { return true }
            return false
        }
        let declarations = items.filter(\.isDeclaration)
        #expect(declarations.map(\.symbol.name).sorted() == ["it", "n"])
        for declaration in declarations {
            // `n` twice in the field's value; `it` in the where and in the set's value.
            #expect(index.occurrences(of: declaration.symbol).count == 3, "\(declaration.symbol)")
        }
        // A `t('…')` or another name holding the letters is not the item.
        #expect(items.count == 6)
    }

    @Test func theOccurrenceAtACursorIsTheNameItIsIn() throws {
        let (index, folder) = try Self.index()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = folder + "/scenes/List.json"
        let text = String(decoding: FileManager.default.contents(atPath: list) ?? Data(), as: UTF8.self)
        func offset(_ needle: String, _ after: Int) -> Int {
            text.utf8.count - (text.range(of: needle).map { text[$0.lowerBound...].utf8.count } ?? 0) + after
        }
        #expect(index.occurrence(at: offset("\"to\": \"Detail\"", 8), in: list)?.symbol == .scene("Detail"))
        // At the end of a name, as an editor's cursor after its last letter.
        #expect(index.occurrence(at: offset("count(state.notes)", 17), in: list)?.symbol == .stateField("notes", file: list))
        #expect(index.occurrence(at: offset("\"formatVersion\"", 3), in: list) == nil)
        #expect(index.declarations(of: .useCase("open", file: list)).count == 1)
    }
}
