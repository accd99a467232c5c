import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

// checks: docs/manifest.md#use-cases
@MainActor
@Suite struct CommandTests {
    @Test func aRunningUseCaseRefusesASecondRequestUnlessReentrant() async throws {
        var options = RuntimeOptions()
        options.faults["clock"] = .delay(milliseconds: 200)
        let test = try TestApp(
            [
                "app.json": appJSON(#""providers": {"clock": {"type": "inline", "value": 1}}"#),
                "scenes/Main.json": #"""
                {"formatVersion": 1, "scene": "Main",
                 "useCases": {"slow": {"interactor": [{"type": "fetch", "provider": "clock", "as": "x"}]},
                              "many": {"reentrant": true, "interactor": [{"type": "fetch", "provider": "clock", "as": "x"}]}},
                 "view": [{"type": "loading", "text": "working"}]}
                """#
            ], options: options)
        try await test.start()
        let scene = try #require(test.top)
        try scene.perform("slow", request: .record(Record()))
        #expect(throws: ActionRefusal.command(.alreadyExecuting(command: "slow"))) { try scene.perform("slow", request: .record(Record())) }
        try scene.perform("many", request: .record(Record()))
        try scene.perform("many", request: .record(Record()))
        #expect(test.lines() == ["… working"])
        await test.settle()
        #expect(test.lines() == [])
    }

    @Test func aDisabledButtonRefusesItsActionAndSaysWhy() async throws {
        let test = try TestApp([
            "app.json": appJSON(#""shared": {"cart": {"type": "[string]", "default": []}}"#),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main",
             "useCases": {"pay": {"interactor": []}, "add": {"interactor": [{"type": "set", "path": "shared.cart", "value": ["x"]}]}},
             "view": [{"type": "button", "title": "Pay (@{count(shared.cart)})", "action": "pay", "enabled": "@{count(shared.cart) > 0}"}]}
            """#
        ])
        try await test.start()
        #expect(test.lines() == ["[ Pay (0) ] (disabled)"])
        #expect(throws: ActionRefusal.command(.disabled(command: "pay", reason: "the 'Pay (0)' button is disabled now"))) {
            try test.top?.perform("pay", request: .record(Record()))
        }
        try await test.send("add")
        try await test.send("pay")
        #expect(test.lines() == ["[ Pay (1) ]"])
    }
}
