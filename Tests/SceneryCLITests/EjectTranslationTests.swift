import Foundation
import Testing

@testable import SceneryCLI

/// How eject writes expressions so that Swift computes what the runtime computes, and only
/// when it computes it: a value the runtime computes only sometimes stays in place, a value
/// that changes each time is computed each time, numbers compare as decimals, and a step
/// after the scene may have been left does not run.
// checks: docs/eject.md#same-results-exactly
// checks: docs/eject.md#what-eject-writes
@MainActor
@Suite struct EjectTranslationTests {
    /// The Swift eject writes for the interactor of a one-scene app whose `go` use case runs `steps`.
    func interactor(_ steps: String, state: String) async throws -> String {
        let app = try writeEjectApp(
            main: """
                {"formatVersion": 1, "scene": "Main", "state": {\(state)},
                 "useCases": {"go": {"interactor": [\(steps)]}}, "view": [{"type": "error"}]}
                """)
        let output = app.deletingLastPathComponent().appendingPathComponent("out")
        let result = await runScenery(["eject", app.path, "--all", "--output", output.path, "--no-format"])
        try #require(result.code == 0, "\(result.error)")
        return try String(contentsOf: output.appendingPathComponent("AppScenes/Main/MainInteractor.swift"), encoding: .utf8)
    }

    @Test func theRightSideOfAndIsComputedOnlyWhenTheLeftHolds() async throws {
        let swift = try await interactor(
            #"{"type": "set", "path": "state.ok", "value": "@{state.flag && matches(state.text, '[')}"}"#,
            state:
                #""flag": {"type": "bool", "default": false}, "text": {"type": "string", "default": ""}, "ok": {"type": "bool", "default": false}"#
        )
        // The flag is read before; the match stays inside the `&&`, read and called only then.
        #expect(swift.contains(#"let flag = try scene.value("state.flag", as: Bool.self)"#))
        #expect(
            swift.contains(
                #"to: flag && (SceneFunctions.call("matches", (scene.value("state.text", as: String.self)), "[", format: scene.format) as Bool))"#
            ))
        #expect(!swift.contains("let matches"))
    }

    @Test func aValueThatChangesEachTimeIsComputedEachTime() async throws {
        let swift = try await interactor(
            #"{"type": "set", "path": "state.a", "value": "@{now() + '|' + now()}"}"#,
            state: #""a": {"type": "string", "default": ""}"#)
        #expect(swift.contains(#"let now = try SceneFunctions.call("now", format: scene.format) as String"#))
        #expect(swift.contains(#"let now2 = try SceneFunctions.call("now", format: scene.format) as String"#))
    }

    @Test func aWholeNumberBesideADecimalIsComparedAsADecimal() async throws {
        let swift = try await interactor(
            #"{"type": "set", "path": "state.same", "value": "@{state.count == state.total}"}"#,
            state:
                #""count": {"type": "int", "default": 1}, "total": {"type": "decimal", "default": 1}, "same": {"type": "bool", "default": false}"#
        )
        #expect(swift.contains("try scene.set(\"state.same\", to: Decimal(count) == total)"))
    }

    /// `?? 0.0` (a whole number, 0) after a decimal, and `?:` with an int and a decimal:
    /// joined as decimals, as the runtime's numbers are, not refused.
    @Test func anIntAndADecimalJoinAsDecimals() async throws {
        let swift = try await interactor(
            #"{"type": "set", "path": "state.y", "value": "@{(state.x ?? 0.0) + (state.flag ? 1 : 0.5)}"}"#,
            state:
                #""x": {"type": "decimal?"}, "flag": {"type": "bool", "default": false}, "y": {"type": "decimal", "default": 0}"#)
        #expect(swift.contains("(x ?? Decimal(0))"), "\(swift)")
        #expect(swift.contains(#"(flag ? Decimal(1) : Decimal(string: "0.5", locale: nil) ?? 0)"#), "\(swift)")
    }

    @Test func aStepAfterARouteRunsOnlyWhileTheSceneIsShown() async throws {
        let swift = try await interactor(
            #"{"type": "route", "to": "Main", "mode": "push"}, {"type": "set", "path": "state.n", "value": 1}"#,
            state: #""n": {"type": "int", "default": 0}"#)
        #expect(
            swift.contains(
                """
                        output.route(SceneRoute(to: "Main", mode: .push))
                        guard output.isActive else { return }
                        try scene.set("state.n", to: 1)
                """))
    }

    @Test func aLetWithALazyPartTriesAfterItsEquals() async throws {
        let swift = try await interactor(
            #"{"type": "let", "as": "x", "value": "@{state.a && state.b}"}, {"type": "set", "path": "state.a", "value": "@{x}"}"#,
            state: #""a": {"type": "bool", "default": false}, "b": {"type": "bool", "default": false}"#)
        #expect(swift.contains(#"let x = try a && (scene.value("state.b", as: Bool.self))"#))
    }

    @Test func namesNeverHideKeywordsOrTheTypesTheCodeUses() async throws {
        let swift = try await interactor(
            #"{"type": "set", "path": "state.String", "value": "@{state.class}"}, {"type": "set", "path": "state.Models", "value": "@{state.class}"}"#,
            state:
                #""class": {"type": "string", "default": ""}, "String": {"type": "string", "default": ""}, "Models": {"type": "string", "default": ""}"#
        )
        #expect(swift.contains(#"let classValue = try scene.value("state.class", as: String.self)"#))
        #expect(swift.contains(#"let classValue2 = try scene.value("state.class", as: String.self)"#))
        #expect(!swift.contains("let String") && !swift.contains("let Models"))
    }

    @Test func aMessageThatIsNotTextIsJoinedAsText() async throws {
        let swift = try await interactor(
            #"{"type": "fail", "if": "@{state.n > 1}", "message": "@{state.n}"}"#, state: #""n": {"type": "int", "default": 0}"#)
        #expect(swift.contains("throw DisplayedError(SceneFunctions.text(n))"))
    }

    @Test func aResultPassedBackIsCheckedBeforeTheRoute() async throws {
        let swift = try await interactor(
            #"{"type": "route", "mode": "back", "result": {"id": "x"}}"#, state: #""n": {"type": "int", "default": 0}"#)
        #expect(
            swift.contains(
                """
                        try scene.checkResult(SceneRecord(["id": "x"]), dismissing: false)
                        output.route(SceneRoute(to: nil, mode: .back, arguments: [:], result: SceneRecord(["id": "x"])))
                """))
    }
}
