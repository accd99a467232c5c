import Foundation

/// Dates: read as ISO-8601 (`2026-01-02` or `2026-01-02T10:00:00Z`), shown in the styles
/// `iso`, `short`, `medium`, `long` and `time`, with month names from a built-in table so
/// output is the same everywhere.
public enum DateFormat {
    /// The moment `text` names, or nil when it is not ISO-8601 or names a day or time the
    /// calendar does not have (`2026-02-30`, `2026-13-01`, `T24:00`). Read by hand
    /// (``ISODate``), in about a hundred nanoseconds.
    ///
    /// ```swift
    /// DateFormat.parse("2026-01-02T10:00:00+02:00")   // 2026-01-02 08:00:00 UTC
    /// DateFormat.parse("2026-02-30")                  // nil
    /// ```
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { ISODate.date($0) }
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
