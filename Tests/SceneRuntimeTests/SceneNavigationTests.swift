import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

// checks: docs/manifest.md#routes
// checks: docs/manifest.md#a-scene
@MainActor
@Suite struct SceneNavigationTests {
    static let files: [String: String] = [
        "app.json": appJSON(entry: "Launch", #""shared": {"picked": {"type": "string?"}}"#),
        "scenes/Launch.json": #"""
        {"formatVersion": 1, "scene": "Launch",
         "useCases": {"go": {"interactor": [{"type": "route", "to": "List", "mode": "replace"}]}}, "onAppear": ["go"]}
        """#,
        "scenes/List.json": #"""
        {"formatVersion": 1, "scene": "List", "state": {"got": {"type": "string?"}, "shown": {"type": "int", "default": 0}},
         "useCases": {
           "appear": {"interactor": [{"type": "set", "path": "state.shown", "value": "@{state.shown + 1}"}]},
           "open": {"request": {"id": "string"}, "interactor": [{"type": "route", "to": "Detail", "mode": "push", "args": {"id": "@{request.id}"}}]},
           "ask": {"interactor": [{"type": "route", "to": "Picker", "mode": "present"}]},
           "picked": {"request": {"choice": "string"}, "interactor": [{"type": "set", "path": "state.got", "value": "@{result.choice}"}]}},
         "view": [{"type": "text", "text": "got=@{state.got} shown=@{state.shown}"}],
         "onAppear": ["appear"], "onResult": "picked"}
        """#,
        "scenes/Detail.json": #"""
        {"formatVersion": 1, "scene": "Detail", "args": {"id": "string"},
         "useCases": {"home": {"interactor": [{"type": "route", "mode": "root"}]}},
         "view": [{"type": "header", "text": "Item @{args.id}"}]}
        """#,
        "scenes/Picker.json": #"""
        {"formatVersion": 1, "scene": "Picker",
         "useCases": {
           "more": {"interactor": [{"type": "route", "to": "Detail", "mode": "push", "args": {"id": "deep"}}]},
           "choose": {"request": {"value": "string"}, "interactor": [{"type": "route", "mode": "dismiss", "result": {"choice": "@{request.value}"}}]}},
         "view": [{"type": "text", "text": "pick one"}]}
        """#
    ]

    @Test func aControllerSceneReplacesItselfAndArgsAreInjected() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        #expect(test.app.navigator.names == ["List"])
        try await test.send("open", ["id": .string("p7")])
        #expect(test.app.navigator.names == ["List", "Detail"])
        #expect(test.lines() == ["== Item p7 =="])
        try test.app.navigator.back()
        await test.settle()
        #expect(test.lines() == ["got= shown=2"])
    }

    @Test func aPresentedSceneDismissesWithAResultToTheParentsOnResult() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        try await test.send("ask")
        try await test.send("more")
        #expect(test.app.navigator.names == ["List", "Picker", "Detail"])
        try test.app.navigator.back()
        await test.settle()
        try await test.send("choose", ["value": .string("blue")])
        #expect(test.app.navigator.names == ["List"])
        #expect(test.lines() == ["got=blue shown=2"])
    }

    @Test func rootPopsToTheFirstScene() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        try await test.send("open", ["id": .string("a")])
        try await test.send("home")
        #expect(test.app.navigator.names == ["List"])
    }

    @Test func aRouteToASceneWithoutItsArgsIsAnErrorAndTheUserStays() async throws {
        var files = Self.files
        files["scenes/Detail.json"] =
            #"{"formatVersion": 1, "scene": "Detail", "args": {"id": "string"}, "view": [{"type": "text", "text": "@{args.id}"}]}"#
        let test = try TestApp(files)
        try await test.start()
        let list = try #require(test.top)
        try list.perform("open", request: .record(Record(["id": .null])))
        await test.settle()
        #expect(test.app.navigator.names == ["List"])
        #expect(list.errors == ["List.open, step 1 (route): scene 'Detail' needs argument 'id' (string) (E510) at scenes/List.json:4:57"])
    }

    @Test func leavingASceneCancelsItsWorkAndReleasesIt() async throws {
        let test = try TestApp(
            [
                "app.json": appJSON(#""providers": {"slow": {"type": "inline", "value": 1}}"#),
                "scenes/Main.json":
                    #"{"formatVersion": 1, "scene": "Main", "useCases": {"open": {"interactor": [{"type": "route", "to": "Slow", "mode": "push"}]}}, "view": [{"type": "text", "text": "main"}]}"#,
                "scenes/Slow.json":
                    #"{"formatVersion": 1, "scene": "Slow", "state": {"v": {"type": "int?"}}, "useCases": {"load": {"interactor": [{"type": "fetch", "provider": "slow", "as": "v"}, {"type": "set", "path": "state.v", "value": "@{v}"}]}}, "view": [{"type": "text", "text": "@{state.v}"}], "onAppear": ["load"]}"#
            ],
            options: {
                var options = RuntimeOptions()
                options.faults["slow"] = .delay(milliseconds: 60_000)
                return options
            }())
        try await test.start()
        weak var slow: JSONScene?
        try test.top?.perform("open", request: .record(Record()))
        for _ in 0..<50 where test.app.navigator.names.count < 2 { await Task.yield() }
        slow = test.top
        #expect(slow?.screenName == "Slow")
        #expect(slow?.isBusy == true)
        try test.app.navigator.back()
        #expect(slow == nil)
        #expect(test.app.navigator.names == ["Main"])
    }

    /// An app that is let go releases every scene on its stack: the routers that build the
    /// next scene hold the navigator weakly, so nothing of a finished run stays in memory.
    @Test func aClosedAppReleasesEveryScene() async throws {
        weak var first: JSONScene?
        weak var pushed: JSONScene?
        weak var runtime: RuntimeApp?
        do {
            let test = try TestApp([
                "app.json": appJSON(""),
                "scenes/Main.json":
                    #"{"formatVersion": 1, "scene": "Main", "useCases": {"open": {"interactor": [{"type": "route", "to": "Next", "mode": "push"}]}}, "view": [{"type": "text", "text": "main"}]}"#,
                "scenes/Next.json": #"{"formatVersion": 1, "scene": "Next", "view": [{"type": "text", "text": "next"}]}"#
            ])
            try await test.start()
            first = test.top
            try await test.send("open")
            pushed = test.top
            runtime = test.app
            #expect(test.app.navigator.names == ["Main", "Next"])
        }
        #expect(runtime == nil)
        #expect(first == nil)
        #expect(pushed == nil)
    }
}
