import Testing

@testable import SceneManifest

/// An expression scope finds a root and its fields by the root's place rather than by hashing
/// its name: every root, and any other name given as one, must be found as before.
@Suite struct ExpressionScopeTests {
    @Test func everyRootIsFoundAtItsPlaceAndNoOtherNameIs() {
        for (place, root) in ExpressionScope.allRoots.enumerated() {
            #expect(ExpressionScope.place(ofRoot: root) == place, "\(root)")
        }
        for name in ["", "v", "vms", "Env", "arg", "states", "results", "requests", "respons", "it", "shard"] {
            #expect(ExpressionScope.place(ofRoot: name) == nil, "\(name)")
        }
    }

    /// Fields given as a dictionary read back as the same dictionary, a name that is no root
    /// among them, and a root given none stays unchecked.
    @Test func fieldsReadBackAsGiven() {
        let fields: [String: Set<String>] = ["state": ["query"], "vm": [], "custom": ["a"], "request": ["id", "name"]]
        var scope = ExpressionScope(roots: ["state", "vm", "custom", "request"], fields: fields)
        #expect(scope.fields == fields)
        scope.fields["state"] = nil
        #expect(scope.fields == ["vm": [], "custom": ["a"], "request": ["id", "name"]])
    }

    /// The checks the scope answers: a root usable here, a local, a root's known fields, and
    /// a name given as a root that is none of the format's.
    @Test func namesAreCheckedAsTheScopeSays() throws {
        let scope = ExpressionScope(
            roots: ["state", "custom"], locals: ["row"], fields: ["state": ["query"], "custom": ["a"], "vm": ["title"]])
        func codes(_ text: String) throws -> [DiagnosticCode] {
            try ExpressionChecker.check(ExpressionParser.expression(text), in: scope).map(\.code)
        }
        #expect(try codes("state.query") == [])
        #expect(try codes("state.qurey") == [.unknownField])
        #expect(try codes("custom.a + custom.b") == [.unknownField])
        #expect(try codes("row.anything") == [])
        #expect(try codes("vm.title") == [.unavailableRoot])
        #expect(try codes("request") == [.unavailableRoot])
        #expect(try codes("rows") == [.unknownName])
        #expect(try codes("custom") == [])
        // Roots changed after the scope was made are asked about as they are now.
        var changed = scope
        changed.roots = ["vm"]
        #expect(try ExpressionChecker.check(ExpressionParser.expression("vm.title"), in: changed).isEmpty)
        #expect(try ExpressionChecker.check(ExpressionParser.expression("state.query"), in: changed).map(\.code) == [.unavailableRoot])
    }
}
