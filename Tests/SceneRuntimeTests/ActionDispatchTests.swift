import SceneManifest
import SceneRuntime
import Testing

/// Every way an input line ends: a use case run, a built-in word handed back, or a refusal
/// that says why — the same for `scenery run` and SceneTester, which both call the dispatcher.
@MainActor
@Suite struct ActionDispatchTests {
    static let files = [
        "app.json": appJSON(""),
        "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"count": {"type": "int", "default": 0}},
             "useCases": {
               "add": {"request": {"by": "int"}, "interactor": [{"type": "set", "path": "state.count", "value": "@{state.count + request.by}"}]},
               "open": {"interactor": [{"type": "route", "to": "Other", "mode": "push"}]},
               "reset": {"interactor": [{"type": "set", "path": "state.count", "value": "@{0}"}]}},
             "view": [{"type": "text", "text": "Count @{state.count}"},
                      {"type": "button", "title": "Reset", "action": "reset", "enabled": "@{state.count > 0}"}]}
            """#,
        "scenes/Other.json": #"{"formatVersion": 1, "scene": "Other", "view": [{"type": "text", "text": "Other"}]}"#,
    ]

    func dispatch(_ test: TestApp, _ text: String) async throws -> ActionDispatch.Outcome {
        let outcome = ActionDispatch(app: test.app).perform(try #require(try InputLine.parse(text)))
        await test.settle()
        return outcome
    }

    @Test func aUseCaseRunsWithItsRequestCoerced() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        #expect(try await dispatch(test, "add 2") == .ran)
        #expect(try await dispatch(test, "add by=3") == .ran)
        #expect(test.lines() == ["Count 5", "[ Reset ]"])
    }

    @Test func refusalsSayWhy() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        #expect(try await dispatch(test, "reset") == .refused(ActionRefusal("'reset' is disabled: the 'Reset' button is disabled now")))
        #expect(try await dispatch(test, "ad 1") == .refused(ActionRefusal("unknown action 'ad' in Main; did you mean 'add'?")))
        #expect(try await dispatch(test, "frobnicate") == .refused(ActionRefusal("unknown action 'frobnicate' in Main; try 'help'")))
        #expect(try await dispatch(test, "add x") == .refused(ActionRefusal("'add': by must be a whole number, not 'x'")))
        #expect(try await dispatch(test, "back") == .refused(ActionRefusal("there is no screen to go back to")))
        #expect(test.lines() == ["Count 0", "[ Reset ] (disabled)"])
    }

    @Test func builtInWordsComeBackAndBackGoesBack() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        for word in BuiltInAction.allCases where word != .back {
            #expect(try await dispatch(test, word.rawValue) == .builtIn(word))
        }
        #expect(try await dispatch(test, "open") == .ran)
        #expect(test.app.navigator.names == ["Main", "Other"])
        #expect(try await dispatch(test, "back") == .ran)
        #expect(test.app.navigator.names == ["Main"])
        #expect(ActionDispatch(app: test.app).help() == ["actions in Main:", "  add by", "  open", "  reset", "  back, state, stack, help, quit"])
    }
}
