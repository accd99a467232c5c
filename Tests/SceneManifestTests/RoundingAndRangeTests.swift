import Foundation
import SceneManifest
import Testing

/// One rounding rule (half to even), arithmetic that never shows NaN, and dates the calendar has.
// checks: docs/manifest.md#expressions
@Suite struct RoundingAndRangeTests {
    /// Numbers at the ends of the decimal range, as JSON data can hold them: `big` is 10^127,
    /// `tiny` 10^-127, `huge` 38 nines times 10^127 (the largest a JSON number may write).
    let context = EvaluationContext(
        roots: [
            "state": .record(
                Record([
                    "big": .number(DecimalText.parse("1e127") ?? 0),
                    "tiny": .number(DecimalText.parse("1e-127") ?? 0),
                    "huge": .number(DecimalText.parse(String(repeating: "9", count: 38) + "e127") ?? 0),
                    "e100": .number(DecimalText.parse("1e100") ?? 0),
                    "e60": .number(DecimalText.parse("1e60") ?? 0),
                    "em90": .number(DecimalText.parse("1e-90") ?? 0),
                    "em100": .number(DecimalText.parse("1e-100") ?? 0),
                    "em27": .number(DecimalText.parse("1e-27") ?? 0),
                    "em28": .number(DecimalText.parse("1e-28") ?? 0)
                ]))
        ],
        format: FormatContext(locale: "en_US", currency: "USD"))

    func outcome(_ text: String) throws -> Evaluator.Outcome {
        Evaluator.evaluate(try ExpressionParser.template(text), in: context)
    }

    @Test(arguments: [
        ("0.125", "$0.12", "0.12", "0.12", "0"),
        ("0.135", "$0.14", "0.14", "0.14", "0"),
        ("2.5", "$2.50", "2.50", "2.5", "2"),
        ("3.5", "$3.50", "3.50", "3.5", "4"),
        ("-0.125", "-$0.12", "-0.12", "-0.12", "0"),
        ("-2.5", "-$2.50", "-2.50", "-2.5", "-2"),
        ("1.005", "$1.00", "1.00", "1", "1")
    ])
    func currencyNumberAndRoundShareHalfToEven(amount: String, currency: String, number: String, round2: String, round0: String) throws {
        let rendered = try outcome("@{currency(\(amount))} @{number(\(amount), 2)} @{round(\(amount), 2)} @{round(\(amount))}").get()
        #expect(rendered.description == "\(currency) \(number) \(round2) \(round0)")
    }

    @Test func percentRoundsHalfToEven() throws {
        #expect(try outcome("@{percent(0.00125, 1)} @{percent(0.00135, 1)}").get().description == "0.1% 0.1%")
        #expect(try outcome("@{percent(0.00145, 1)}").get().description == "0.1%")
        #expect(try outcome("@{percent(0.00155, 1)}").get().description == "0.2%")
    }

    @Test(
        arguments: [
            ("@{state.huge * 10}", "*", 13),
            ("@{-state.huge * 10}", "*", 14),
            ("@{state.tiny / 1000}", "/", 13),
            ("@{state.tiny / 10 / 3}", "/", 18),
            ("@{state.huge * 10 + 1}", "*", 13),
            ("@{state.em100 * state.em28 * 0.1}", "*", 27),
            ("@{state.e100 * state.e100}", "*", 13),
            // Foundation's own multiplication crashes on these: exponents adding up below −128.
            ("@{state.em100 * state.em100}", "*", 14),
            ("@{state.em90 * state.em90 * 10}", "*", 13),
            ("@{state.huge % 0.1}", "%", 13),
            ("@{state.huge + state.huge + state.huge + state.huge}", "+", 39)
        ] as [(String, String, Int)])
    func arithmeticBeyondTheDecimalRangeIsAnError(text: String, op: String, offset: Int) throws {
        guard case let .failure(error) = try outcome(text) else {
            Issue.record("'\(text)' gave a value")
            return
        }
        #expect(error.code == .decimalOverflow)
        #expect(error.message == "the result of '\(op)' is out of range for a decimal number")
        #expect(error.offset == offset)
    }

    /// The range is the documented one, both ends, whatever Foundation's arithmetic does:
    /// magnitudes up to about 3.4 × 10^165, and nonzero ones down to 10^-128, the least a
    /// decimal holds (and a number in data or input may be).

    @Test func resultsInsideTheDocumentedRangeAreExact() throws {
        // 10^-91, 10^160, 10^-127: in range, though Foundation alone gives NaN or rounds.
        #expect(try outcome("@{state.em90 / 10 == state.em100 * 1000000000}").get() == .bool(true))
        #expect(try outcome("@{state.e100 * state.e60 / state.e100}").get() == .number(DecimalText.parse("1e60") ?? 0))
        #expect(try outcome("@{state.em100 * state.em27 == state.tiny}").get() == .bool(true))
        #expect(try outcome("@{state.em100 * state.em28 == state.tiny / 10}").get() == .bool(true))
        #expect(try outcome("@{sum([state.tiny / 10, 0]) == state.tiny / 10}").get() == .bool(true))
        // Exponents adding up below −128, results of 10^-126 and 10^-127: in range.
        #expect(try outcome("@{state.em100 * (state.em28 * 1000) * 0.1 == state.tiny * 10}").get() == .bool(true))
        #expect(try outcome("@{(state.em100 * 100) * (state.em28 * 0.1) == state.tiny}").get() == .bool(true))
        #expect(try outcome("@{state.big * 10 / state.big}").get() == .number(10))
        #expect(try outcome("@{-state.e100 * state.e60 < 0}").get() == .bool(true))
        // The largest decimal, 2^128 - 1 times 10^127, is itself in range.
        let largest = String(repeating: "9", count: 38) + String(repeating: "0", count: 127)
        #expect(try outcome("@{state.huge}").get().description == largest)
    }

    /// `%` is exact or E506, never a wrong number: a quotient past 38 whole digits cannot
    /// give its remainder.
    @Test func remaindersAreExactOrAnError() throws {
        #expect(
            try outcome("@{7 % 3} @{-7 % 3} @{7.5 % 2} @{state.em100 % 7 == state.em100} @{(state.e60 * 3) % state.e60}").get().description
                == "1 -1 1.5 true 0")
        #expect(try outcome("@{state.e60 % 7 == 0 || state.e60 % 7 != 0}").failureCode == .decimalOverflow)
        #expect(try outcome("@{state.big % 7}").failureCode == .decimalOverflow)
    }

    /// `sum()` keeps the range as `+` does.
    @Test func sumKeepsTheRange() throws {
        guard case let .failure(error) = try outcome("@{sum([state.huge, state.huge, state.huge, state.huge])}") else {
            Issue.record("the sum gave a value")
            return
        }
        #expect(error.code == .decimalOverflow)
    }

    @Test func largeButRepresentableArithmeticStillWorks() throws {
        #expect(
            try outcome("@{state.big + state.big} @{state.big / 0.1}").get().description
                == "2\(String(repeating: "0", count: 127)) 1\(String(repeating: "0", count: 128))")
    }

    @Test(arguments: [
        ("@{sum([state.huge, state.huge, state.huge, state.huge])}", "sum: the total is out of range for a decimal number"),
        ("@{percent(state.big)}", "percent: the percentage is out of range for a decimal number")
    ])
    func functionsThatOverflowAreErrors(text: String, message: String) throws {
        guard case let .failure(error) = try outcome(text) else {
            Issue.record("'\(text)' gave a value")
            return
        }
        #expect(error.code == .decimalOverflow)
        #expect(error.message == message)
    }

    @Test(arguments: [
        "2026-02-30", "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00", "2026-01-02T24:00:00Z", "2026-01-02T10:60:00Z",
        "2026-01-02T10:00:60Z", "1900-02-29"
    ])
    func datesTheCalendarDoesNotHaveAreErrors(text: String) throws {
        guard case let .failure(error) = try outcome("@{date('\(text)', 'iso')}") else {
            Issue.record("'\(text)' gave a date")
            return
        }
        #expect(error.code == .conversion)
        #expect(error.message == "date: '\(text)' is not an ISO-8601 date")
        #expect(DateFormat.parse(text) == nil)
    }

    @Test(arguments: [
        ("2028-02-29", "2028-02-29"), ("2000-02-29", "2000-02-29"), ("2026-12-31", "2026-12-31"),
        ("2026-04-30T23:59:59Z", "2026-04-30"), ("2026-01-02T10:30:00.250Z", "2026-01-02")
    ])
    func realDatesStillParse(text: String, iso: String) throws {
        #expect(try outcome("@{date('\(text)', 'iso')}").get().description == iso)
    }

    /// Indexes are decided on the decimal: through `Double`, 0.99999999999999999999 was 1.
    @Test(arguments: [
        ("@{[10, 20, 30][0.99999999999999999999]}", SceneValue.null), ("@{[10, 20, 30][1]}", .number(20)),
        ("@{[10, 20, 30][1.0]}", .number(20)),
        ("@{[10, 20, 30][1.5]}", .null), ("@{[10, 20, 30][state.big]}", .null), ("@{'abc'[2.00000000000000000001]}", .null),
        ("@{'abc'[2]}", .string("c"))
    ])
    func indexesAreWholeNumbersExactly(text: String, expected: SceneValue) throws {
        #expect(try outcome(text).get() == expected)
    }

    /// As in JSON: a literal no decimal holds is E211, never rounded.
    @Test func numberLiteralsBeyond38DigitsAreRefused() throws {
        let literal = "123456789012345678901234567890123456789"
        #expect(
            throws: ExpressionError(
                .numberOutOfRange, "number \(literal) is out of range", at: 2,
                hint: "numbers keep 38 significant digits and exponents from -128 to 127")
        ) {
            try ExpressionParser.template("@{\(literal) + 1}")
        }
        #expect(try ExpressionParser.expression(String(literal.dropLast()) + "000").depth == 1, "trailing zeros add no digits")
    }
}

extension Evaluator.Outcome {
    /// The failure's code, or nil for a value.
    var failureCode: DiagnosticCode? {
        if case let .failure(error) = self { return error.code }
        return nil
    }
}
