import SceneManifest
import SceneRuntime
import Testing

/// A scene's view registered in Swift draws its frames in place of the manifest's view,
/// each component as the manifest's view would show it, over the same state and view model;
/// what each word does is still the manifest's.
// checks: docs/eject.md#the-view
// checks: docs/cli.md#a-scene-in-swift
@MainActor
@Suite struct SwiftViewTests {
    static let files = [
        "app.json": appJSON(""),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main", "state": {"count": {"type": "int", "default": 0}},
         "useCases": {
           "add": {"interactor": [{"type": "set", "path": "state.count", "value": "@{state.count + 1}"}],
                   "response": {"count": "@{state.count}"}, "presenter": {"total": "@{response.count}"}}},
         "view": [{"type": "text", "text": "Count @{state.count}"},
                  {"type": "button", "title": "Add", "action": "add", "enabled": "@{state.count < 2}"},
                  {"type": "error"}]}
        """#
    ]

    struct Broken: Error, CustomStringConvertible {
        var description: String { "the total cannot be shown" }
    }

    func app() throws -> TestApp {
        let registry = SceneRegistry()
        registry.register(view: "Main") { scene, view in
            view.header { "Counter" }
            view.text { "Count \(try scene.value("state.count", as: Int.self))" }
            if view.holds({ try scene.value("vm.total", as: Int?.self) != nil }) {
                view.text { "Total \(try scene.value("vm.total", as: Int.self))" }
            }
            view.errors()
            view.button(
                title: { throw Broken() }, action: "add", enabled: { try scene.value("state.count", as: Int.self) < 2 })
            view.loading()
        }
        return try TestApp(Self.files, registry: registry)
    }

    @Test func theSwiftViewDrawsTheFrameOverStateAndViewModel() async throws {
        let test = try app()
        try await test.start()
        // A view-model field no presenter gave yet is null; a title that fails shows the
        // word, and its failure shows in the banner where `errors()` put it.
        let first = test.lines()
        #expect(first.prefix(2) == ["== Counter ==", "Count 0"], "\(first)")
        #expect(first.contains { $0.hasPrefix("! ") && $0.contains("the total cannot be shown") }, "\(first)")
        #expect(first.last == "[ add ]", "\(first)")
        try await test.send("add")
        #expect(test.lines().prefix(3) == ["== Counter ==", "Count 1", "Total 1"])
        try await test.send("add")
        #expect(test.lines().last == "[ add ] (disabled)")
    }

    /// The word's meaning stays the manifest's: its button is disabled there at 2 too, so
    /// typing it is refused, whatever the Swift view draws.
    @Test func whatAWordDoesIsTheManifests() async throws {
        let test = try app()
        try await test.start()
        try await test.send("add")
        try await test.send("add")
        let outcome = ActionDispatch(app: test.app).perform("add", request: .record(Record()))
        guard case .refused = outcome else {
            Issue.record("'add' ran with its button disabled: \(outcome)")
            return
        }
    }
}
