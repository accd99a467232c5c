import Testing

@testable import SceneManifest

/// Names bound in a context: the latest binding of a name wins, earlier names stay readable,
/// and the whole set reads back as one dictionary.
@Suite struct EvaluationContextTests {
    @Test func nestedBindingsAreAllReadableAndTheLatestWins() {
        let base = EvaluationContext(roots: ["state": .record(Record())], locals: ["error": .string("e")])
        let row = base.binding("o", to: .number(1))
        let item = row.binding("it", to: .number(2))
        let again = item.binding("it", to: .number(3))
        let shadow = again.binding("o", to: .number(4))

        #expect(item.local("o") == .number(1))
        #expect(item.local("it") == .number(2))
        #expect(item.local("error") == .string("e"))
        #expect(again.local("it") == .number(3))
        #expect(shadow.local("o") == .number(4))
        #expect(shadow.local("it") == .number(3))
        #expect(shadow.locals == ["error": .string("e"), "it": .number(3), "o": .number(4)])
        #expect(base.local("o") == nil)
        #expect(row.local("missing") == nil)
    }

    @Test func settingTheLocalsReplacesEveryBinding() {
        var context = EvaluationContext().binding("it", to: .number(1))
        context.locals = ["x": .bool(true)]
        #expect(context.local("it") == nil)
        #expect(context.locals == ["x": .bool(true)])
        let template = Template(parts: [.expression(Expression(.name("x"), at: 0))])
        #expect((try? Evaluator.evaluate(template, in: context.binding("y", to: .null)).get()) == .bool(true))
    }
}
