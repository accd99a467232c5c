import Foundation

extension Decimal {
    /// Rounded to `places` decimals by Scenery's one rounding rule: half to even
    /// ("banker's rounding"), the default of Foundation's `NumberFormatter` and
    /// `Decimal.FormatStyle`.
    ///
    /// JSON scenes' `round`, `number`, `currency` and `percent` round by it, and so should a
    /// typed presenter that formats money itself, so both paths print the same amount:
    ///
    ///     Decimal(string: "0.125")?.rounded(2)   // 0.12
    ///     Decimal(string: "0.135")?.rounded(2)   // 0.14
    ///     Decimal(string: "2.5")?.rounded(0)     // 2
    ///
    /// - Parameter places: decimals to keep; a negative count rounds to tens, hundreds, ….
    /// - Returns: the rounded value; NaN stays NaN.
    package func rounded(_ places: Int) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, places, .bankers)
        return result
    }
}

extension Decimal {
    /// The value as an `Int` when it is exactly a whole number in `Int`'s range, else nil —
    /// decided on the decimal itself: through `Double`, 0.99999999999999999999 would be 1.
    package var exactInt: Int? {
        guard !isNaN, self == rounded(0), self >= Decimal(Int.min), self <= Decimal(Int.max) else { return nil }
        return Int(NSDecimalNumber(decimal: self).stringValue)
    }
}
