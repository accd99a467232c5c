import SceneManifest
import SceneRuntime
import Testing

/// A list's row hands its action the row's item, and a button may route with no use case
/// (docs/manifest.md#rows-and-buttons).
// checks: docs/manifest.md#rows-and-buttons
@MainActor
@Suite struct RowsAndButtonsTests {
    static let files = [
        "app.json": appJSON(#""models": {"Fruit": {"id": "string", "name": "string"}}"#),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main",
         "state": {"fruits": {"type": "[Fruit]", "default": [{"id": "a1", "name": "Apple"}, {"id": "p2", "name": "Pear"}]},
                   "hide": {"type": "bool", "default": false}},
         "useCases": {
           "open": {"request": {"fruitId": "string"},
                    "interactor": [{"type": "route", "to": "Detail", "args": {"fruitId": "@{request.fruitId}"}}]},
           "hideAll": {"interactor": [{"type": "set", "path": "state.hide", "value": "@{true}"}]},
           "clear": {"interactor": [{"type": "set", "path": "state.fruits", "value": []}]}},
         "view": [{"type": "list", "if": "@{!state.hide}", "items": "@{state.fruits}", "empty": "none",
                   "action": "open", "request": {"fruitId": "@{it.id}"}},
                  {"type": "button", "title": "About", "route": {"to": "About", "args": {"count": "@{count(state.fruits)}"}}, "word": "about"},
                  {"type": "button", "title": "Locked", "route": {"to": "About", "args": {"count": "@{0}"}}, "word": "locked",
                   "enabled": "@{false}"}]}
        """#,
        "scenes/Detail.json": #"""
        {"formatVersion": 1, "scene": "Detail", "args": {"fruitId": "string"},
         "view": [{"type": "text", "text": "Fruit @{args.fruitId}"}, {"type": "button", "title": "Back", "route": {"mode": "back"}, "word": "up"}]}
        """#,
        "scenes/About.json": #"""
        {"formatVersion": 1, "scene": "About", "args": {"count": "int"}, "view": [{"type": "text", "text": "@{args.count} fruits"}]}
        """#
    ]

    func dispatch(_ test: TestApp, _ text: String) async throws -> ActionDispatch.Outcome {
        let outcome = ActionDispatch(app: test.app).perform(try #require(try InputLine.parse(text)))
        await test.settle()
        return outcome
    }

    @Test func aRowHandsItsActionTheRowsItem() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        #expect(try await dispatch(test, "open 2") == .ran)
        #expect(test.lines() == ["Fruit p2", "[ Back ]"])
        #expect(try await dispatch(test, "up") == .ran)
        #expect(test.top?.screenName == "Main")
    }

    @Test func wordsThatNameNoRowAreRefusedAndNothingRuns() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        for (line, says) in [
            ("open 3", "'open': there is no row 3; choose 1 to 2"),
            ("open", "'open' takes a row's number: open 1 to open 2"),
            ("open two", "'open' takes a row's number: open 1 to open 2"),
            ("open 0", "'open': there is no row 0; choose 1 to 2")
        ] {
            guard case let .refused(refusal) = try await dispatch(test, line) else {
                Issue.record("'\(line)' ran")
                continue
            }
            #expect(refusal.description == says)
        }
        #expect(test.top?.screenName == "Main")
        #expect(try await dispatch(test, "clear") == .ran)
        guard case let .refused(empty) = try await dispatch(test, "open 1") else {
            Issue.record("ran on no rows")
            return
        }
        #expect(empty.description == "'open': the list has no rows")
    }

    @Test func aHiddenListsRowsAreNotThere() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        #expect(try await dispatch(test, "hideAll") == .ran)
        guard case let .refused(refusal) = try await dispatch(test, "open 1") else {
            Issue.record("ran")
            return
        }
        #expect(refusal.description == "'open' works a row of a list, and none is shown now")
    }

    @Test func aButtonRoutesWithItsArgsAndRunsNoUseCase() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        guard case let .refused(extra) = try await dispatch(test, "about now") else {
            Issue.record("ran")
            return
        }
        #expect(extra.description == "'about' presses a button and takes nothing after it")
        guard case let .refused(disabled) = try await dispatch(test, "locked") else {
            Issue.record("ran")
            return
        }
        #expect(disabled.description == "'locked' is disabled: the 'Locked' button is disabled now")
        #expect(test.top?.screenName == "Main")
        #expect(try await dispatch(test, "About") == .ran)
        #expect(test.lines() == ["2 fruits"])
    }

    @Test func helpAndTheLegendNameRowsAndButtons() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        let dispatch = ActionDispatch(app: test.app)
        #expect(dispatch.help().contains("  open row"))
        #expect(dispatch.help().contains("  about, locked"))
        #expect(dispatch.legend().contains("open row (a row of the list)"))
        #expect(dispatch.legend().contains("about"))
    }

    @Test func theManifestIsCheckedWhereItIsWritten() throws {
        func codes(_ view: String) throws -> [String] {
            try findings([
                "app.json": appJSON(),
                "scenes/Main.json": #"{"formatVersion": 1, "scene": "Main", "useCases": {"go": {"interactor": []}}, "view": ["#
                    + view + "]}",
                "scenes/Other.json": #"{"formatVersion": 1, "scene": "Other", "args": {"n": "int"}}"#
            ]).filter { $0.severity == .error }.map { "\($0.code.rawValue) \($0.message)" }
        }
        #expect(
            try codes(#"{"type": "list", "items": "@{[1]}", "request": {"n": "@{it}"}}"#) == [
                "E214 'request' is what a list's action gets for a row, and this list has no 'action'"
            ])
        #expect(
            try codes(#"{"type": "button", "title": "B", "route": {"to": "Other", "args": {"n": "@{1}"}}}"#) == [
                "E202 missing key 'word' in button component: a button that routes is pressed by its word"
            ])
        #expect(
            try codes(#"{"type": "button", "title": "B", "action": "go", "route": {"to": "Other", "args": {"n": "@{1}"}}, "word": "b"}"#)
                == [
                    "E214 a button with 'route' goes there and runs no use case, so it takes no 'action'"
                ])
        #expect(
            try codes(#"{"type": "button", "title": "B", "route": {"to": "Othr"}, "word": "go"}"#) == [
                "E301 unknown scene 'Othr'",
                "E208 the button that routes here is typed as 'go', which is also use case 'go'"
            ])
        #expect(
            try codes(#"{"type": "button", "title": "B", "route": {"to": "Other", "args": {"n": "@{'x'}"}}, "word": "b"}"#) == [
                "E303 argument 'n' of scene 'Other' is int, but string is passed"
            ])
        #expect(try codes(#"{"type": "button", "title": "B", "action": "go", "word": "b"}"#).first?.hasPrefix("E214 'word'") == true)
        #expect(try codes(#"{"type": "button", "title": "B"}"#).first?.hasPrefix("E202 missing key 'action'") == true)
    }
}
