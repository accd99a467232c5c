import Foundation
import Testing

@testable import SceneryCLI

/// What explore types beyond the declared types: values made from the patterns `validate`
/// rules check with `matches()`, and, for a typed use case's text, the keys of records the
/// app holds when it starts.
@MainActor
@Suite struct ExploreHintsTests {
    let apps = ExploreCommandTests()
    /// Something shown to do, so the scene is no dead end: the use cases are only typed.
    static let note = #"{"type": "input", "label": "Note", "bind": "state.note", "word": "note"}"#

    /// Explores `app` with `options` and returns the output and the transcripts written.
    func explore(_ app: URL, _ options: [String] = []) async throws -> (out: String, found: [String: String]) {
        let (result, output) = await apps.explore(app, options)
        return (result.out + result.error, try apps.transcripts(output))
    }

    // checks: docs/explore.md#explore-an-app
    @Test func aTypedArgumentAValidateRuleMatchesIsMadeFromItsPattern() async throws {
        let app = try apps.app(
            "Codes", entry: "Apply",
            [
                "Apply": """
                {"formatVersion": 1, "scene": "Apply",
                 "state": {"uses": {"type": "int", "default": 0}, "share": {"type": "decimal", "default": 0},
                           "note": {"type": "string", "default": ""}},
                 "useCases": {"apply": {"request": {"code": "string"}, "interactor": [
                   {"type": "validate", "rules": [{"check": "@{matches(trim(request.code), '^[A-Z]{2}[0-9]{3}$')}", "message": "Not a code"}]},
                   {"type": "set", "path": "state.share", "value": "@{100 / state.uses}"}]}},
                 "view": [{"type": "text", "text": "Share: @{state.share}"}, \(Self.note), {"type": "error"}]}
                """
            ])
        let (out, found) = try await explore(app)
        #expect(Array(found.keys) == ["no-runtime-error-1.transcript"], "\(out)")
        let transcript = try #require(found["no-runtime-error-1.transcript"])
        // The code that got through: two capitals and three digits, as the pattern says.
        let typed = transcript.split(separator: "\n").first { $0.hasPrefix("> apply ") }.map { String($0.dropFirst(8)) }
        #expect(typed?.wholeMatch(of: /[A-Z]{2}[0-9]{3}/) != nil, "\(transcript)")
    }

    // checks: docs/explore.md#explore-an-app
    @Test func aTypedTextArgumentIsSometimesTheKeyOfARecordThatExists() async throws {
        let app = try apps.app(
            "Shelf", entry: "Home",
            [
                "Home": """
                {"formatVersion": 1, "scene": "Home",
                 "state": {"r": {"type": "string", "default": ""}, "note": {"type": "string", "default": ""}},
                 "useCases": {"take": {"request": {"id": "string"}, "interactor": [
                   {"type": "fetch", "provider": "items", "as": "item", "args": {"key": "@{request.id}"}},
                   {"type": "set", "path": "state.r", "value": "@{string(1 / item.qty)}", "if": "@{item}"}]}},
                 "view": [{"type": "text", "text": "R: @{state.r}"}, \(Self.note), {"type": "error"}]}
                """
            ])
        try Data(
            #"""
            {"formatVersion": 1, "name": "Shelf", "entry": "Home",
             "models": {"Item": {"id": "string", "qty": "int"}},
             "providers": {"items": {"type": "collection", "model": "Item", "key": "id"}}}
            """#.utf8
        ).write(to: app.appendingPathComponent("app.json"))
        let fixture = app.deletingLastPathComponent().appendingPathComponent("items.json")
        try Data(#"[{"id": "k7", "qty": 0}]"#.utf8).write(to: fixture)
        let (out, found) = try await explore(app, ["--fixture", "items=\(fixture.path)"])
        #expect(Array(found.keys) == ["no-runtime-error-1.transcript"], "\(out)")
        #expect(found["no-runtime-error-1.transcript"]?.contains("\n> take k7\n") == true, "\(found)")
    }

    /// A value that would read as a name and `=` is typed by name, so it reaches its field.
    // checks: docs/explore.md#explore-an-app
    @Test func aValueHoldingAnEqualsSignIsTypedByName() {
        #expect(ExploreValues.argument("abc=12", for: "c") == "c=abc=12")
        #expect(ExploreValues.argument("dGVzdA==", for: "id") == "id=dGVzdA==")
        #expect(ExploreValues.argument("=12", for: "c") == "=12")
        #expect(ExploreValues.argument("a b=1", for: "c") == "a b=1")
        #expect(ExploreValues.input("kv", "abc=12") == "kv kv=abc=12")
    }
}
