import Foundation
import ScenerySupport
import Testing
import VIPTesting

@testable import SceneManifest

/// `date` values read by hand (`ISODate`): the text Scenery accepted through Foundation's
/// `ISO8601DateFormatter`s, accepted and read the same, without a formatter per value.
@Suite struct ISODateTests {
    // checks: docs/manifest.md#types
    /// Text → the moment it names, in UTC with milliseconds; nil where the text is refused.
    @Test(
        arguments: [
            // The documented forms.
            ("2026-01-02", "2026-01-02T00:00:00.000Z"),
            ("2026-01-02T10:00:00Z", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00.5Z", "2026-01-02T10:00:00.500Z"),
            ("2026-01-02T10:00:00.123456789Z", "2026-01-02T10:00:00.123Z"),
            ("2026-01-02T10:00:00.9999Z", "2026-01-02T10:00:00.999Z"),
            ("2026-01-02T10:00:00+02:00", "2026-01-02T08:00:00.000Z"),
            ("2026-01-02T10:00:00.25-03:30", "2026-01-02T13:30:00.250Z"),
            ("2026-01-02T00:30:00+05:45", "2026-01-01T18:45:00.000Z"),
            // Every other way of writing a zone the formatters read.
            ("2026-01-02T10:00:00z", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00+0200", "2026-01-02T08:00:00.000Z"),
            ("2026-01-02T10:00:00+02", "2026-01-02T08:00:00.000Z"),
            ("2026-01-02T10:00:00-00:00", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00+23:59", "2026-01-01T10:01:00.000Z"),
            ("2026-01-02T10:00:00+02:00:30", "2026-01-02T07:59:30.000Z"),
            ("2026-01-02T10:00:00+020030", "2026-01-02T07:59:30.000Z"),
            ("2026-01-02T10:00:00+02:60", "2026-01-02T08:00:00.000Z"),
            ("2026-01-02T10:00:00 Z", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00   +02:00", "2026-01-02T08:00:00.000Z"),
            ("2026-01-02T10:00:00\t\nZ", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00\u{A0}\u{2009}\u{3000}UTC", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00\u{200B}Z", "2026-01-02T00:00:00.000Z"),  // a zero-width space is no white space
            ("2026-01-02T10:00:00UTC", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00gmt", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00UT", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00GMT+2", "2026-01-02T08:00:00.000Z"),
            ("2026-01-02T10:00:00UTC-05:30", "2026-01-02T15:30:00.000Z"),
            ("2026-01-02T10:00:00GMT+0530", "2026-01-02T05:00:00.000Z"),
            ("2026-01-02T10:00:00GMT+02:00:30", "2026-01-02T07:59:30.000Z"),
            ("2026-01-02T10:00:00GMT+24:00", "2026-01-02T08:00:00.000Z"),
            ("2026-01-02T10:00:00UTC-0530", "2026-01-02T15:30:00.000Z"),
            ("2026-01-02T10:00:00UT+2:30", "2026-01-02T07:30:00.000Z"),
            ("2026-01-02T10:00:00utc+020030", "2026-01-02T07:59:30.000Z"),
            ("2026-01-02T10:00:00Zjunk", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00:00+02:00Z", "2026-01-02T08:00:00.000Z"),
            // A time without seconds, with its zone: that time; without a zone, the day.
            ("2026-01-02T10:00Z", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00+02:00", "2026-01-02T08:00:00.000Z"),
            ("2026-01-02T10:00 UTC", "2026-01-02T10:00:00.000Z"),
            ("2026-01-02T10:00", "2026-01-02T00:00:00.000Z"),
            // Text with a real day and time that is not one of the forms: the day at midnight.
            ("2026-01-02T10:00:00", "2026-01-02T00:00:00.000Z"),
            ("2026-01-02T10:00:00.5", "2026-01-02T00:00:00.000Z"),
            ("2026-01-02 10:00:00Z", "2026-01-02T00:00:00.000Z"),
            ("2026-01-02t10:00:00Z", "2026-01-02T00:00:00.000Z"),
            ("2026-01-02T10:00:00.Z", "2026-01-02T00:00:00.000Z"),
            ("2026-01-02T10:00:00,5Z", "2026-01-02T00:00:00.000Z"),
            ("2026-01-02x10y00z00Z", "2026-01-02T00:00:00.000Z"),
            // Edges of the calendar: leap days, the epoch, the last day, and Julian days before
            // 1582-10-15 (1582-10-05 Julian is 1582-10-15 Gregorian).
            ("2024-02-29", "2024-02-29T00:00:00.000Z"),
            ("2000-02-29", "2000-02-29T00:00:00.000Z"),
            ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"),
            ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"),
            ("9999-12-31T23:59:59-23:59", "10000-01-01T23:58:59.000Z"),
            ("1582-10-15", "1582-10-15T00:00:00.000Z"),
            ("1582-10-04", "1582-10-04T00:00:00.000Z"),
            ("1582-10-10", "1582-10-20T00:00:00.000Z"),
            ("1500-03-01", "1500-03-01T00:00:00.000Z"),
            ("0001-01-01", "0001-01-01T00:00:00.000Z"),
            ("0004-02-29", "0004-02-29T00:00:00.000Z"),
            // Refused: days and times the calendar lacks, and text that is not such a date.
            ("2026-02-29", nil), ("2026-02-30", nil), ("1900-02-29", nil), ("1500-02-29", nil), ("2026-13-01", nil),
            ("2026-00-10", nil), ("2026-04-31", nil), ("2026-01-00", nil), ("2026-01-02T24:00:00Z", nil),
            ("2026-01-02T10:60:00Z", nil), ("2026-01-02T10:00:60Z", nil), ("2026-01-02T1:00:00Z", nil),
            ("2026-01-02T10:00:5Z", nil), ("2026-01-02T10", nil), ("2026-01-02T10:0", nil), ("2026-01-02x", nil),
            ("2026-01-023", nil), ("2026-01-02310:00:00Z", nil), ("20260102", nil), ("2026-1-2", nil),
            ("+2026-01-02", nil), ("-2026-01-02", nil), ("12026-01-02", nil), (" 2026-01-02", nil), ("2026-01-0２", nil),
            ("٢٠٢٦-٠١-٠٢", nil), ("", nil), ("yesterday", nil), ("2026-01", nil)
        ] as [(String, String?)])
    func readsWhatFoundationRead(text: String, expected: String?) {
        #expect(DateFormat.parse(text).map(Self.utc) == expected)
    }

    // checks: docs/manifest.md#types
    /// Malformed offsets and overlong fractions, which Foundation's lenient reading turned
    /// into other offsets or overflowed on: still accepted, and read by the rules above.
    @Test(arguments: [
        ("2026-01-02T10:00:00+24:00", "2026-01-02T00:00:00.000Z"),  // Foundation: +02:00
        ("2026-01-02T10:00:00+99:99", "2026-01-02T00:00:00.000Z"),  // Foundation: +09:00
        ("2026-01-02T10:00:00+2:00", "2026-01-02T00:00:00.000Z"),  // Foundation: +20:00
        ("2026-01-02T10:00:00+2", "2026-01-02T00:00:00.000Z"),  // Foundation: +02:00
        ("2026-01-02T10:00:00+020", "2026-01-02T08:00:00.000Z"),  // Foundation: +00:20
        ("2026-01-02T10:00:00.7777777777Z", "2026-01-02T10:00:00.777Z")  // Foundation: 09:59:59.919
    ])
    func malformedOffsetsAreReadByTheSameRules(text: String, expected: String) {
        #expect(DateFormat.parse(text).map(Self.utc) == expected)
    }

    #if os(Linux)
        // checks: docs/manifest.md#types
        /// Generated dates in every form, every year: the same `Date` as Foundation made.
        /// (Compared with the Foundation on Linux, where the reading above was taken from.)
        @Test func generatedDatesReadAsFoundationReadThem() {
            var random = SeededRandom(seed: 2026)
            for _ in 0..<1500 {
                let text = Self.wellFormed(&random)
                #expect(DateFormat.parse(text) == FoundationDates.parse(text), "\(text)")
            }
        }

        // checks: docs/manifest.md#types
        /// Dates with bytes changed, added and taken away: accepted exactly when Foundation
        /// accepted them.
        @Test func mutatedTextIsAcceptedExactlyWhenFoundationAcceptedIt() {
            var random = SeededRandom(seed: 1582)
            let alphabet = Array("0123456789-:T+Z.z x,é\t\u{A0}\u{3000}GU")
            for _ in 0..<2500 {
                var text = Array(Self.wellFormed(&random))
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let index = Int.random(in: 0..<text.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: text[index] = alphabet.randomElement(using: &random) ?? "0"
                    case 1: text.insert(alphabet.randomElement(using: &random) ?? "0", at: index)
                    default: text.remove(at: index)
                    }
                    if text.isEmpty { text = ["0"] }
                }
                let mutated = String(text)
                #expect((DateFormat.parse(mutated) == nil) == (FoundationDates.parse(mutated) == nil), "\(mutated)")
            }
        }
    #endif

    /// A date in one of the forms that are read with their time, or a day alone.
    static func wellFormed(_ random: inout SeededRandom) -> String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let year = Int.random(in: 0...9999, using: &random), month = Int.random(in: 1...12, using: &random)
        let day = Int.random(in: 1...DateFormat.days(inMonth: month, of: year), using: &random)
        let date = String(repeating: "0", count: 4 - "\(year)".count) + "\(year)-\(two(month))-\(two(day))"
        guard Int.random(in: 0..<5, using: &random) > 0 else { return date }
        let time =
            "T\(two(Int.random(in: 0...23, using: &random))):\(two(Int.random(in: 0...59, using: &random))):\(two(Int.random(in: 0...59, using: &random)))"
        let digits = Int.random(in: 0...9, using: &random)
        let fraction = digits == 0 ? "" : "." + String((0..<digits).map { _ in "0123456789".randomElement(using: &random) ?? "0" })
        let zones = [
            "Z", "z", "+02:00", "-03:30", "+0545", "-11", "+00:00", "-23:59", "+14:00", " Z", "\u{A0}+01:00", "UTC", "gmt", "UT",
            "GMT+2", "GMT+0530", "UTC-05:30", "UTC-0530", "UT+2:30", "", "+02:00:30", "+02:60", "Zjunk"
        ]
        return date + time + fraction + (zones.randomElement(using: &random) ?? "Z")
    }

    static func utc(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// How `DateFormat.parse` read dates before: a check that the fields exist, then up to three
/// Foundation formatters. The reference the reading by hand is compared with.
enum FoundationDates {
    static func parse(_ text: String) -> Date? {
        guard fieldsAreReal(text) else { return nil }
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = fractional.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
    }

    static func fieldsAreReal(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func field(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= bytes.count else { return nil }
            var number = 0
            for byte in bytes[start..<start + length] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return number
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = field(0, 4), let month = field(5, 2), let day = field(8, 2),
            (1...12).contains(month), day >= 1, day <= DateFormat.days(inMonth: month, of: year)
        else { return false }
        guard bytes.count > 10 else { return true }
        guard let hour = field(11, 2), let minute = field(14, 2), hour <= 23, minute <= 59 else { return false }
        if bytes.count >= 19, bytes[16] == UInt8(ascii: ":") {
            guard let second = field(17, 2), second <= 59 else { return false }
        }
        return true
    }
}

/// The time `env.now` and a recording's `--now` are written as is what
/// `ISO8601DateFormatter` writes, without making one.
@Suite struct InternetTextTests {
    @Test func momentsAreWrittenAsTheFormatterWritesThem() {
        let formatter = ISO8601DateFormatter()
        var generator = SeededRandom(seed: 2026)
        // A half millisecond before 1970 rounds toward the future, as the formatter rounds it.
        var moments = [
            0, -1, 0.999, 0.9994, 0.9995, 59.9995, -0.0004, -0.0005, -0.0006, 1_767_225_599.9995, -62_135_596_800, 253_402_300_799,
            -0.5, -53_983_405_298.0005
        ]
        .map(Date.init(timeIntervalSince1970:))
        for _ in 0..<5_000 {
            moments.append(Date(timeIntervalSince1970: Double.random(in: -62_000_000_000...250_000_000_000, using: &generator)))
            // A whole millisecond and a half, where rounding one way or the other changes the second.
            let millisecond = Double(Int64.random(in: -62_000_000_000_000...250_000_000_000_000, using: &generator)) / 1000
            moments.append(Date(timeIntervalSince1970: millisecond + 0.0005))
            moments.append(Date(timeIntervalSince1970: millisecond - 0.0005))
        }
        for moment in moments {
            #expect(ISODate.internetText(moment) == formatter.string(from: moment), "\(moment.timeIntervalSince1970)")
        }
    }
}
