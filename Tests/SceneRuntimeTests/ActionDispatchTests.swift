import SceneManifest
import SceneRuntime
import Testing
import VIP

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
        "scenes/Other.json": #"{"formatVersion": 1, "scene": "Other", "view": [{"type": "text", "text": "Other"}]}"#
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
        let cases: [(line: String, refusal: ActionRefusal, says: String)] = [
            (
                "reset", .command(.disabled(command: "reset", reason: "the 'Reset' button is disabled now")),
                "'reset' is disabled: the 'Reset' button is disabled now"
            ),
            (
                "ad 1", .unknownAction("ad", scene: "Main", suggestion: "did you mean 'add'?"),
                "unknown action 'ad' in Main; did you mean 'add'?"
            ),
            ("frobnicate", .unknownAction("frobnicate", scene: "Main", suggestion: nil), "unknown action 'frobnicate' in Main; try 'help'"),
            (
                "add x", .request(RequestCoercion.Problem("'add': by must be a whole number, not 'x'")),
                "'add': by must be a whole number, not 'x'"
            ),
            ("back", .navigation(.nothingToGoBackTo), "there is no screen to go back to")
        ]
        for (line, refusal, says) in cases {
            #expect(try await dispatch(test, line) == .refused(refusal), "\(line)")
            #expect(refusal.description == says)
        }
        #expect(test.lines() == ["Count 0", "[ Reset ] (disabled)"])
    }

    @Test func builtInWordsComeBackAndBackGoesBack() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        for word in BuiltInAction.allCases where word != .back {
            #expect(try await dispatch(test, word.rawValue) == .builtIn(try #require(word.printed)))
        }
        #expect(try await dispatch(test, "open") == .ran)
        #expect(test.app.navigator.names == ["Main", "Other"])
        #expect(try await dispatch(test, "back") == .ran)
        #expect(test.app.navigator.names == ["Main"])
        #expect(
            ActionDispatch(app: test.app).help() == [
                "actions in Main:", "  add by", "  open", "  reset", "  back, state, stack, help, quit"
            ])
    }

    /// `>> actions`: a disabled button is neither shown nor typed, as the legend leaves it
    /// out; once it is enabled it is shown. A screen pushed from typed Swift, with no
    /// manifest behind it, lists none.
    // checks: docs/testing.md#actions-and-dead-ends
    @Test func actionsLeaveOutADisabledButtonAndTypedScreensListNone() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        let dispatch = ActionDispatch(app: test.app)
        #expect(dispatch.actionLines() == ["actions shown: none", "actions typed: add, open", ActionDispatch.deadEndLine])
        #expect(try await self.dispatch(test, "add 1") == .ran)
        #expect(dispatch.actionLines() == ["actions shown: reset", "actions typed: add, open"])
        try test.app.navigator.push(TypedScreen())
        #expect(dispatch.actionLines() == ["actions: 'Profile' is a Swift scene, which lists none"])
    }
}

/// A screen written in typed Swift, pushed without a manifest.
@MainActor
private final class TypedScreen: Screen {
    let screenName = "Profile"
    func screenDidLeave() {}
}
