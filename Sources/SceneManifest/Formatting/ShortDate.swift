import Foundation

/// A day typed the way the locale writes its short dates — `6/29/07` in en_US, `29.06.07`
/// in de_DE, `29/06/2007` in fr_FR — read back to ISO-8601 (`2007-06-29`). The pattern is
/// the one `date(x, 'short')` writes (``DateLocale``); the year may be given in two digits
/// or in full, and numbers need not be padded.
public enum ShortDate {
    /// The ISO day `text` names in `locale`'s short style, or nil when it does not fit the
    /// pattern or names no day of the calendar. A two-digit year is the one within 80 years
    /// before and 20 after `pivotYear` (the session's year), as CLDR reads them.
    ///
    /// ```swift
    /// ShortDate.day("6/29/07", locale: "en_US", pivotYear: 2026)   // "2007-06-29"
    /// ShortDate.day("29.06.2007", locale: "de_DE", pivotYear: 2026) // "2007-06-29"
    /// ```
    public static func day(_ text: String, locale: String, pivotYear: Int) -> String? {
        let pattern = (DateLocale.tables[FormatContext.language(locale)] ?? DateLocale.english).short
        // The pattern's fields in order, and the separators between them.
        var fields: [Character] = []
        for character in pattern where "yMd".contains(character) && fields.last != character { fields.append(character) }
        guard fields.count == 3 else { return nil }
        let numbers = text.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).map(String.init)
        // Only digits and the pattern's separators: `6/29/07`, not `6/29/07 or so`.
        let separators = Set(pattern.filter { !"yMd".contains($0) })
        guard numbers.count == 3, text.allSatisfy({ ($0.isASCII && $0.isNumber) || separators.contains($0) }) else { return nil }
        var year = 0, month = 0, day = 0
        for (field, digits) in zip(fields, numbers) {
            guard digits.count <= 4, let value = Int(digits) else { return nil }
            switch field {
            case "y":
                guard digits.count == 2 || digits.count == 4 else { return nil }
                year = digits.count == 2 ? fullYear(value, pivot: pivotYear) : value
            case "M": month = value
            default: day = value
            }
        }
        guard (1...12).contains(month), year >= 1, day >= 1, day <= DateFormat.days(inMonth: month, of: year) else { return nil }
        return DateArithmetic.dayText(year: year, month: month, day: day)
    }

    private static func fullYear(_ twoDigits: Int, pivot: Int) -> Int {
        let century = (pivot / 100) * 100
        var year = century + twoDigits
        if year > pivot + 20 { year -= 100 } else if year <= pivot - 80 { year += 100 }
        return year
    }
}
