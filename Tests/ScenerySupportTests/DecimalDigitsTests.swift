import Foundation
import ScenerySupport
import Testing

/// The fast digits of a decimal agree with Foundation's description wherever they answer.
@Suite struct DecimalDigitsTests {
    func foundation(_ number: Decimal) -> String {
        NSDecimalNumber(decimal: number).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }

    @Test(arguments: [
        "0", "699.00", "0.10", "-0.5", "19.99", "1e3", "-1200", "0.000001", "123456789012345678",
        "18446744073709551615", "0.1234567890123456789", "2500.5e-3", "-0.0"
    ])
    func writtenNumbersMatchFoundation(_ text: String) throws {
        let number = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(number.plainDigits == foundation(number))
    }

    @Test func manyMantissasAndExponentsMatchFoundation() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<20_000 {
            let mantissa = UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
            let exponent = Int16.random(in: -19...20, using: &generator)
            let number = Decimal(
                sign: Bool.random(using: &generator) ? .minus : .plus, exponent: Int(exponent), significand: Decimal(mantissa))
            guard let digits = number.plainDigits else { continue }
            #expect(digits == foundation(number), "mantissa \(mantissa) exponent \(exponent)")
            checked += 1
        }
        #expect(checked > 10_000)
    }

    @Test func whatItCannotWriteItLeavesToTheCaller() {
        #expect(Decimal.nan.plainDigits == nil)
        #expect(Decimal(sign: .plus, exponent: -30, significand: 1).plainDigits == nil)
        #expect(Decimal(string: "123456789012345678901234567890")!.plainDigits == nil)
    }
}

/// The fast whole number of a decimal agrees with reading its digits, and refuses what is
/// not whole or does not fit.
@Suite struct DecimalWholeTests {
    /// The slow reading: rounded, compared, and parsed from the description.
    func general(_ number: Decimal) -> Int64? {
        var copy = number, whole = Decimal()
        NSDecimalRound(&whole, &copy, 0, .plain)
        guard whole == number else { return nil }
        return Int64("\(number)")
    }

    @Test(
        arguments: [
            ("0", 0), ("42", 42), ("-7", -7), ("1e3", 1000), ("1200.000", 1200), ("9223372036854775807", Int64.max),
            ("-9223372036854775808", Int64.min)
        ] as [(String, Int64)])
    func wholeNumbersRead(_ text: String, _ expected: Int64) throws {
        let number = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(number.wholeInt64 == expected)
    }

    @Test(arguments: ["0.5", "-1.25", "9223372036854775808", "-9223372036854775809", "1e30", "123456789012345678901234567890"])
    func whatIsNotAWholeInt64IsNil(_ text: String) throws {
        let number = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(number.wholeInt64 == nil)
        #expect(Decimal.nan.wholeInt64 == nil)
    }

    @Test func randomValuesAgreeWithTheGeneralReading() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let mantissa = UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
            let number = Decimal(
                sign: Bool.random(using: &generator) ? .minus : .plus, exponent: Int.random(in: -6...6, using: &generator),
                significand: Decimal(mantissa))
            if let whole = number.wholeInt64 { #expect(whole == general(number), "\(number)") }
            if number.wholeInt64 == nil, number.isFinite, let general = general(number) {
                Issue.record("\(number) is the whole number \(general), and the fast reading gave nil")
            }
        }
    }
}

/// The fast ordering of decimals agrees with Foundation's.
@Suite struct DecimalOrderTests {
    func foundation(_ a: Decimal, _ b: Decimal) -> ComparisonResult {
        a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
    }

    @Test func randomPairsOrderAsFoundationOrdersThem() {
        var generator = SystemRandomNumberGenerator()
        func random() -> Decimal {
            let mantissa = UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
            return Decimal(
                sign: Bool.random(using: &generator) ? .minus : .plus,
                exponent: Int.random(in: -25...25, using: &generator), significand: Decimal(mantissa))
        }
        for _ in 0..<20_000 {
            let a = random()
            let b = Bool.random(using: &generator) ? random() : a * Decimal(10) / Decimal(10)
            #expect(Decimal.order(a, b) == foundation(a, b), "\(a) vs \(b)")
        }
    }

    @Test(arguments: [
        ("0", "-0.0"), ("699", "699.00"), ("-1", "1"), ("0.1", "0.10000000000000000001"),
        ("18446744073709551615", "18446744073709551616"), ("1e30", "1"), ("-1e30", "-2")
    ])
    func edgesOrderAsFoundationOrdersThem(_ pair: (String, String)) throws {
        let a = try #require(Decimal(string: pair.0, locale: Locale(identifier: "en_US_POSIX")))
        let b = try #require(Decimal(string: pair.1, locale: Locale(identifier: "en_US_POSIX")))
        #expect(Decimal.order(a, b) == foundation(a, b))
        #expect(Decimal.order(b, a) == foundation(b, a))
    }
}
