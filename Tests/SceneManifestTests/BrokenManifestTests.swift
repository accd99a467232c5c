import Foundation
import SceneManifest
import Testing

/// A scene file for Main: `{"formatVersion": 1, "scene": "Main", BODY}`.
private func main(_ body: String) -> String {
    #"{"formatVersion": 1, "scene": "Main", "# + body + "}"
}

/// Main with one use case `load` whose interactor is `steps`.
private func steps(_ steps: String, extra: String = "") -> String {
    main(
        #""state": {"items": {"type": "[Item]", "default": []}}, "useCases": {"load": {"request": {"row": "int"}, "interactor": ["# + steps
            + "]}" + extra + #"}, "view": [{"type": "text", "text": "@{count(state.items)}"}]"#)
}

/// Main with a view of `components` and a use case `load`.
private func view(_ components: String) -> String {
    main(#""useCases": {"load": {"interactor": [], "presenter": {"title": "x"}}}, "view": ["# + components + "]")
}

/// app.json with `body` after the required keys.
private func app(_ body: String, entry: String = #""Main""#, providers: String = "") -> String {
    #"{"formatVersion": 1, "name": "Test", "entry": "# + entry
        + #", "models": {"Item": {"id": "string", "name": "string", "price": "decimal"}}, "providers": {"items": {"type": "inline", "value": []}"#
        + providers + "}" + body + "}"
}

let brokenManifests: [BrokenManifest] = [
    // E1xx: JSON syntax and limits
    .init("missing comma", "E101", main(#""title": "x" ↓"useCases": {}"#)),
    .init("unexpected end", "E102", #"{"formatVersion": 1, "scene": "Main"↓"#),
    .init("control character in string", "E103", #"{"formatVersion": 1, "scene": "Ma↓"# + "\t" + #"in"}"#),
    .init("unknown escape", "E103", #"{"formatVersion": 1, "scene": "Ma↓\qin"}"#),
    .init("leading zero", "E104", #"{"formatVersion": ↓01, "scene": "Main"}"#),
    .init(
        "nesting too deep", "E105",
        main(
            #""x-deep": "# + String(repeating: "[", count: 63) + "↓" + String(repeating: "[", count: 7) + String(repeating: "]", count: 70))
    ),
    .init("file too large", "E106", "↓" + main(#""x-pad": ""# + String(repeating: "a", count: 4 << 20) + #"""#)),
    .init("trailing content", "E107", main(#""useCases": {}"#) + " ↓x"),
    .init("trailing comma", "E101", main(#""useCases": {}, ↓}"#).dropLast().description),
    .init("single quotes", "E101", #"{"formatVersion": 1, "scene": ↓'Main'}"#),

    // E2xx: structure
    .init("unknown scene key", "E201", main(#""useCases": {}, ↓"titel": "x""#)),
    .init("unknown use case key", "E201", main(#""useCases": {"load": {"interactor": [], ↓"presentr": {}}}"#)),
    .init("unknown step key", "E201", steps(#"{"type": "fetch", "provider": "items", "as": "all", ↓"cache": true}"#)),
    .init("unknown component key", "E201", view(#"{"type": "text", "text": "x", ↓"colour": "red"}"#)),
    .init("unknown app key", "E201", "app.json", app(#", ↓"entryScene": "Main""#)),
    .init("unknown provider key", "E201", "app.json", app(#", "shared": {"n": {"type": "int", "default": 0, ↓"min": 0}}"#)),
    .init(
        "unknown worker argument", "E201",
        steps(#"{"type": "work", "worker": "sort", "input": "@{state.items}", "args": {"by": "price", ↓"reverse": true}, "as": "s"}"#)),
    .init("missing formatVersion", "E202", #"↓{"scene": "Main", "useCases": {}}"#),
    .init("missing app name", "E202", "app.json", #"↓{"formatVersion": 1, "entry": "Main"}"#),
    .init("missing rule check", "E202", steps(#"{"type": "validate", "rules": [↓{"message": "m"}]}"#)),
    .init("missing route destination", "E202", steps(#"↓{"type": "route", "mode": "push"}"#)),
    .init("missing step type", "E202", steps(#"↓{"provider": "items", "as": "all"}"#)),
    .init("missing header text", "E202", view(#"↓{"type": "header"}"#)),
    .init("missing field type", "E202", main(#""state": {"items": ↓{"default": []}}"#)),
    .init("missing worker arguments", "E202", steps(#"↓{"type": "work", "worker": "filter", "input": "@{state.items}", "as": "f"}"#)),
    .init("use cases as an array", "E203", main(#""useCases": ↓[]"#)),
    .init("view as an object", "E203", main(#""useCases": {}, "view": ↓{}"#)),
    .init("reentrant as a string", "E203", main(#""useCases": {"load": {"interactor": [], "reentrant": ↓"yes"}}"#)),
    .init(
        "timeout as a string", "E203", "app.json", app("", providers: #", "api": {"type": "http", "url": "http://x", "timeout": ↓"2s"}"#)),
    .init("if that is not one expression", "E203", steps(#"{"type": "fail", "message": "no", "if": ↓"yes @{true}"}"#)),
    .init("step as a string", "E203", steps(#"↓"fetch items""#)),
    .init("format version 2", "E204", #"{"formatVersion": ↓2, "scene": "Main"}"#),
    .init("format version as text", "E203", #"{"formatVersion": ↓"1", "scene": "Main"}"#),
    .init("unsupported format version", "E204", #"{"formatVersion": ↓2, "scene": "Main"}"#),
    .init("unknown step type", "E205", steps(#"{"type": ↓"fetc", "provider": "items", "as": "all"}"#)),
    .init("unknown component type", "E205", view(#"{"type": ↓"label", "text": "x"}"#)),
    .init("unknown route mode", "E205", steps(#"{"type": "route", "to": "Detail", "mode": ↓"pushh", "args": {"id": "x"}}"#)),
    .init("unknown provider type", "E205", "app.json", app("", providers: #", "api": {"type": ↓"rest", "url": "http://x"}"#)),
    .init(
        "unknown cache policy", "E205", "app.json", app("", providers: #", "api": {"type": "http", "url": "http://x", "cache": ↓"always"}"#)
    ),
    .init("set path without a root", "E205", steps(#"{"type": "set", "path": ↓"items", "value": []}"#)),
    .init("bad currency code", "E205", "app.json", app(#", "currency": ↓"dollars""#)),
    .init("use case name with a dash", "E206", main(#""useCases": {↓"load-all": {"interactor": []}}"#)),
    .init(
        "model name with punctuation", "E206", "app.json",
        #"{"formatVersion": 1, "name": "T", "entry": "Main", "models": {↓"Item!": {"id": "string"}}}"#),
    .init(
        "model named like a built-in type", "E206", "app.json",
        #"{"formatVersion": 1, "name": "T", "entry": "Main", "models": {↓"string": {"id": "string"}}}"#),
    .init("unclosed list type", "E207", main(#""args": {"ids": "[string↓"}, "useCases": {}"#)),
    .init("use case named help", "E208", main(#""useCases": {↓"help": {"interactor": []}}"#)),
    .init("duplicate key", "E210", main(#""useCases": {}, "title": "a", ↓"title": "b""#)),
    .init("number out of range", "E211", main(#""state": {"n": {"type": "decimal", "default": ↓1e999}}, "useCases": {}"#)),
    .init("worker shadowing a built-in", "E212", "app.json", app(#", "workers": {↓"sort": {"type": "swift"}}"#)),
    .init("scene name unlike the file", "E213", #"{"formatVersion": 1, "scene": ↓"Home", "useCases": {}}"#),
    .init("as binding a root", "E214", steps(#"{"type": "fetch", "provider": "items", "as": ↓"state"}"#)),
    .init("back route with a destination", "E214", steps(#"{"type": "route", "mode": "back", ↓"to": "Detail"}"#)),

    // E3xx: references
    .init("unknown entry scene", "E301", "app.json", app("", entry: #"↓"Mian""#)),
    .init("route to an unknown scene", "E301", steps(#"{"type": "route", "to": ↓"Detial", "mode": "push"}"#)),
    .init("unknown onAppear use case", "E302", main(#""useCases": {"load": {"interactor": []}}, "onAppear": [↓"lod"]"#)),
    .init("unknown button action", "E302", view(#"{"type": "button", "title": "Go", "action": ↓"lod"}"#)),
    .init("call of an unknown use case", "E302", steps(#"{"type": "call", "useCase": ↓"refresh"}"#)),
    .init("unknown onResult use case", "E302", main(#""useCases": {}, "onResult": ↓"paid""#)),
    .init(
        "unknown route argument", "E303", steps(#"{"type": "route", "to": "Detail", "mode": "push", "args": {"id": "a", ↓"ident": "b"}}"#)),
    .init("missing route argument", "E303", steps(#"{"type": "route", "to": ↓"Detail", "mode": "push"}"#)),
    .init(
        "route argument of the wrong type", "E303",
        steps(#"{"type": "route", "to": "Detail", "mode": "push", "args": {↓"id": "@{request.row}"}}"#)),
    .init("unknown provider", "E304", steps(#"{"type": "fetch", "provider": ↓"itemz", "as": "all"}"#)),
    .init("unknown worker", "E305", steps(#"{"type": "work", "worker": ↓"srot", "input": "@{state.items}", "args": {}, "as": "s"}"#)),
    .init("unknown model", "E306", main(#""state": {"items": {"type": "[↓Itme]", "default": []}}, "useCases": {}"#)),
    .init("unknown model in app", "E306", "app.json", app(#", "shared": {"cart": {"type": "↓CartLine?"}}"#)),
    .init("file path climbing out", "E308", "app.json", app("", providers: #", "secrets": {"type": "file", "path": ↓"../secrets.json"}"#)),
    .init("absolute file path", "E308", "app.json", app("", providers: #", "passwd": {"type": "file", "path": ↓"/etc/passwd"}"#)),
    .init("missing data file", "E310", "app.json", app("", providers: #", "more": {"type": "file", "path": ↓"data/more.json"}"#)),
    .init("store into a read-only provider", "E311", steps(#"{"type": "store", "provider": ↓"items", "value": []}"#)),
    .init("set of an undeclared state field", "E312", steps(#"{"type": "set", "path": "state.↓itmes", "value": []}"#)),
    .init("set of an undeclared shared field", "E312", steps(#"{"type": "set", "path": "shared.↓user", "value": "a"}"#)),
    .init("string missing from the app's own locale", "E313", view(#"{"type": "text", "text": "@{t(↓'goodby')}"}"#)),

    // E4xx: expressions
    .init("operator without operand", "E401", steps(#"{"type": "fail", "message": "@{count(state.items) >↓}"}"#)),
    .init("single equals", "E401", steps(#"{"type": "fail", "message": "x", "if": "@{request.row ↓= 1}"}"#)),
    .init("unterminated string literal", "E401", steps(#"{"type": "fail", "message": "@{↓'abc}"}"#)),
    .init("root not available", "E402", steps(#"{"type": "fail", "message": "@{↓vm.title}"}"#)),
    .init("unknown function", "E403", steps(#"{"type": "fail", "message": "@{↓cont(state.items)}"}"#)),
    .init("unknown function after a pipe", "E403", steps(#"{"type": "fail", "message": "@{request.row | ↓curency}"}"#)),
    .init("wrong argument count", "E404", steps(#"{"type": "fail", "message": "@{↓count(state.items, 2)}"}"#)),
    .init("unknown name", "E405", steps(#"{"type": "fail", "message": "@{↓itmes}"}"#)),
    .init("it outside per-item arguments", "E405", steps(#"{"type": "fail", "message": "@{↓it.name}"}"#)),
    .init("undeclared request field", "E406", steps(#"{"type": "fail", "message": "@{request.↓query}"}"#)),
    .init("view model field nobody produces", "E407", view(#"{"type": "text", "text": "@{vm.↓titel}"}"#)),
    .init("unclosed expression", "E408", steps(#"{"type": "fail", "message": "total ↓@{count(state.items)"}"#)),
    .init("unknown state field", "E409", steps(#"{"type": "fail", "message": "@{state.↓itemz}"}"#)),
    .init("unknown env field", "E409", steps(#"{"type": "fail", "message": "@{env.↓apiBse}"}"#)),
    .init("unknown field of a model", "E409", steps(#"{"type": "fail", "message": "@{first(state.items).↓nmae}"}"#)),
    .init(
        "unknown field of it", "E409",
        steps(#"{"type": "work", "worker": "filter", "input": "@{state.items}", "args": {"where": "@{it.↓prce > 1}"}, "as": "f"}"#)),
    .init(
        "unknown field in a presenter's each", "E409",
        main(
            #""useCases": {"load": {"interactor": [{"type": "fetch", "provider": "items", "as": "all"}], "response": {"items": "@{all}"}, "presenter": {"rows": {"each": "@{response.items}", "as": "i", "value": "@{i.↓nme}"}}}}, "view": [{"type": "list", "items": "@{vm.rows}"}]"#
        )),
    .init("expression error after an escape", "E403", steps(#"{"type": "fail", "message": "\"quoted\" \u00e9 @{↓upr('x')}"}"#)),

    // Warnings
    .init("unreachable scene", "W001", "scenes/Orphan.json", #"{"formatVersion": 1, "scene": ↓"Orphan", "useCases": {}}"#),
    .init("unused state field", "W002", main(#""state": {↓"draft": {"type": "string", "default": ""}}, "useCases": {}"#)),
    .init("translation missing from another locale", "W003", view(#"{"type": "text", "text": "@{t(↓'bye')}"}"#))
]

// checks: docs/manifest.md#diagnostics
@Suite struct BrokenManifestTests {
    @Test func theBaseAppIsClean() throws {
        let folder = scratchFolder.appendingPathComponent("scenery-base-\(UUID().uuidString)")
        for (path, content) in BrokenManifest.baseFiles {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Validator.validate(path: folder.path)
        #expect(report.diagnostics.map(\.description) == [])
    }

    @Test func thereAreEnoughFixturesInEveryFamily() {
        #expect(brokenManifests.count >= 60)
        for family in ["E1", "E2", "E3", "E4", "W"] {
            #expect(brokenManifests.contains { $0.code.hasPrefix(family) }, "no fixture for \(family)xx")
        }
    }

    @Test(arguments: [#"{"formatVersion": 1, "scene": "Detail" "useCases": {}}"#, "[]", ""])
    func aSceneThatCannotBeReadIsReportedOnceAndReferencesToItAreNotFindings(_ detail: String) throws {
        let folder = scratchFolder.appendingPathComponent("scenery-cascade-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = BrokenManifest.baseFiles
        files["scenes/Detail.json"] = detail
        for (path, content) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        let report = Validator.validate(path: folder.path)
        // Main routes to Detail: no 'unknown scene', no did-you-mean, no unreachable scenes.
        #expect(report.diagnostics.allSatisfy { $0.file.hasSuffix("scenes/Detail.json") }, "\(report.diagnostics.map(\.description))")
        #expect(report.diagnostics.count == 1)
    }

    @Test(arguments: brokenManifests)
    func givesItsDiagnosticAtItsPosition(_ fixture: BrokenManifest) throws {
        let (folder, line, column) = try fixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Validator.validate(path: folder.path)
        let file = folder.appendingPathComponent(fixture.file).path
        let found = report.diagnostics.filter { $0.code.rawValue == fixture.code && $0.file == file }
        #expect(
            found.contains { $0.line == line && $0.column == column },
            "expected \(fixture.code) at \(line):\(column); got:\n\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        // Errors are errors and warnings are warnings; an error makes the report fail.
        #expect(found.allSatisfy { $0.severity == (fixture.code.hasPrefix("W") ? .warning : .error) })
    }
}
