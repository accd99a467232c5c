import Foundation
import SceneManifest
import Testing
import VIP

@testable import SceneRuntime

// checks: docs/architecture.md#one-action-line-hop-by-hop

/// A use case whose every step, its handlers' too, runs without suspending — `set`, `let`,
/// `validate`, `fail`, `route`, `present`, `remove`, a built-in `work` — runs at once, with no
/// task (``ScenePlans/UseCasePlan/immediateSteps``); any other runs as before. Both paths do
/// the same: here each use case has a twin that starts with a `call` of an empty use case,
/// which makes it run in a task, and the two must leave the same state and view model.
@MainActor
@Suite struct UseCasesRunAtOnceTests {
    /// `steps` as the JSON of a use case named `name`, and its twin `name + "Late"`.
    static func twins(_ name: String, _ steps: String, extra: String = "") -> String {
        let late = #"{"type": "call", "useCase": "nothing"}, "# + steps
        return #""\#(name)": {"interactor": [\#(steps)]\#(extra)}, "\#(name)Late": {"interactor": [\#(late)]\#(extra)}"#
    }

    static let files = [
        "app.json": appJSON(entry: "Home"),
        "scenes/Home.json": #"""
        {"formatVersion": 1, "scene": "Home",
         "state": {"note": {"type": "string", "default": ""}, "names": {"type": "[string]", "default": ["Ann", "Bob", "Pat"]}},
         "useCases": {
           "nothing": {"interactor": []},
           \#(twins("recover", #"""
             {"type": "work", "worker": "page", "input": [1, 2, 3], "args": {"size": 0}, "as": "paged",
              "onError": [{"type": "set", "path": "state.note", "value": "@{error.from}: @{error.message}"}], "fallback": [9]}
             """#, extra: #", "response": {"count": "@{count(paged)}", "first": "@{paged[0]}"}, "presenter": {"shown": "@{response.count}/@{response.first}"}"#)),
           \#(twins("keep", #"""
             {"type": "remove", "path": "state.names", "where": "@{it == 'Bob'}"},
             {"type": "let", "as": "upper", "value": "@{count(state.names)}"},
             {"type": "work", "worker": "filter", "input": "@{state.names}", "args": {"where": "@{contains(it, 'a')}"}, "as": "found"},
             {"type": "validate", "rules": [{"check": "@{count(found) > 5}", "message": "only @{count(found)} of @{upper}"}]},
             {"type": "set", "path": "state.note", "value": "not reached"}
             """#)),
           \#(twins("stop", #"{"type": "fail", "message": "stopped"}, {"type": "set", "path": "state.note", "value": "not reached"}"#))
         },
         "view": [{"type": "text", "text": "note=@{state.note} shown=@{vm.shown} names=@{join(state.names, ',')}"}, {"type": "error"}]}
        """#
    ]

    @Test func theStepsThatCannotSuspendMakeAUseCaseRunAtOnce() throws {
        let test = try TestApp(Self.files)
        let home = try #require(ScenePlans().blueprint("Home", in: test.app.loaded))
        for name in ["nothing", "recover", "keep", "stop"] { #expect(home.useCase(name)?.plan.immediateSteps != nil, "\(name)") }
        // A `call` may reach any use case: it runs in a task, as before.
        for name in ["recoverLate", "keepLate", "stopLate"] { #expect(home.useCase(name)?.plan.immediateSteps == nil, "\(name)") }
        #expect(ScenePlans().blueprint("Nowhere", in: test.app.loaded) == nil)
        // Only a use case that calls another holds the scene's use cases.
        #expect(home.useCase("recoverLate")?.plan.callsOthers == true)
        #expect(home.useCase("recover")?.plan.callsOthers == false)
        // A built-in worker is found once, here.
        #expect(home.useCase("recover")?.plan.immediateSteps?.first is BuiltInWorkStep)
    }

    @Test func aUseCaseRunAtOnceMakesNoTask() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        let scene = try #require(test.top)
        // What `perform` hands back for a request that ran at once is the one finished task.
        let first = try scene.perform("recover", request: .record(Record()))
        let second = try scene.perform("nothing", request: .record(Record()))
        #expect(first == second)
        let late = try scene.perform("recoverLate", request: .record(Record()))
        #expect(late != first)
        await late.value
    }

    /// A child whose use case suspends (it writes a collection) goes back with a result: the
    /// parent's `onResult` and `onAppear`, which run at once, run inside the child's task as
    /// the child leaves and its work is cancelled — and are not cancelled with it.
    @Test func aSceneAppearingAgainAsTheOneAboveLeavesRunsItsUseCasesAtOnce() async throws {
        let files = [
            "app.json": appJSON(
                entry: "Home", #""models": {"Note": {"id": "string"}}, "providers": {"notes": {"type": "collection", "model": "Note"}}"#),
            "scenes/Home.json": #"""
            {"formatVersion": 1, "scene": "Home", "onAppear": ["count"], "onResult": "took",
             "state": {"seen": {"type": "int", "default": 0}, "note": {"type": "string", "default": ""}},
             "useCases": {
               "count": {"interactor": [{"type": "set", "path": "state.seen", "value": "@{state.seen + 1}"}]},
               "took": {"request": {"text": "string"}, "interactor": [{"type": "set", "path": "state.note", "value": "@{result.text}"}]},
               "open": {"interactor": [{"type": "route", "to": "Child"}]}},
             "view": [{"type": "text", "text": "seen=@{state.seen} note=@{state.note}"}]}
            """#,
            "scenes/Child.json": #"""
            {"formatVersion": 1, "scene": "Child",
             "useCases": {
               "done": {"interactor": [{"type": "insert", "provider": "notes", "value": "@{{id: 'n1'}}"},
                                       {"type": "route", "mode": "back", "result": {"text": "from child"}}]}},
             "view": [{"type": "text", "text": "child"}]}
            """#
        ]
        let state = scratchFolder.appendingPathComponent("scenery-at-once-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var options = RuntimeOptions()
        options.stateDirectory = state
        let test = try TestApp(files, options: options)
        defer { try? FileManager.default.removeItem(at: test.folder) }
        try await test.start()
        #expect(test.lines() == ["seen=1 note="])
        try await test.send("open")
        try await test.send("done")
        #expect(test.lines() == ["seen=2 note=from child"])
    }

    @Test(arguments: ["recover", "keep", "stop"])
    func aUseCaseRunAtOnceDoesWhatItsTwinInATaskDoes(_ name: String) async throws {
        var frames: [[String]] = []
        for action in [name, name + "Late"] {
            let test = try TestApp(Self.files)
            try await test.start()
            let scene = try #require(test.top)
            let task = try scene.perform(action, request: .record(Record()))
            await task.value
            await test.settle()
            frames.append(test.lines(width: 200))
        }
        #expect(frames[0] == frames[1])
        // The handler ran and the fallback took the local's place; a failed `validate` showed
        // its message and stopped the steps; so did a `fail`.
        let expected: [String: [String]] = [
            "recover": ["note=page: page: 'size' must be a whole number of at least 1, not 0 shown=1/9 names=Ann,Bob,Pat"],
            "keep": ["note= shown= names=Ann,Pat", "! only 1 of 2"], "stop": ["note= shown= names=Ann,Bob,Pat", "! stopped"]
        ]
        #expect(frames[0] == expected[name])
    }
}
