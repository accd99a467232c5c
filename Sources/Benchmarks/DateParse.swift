import Foundation
import SceneManifest

/// `count` dates in the forms apps write, a quarter each: a day, a UTC time, a time with a
/// fraction, a time with an offset.
func benchmarkDates(count: Int) -> [String] {
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return (0..<count).map { index in
        let day = "\(1990 + index % 60)-\(two(index % 12 + 1))-\(two(index % 28 + 1))"
        let time = "T\(two(index % 24)):\(two(index * 7 % 60)):\(two(index * 13 % 60))"
        switch index % 4 {
        case 0: return day
        case 1: return day + time + "Z"
        case 2: return day + time + ".\(100 + index % 900)Z"
        default: return day + time + (index % 8 == 3 ? "+02:00" : "-05:30")
        }
    }
}

/// How `DateFormat.parse` read a date before: a check that the fields exist, then up to three
/// Foundation formatters made for the one value.
enum FoundationDateParse {
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
            (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year)
        else { return false }
        guard bytes.count > 10 else { return true }
        guard let hour = field(11, 2), let minute = field(14, 2), hour <= 23, minute <= 59 else { return false }
        if bytes.count >= 19, bytes[16] == UInt8(ascii: ":") {
            guard let second = field(17, 2), second <= 59 else { return false }
        }
        return true
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A `date` value checked against its type reads the text as a date: 500 of them, by hand (A)
/// and through Foundation's formatters (B), which must agree on every one.
@MainActor
func dateParseRow(runs: Int) async throws -> Row {
    let texts = benchmarkDates(count: 500)
    let row = try await compare(
        "`date` value read, per value", runs: runs, target: .microseconds(2),
        a: Side(name: "`DateFormat.parse`, ISO-8601 read by hand (`ISODate`), 500 dates in four forms", repeats: 200) {
            texts.map(DateFormat.parse)
        },
        b: Side(name: "the Foundation reading it replaced (a field check and up to three `ISO8601DateFormatter`s per value)") {
            texts.map(FoundationDateParse.parse)
        })
    return row.perUnit(a: 500, b: 500)
}
