import Foundation
import Testing
import VIPTesting

@testable import SceneManifest

/// Quotients keep 38 significant digits (docs/manifest.md, Types: numbers keep 38
/// significant digits), rounded half to even — also where Foundation's own division keeps
/// one digit.
// checks: docs/manifest.md#types
@Suite struct DecimalDivisionTests {
    static func number(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan }

    @Test(arguments: [
        ("1", "3", "0.33333333333333333333333333333333333333"),
        ("2", "3", "0.66666666666666666666666666666666666667"),
        ("-2", "3", "-0.66666666666666666666666666666666666667"),
        ("10", "4", "2.5"),
        ("699", "7", "99.857142857142857142857142857142857143"),
        ("100", "12345678901234567890123456789012345678", "0.0000000000000000000000000000000000081000000729000006633900060368490549359"),
        ("1", "8", "0.125"),
        ("0", "5", "0"),
        ("1e-90", "10", "0." + String(repeating: "0", count: 90) + "1")
    ])
    func quotientsKeepThirtyEightDigits(a: String, b: String, expected: String) {
        let value = DecimalDivision.quotient(Self.number(a), Self.number(b))
        #expect(value.map { "\($0)" } == expected)
    }

    /// `/` keeps Foundation's quotient where it is right to its last digits (it may keep a
    /// 39th), so results apps show today do not change, and takes the long division where
    /// Foundation lost digits.
    @Test func divisionKeepsFoundationsRightQuotientsAndMendsTheWrongOnes() {
        var random = SeededRandom(seed: 31)
        var compared = 0
        for _ in 0..<3_000 {
            let a = Decimal(Int(random.next() % 2_000_000)) / 100 - 10_000
            let b = Decimal(Int(random.next() % 9_999) + 1) / (random.next() % 2 == 0 ? 1 : 100)
            compared += 1
            #expect(DecimalRange.quotient(a, b) == a / b, "\(a) / \(b)")
        }
        #expect(compared == 3_000)
        let big = Self.number("12345678901234567890123456789012345678")
        #expect(DecimalRange.quotient(100, big) == DecimalDivision.quotient(100, big))
        #expect(DecimalRange.quotient(100, big) != 100 / big)
        // The check itself never reaches Foundation's multiplication below its exponents.
        let tiny = Self.number("3e-128")
        #expect(DecimalRange.quotient(tiny, 3) == Self.number("1e-128"))
    }
}
