import Foundation

/// ISO-8601 text read by hand, byte by byte, into milliseconds since 1970: no formatter, no
/// calendar, no allocation (`DateFormat.parse` built up to three `ISO8601DateFormatter`s
/// per value, half a millisecond each).
///
/// It accepts exactly the text Scenery accepted through Foundation, and reads it the same:
/// - `YYYY-MM-DD`, a day the calendar has (not `2026-02-30`, `2026-13-01`), at midnight UTC;
/// - `YYYY-MM-DDTHH:MM` and a zone (below), that time (Foundation took it for the day);
/// - `YYYY-MM-DDTHH:MM:SS`, an optional fraction (`.5`; milliseconds, further digits cut
///   off), optional white space, and a zone: `Z` or `z`; `±HH`, `±HH:MM` or `±HHMM`, with
///   seconds after the minutes written the same way (minutes or seconds out of range are
///   not read: `+02:60` is `+02`); `UTC` or `UT`, in any case, alone or with such an offset
///   or a one-digit hour (`UTC+2`); `GMT` alone or with `±H`, `±HH` and `:MM`
///   (`GMT+0530` is `+05`). What follows the zone is not read;
/// - any other text whose first ten bytes are a day not followed by a digit, and which has
///   a real hour and minute at bytes 11 and 14 (and second at 17, when byte 16 is `:`), is
///   that day at midnight UTC, as the formatter that reads days alone took it:
///   `2026-01-02T10:00:00` (no zone) and `2026-01-02 10:00:00Z` are 2026-01-02.
///
/// Where Foundation's lenient reading made something of a malformed offset (`+24:00` was
/// `+02:00`, `+2:00` was `+20:00`, `+020` was `+00:20`) or time (`T09:043:18`), or
/// overflowed on a fraction of ten digits or more, the text is still accepted and reads by
/// the rules above instead: `+24:00` and `+2:00` are no zone (the day at midnight), `+020`
/// is `+02`.
/// Days before 1582-10-15 are Julian, as in Foundation's Gregorian calendar, so a day
/// formats back as it was written.
package enum ISODate {
    /// The moment `bytes` name, or nil.
    package static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let milliseconds = milliseconds(bytes) else { return nil }
        // As Foundation turns ICU's milliseconds into a date: the same text, the same `Date`.
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000 - Date.timeIntervalBetween1970AndReferenceDate)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z, or nil.
    package static func milliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let count = bytes.count
        func number(_ start: Int, _ length: Int) -> Int? { digits(bytes, start, length) }
        // A digit right after the day makes it a day of more than two digits.
        guard count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            count == 10 || bytes[10] &- UInt8(ascii: "0") > 9,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year)
        else { return nil }
        let midnight = Int64(daysSince1970(year: year, month: month, day: day)) * 86_400_000
        guard count > 10 else { return midnight }
        guard let hour = number(11, 2), let minute = number(14, 2), hour <= 23, minute <= 59 else { return nil }
        var second = 0
        if count >= 19, bytes[16] == UInt8(ascii: ":") {
            guard let value = number(17, 2), value <= 59 else { return nil }
            second = value
        }
        // A time without seconds, and its zone: that time (Foundation read it as the day).
        if count > 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] != UInt8(ascii: ":"),
            let offset = zoneOffset(bytes, at: 16)
        {
            return midnight + Int64(hour * 3600 + minute * 60 - offset) * 1000
        }
        guard count >= 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else {
            return midnight
        }
        var position = 19
        var fraction = 0
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            var digits = 0
            while position < count, bytes[position] &- UInt8(ascii: "0") <= 9 {
                if digits < 3 { fraction = fraction * 10 + Int(bytes[position] &- UInt8(ascii: "0")) }
                digits += 1
                position += 1
            }
            guard digits > 0 else { return midnight }
            for _ in min(digits, 3)..<3 { fraction *= 10 }
        }
        guard let offset = zoneOffset(bytes, at: position) else { return midnight }
        return midnight + Int64(hour * 3600 + minute * 60 + second - offset) * 1000 + Int64(fraction)
    }

    /// The `length` decimal digits at `start` as a number, or nil where one is missing.
    package static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for index in start..<start + length {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// `value` with zeros before it, to `width` digits: as ISO-8601 writes its fields.
    /// `YYYY-MM-DDTHH:MM:SS[.sss]Z` for a moment in milliseconds since 1970, in the calendar
    /// dates are read in (``civil(_:)``); nil outside years 0000–9999.
    package static func utcText(milliseconds: Int64) -> String? {
        let (days, rest) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, time) = rest < 0 ? (days - 1, rest + 86_400_000) : (days, rest)
        let (year, month, dayOfMonth) = civil(Int(day))
        guard (0...9999).contains(year) else { return nil }
        let time32 = Int(time)
        let hour = time32 / 3_600_000, minute = time32 / 60_000 % 60, second = time32 / 1000 % 60, fraction = time32 % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
            + (fraction == 0 ? "" : ".\(pad(fraction, 3))") + "Z"
    }

    /// `date` as `ISO8601DateFormatter` writes it by default (`2026-01-02T10:00:00Z`, whole
    /// seconds, UTC), without the formatter: making one loads the ICU calendar data, a
    /// tenth of the start-up of `scenery run`.
    package static func internetText(_ date: Date) -> String {
        // As the formatter counts: the moment to the nearest millisecond, a half rounded up
        // (toward the future, before 1970 too), then its second.
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        if milliseconds.magnitude < 9e15 {
            let whole = Int64(milliseconds)
            let second = whole - (whole % 1000 + 1000) % 1000
            if let text = utcText(milliseconds: second) { return text }
        }
        return ISO8601DateFormatter().string(from: date)
    }

    package static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The offset from UTC in seconds of the zone at `start` (after any spaces), or nil when
    /// no zone is there.
    private static func zoneOffset(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let count = bytes.count
        var position = start
        while case let length = whiteSpace(bytes, at: position), length > 0 { position += length }
        guard position < count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            return offset(bytes, at: position, after: .none)
        default:
            // ASCII letters in lower case: bit 5 set.
            func letter(_ index: Int) -> UInt8 { index < count ? bytes[index] | 0x20 : 0 }
            let word = (letter(position), letter(position + 1), letter(position + 2))
            if word == (UInt8(ascii: "u"), UInt8(ascii: "t"), UInt8(ascii: "c")) {
                return offset(bytes, at: position + 3, after: .utc) ?? 0
            }
            if word == (UInt8(ascii: "g"), UInt8(ascii: "m"), UInt8(ascii: "t")) {
                return offset(bytes, at: position + 3, after: .gmt) ?? 0
            }
            if (word.0, word.1) == (UInt8(ascii: "u"), UInt8(ascii: "t")) { return offset(bytes, at: position + 2, after: .utc) ?? 0 }
            return nil
        }
    }

    /// What an offset follows, which decides the forms it may take.
    private enum ZoneWord {
        /// Nothing: `±HH`, `±HH:MM`, `±HHMM`, with seconds after the minutes.
        case none
        /// `UTC` or `UT`: those, or a one-digit hour (`UTC+2`, `UTC+2:30`).
        case utc
        /// `GMT`: a one- or two-digit hour, and minutes only after a colon (`GMT+0530` is `+05`).
        case gmt
    }

    /// The offset at `sign` in seconds, or nil when there is none; minutes or seconds out of
    /// range are not read (`+02:60` is `+02`), and after `UTC` or `GMT` an hour out of range
    /// is its first digit (`GMT+24:00` is `+02`).
    private static func offset(_ bytes: UnsafeBufferPointer<UInt8>, at sign: Int, after word: ZoneWord) -> Int? {
        guard sign + 1 < bytes.count, bytes[sign] == UInt8(ascii: "+") || bytes[sign] == UInt8(ascii: "-") else { return nil }
        var hours: Int
        var next = sign + 3
        if let two = twoDigits(bytes, at: sign + 1), two <= 23 {
            hours = two
        } else {
            let digit = bytes[sign + 1] &- UInt8(ascii: "0")
            guard word != .none, digit <= 9 else { return nil }
            hours = Int(digit)
            next = sign + 2
        }
        var seconds = hours * 3600
        let colon = next < bytes.count && bytes[next] == UInt8(ascii: ":")
        guard colon || (word != .gmt && next == sign + 3) else { return signed(seconds, bytes[sign]) }
        let minutesAt = colon ? next + 1 : next
        guard let minutes = twoDigits(bytes, at: minutesAt), minutes <= 59 else { return signed(seconds, bytes[sign]) }
        seconds += minutes * 60
        var secondsAt = minutesAt + 2
        if colon {
            guard secondsAt < bytes.count, bytes[secondsAt] == UInt8(ascii: ":") else { return signed(seconds, bytes[sign]) }
            secondsAt += 1
        }
        if let extra = twoDigits(bytes, at: secondsAt), extra <= 59 { seconds += extra }
        return signed(seconds, bytes[sign])
    }

    /// The length in bytes of the white space character at `index` (Unicode's White_Space:
    /// tab to carriage return, space, U+0085, no-break spaces, U+1680, U+2000–U+200A, line
    /// and paragraph separators, U+205F, U+3000), or 0.
    private static func whiteSpace(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index < bytes.count else { return 0 }
        func byte(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        switch bytes[index] {
        case 0x09...0x0D, 0x20: return 1
        case 0xC2: return byte(1) == 0x85 || byte(1) == 0xA0 ? 2 : 0
        case 0xE1: return byte(1) == 0x9A && byte(2) == 0x80 ? 3 : 0
        case 0xE2:
            switch (byte(1), byte(2)) {
            case (0x80, 0x80...0x8A), (0x80, 0xA8), (0x80, 0xA9), (0x80, 0xAF), (0x81, 0x9F): return 3
            default: return 0
            }
        case 0xE3: return byte(1) == 0x80 && byte(2) == 0x80 ? 3 : 0
        default: return 0
        }
    }

    private static func signed(_ seconds: Int, _ sign: UInt8) -> Int { sign == UInt8(ascii: "-") ? -seconds : seconds }

    /// The two digits at `index` as a number, or nil.
    private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 2 <= bytes.count else { return nil }
        let high = bytes[index] &- UInt8(ascii: "0"), low = bytes[index + 1] &- UInt8(ascii: "0")
        guard high <= 9, low <= 9 else { return nil }
        return Int(high) * 10 + Int(low)
    }

    /// The day `days` after 1970-01-01: Gregorian from 1582-10-15 on, Julian before, the
    /// inverse of ``ISODate/daysSince1970(year:month:day:)`` (Howard Hinnant's
    /// `civil_from_days`, and its Julian twin).
    package static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let julian = days < daysSince1970(year: 1582, month: 10, day: 15)
        let (era, dayOfEra, yearOfEra): (Int, Int, Int)
        if julian {
            let shifted = days + 719_470
            era = (shifted >= 0 ? shifted : shifted - 1460) / 1461
            dayOfEra = shifted - era * 1461
            yearOfEra = (dayOfEra - dayOfEra / 1460) / 365
        } else {
            let shifted = days + 719_468
            era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            dayOfEra = shifted - era * 146_097
            yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        }
        let dayOfYear = julian ? dayOfEra - 365 * yearOfEra : dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * (julian ? 4 : 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Days from 1970-01-01 to a day of the Gregorian calendar from 1582-10-15 on, and of
    /// the Julian calendar before (Howard Hinnant's `days_from_civil`, and its Julian twin).
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let julian = year < 1582 || (year == 1582 && (month < 10 || (month == 10 && day < 15)))
        // Years start in March, so February's leap day ends one.
        let year = month <= 2 ? year - 1 : year
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        if julian {
            let era = (year >= 0 ? year : year - 3) / 4
            return era * 1461 + (year - era * 4) * 365 + dayOfYear - 719_470
        }
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    /// The days of `month` (1–12) in `year`, by the Gregorian calendar's leap years.
    package static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
