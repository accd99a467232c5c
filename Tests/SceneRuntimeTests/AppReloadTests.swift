import Foundation
import SceneManifest
import Testing
import VIP

@testable import SceneRuntime

/// `RuntimeApp.takeOver(from:)`: the app `scenery run --watch` builds after a change takes
/// the running one's stack, state and shared values where they still fit.
@MainActor
@Suite struct AppReloadTests {
    static let app = appJSON(entry: "List", #""shared": {"user": {"type": "string?"}, "visits": {"type": "int", "default": 0}}"#)
    static func list(text: String = "shown=@{state.shown} note=@{state.note}", noteType: String = "string") -> String {
        #"""
        {"formatVersion": 1, "scene": "List", "state": {"shown": {"type": "int", "default": 0}, "note": {"type": "\#(noteType)?"}},
         "useCases": {
           "appear": {"interactor": [{"type": "set", "path": "state.shown", "value": "@{state.shown + 1}"}]},
           "write": {"request": {"text": "string"}, "interactor": [{"type": "set", "path": "state.note", "value": "@{request.text}"},
                                                                  {"type": "set", "path": "shared.user", "value": "@{request.text}"}]},
           "open": {"request": {"id": "string"}, "interactor": [{"type": "route", "to": "Detail", "mode": "push", "args": {"id": "@{request.id}"}}]}},
         "view": [{"type": "text", "text": "\#(text)"}],
         "onAppear": ["appear"]}
        """#
    }
    static func detail(header: String = "Item @{args.id}") -> String {
        #"""
        {"formatVersion": 1, "scene": "Detail", "args": {"id": "string"}, "state": {"seen": {"type": "int", "default": 0}},
         "useCases": {"look": {"interactor": [{"type": "set", "path": "state.seen", "value": "@{state.seen + 1}"}]}},
         "view": [{"type": "header", "text": "\#(header)"}, {"type": "text", "text": "seen @{state.seen}"}],
         "onAppear": ["look"]}
        """#
    }

    /// The app as it was before the change, with List > Detail on the stack.
    func running() async throws -> TestApp {
        let test = try TestApp(["app.json": Self.app, "scenes/List.json": Self.list(), "scenes/Detail.json": Self.detail()])
        try await test.start()
        try await test.send("write", ["text": .string("hello")])
        try await test.send("open", ["id": .string("7")])
        #expect(test.lines() == ["== Item 7 ==", "seen 1"])
        return test
    }

    /// The changed app, loaded from `files` and taking over from `previous`.
    func reload(_ previous: TestApp, _ files: [String: String]) async throws -> (TestApp, [String]) {
        let next = try TestApp(files)
        let notes = try next.app.takeOver(from: previous.app)
        await next.settle()
        return (next, notes)
    }

    @Test func theStackAndItsStateAreKeptAndOnlyTheTopAppearsAgain() async throws {
        let before = try await running()
        let (after, notes) = try await reload(
            before,
            [
                "app.json": Self.app, "scenes/List.json": Self.list(text: "now shown=@{state.shown} note=@{state.note}"),
                "scenes/Detail.json": Self.detail(header: "Product @{args.id}")
            ])
        #expect(notes.isEmpty)
        #expect(after.app.navigator.names == ["List", "Detail"])
        // The top's onAppear ran again (seen 1 → 2); the args came along.
        #expect(after.lines() == ["== Product 7 ==", "seen 2"])
        #expect(after.app.sharedRecord["user"] == .string("hello"))
        // List did not appear again until it is the top: shown is still 1, then 2.
        try after.app.back()
        await after.settle()
        #expect(after.lines() == ["now shown=2 note=hello"])
        // The previous app's scenes left.
        #expect(before.app.navigator.stack.isEmpty)
    }

    @Test func fieldsThatNoLongerFitStartFromTheirDefaultsAndSaySo() async throws {
        let before = try await running()
        let app = appJSON(entry: "List", #""shared": {"user": {"type": "int?"}}"#)
        let list = Self.list(noteType: "int").replacingOccurrences(of: "@{request.text}", with: "@{int(request.text)}")
        let (after, notes) = try await reload(before, ["app.json": app, "scenes/List.json": list, "scenes/Detail.json": Self.detail()])
        #expect(
            notes == [
                "shared.user starts again from its default: it is text, not int",
                "shared.visits no longer exists",
                "List: state.note starts again from its default: it is text, not int"
            ])
        #expect(after.app.sharedRecord["user"] == .null)
        try after.app.back()
        await after.settle()
        #expect(after.lines() == ["shown=2 note="])
    }

    @Test func aSceneThatIsGoneEndsTheStackBelowIt() async throws {
        let before = try await running()
        let list = Self.list().replacingOccurrences(
            of: #"{"type": "route", "to": "Detail", "mode": "push", "args": {"id": "@{request.id}"}}"#,
            with: #"{"type": "set", "path": "state.note", "value": "@{request.id}"}"#)
        let (after, notes) = try await reload(before, ["app.json": Self.app, "scenes/List.json": list])
        #expect(notes == ["scene 'Detail' no longer exists; the stack now ends below it"])
        #expect(after.app.navigator.names == ["List"])
        // List is the top now, so its onAppear ran again.
        #expect(after.lines() == ["shown=2 note=hello"])
    }

    @Test func whenTheRootIsGoneTheAppStartsAtItsEntry() async throws {
        let before = try await running()
        let app = appJSON(entry: "Detail")
        let detail = Self.detail().replacingOccurrences(of: #""args": {"id": "string"}, "#, with: "")
            .replacingOccurrences(of: "Item @{args.id}", with: "Home")
        let (after, notes) = try await reload(before, ["app.json": app, "scenes/Detail.json": detail])
        #expect(notes.first == "shared.user no longer exists")
        #expect(notes.last == "scene 'List' no longer exists; the stack now ends below it")
        #expect(after.app.navigator.names == ["Detail"])
        #expect(after.lines() == ["== Home ==", "seen 1"])
    }
}
