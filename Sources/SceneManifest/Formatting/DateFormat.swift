import Foundation

/// Dates: read as ISO-8601 (`2026-01-02` or `2026-01-02T10:00:00Z`), shown in the styles
/// `iso`, `short`, `medium`, `long` and `time`, with month names from a built-in table so
/// output is the same everywhere.
public enum DateFormat {
    /// The moment `text` names, or nil when it is not ISO-8601 or names a day or time the
    /// calendar does not have (`2026-02-30`, `2026-13-01`, `T24:00`).
    public static func parse(_ text: String) -> Date? {
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

    /// Whether the year, month, day, hour, minute and second written in `text` exist:
    /// Foundation's ISO-8601 parser rolls them over (`2026-02-30` becomes March 2).
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
              (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year) else { return false }
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

    static let months: [String: (short: [String], long: [String])] = [
        "en": (["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
               ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]),
        "ru": (["янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."],
               ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"]),
    ]

    /// The date in `style`, or nil for an unknown style.
    public static func format(_ date: Date, style: String, locale: String, timeZone: TimeZone) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let (year, month, day) = (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let language = FormatContext.language(locale)
        let names = months[language] ?? months["en"] ?? ([], [])
        switch style {
        case "iso": return "\(year)-\(two(month))-\(two(day))"
        case "time": return "\(two(parts.hour ?? 0)):\(two(parts.minute ?? 0))"
        case "short":
            return language == "en" ? "\(month)/\(day)/\(two(year % 100))" : "\(two(day)).\(two(month)).\(year)"
        case "medium":
            return language == "ru" ? "\(day) \(names.short[month - 1]) \(year) г." : "\(names.short[month - 1]) \(day), \(year)"
        case "long":
            return language == "ru" ? "\(day) \(names.long[month - 1]) \(year) г." : "\(names.long[month - 1]) \(day), \(year)"
        default: return nil
        }
    }
}
