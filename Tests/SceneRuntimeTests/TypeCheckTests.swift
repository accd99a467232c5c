import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

/// Declared types hold at run time: `set`, a child's result for `onResult`, stored data,
/// and request arguments. Statically known mismatches are validate findings.
@MainActor
@Suite struct TypeCheckTests {
    @Test func aTypeNamedAsInOtherLanguagesGetsTheBuiltInNameAndTheList() throws {
        let found = try findings([
            "app.json": appJSON(),
            "scenes/Main.json":
                #"{"formatVersion": 1, "scene": "Main", "state": {"n": {"type": "integer", "default": 0}}, "useCases": {}, "view": [{"type": "text", "text": "@{state.n}"}]}"#
        ])
        let finding = try #require(found.first { $0.code == .unknownModel })
        #expect(finding.message == "unknown model 'integer'")
        #expect(finding.hint == "did you mean 'int'? the built-in types are string, int, decimal, bool, date")
    }

    /// One mistake, one finding: a misspelt route target does not also make the scene it
    /// meant unreachable, and a field read inside an unknown key is not "never read".
    @Test func aMisspeltTargetOrKeyDoesNotCascade() throws {
        let found = try findings([
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"count": {"type": "int", "default": 0}},
             "useCases": {"open": {"interactor": [{"type": "route", "to": "Detials", "mode": "push"}]}},
             "view": [{"type": "text", "txt": "@{state.count}"}]}
            """#,
            "scenes/Details.json": #"{"formatVersion": 1, "scene": "Details", "view": [{"type": "header", "text": "Details"}]}"#
        ])
        #expect(found.map(\.code.rawValue).sorted() == ["E201", "E301"], "\(found.map(\.description))")
    }

    // MARK: - set

    @Test func aSetOfAKnownWrongTypeIsAFinding() throws {
        let found = try findings([
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"n": {"type": "int", "default": 0}},
             "useCases": {"go": {"interactor": [{"type": "set", "path": "state.n", "value": "@{'three'}"}]}},
             "view": [{"type": "text", "text": "@{state.n}"}]}
            """#
        ])
        #expect(
            found.map { "\($0.code) \($0.message)" }.contains("E314 'state.n' is int, but the value set is string"),
            "\(found.map(\.description))")
    }

    @Test func aSetOfAWrongTypeKnownOnlyAtRunTimeIsRefusedAndTheFieldKeepsItsValue() async throws {
        let test = try TestApp([
            "app.json": appJSON(#""providers": {"raw": {"type": "inline", "value": {"count": "many"}}}"#),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"n": {"type": "int", "default": 1}},
             "useCases": {"go": {"interactor": [{"type": "fetch", "provider": "raw", "as": "raw"},
                                                {"type": "set", "path": "state.n", "value": "@{raw.count}"}]}},
             "view": [{"type": "text", "text": "n=@{state.n}"}, {"type": "error"}]}
            """#
        ])
        try await test.start()
        try await test.send("go")
        let failure = try #require(test.top?.failures.first)
        #expect(failure.code == .valueDoesNotFit)
        #expect(failure.message == "cannot set 'state.n', which is int: it is text, not int")
        #expect(failure.step == 2)
        #expect(test.top?.state["n"] == .number(1))
    }

    // MARK: - onResult

    static let parent = #"""
        {"formatVersion": 1, "scene": "Main", "state": {"note": {"type": "string", "default": ""}},
         "useCases": {"open": {"interactor": [{"type": "route", "to": "Child", "mode": "push"}]},
                      "done": {"request": {"message": "string"}, "interactor": [{"type": "set", "path": "state.note", "value": "@{request.message}"}]}},
         "onResult": "done",
         "view": [{"type": "text", "text": "note=@{state.note}"}, {"type": "error"}]}
        """#

    static func child(result: String, extra: String = "") -> String {
        #"""
        {"formatVersion": 1, "scene": "Child", \#(extra)
         "useCases": {"close": {"interactor": [\#(extra.isEmpty ? "" : #"{"type": "fetch", "provider": "raw", "as": "raw"}, "#){"type": "route", "mode": "back", "result": \#(result)}]}},
         "view": [{"type": "text", "text": "child"}]}
        """#
    }

    @Test(arguments: [
        (#""@{'hi'}""#, "E314 the result is string, but 'Main.done' takes message: string"),
        (#"{"message": "@{1 + 1}"}"#, "E314 result field 'message' is int, but 'Main.done' takes message: string"),
        (#"{"mesage": "hi"}"#, "E314 the result passes field 'mesage', but 'Main.done' takes message: string")
    ])
    func aResultThatDoesNotFitTheParentsOnResultIsAFinding(result: String, expected: String) throws {
        let found = try findings(["app.json": appJSON(), "scenes/Main.json": Self.parent, "scenes/Child.json": Self.child(result: result)])
        #expect(found.map { "\($0.code) \($0.message)" }.contains(expected), "\(found.map(\.description))")
    }

    @Test func aResultKnownOnlyAtRunTimeIsCheckedBeforeOnResultRuns() async throws {
        let test = try TestApp([
            "app.json": appJSON(#""providers": {"raw": {"type": "inline", "value": "just text"}}"#),
            "scenes/Main.json": Self.parent,
            "scenes/Child.json": Self.child(result: #""@{raw}""#, extra: " ")
        ])
        try await test.start()
        try await test.send("open")
        try await test.send("close")
        // Refused at the child's route step, before anything moves (docs/manifest.md, Types):
        // the user stays on the child and the parent is unchanged.
        // checks: docs/manifest.md#types
        let failure = try #require(test.top?.failures.first)
        #expect(failure.code == .valueDoesNotFit)
        #expect(
            failure.message
                == "the result passed back does not fit the request of 'Main.done': it is text, not a record with message: string")
        #expect(failure.scene == "Child")
        #expect(failure.stepType == "route")
        #expect(test.app.navigator.names == ["Main", "Child"])
        try test.app.back()
        await test.settle()
        #expect(test.top?.state["note"] == .string(""))
    }

    // MARK: - Stored data

    @Test func storedDataThatDoesNotFitItsModelIsAnErrorNamingFileAndKeyAndTheFileIsKept() async throws {
        let state = scratchFolder.appendingPathComponent("scenery-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let file = state.appendingPathComponent("T.json")
        let stored = Data(#"{"loans": "nope"}"#.utf8)
        try stored.write(to: file)
        var options = RuntimeOptions()
        options.stateDirectory = state
        let test = try TestApp(
            [
                "app.json": appJSON(
                    #""models": {"Loan": {"id": "string", "amount": "decimal"}}, "providers": {"loans": {"type": "keyValue", "model": "[Loan]", "default": []}}"#
                ),
                "scenes/Main.json": #"""
                {"formatVersion": 1, "scene": "Main",
                 "useCases": {"load": {"interactor": [{"type": "fetch", "provider": "loans", "as": "loans"}], "response": {"n": "@{count(loans)}"},
                                       "presenter": {"summary": "@{response.n} loans"}}},
                 "view": [{"type": "text", "text": "@{vm.summary}"}, {"type": "error"}], "onAppear": ["load"]}
                """#
            ], options: options)
        try await test.start()
        let failure = try #require(test.top?.failures.first)
        #expect(failure.code == .valueDoesNotFit)
        #expect(
            failure.message
                == "stored value 'loans' in '\(file.path)' does not fit its model [Loan]: it is text, not [Loan]; it was kept unchanged: repair it, or remove key 'loans' from the file to start over"
        )
        #expect(test.top?.viewModel["summary"] == nil, "nothing is shown as loans")
        #expect(try Data(contentsOf: file) == stored)
    }

    // MARK: - Request arguments

    @Test(arguments: [("load ''", SceneValue.string("")), (#"load """#, .string("")), ("load query=", .string("")), ("load", .null)])
    func onlyAnAbsentArgumentIsNull(line: String, expected: SceneValue) throws {
        let parsed = try #require(try InputLine.parse(line))
        let request = try RequestCoercion.request(parsed.arguments, for: [("query", .optional(.string))], action: "load")
        #expect(request["query"] == expected)
    }
}
