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
