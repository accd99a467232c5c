import Foundation
import SceneManifest
import Testing

@testable import SceneryCLI

/// `scenery new scene --from` end to end: the scene wired in validates strictly, runs to
/// the scene and back, and the app's transcripts pass; refusals write nothing.
// checks: docs/cli.md#scenery-new
// checks: docs/cli.md#wiring-a-scene-in
@MainActor
@Suite struct NewSceneWiringTests {
    func scenery(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        await runScenery(arguments, packageFolder: nil)
    }

    /// A new app `Todo` in a folder of its own.
    func newApp() async throws -> URL {
        let folder = scratchFolder.appendingPathComponent("scenery-wire-\(UUID().uuidString)/Todo")
        let created = await scenery(["new", "app", folder.path])
        try #require(created.code == 0, "\(created.error)")
        return folder
    }

    func text(_ url: URL, _ path: String) throws -> String { try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) }

    @Test func aSceneFromAnotherValidatesStrictlyRunsAndKeepsTheTestsPassing() async throws {
        let app = try await newApp()
        let result = await scenery(["new", "scene", "Details", "--in", app.path, "--from", "Home"])
        #expect(result.code == 0, "\(result.error)")
        #expect(
            result.out == """
                created \(app.path)/scenes/Details.json
                updated \(app.path)/scenes/Home.json
                updated \(app.path)/tests/home.transcript

                """)
        let home = try text(app, "scenes/Home.json")
        #expect(home.contains(#"    "details": { "interactor": [ { "type": "route", "to": "Details", "mode": "push" } ] }"#))
        #expect(home.contains(#"    { "type": "button", "title": "Details", "action": "details" },"# + "\n" + #"    { "type": "error" }"#))
        let validated = await scenery(["validate", app.path, "--strict"])
        #expect(validated.code == 0, "\(validated.error)")
        let tested = await scenery(["test", app.path])
        #expect(tested.code == 0, "\(tested.error)")
        #expect(try text(app, "tests/home.transcript").contains("Showing everything\n[ Details ]\n> load lamp\n"))
        let script = app.deletingLastPathComponent().appendingPathComponent("script")
        try Data("details\nback\n".utf8).write(to: script)
        let ran = await scenery([
            "run", app.path, "--script", script.path, "--state-dir", app.deletingLastPathComponent().appendingPathComponent("state").path
        ])
        #expect(ran.code == 0, "\(ran.error)")
        #expect(
            ran.out.hasSuffix(
                """
                [ Details ]
                > details
                == Details ==
                Search: []
                Showing everything
                > back
                == Home ==
                Search: []
                Showing everything
                [ Details ]

                """))
    }

    @Test func theButtonTitleIsTheTeamsToChoose() async throws {
        let app = try await newApp()
        let result = await scenery(["new", "scene", "Details", "--in", app.path, "--from", "Home", "--button", "More about it"])
        #expect(result.code == 0, "\(result.error)")
        #expect(try text(app, "scenes/Home.json").contains(#"{ "type": "button", "title": "More about it", "action": "details" }"#))
        #expect(await scenery(["validate", app.path, "--strict"]).code == 0)
    }

    /// A transcript that failed before the button came is not recorded again: its failure
    /// is its own.
    @Test func aFailingTranscriptIsLeftAsItWas() async throws {
        let app = try await newApp()
        let broken = "# args: --width 60\n== Home ==\nSomething else\n"
        try Data(broken.utf8).write(to: app.appendingPathComponent("tests/broken.transcript"))
        let result = await scenery(["new", "scene", "Details", "--in", app.path, "--from", "Home"])
        #expect(result.code == 0, "\(result.error)")
        #expect(result.out.contains("updated \(app.path)/tests/home.transcript\n"))
        #expect(try text(app, "tests/broken.transcript") == broken)
    }

    @Test func withoutFromANoteSaysHowToWireIt() async throws {
        let app = try await newApp()
        let result = await scenery(["new", "scene", "Details", "--in", app.path])
        #expect(result.code == 0, "\(result.error)")
        #expect(
            result.out == """
                created \(app.path)/scenes/Details.json
                note: nothing routes to 'Details' yet, so 'scenery validate --strict \(app.path)' fails (W001); \
                'scenery new scene Details --in \(app.path) --from Home' writes it wired in, with a route and a button in Home

                """)
    }

    /// Each refusal: exit code 1, what is wrong, and nothing written.
    @Test func refusalsWriteNothing() async throws {
        let app = try await newApp()
        let home = try text(app, "scenes/Home.json")
        func refused(_ arguments: [String], _ error: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let result = await scenery(["new", "scene"] + arguments)
            #expect(result.code == 1, sourceLocation: sourceLocation)
            #expect(result.error == error, sourceLocation: sourceLocation)
            #expect(result.out == "", sourceLocation: sourceLocation)
            #expect(try text(app, "scenes/Home.json") == home, sourceLocation: sourceLocation)
            #expect(
                !FileManager.default.fileExists(atPath: app.appendingPathComponent("scenes/\(arguments[0]).json").path),
                sourceLocation: sourceLocation)
        }
        try await refused(
            ["Details", "--in", app.path, "--from", "Hom"],
            "error: '\(app.path)' has no scene 'Hom' to route from; nothing was written\n  hint: did you mean 'Home'?\n")
        try await refused(
            ["Details", "--in", app.path, "--from", "Basket"],
            "error: '\(app.path)' has no scene 'Basket' to route from; nothing was written\n  hint: its scenes are 'Home'\n")
        try await refused(
            ["Load", "--in", app.path, "--from", "Home"],
            """
            error: 'Home' already has a use case 'load'; nothing was written
              hint: '--from' adds one named after the new scene: rename that one, or name the scene another way

            """)
        try Data(#"{"formatVersion": 1, "scene": "Launch", "onAppear": []}"#.utf8).write(
            to: app.appendingPathComponent("scenes/Launch.json"))
        try await refused(
            ["Details", "--in", app.path, "--from", "Launch"],
            """
            error: 'Launch' has no view (it is a controller), so no button can route to 'Details'; nothing was written
              hint: give '--from' a scene with a view

            """)
        try Data("{\n  \"scene\": \"Broken\",\n  \"view\": [,]\n}\n".utf8).write(to: app.appendingPathComponent("scenes/Broken.json"))
        try await refused(
            ["Details", "--in", app.path, "--from", "Broken"],
            """
            \(app.path)/scenes/Broken.json:3:12: error[E101]: unexpected character ','; expected a value
            error: 'Broken' must parse before it can route to 'Details'; nothing was written

            """)
    }

    @Test(arguments: [
        (
            ["new", "scene", "Details", "--from", "Home"],
            "error: option '--from' names a scene of an app, so it needs '--in APP'\n  hint: as in 'scenery new scene Details --in Todo --from Home'\n"
        ),
        (
            ["new", "scene", "Details", "--in", "Todo", "--button", "More"],
            "error: option '--button' titles the button '--from' adds, so it needs '--from'\n"
                + "  hint: as in 'scenery new scene Details --in Todo --from Home --button \"More\"'\n"
        ),
        (
            ["new", "app", "Todo", "--from", "Home"],
            "error: option '--from' is for 'new scene' and 'new template'\n  hint: as in 'scenery new scene Details --in Todo --from Home'\n"
        )
    ])
    func misusedOptionsAreUsageErrors(arguments: [String], message: String) async {
        let result = await scenery(arguments)
        #expect(result.code == 2)
        #expect(result.error == message)
    }
}
