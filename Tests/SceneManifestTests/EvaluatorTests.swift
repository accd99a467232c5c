import Foundation
import SceneManifest
import Testing

// checks: docs/manifest.md#expressions
@Suite struct EvaluatorTests {
    let context = EvaluationContext(
        roots: [
            "state": .record(
                Record([
                    "items": .list([
                        .record(Record(["name": .string("Pixel"), "price": .number(Decimal(string: "699.00")!)])),
                        .record(Record(["name": .string("Cable"), "price": .number(Decimal(string: "9.99")!)]))
                    ]),
                    "empty": .string("")
                ])),
            "request": .record(Record(["query": .null, "row": .number(2)]))
        ],
        format: FormatContext(
            locale: "en_US", currency: "USD",
            strings: [
                "en": ["cart.total": "Total: {0}", "products": "product|products"],
                "ru": ["cart.total": "Итого: {0}"]
            ]))

    func run(_ text: String, _ context: EvaluationContext? = nil) throws -> SceneValue {
        let template = try ExpressionParser.template(text)
        return try Evaluator.evaluate(template, in: context ?? self.context).get()
    }

    func failure(_ text: String) throws -> EvaluationError? {
        let template = try ExpressionParser.template(text)
        if case let .failure(error) = Evaluator.evaluate(template, in: context) { return error }
        return nil
    }

    @Test(arguments: [
        ("@{0.10 + 0.20}", "0.3"),
        ("@{0.1 * 3 == 0.3}", "true"),
        ("@{10 / 4}", "2.5"),
        ("@{7 % 3}", "1"),
        ("@{-2 * 3}", "-6"),
        ("@{1 + 2 * 3 - 4 / 2}", "5"),
        ("@{(1 + 2) * 3}", "9"),
        ("@{'a' + 1}", "a1"),
        ("@{request.query ?? 'all'}", "all"),
        ("@{count(state.items) > 1 ? 'many' : 'one'}", "many"),
        ("@{state.items[request.row - 1].name}", "Cable"),
        ("@{state.items[5].name}", ""),
        ("@{missing.deep.path}", ""),
        ("@{!state.empty && true}", "true"),
        ("@{state.items | count}", "2"),
        ("@{sum(state.items, 'price') | currency}", "$708.99"),
        ("@{max(3, 9, 4)} @{min(state.items[0].price, 10)}", "9 10"),
        ("@{first(state.items).name} @{last('abc')}", "Pixel c"),
        ("@{contains('phone case', 'case')} @{contains([1, 2], 3)}", "true false"),
        ("@{matches('a@b.io', '^[^@]+@[^@]+$')}", "true"),
        ("@{join(['a', 'b', 'c'], '-')} @{upper('x')}@{lower('Y')} @{capitalize('word')} [@{trim('  t  ')}]", "a-b-c Xy Word [t]"),
        ("@{truncate('Headphones', 5)}", "Head…"),
        ("@{default(state.empty, 'none')} @{default(request.query, 'q')}", "none q"),
        ("@{round(2.675, 2)} @{round(2.5)} @{abs(-3)}", "2.68 2 3"),
        ("@{int('42') + 1} @{int(3.9)} @{decimal('0.5') * 2} @{string(5) + '!'}", "43 3 1 5!"),
        ("@{number(1234567.891, 2)} @{percent(0.155)}", "1,234,567.89 15.5%"),
        ("@{currency(-1234.5)} @{currency(1000, 'EUR')} @{currency(1000, 'JPY')}", "-$1,234.50 €1,000.00 ¥1,000"),
        (
            "@{date('2026-01-02T10:30:00Z')} | @{date('2026-01-02', 'short')} | @{date('2026-01-02', 'long')} | @{date('2026-01-02T10:30:00Z', 'time')}",
            "Jan 2, 2026 | 1/2/26 | January 2, 2026 | 10:30"
        ),
        ("@{phone('5551234567')} @{phone('+1 555 123 4567')}", "(555) 123-4567 +1 (555) 123-4567"),
        ("@{count(state.items)} @{plural(count(state.items), 'product', 'products')} @{plural(1, t('products'))}", "2 products product"),
        ("@{mask('4111111111111111')}", "••••••••••••1111"),
        ("@{yesno(true)} @{yesno(0, 'on', 'off')}", "yes off"),
        ("@{t('cart.total', currency(5))} @{t('no.such.key')}", "Total: $5.00 no.such.key"),
        ("price: \\@{literal}", "price: @{literal}")
    ])
    func evaluates(text: String, expected: String) throws {
        #expect(try run(text).description == expected)
    }

    @Test func aSingleExpressionKeepsItsType() throws {
        #expect(try run("@{state.items}") == context.roots["state"]?["items"])
        #expect(try run("@{count(state.items) + 1}") == .number(3))
        #expect(try run("@{[1, 'a', null]}") == .list([.number(1), .string("a"), .null]))
    }

    @Test func russianFormatting() throws {
        var ru = context
        ru.format.locale = "ru_RU"
        ru.format.currency = "RUB"
        #expect(try run("@{currency(1234.5)} @{number(1234567.891, 2)} @{percent(0.5)}", ru).description == "1 234,50 ₽ 1 234 567,89 50 %")
        #expect(
            try run("@{plural(5, 'товар', 'товара', 'товаров')} @{t('cart.total', 1)} @{date('2026-03-08', 'long')}", ru).description
                == "товаров Итого: 1 8 марта 2026 г.")
        #expect(try run("@{phone('89991234567')} @{yesno(false)}", ru).description == "+7 999 123-45-67 нет")
    }

    @Test(
        arguments: [
            ("@{1 / 0}", "E502", "division by zero", 4),
            ("@{request.query + 1}", "E501", "cannot apply '+' to null", 16),
            ("@{'a' * 2}", "E501", "cannot apply '*' to string and number", 6),
            ("@{1 < 'b'}", "E501", "cannot apply '<' to number and string", 4),
            ("@{-'x'}", "E501", "cannot negate string", 2),
            ("@{int('abc')}", "E503", "int: 'abc' is not a number", 2),
            ("@{matches('a', '(')}", "E505", "matches: '(' is not a regular expression", 2),
            ("@{date('yesterday')}", "E503", "date: 'yesterday' is not an ISO-8601 date", 2),
            ("@{sum([1, 'x'])}", "E501", "sum: cannot add string", 2),
            ("@{round(1, 99)}", "E504", "round: decimal places must be a whole number from 0 to 10", 2)
        ] as [(String, String, String, Int)])
    func runtimeErrorsAreValuesWithPositions(text: String, code: String, message: String, offset: Int) throws {
        let error = try #require(try failure(text))
        #expect(error.code.rawValue == code)
        #expect(error.message == message)
        #expect(error.offset == offset)
    }
}
