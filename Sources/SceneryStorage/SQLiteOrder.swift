import ScenerySupport

/// How a collection's fields compare and sort in SQL, as they do in memory: dates as the
/// moments they name, decimals as exact numbers (all 38 digits), the rest as stored.
///
/// Each is an expression of SQLite's own functions only, so an index on it is one any
/// program opening the file can maintain: nothing Scenery registers is needed to write the
/// table.
enum SQLiteOrder {
    /// The expression `operand` (a quoted column, or a parameter such as `?3`) of `kind`
    /// compares and sorts by.
    static func expression(_ operand: String, _ kind: CollectionSchema.Kind) -> String {
        switch kind {
        case .date: "julianday(\(operand))"
        case .decimal: decimalKey(operand)
        case .text, .integer, .bool, .json: operand
        }
    }

    // MARK: - Dates

    /// A date's text as its column keeps it: as written when SQLite reads it as Scenery does
    /// (a day, or `YYYY-MM-DDTHH:MM:SS`, up to three digits of fraction, and `Z` or
    /// `±HH:MM`, the hours at most 14); any other text Scenery reads as a date is kept as
    /// that moment in UTC (`2026-01-02T08:00:00Z` for `2026-01-02T10:00:00+0200`), so
    /// `julianday` reads every stored date as the moment Scenery does. Text that is no date
    /// is kept as it is.
    static func storedDate(_ text: String) -> String {
        var bytes = text
        let moment: Int64? = bytes.withUTF8 { bytes in
            guard let milliseconds = ISODate.milliseconds(bytes), !readsAlike(bytes) else { return nil }
            return milliseconds
        }
        guard let milliseconds = moment else { return text }
        return ISODate.utcText(milliseconds: milliseconds) ?? text
    }

    /// Whether `text` is a date as Scenery reads dates (``ISODate``).
    static func isDate(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { ISODate.milliseconds($0) } != nil
    }

    /// Whether SQLite's date functions read `bytes` (which Scenery reads as a date) as the
    /// same moment.
    private static func readsAlike(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func digits(_ start: Int, _ count: Int) -> Int? { ISODate.digits(bytes, start, count) }
        if bytes.count == 10 { return true }
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
            hour <= 23, minute <= 59, second <= 59
        else { return false }
        var position = 19
        if bytes[position] == UInt8(ascii: ".") {
            var count = 0
            position += 1
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") <= 9 {
                count += 1
                position += 1
            }
            guard (1...3).contains(count) else { return false }
        }
        let rest = bytes.count - position
        if rest == 1 { return bytes[position] == UInt8(ascii: "Z") }
        guard rest == 6, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"),
            bytes[position + 3] == UInt8(ascii: ":"),
            let hours = digits(position + 1, 2), let minutes = digits(position + 4, 2)
        else { return false }
        return hours <= 14 && minutes <= 59
    }

    // MARK: - Decimals

    /// A text that sorts as the decimal `operand` holds does, exactly: `0` and an order of
    /// magnitude for negatives, `1` for zero, `2` and the number of whole digits for
    /// positives, then the digits without leading or trailing zeros (for negatives as letters
    /// in reverse order, and `~` after them, so a longer negative sorts first).
    static func decimalKey(_ operand: String) -> String {
        let absolute = "ltrim(\(operand), '-+')"
        let point = "instr(\(absolute), '.')"
        let whole = "ltrim(CASE WHEN \(point) > 0 THEN substr(\(absolute), 1, \(point) - 1) ELSE \(absolute) END, '0')"
        let fraction = "rtrim(CASE WHEN \(point) > 0 THEN substr(\(absolute), \(point) + 1) ELSE '' END, '0')"
        let digits = "(\(whole) || \(fraction))"
        let magnitude = "length(\(whole))"
        // Each digit d as a letter, `j` for 0 down to `a` for 9: a negative's digits sort
        // backwards. Letters, not digits, so no digit is replaced twice, and the nesting
        // stays within what SQLite's parser takes.
        var inverted = digits
        for digit in 0...9 {
            inverted = "replace(\(inverted), '\(digit)', '\(Character(UnicodeScalar(UInt8(ascii: "j") - UInt8(digit))))')"
        }
        return "(CASE WHEN \(digits) = '' THEN '1'"
            + " WHEN substr(\(operand), 1, 1) = '-' THEN '0' || printf('%03d', 999 - \(magnitude)) || \(inverted) || '~'"
            + " ELSE '2' || printf('%03d', \(magnitude)) || \(digits) END)"
    }
}
