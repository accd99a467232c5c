import Foundation

/// Dates: read as ISO-8601 (`2026-01-02` or `2026-01-02T10:00:00Z`), shown in the styles
/// `iso`, `short`, `medium`, `long` and `time`, with month names from a built-in table so
/// output is the same everywhere.
public enum DateFormat {
    public static func parse(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = fractional.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
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

/// Phone numbers, grouped the way the locale writes them; anything that is not a known
/// shape comes back as it was given.
public enum PhoneFormat {
    public static func format(_ text: String, locale: String) -> String {
        let digits = text.filter(\.isASCII).filter(\.isNumber)
        let language = FormatContext.language(locale)
        func group(_ national: Substring, _ sizes: [Int]) -> [String] {
            var rest = national
            return sizes.map { size in
                defer { rest = rest.dropFirst(size) }
                return String(rest.prefix(size))
            }
        }
        if language == "ru" || language == "uk" || (text.hasPrefix("+7") && digits.count == 11) {
            let national: Substring
            if digits.count == 11, digits.first == "7" || digits.first == "8" {
                national = digits.dropFirst()
            } else if digits.count == 10 {
                national = Substring(digits)
            } else {
                return text
            }
            let parts = group(national, [3, 3, 2, 2])
            return "+7 \(parts[0]) \(parts[1])-\(parts[2])-\(parts[3])"
        }
        if digits.count == 10 || (digits.count == 11 && digits.first == "1") {
            let national = digits.suffix(10)
            let parts = group(national, [3, 3, 4])
            return (digits.count == 11 ? "+1 " : "") + "(\(parts[0])) \(parts[1])-\(parts[2])"
        }
        return text
    }
}
