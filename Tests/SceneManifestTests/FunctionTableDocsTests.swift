import Foundation
import SceneManifest
import Testing

/// The Functions table of docs/manifest.md, run as written: every `expression` → `result`
/// example evaluates to its result (under the locale and currency the row names, `(ru)` or
/// `ru, RUB:`), every example without a result parses and checks, and every function the
/// evaluator knows has a row.
// checks: docs/manifest.md#functions
@Suite struct FunctionTableDocsTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let expression: String
        let result: String?
        let locale: String
        let currency: String
        var testDescription: String { "\(expression) → \(result ?? "(parses)") [\(locale)]" }
    }

    static let rows: [(functions: [String], examples: String)] = {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/manifest.md")
        guard let text = try? String(contentsOf: docs, encoding: .utf8),
            let section = text.components(separatedBy: "### Functions").dropFirst().first?.components(separatedBy: "\n### ").first
        else { return [] }
        return section.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5, cells[1].hasPrefix("`") else { return nil }
            // `min(…)`, `max(…)`: every function the row names.
            return (cells[1].matches(of: /`(\w+)/).map { String($0.1) }, cells[3])
        }
    }()

    /// `` `expr` → `result` (ru) `` pieces of an examples cell; `ru, RUB:` before a result
    /// repeats the last expression under that locale and currency.
    static let examples: [Example] = rows.flatMap { row -> [Example] in
        var found: [Example] = []
        let pieces = row.examples.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        // Odd pieces are code; even ones the text between.
        var index = 1
        var lastExpression = ""
        while index < pieces.count {
            let code = pieces[index]
            let before = pieces[index - 1]
            let after = index + 1 < pieces.count ? pieces[index + 1] : ""
            if let qualifier = before.firstMatch(of: /([a-z]{2}), ([A-Z]{3}):\s*$/) {
                found.append(Example(expression: lastExpression, result: code, locale: String(qualifier.1), currency: String(qualifier.2)))
            } else if let locale = after.firstMatch(of: /^\s*\(([a-z]{2})\)/).map({ String($0.1) }) {
                // `1,234.50` (en), `1 234,50` (ru): results of the last expression, by locale.
                found.append(Example(expression: lastExpression, result: code, locale: locale, currency: locale == "ru" ? "RUB" : "USD"))
            } else if before.contains("→") {
                found.append(Example(expression: lastExpression, result: code, locale: "en", currency: "USD"))
            } else {
                lastExpression = code
                if !after.contains("→") {
                    found.append(Example(expression: code, result: nil, locale: "en", currency: "USD"))
                }
            }
            index += 2
        }
        return found
    }

    /// Names the examples read, as an app's data would hold them.
    static let roots: [String: SceneValue] = [
        "cart": .list([.record(Record(["price": .number(699)])), .record(Record(["price": .number(Decimal(string: "9.99")!)]))]),
        "email": .string("ada@example.com"),
        "tags": .list([.string("sale"), .string("audio")]),
        "total": .number(Decimal(string: "0.30")!),
        "request": .record(Record(["query": .null]))
    ]

    @Test(arguments: examples)
    func theExampleGivesWhatTheTableSays(_ example: Example) throws {
        var locals: [String: SceneValue] = [:]
        for (name, value) in Self.roots where name != "request" { locals[name] = value }
        let context = EvaluationContext(
            roots: ["request": Self.roots["request"] ?? .null], locals: locals,
            format: FormatContext(
                locale: example.locale, currency: example.currency,
                strings: ["en": ["cart.total": "Total: {0}"], "ru": ["cart.total": "Итого: {0}"]],
                // What a transcript runs at: the default --now, and seed 0.
                now: Date(timeIntervalSince1970: 1_767_225_600)))
        let template = try ExpressionParser.template("@{\(example.expression)}")
        let value = try Evaluator.evaluate(template, in: context).get()
        guard let result = example.result else { return }
        // A quoted result is text; others are shown as they print.
        let expected = result.hasPrefix("'") && result.hasSuffix("'") ? String(result.dropFirst().dropLast()) : result
        #expect(value.description == expected)
    }

    @Test func everyFunctionHasARowWithAnExample() {
        let listed = Set(Self.rows.flatMap(\.functions))
        for name in FunctionTable.names where !listed.contains(name) {
            Issue.record("docs/manifest.md's Functions table has no row for '\(name)'")
        }
        #expect(Self.examples.filter { $0.result != nil }.count >= 20, "\(Self.examples.map(\.testDescription))")
    }
}
