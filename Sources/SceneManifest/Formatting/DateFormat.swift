import Foundation
import ScenerySupport

/// Dates: read as ISO-8601 (`2026-01-02` or `2026-01-02T10:00:00Z`), shown in the styles
/// `iso`, `short`, `medium`, `long` and `time`, with patterns and month names from a built-in
/// table per language (``DateLocale``) so output is the same everywhere.
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

    static func days(inMonth month: Int, of year: Int) -> Int { ISODate.days(inMonth: month, of: year) }

    /// The date in `style` (`short`, `medium`, `long` as the locale's language writes them,
    /// `time`, `iso`), or nil for an unknown style. Languages without a table use English's.
    ///
    /// ```swift
    /// DateFormat.format(date, style: "long", locale: "de_DE", timeZone: utc)   // "2. Januar 2026"
    /// ```
    public static func format(_ date: Date, style: String, locale: String, timeZone: TimeZone) -> String? {
        let (year, month, day, hour, minute) = components(of: date, in: timeZone)
        let names = DateLocale.tables[FormatContext.language(locale)] ?? DateLocale.english
        switch style {
        case "iso": return "\(year)-\(two(month))-\(two(day))"
        case "time": return "\(two(hour)):\(two(minute))"
        case "short": return render(names.shortParts, year: year, month: month, day: day, names: names)
        case "medium": return render(names.mediumParts, year: year, month: month, day: day, names: names)
        case "long": return render(names.longParts, year: year, month: month, day: day, names: names)
        default: return nil
        }
    }

    /// The year, month, day, hour and minute of `date` in `timeZone`, by arithmetic on the
    /// days since 1970 and the zone's offset at that moment (``ISODate/civil(_:)``: Julian
    /// before 1582-10-15, as Foundation's calendar is): a list of 2 000 dates made a
    /// `Calendar` and its components for each. Years past 9999 either way go to the calendar.
    static func components(of date: Date, in timeZone: TimeZone) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        let since1970 = date.timeIntervalSince1970
        if since1970.isFinite, since1970.magnitude < 253_402_300_800 {
            let seconds = Int(since1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let inDay = seconds - days * 86_400
            let (year, month, day) = ISODate.civil(days)
            return (year, month, day, inDay / 3_600, inDay % 3_600 / 60)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// A CLDR date pattern filled in: `y` the year, `yy` its last two digits, `M`/`MM` the
    /// month's number, `MMM`/`MMMM` its abbreviated and wide name, `d`/`dd` the day; text in
    /// single quotes, and anything else, as it stands.
    static func render(_ parts: [PatternPart], year: Int, month: Int, day: Int, names: DateLocale) -> String {
        var result = ""
        for part in parts {
            switch part {
            case let .text(text): result += text
            case .shortYear: result += two(year % 100)
            case .year: result += "\(year)"
            case .month: result += "\(month)"
            case .twoDigitMonth: result += two(month)
            case .monthAbbreviation: result += names.abbreviated[month - 1]
            case .monthName: result += names.wide[month - 1]
            case .day: result += "\(day)"
            case .twoDigitDay: result += two(day)
            }
        }
        return result
    }

    /// A piece of a date pattern.
    enum PatternPart: Equatable, Sendable {
        case text(String)
        case shortYear, year, month, twoDigitMonth, monthAbbreviation, monthName, day, twoDigitDay
    }

    /// A pattern's parts; ``DateLocale`` reads its patterns once, when its table is made.
    static func parts(of pattern: String) -> [PatternPart] {
        var parts: [PatternPart] = []
        var characters = pattern[...]
        while let character = characters.first {
            if character == "'" {
                characters = characters.dropFirst()
                let literal = characters.prefix { $0 != "'" }
                parts.append(.text(literal.isEmpty ? "'" : String(literal)))
                characters = characters.dropFirst(literal.count + 1)
                continue
            }
            let run = characters.prefix { $0 == character }.count
            characters = characters.dropFirst(run)
            switch (character, run) {
            case ("y", 2): parts.append(.shortYear)
            case ("y", _): parts.append(.year)
            case ("M", 1): parts.append(.month)
            case ("M", 2): parts.append(.twoDigitMonth)
            case ("M", 3): parts.append(.monthAbbreviation)
            case ("M", _): parts.append(.monthName)
            case ("d", 1): parts.append(.day)
            case ("d", _): parts.append(.twoDigitDay)
            default: parts.append(.text(String(repeating: character, count: run)))
            }
        }
        return parts
    }

    private static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
