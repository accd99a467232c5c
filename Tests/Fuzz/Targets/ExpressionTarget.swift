import Foundation
import SceneManifest

extension FuzzTarget {
    /// Expression text through the parser, the checker and the evaluator, as a template
    /// (`text @{…}`) and, when it has no `@{`, as one expression. Every error carries a
    /// position inside the text.
    static let expression = FuzzTarget(name: "expression", summary: "expression parser, checker and evaluator") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let scope = ExpressionScope(roots: ["state", "request", "env", "shared"], fields: ExpressionSamples.fields)
        do throws(ExpressionError) {
            let template = try ExpressionParser.template(text)
            for expression in template.expressions { _ = ExpressionChecker.check(expression, in: scope) }
            _ = Evaluator.evaluate(template, in: ExpressionSamples.context)
        } catch {
            require(error.offset >= 0 && error.offset <= text.utf8.count, "error offset \(error.offset) outside \(text.utf8.count) bytes")
        }
        guard !text.contains("@{") else { return }
        if let expression = try? ExpressionParser.expression(text) {
            _ = ExpressionChecker.check(expression, in: scope)
            _ = Evaluator.evaluate(expression, in: ExpressionSamples.context)
        }
    }
}

/// Values for expressions to reach: lists, records, text, dates, numbers at the edges.
enum ExpressionSamples {
    static let items: SceneValue = .list([
        .record(Record(["name": .string("Pixel"), "price": .number(799.5), "tags": .list([.string("a")])])),
        .record(
            Record([
                "name": .string("Ёлка 🎄"), "price": .number(Decimal(string: "99999999999999999999999999999999999999")!), "tags": .list([])
            ])),
        .null, .number(-0.000001), .string("2026-11-22"), .bool(true)
    ])

    static let context = EvaluationContext(
        roots: [
            "state": .record(
                Record([
                    "items": items, "count": .number(3), "name": .string("Ada"), "phone": .string("+79161234567"),
                    "when": .string("2026-11-22T10:00:00Z"), "empty": .list([]), "none": .null
                ])),
            "request": .record(Record(["query": .string("phone"), "amount": .number(12.5), "flag": .bool(false)])),
            "env": .record(Record(["locale": .string("ru_RU"), "currency": .string("RUB"), "now": .string("2026-11-22T10:00:00Z")])),
            "shared": .record(Record(["cart": .list([]), "user": .null]))
        ],
        format: FormatContext(locale: "ru_RU", currency: "RUB", strings: ["ru": ["greeting": "Привет, {0}! {1} {0}", "items": "{0} шт."]]))

    static let fields: [String: Set<String>] = [
        "state": ["items", "count", "name", "phone", "when", "empty", "none"],
        "request": ["query", "amount", "flag"],
        "env": ["locale", "currency", "now"],
        "shared": ["cart", "user"]
    ]
}
