import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

@MainActor
@Suite struct StepTests {
    @Test func stepsFetchWorkSetAndPresentThroughThePresenter() async throws {
        let test = try TestApp([
            "app.json": appJSON(
                #""models": {"Item": {"name": "string", "price": "decimal"}}, "providers": {"items": {"type": "inline", "value": [{"name": "B", "price": 0.20}, {"name": "A", "price": 0.10}, {"name": "C", "price": 5}]}}"#
            ),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"total": {"type": "decimal", "default": 0}},
             "useCases": {"load": {
               "interactor": [
                 {"type": "fetch", "provider": "items", "as": "all"},
                 {"type": "work", "worker": "filter", "input": "@{all}", "args": {"where": "@{it.price < 1}"}, "as": "cheap"},
                 {"type": "work", "worker": "sort", "input": "@{cheap}", "args": {"by": "name"}, "as": "sorted"},
                 {"type": "work", "worker": "sum", "input": "@{sorted}", "args": {"of": "price"}, "as": "total"},
                 {"type": "set", "path": "state.total", "value": "@{total}"}],
               "response": {"items": "@{sorted}", "total": "@{total}"},
               "presenter": {"rows": {"each": "@{response.items}", "as": "i", "value": "@{i.name}"}, "total": "@{currency(response.total)}"}}},
             "view": [{"type": "list", "items": "@{vm.rows}"}, {"type": "text", "text": "Total @{vm.total} = @{state.total}"}],
             "onAppear": ["load"]}
            """#
        ])
        try await test.start()
        #expect(test.lines() == ["1. A", "2. B", "Total $0.30 = 0.3"])
    }

    @Test func validateReportsEveryFailingRuleAndStops() async throws {
        let test = try TestApp([
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"saved": {"type": "bool", "default": false}},
             "useCases": {"save": {"request": {"name": "string", "age": "int"},
               "interactor": [
                 {"type": "validate", "rules": [
                   {"check": "@{count(request.name) >= 2}", "message": "name is too short"},
                   {"check": "@{request.age >= 18}", "message": "must be 18, not @{request.age}"},
                   {"check": "@{true}", "message": "never shown"}]},
                 {"type": "set", "path": "state.saved", "value": true}]}},
             "view": [{"type": "text", "text": "saved: @{state.saved}"}, {"type": "error"}]}
            """#
        ])
        try await test.start()
        try await test.send("save", ["name": .string("A"), "age": .number(9)])
        #expect(test.lines() == ["saved: false", "! name is too short", "! must be 18, not 9"])
        try await test.send("save", ["name": .string("Ada"), "age": .number(36)])
        #expect(test.lines() == ["saved: true"])
    }

    @Test func runtimeErrorsAndFailReachTheBannerAndTheSceneGoesOn() async throws {
        let test = try TestApp([
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"n": {"type": "decimal?", "default": null}},
             "useCases": {
               "divide": {"request": {"by": "int"}, "interactor": [{"type": "set", "path": "state.n", "value": "@{10 / request.by}"}]},
               "add": {"interactor": [{"type": "set", "path": "state.n", "value": "@{state.n + 1}"}]},
               "stop": {"interactor": [{"type": "fail", "message": "stopped at @{state.n}"}]}},
             "view": [{"type": "text", "text": "n=@{state.n}"}, {"type": "error"}]}
            """#
        ])
        try await test.start()
        try await test.send("divide", ["by": .number(0)])
        #expect(test.lines(width: 100) == ["n=", "! Main.divide, step 1 (set): division by zero (E502) at scenes/Main.json:3:106"])
        let division = try #require(test.top?.failures.first)
        #expect(
            division
                == RuntimeError(
                    code: .divisionByZero, message: "division by zero", scene: "Main", useCase: "divide", step: 1, stepType: "set",
                    position: SourcePosition(
                        path: test.folder.path + "/scenes/Main.json", appPath: "scenes/Main.json", line: 3, column: 106)))
        try await test.send("add")
        #expect(test.lines(width: 100) == ["n=", "! Main.add, step 1 (set): cannot apply '+' to null (E501) at scenes/Main.json:4:82"])
        try await test.send("divide", ["by": .number(4)])
        try await test.send("stop")
        #expect(test.lines() == ["n=2.5", "! stopped at 2.5"])
    }

    @Test func conditionalStepsBindNullWhenSkippedAndCallRunsAnotherUseCase() async throws {
        let test = try TestApp([
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"log": {"type": "[string]", "default": []}},
             "useCases": {
               "note": {"request": {"text": "string"},
                 "interactor": [{"type": "work", "worker": "append", "input": "@{state.log}", "args": {"item": "@{request.text}"}, "as": "log"},
                                {"type": "set", "path": "state.log", "value": "@{log}"}],
                 "response": {"size": "@{count(log)}"}},
               "twice": {"interactor": [
                 {"type": "call", "useCase": "note", "request": {"text": "one"}, "as": "first"},
                 {"type": "work", "worker": "count", "input": "@{state.log}", "as": "skipped", "if": "@{false}"},
                 {"type": "call", "useCase": "note", "request": {"text": "two @{first.size} @{skipped ?? 'none'}"}}]}},
             "view": [{"type": "text", "text": "@{join(state.log, ' | ')}"}]}
            """#
        ])
        try await test.start()
        try await test.send("twice")
        #expect(test.lines() == ["one | two 1 none"])
    }

    @Test func callRecursionIsBounded() async throws {
        let test = try TestApp([
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main",
             "useCases": {"loop": {"interactor": [{"type": "call", "useCase": "loop"}]}},
             "view": [{"type": "error"}]}
            """#
        ])
        try await test.start()
        try await test.send("loop")
        #expect(
            test.lines(width: 200) == [
                "! Main.loop, step 1 (call): 'call' went deeper than 16 levels; is a use case calling itself? (E512) at scenes/Main.json:2:39"
            ])
    }
}
