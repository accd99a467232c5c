import Foundation
import ScenerySupport

/// Date arithmetic for expressions: days and months added, the day a time falls on, days
/// between two dates — in the app's time zone, so a day begins at its midnight and adding a
/// day across a change of clocks keeps the time of day. A day (`2026-01-31`) gives a day; a
/// time gives a time, written in UTC (`2026-03-01T09:00:00Z`).
public enum DateArithmetic {
    /// `text` moved by `days` days and `months` months, or nil when it is not a date. A
    /// month added to the 31st ends at the month's last day (`2026-01-31` + 1 month is
    /// `2026-02-28`).
    public static func adding(days: Int, months: Int, to text: String, in zone: TimeZone) -> String? {
        guard days.magnitude <= 1_000_000, months.magnitude <= 100_000, let date = DateFormat.parse(text) else { return nil }
        let isDay = isDayOnly(text)
        let calendar = calendar(isDay ? utc : zone)
        var change = DateComponents()
        change.day = days
        change.month = months
        guard let moved = calendar.date(byAdding: change, to: date) else { return nil }
        return isDay ? day(moved, in: utc) : time(moved)
    }

    /// The day `text` falls on in `zone`, as `2026-01-02`; a day is itself.
    public static func startOfDay(_ text: String, in zone: TimeZone) -> String? {
        guard let date = DateFormat.parse(text) else { return nil }
        return isDayOnly(text) ? day(date, in: utc) : day(date, in: zone)
    }

    /// Whole days from the day of `from` to the day of `to`, each in `zone`: negative when
    /// `to` comes first.
    public static func daysBetween(_ from: String, _ to: String, in zone: TimeZone) -> Int? {
        guard let start = startOfDay(from, in: zone).flatMap(DateFormat.parse),
            let end = startOfDay(to, in: zone).flatMap(DateFormat.parse)
        else { return nil }
        return Int(((end.timeIntervalSince1970 - start.timeIntervalSince1970) / 86_400).rounded())
    }

    /// A moment as ISO-8601 in UTC, to the second (and millisecond when it has one).
    public static func time(_ date: Date) -> String {
        let parts = calendar(utc).dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let milliseconds = ((parts.nanosecond ?? 0) + 500_000) / 1_000_000
        let fraction = milliseconds > 0 && milliseconds < 1000 ? "." + pad(milliseconds, 3) : ""
        return "\(pad(parts.year ?? 1970, 4))-\(pad(parts.month ?? 1, 2))-\(pad(parts.day ?? 1, 2))T"
            + "\(pad(parts.hour ?? 0, 2)):\(pad(parts.minute ?? 0, 2)):\(pad(parts.second ?? 0, 2))\(fraction)Z"
    }

    /// Whether `text` is shaped like an ISO-8601 date (`dddd-dd-dd…`): a cheap look before a parse.
    static func isDate(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count >= 10 else { return false }
        var index = utf8.startIndex
        for position in 0..<10 {
            let byte = utf8[index]
            let fits = position == 4 || position == 7 ? byte == UInt8(ascii: "-") : (byte >= 0x30 && byte <= 0x39)
            if !fits { return false }
            index = utf8.index(after: index)
        }
        return true
    }

    /// Whether `text` names a day (`2026-01-02`) rather than a time.
    /// Bytes, not Foundation's `contains`, which searched a list's dates through `CFString`.
    static func isDayOnly(_ text: String) -> Bool { !text.utf8.contains { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") } }

    static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    private static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    private static func day(_ date: Date, in zone: TimeZone) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day], from: date)
        return dayText(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// A day as ISO-8601 writes it: `2026-01-02`.
    static func dayText(year: Int, month: Int, day: Int) -> String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    /// `value` with zeros before it, to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String { ISODate.pad(value, width) }
}
