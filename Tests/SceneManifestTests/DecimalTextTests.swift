import Foundation
import SceneManifest
import Testing

@Suite struct DecimalTextTests {
    @Test(arguments: [
        ("0.10", "0.1"), ("-12.5e2", "-1250"), ("0", "0"), ("-0", "0"),
        ("12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
        // Zeros at the ends add no precision; zero is zero at any exponent; a sign and a bare point are fine.
        ("123e65", "123" + String(repeating: "0", count: 65)),
        ("1" + String(repeating: "0", count: 70), "1" + String(repeating: "0", count: 70)),
        ("0e999999", "0"), ("+5", "5"), (".5", "0.5"), ("5.", "5")
    ])
    func exactNumbers(text: String, plain: String) throws {
        #expect(SceneValue.plain(try #require(DecimalText.parse(text))) == plain)
    }

    /// Foundation's parser reads a prefix (`12abc` as 12); the whole text must be a number.
    @Test(arguments: [
        "1e999", "1e-999", "123456789012345678901234567890123456789", "abc", "12abc", "1.2.3", "12 ", " 12", "1e", "--1",
        "1_000", "0x10", "", "-", ".", "e5", "١٢", "Infinity", "NaN"
    ])
    func numbersOutOfRangeAreRefused(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    /// Prices and other plain fractions are built from their digits; they read as
    /// Foundation's parser reads them, to the last digit and in how they print.
    @Test func plainFractionsReadAsFoundationReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0.0", "-0.0", "0.10", "-12.50", "999999999999999999.0", "0.000000000000000001", "1.5", "-0.05", "00.10",
            // Past 18 digits, where a 64-bit mantissa would overflow: Foundation's parser reads them.
            "22222222222222222222", "-99999999999999999999.5", "1234567890123456789", "18446744073709551616"
        ]
        for _ in 0..<5_000 {
            let whole = String(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator))
            let fraction = String(UInt64.random(in: 0...999_999, using: &generator))
            texts.append((Bool.random(using: &generator) ? "-" : "") + whole + "." + fraction)
        }
        for text in texts {
            let foundation = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
            let read = try #require(DecimalText.parse(text), "\(text)")
            #expect(read == foundation, "\(text)")
            #expect(SceneValue.plain(read) == SceneValue.plain(foundation), "\(text)")
        }
    }
}
