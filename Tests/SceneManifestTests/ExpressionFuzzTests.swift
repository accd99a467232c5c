import Foundation
import SceneManifest
import Testing
import VIPTesting

/// Random token soup through the parser, the checker and the evaluator: errors are values,
/// nothing traps. Seeded, so a failure reproduces.
// checks: docs/reliability.md#fuzzing
@Suite struct ExpressionFuzzTests {
    static let tokens = [
        "state", "request", "it", "x", ".", "items", "[", "]", "(", ")", ",", "0", "1", "-1", "2.5",
        "99999999999999999999999999999999999999999",
        "0.0000000000000000000000000000001", "'a'", "'é😀'", "''", "null", "true", "false", "+", "-", "*", "/", "%", "<", "<=", "==", "!=",
        "&&", "||", "??", "?", ":", "!", "|", "count", "sum", "min", "max", "first", "last", "contains", "matches", "join", "upper",
        "truncate", "default", "round", "abs", "int", "decimal", "number", "currency", "percent", "date", "phone", "plural", "mask",
        "yesno", "t", "'(['", "'2026-01-02'", "@", "{", "}"
    ]

    @Test func randomExpressionsNeverTrap() {
        var generator = SeededRandom(seed: 2026)
        let context = EvaluationContext(
            roots: [
                "state": .record(Record(["items": .list([.number(1), .string("b"), .null, .list([])])])),
                "request": .record(Record(["x": .number(-3)]))
            ], format: FormatContext(locale: "ru_RU", currency: "RUB"))
        var evaluated = 0
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...12, using: &generator)
            let text = (0..<count).map { _ in Self.tokens.randomElement(using: &generator) ?? "x" }.joined(separator: " ")
            guard let template = try? ExpressionParser.template("@{\(text)}") else { continue }
            for expression in template.expressions {
                _ = ExpressionChecker.check(expression, in: ExpressionScope(roots: ["state", "request"]))
            }
            _ = Evaluator.evaluate(template, in: context)
            evaluated += 1
        }
        #expect(evaluated > 200)
    }
}
