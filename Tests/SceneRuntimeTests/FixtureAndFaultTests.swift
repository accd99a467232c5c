import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

@MainActor
@Suite struct FixtureAndFaultTests {
    static let files: [String: String] = [
        "app.json": appJSON(#""providers": {"items": {"type": "file", "path": "data/items.json"}}"#),
        "data/items.json": #"["from file"]"#,
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main",
         "useCases": {"load": {"interactor": [{"type": "fetch", "provider": "items", "as": "all"}], "response": {"all": "@{all}"}, "presenter": {"items": "@{response.all}"}}},
         "view": [{"type": "list", "items": "@{vm.items}", "empty": "none"}, {"type": "error"}], "onAppear": ["load"]}
        """#
    ]

    @Test func aFileProviderReadsInsideTheApp() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        #expect(test.lines() == ["1. from file"])
    }

    @Test func aFixtureReplacesTheProvidersData() async throws {
        let fixture = scratchFolder.appendingPathComponent("fixture-\(UUID().uuidString).json")
        try Data(#"["from fixture"]"#.utf8).write(to: fixture)
        var options = RuntimeOptions()
        options.fixtures["items"] = fixture
        let test = try TestApp(Self.files, options: options)
        try await test.start()
        #expect(test.lines() == ["1. from fixture"])
    }

    @Test func anInjectedFailureShowsInTheBanner() async throws {
        var options = RuntimeOptions()
        options.faults["items"] = .fail
        let test = try TestApp(Self.files, options: options)
        try await test.start()
        #expect(test.lines(width: 60) == ["none", "! items: failed (fault injected with --fault)"])
    }

    @Test func aBrokenDataFileIsAPositionedError() async throws {
        var files = Self.files
        files["data/items.json"] = "[\n  \"a\",\n  oops\n]"
        let test = try TestApp(files)
        try await test.start()
        #expect(test.top?.errors == ["items: 'data/items.json' is not valid JSON: 3:3: unexpected character 'o'; expected a value"])
    }
}
