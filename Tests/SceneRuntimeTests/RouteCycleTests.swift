import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

/// Scenes that route to each other on appear would spin forever; the runtime stops the chain
/// with E511 naming the cycle, and the session goes on.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RouteCycleTests {
    static func scene(_ name: String, routesTo target: String, mode: String, extra: String = "") -> String {
        #"""
        {"formatVersion": 1, "scene": "\#(name)",
         "useCases": {"go": {"interactor": [{"type": "route", "to": "\#(target)", "mode": "\#(mode)"}]}\#(extra)},
         "view": [{"type": "header", "text": "\#(name)"}, {"type": "error"}],
         "onAppear": ["go"]}
        """#
    }

    @Test func twoScenesReplacingEachOtherOnAppearStopWithTheCycleNamed() async throws {
        let test = try TestApp([
            "app.json": appJSON(entry: "Ping"),
            "scenes/Ping.json": Self.scene("Ping", routesTo: "Pong", mode: "replace"),
            "scenes/Pong.json": Self.scene("Pong", routesTo: "Ping", mode: "replace")
        ])
        try await test.start()
        let failure = try #require(test.top?.failures.last)
        #expect(failure.code == .routeCycle)
        #expect(failure.message.hasPrefix("routes went round Ping → Pong → Ping with no user input (32 in a row)"))
        #expect(failure.stepType == "route")
        #expect(test.app.navigator.names.count == 1)
        // Stopped, the cycle stays stopped until the user acts.
        await test.settle()
        #expect(test.top?.failures.count == 1)
    }

    @Test(arguments: ["replace", "root", "push"])
    func aSceneRoutingToItselfOnAppearStops(mode: String) async throws {
        let test = try TestApp([
            "app.json": appJSON(entry: "Loop"),
            "scenes/Loop.json": Self.scene("Loop", routesTo: "Loop", mode: mode)
        ])
        try await test.start()
        let failure = try #require(test.top?.failures.last)
        #expect(failure.code == .routeCycle)
        #expect(failure.message.contains("Loop → Loop"))
        #expect(failure.position?.appPath == "scenes/Loop.json")
    }

    /// A push cycle started by an action unwinds to where the user was, and `back` there
    /// does not start it again.
    @Test func aPushCycleUnwindsToWhereTheUserActed() async throws {
        let test = try TestApp([
            "app.json": appJSON(entry: "Home"),
            "scenes/Home.json": #"""
            {"formatVersion": 1, "scene": "Home",
             "useCases": {"loop": {"interactor": [{"type": "route", "to": "Loop", "mode": "push"}]}},
             "view": [{"type": "header", "text": "Home"}, {"type": "error"}]}
            """#,
            "scenes/Loop.json": Self.scene("Loop", routesTo: "Loop", mode: "push")
        ])
        try await test.start()
        try await test.send("loop")
        #expect(test.app.navigator.names == ["Home"])
        let failure = try #require(test.top?.failures.last)
        #expect(failure.code == .routeCycle)
        #expect(failure.message.contains("Loop → Loop"))
        #expect(test.lines(width: 200).first == "== Home ==")
    }

    @Test func userInputStartsANewChainSoLongFlowsStillRun() async throws {
        // Each tap routes once; forty taps are forty separate chains, none refused: the
        // scene counts the taps it was routed by, so a refused route shows in the count.
        let test = try TestApp([
            "app.json": appJSON(entry: "A"),
            "scenes/A.json": #"""
            {"formatVersion": 1, "scene": "A", "args": {"taps": "int?"},
             "useCases": {"next": {"interactor": [{"type": "route", "to": "A", "mode": "replace", "args": {"taps": "@{(args.taps ?? 0) + 1}"}}]}},
             "view": [{"type": "header", "text": "A @{args.taps ?? 0}"}, {"type": "error"}]}
            """#
        ])
        try await test.start()
        for _ in 0..<40 { try await test.send("next") }
        #expect(test.top?.failures == [])
        #expect(test.lines() == ["== A 40 =="])
    }

    @Test func validateWarnsAboutAnUnconditionalAppearCycleNamingItsScenes() throws {
        let files = [
            "app.json": appJSON(entry: "Ping"),
            "scenes/Ping.json": Self.scene("Ping", routesTo: "Pong", mode: "replace"),
            "scenes/Pong.json": Self.scene("Pong", routesTo: "Ping", mode: "replace"),
            // Routes behind an 'if' are not a certain cycle.
            "scenes/Maybe.json": #"""
            {"formatVersion": 1, "scene": "Maybe", "state": {"on": {"type": "bool", "default": false}},
             "useCases": {"go": {"interactor": [{"type": "route", "to": "Maybe", "mode": "replace", "if": "@{state.on}"}]}},
             "view": [{"type": "header", "text": "Maybe"}], "onAppear": ["go"]}
            """#
        ]
        let found = try findings(files).filter { $0.code == .appearCycle }
        #expect(found.map(\.message) == ["scenes route on appear without user input, round 'Ping' → 'Pong' → 'Ping'"])
        #expect(found.first?.file.hasSuffix("scenes/Ping.json") == true)
        #expect(found.first?.line == 2)
    }
}
