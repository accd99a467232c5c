import Foundation

/// Products and quotients held to the documented range of numbers (docs/manifest.md,
/// Expressions): a result is E506 exactly when its magnitude is above the largest decimal
/// (about 3.4 × 10^165) or, not being zero, below 10^-127 — not when Foundation's `Decimal`
/// happens to give up. Foundation neither shifts a mantissa to bring an exponent into range
/// (`1e100 * 1e60` is NaN though 10^160 is a decimal) nor always keeps precision near the
/// small end (`1e-90 / 10` is NaN), it rounds a result too small for it to zero, and a product
/// whose exponents add up below −128 (`1e-64 * 1e-65`) crashes it; so a doubtful result is
/// worked out from the operands' digits, here.
enum DecimalRange {
    /// The least magnitude a nonzero result may have.
    static let smallest = Decimal(string: "1e-127") ?? Decimal.leastNonzeroMagnitude

    /// `a * b`, or nil when it is out of range.
    static func product(_ a: Decimal, _ b: Decimal) -> Decimal? {
        if a.isZero || b.isZero { return 0 }
        // Foundation traps (a crash, not NaN) when the operands' exponents add up below its
        // least, so such a product never reaches it.
        if a.exponent + b.exponent >= -127 {
            let result = a * b
            if !result.isNaN, !result.isZero { return inRange(result) }
        }
        // Digits times digits, exponents apart: both operands' significands are whole numbers
        // under 2^128, so their product is finite; it is put together at the end.
        let digits = a.significand * b.significand
        return assembled(digits, exponent: digits.exponent + a.exponent + b.exponent, negative: (a.sign == .minus) != (b.sign == .minus))
    }

    /// `a / b` for a nonzero `b`, or nil when it is out of range.
    static func quotient(_ a: Decimal, _ b: Decimal) -> Decimal? {
        if a.isZero { return 0 }
        let result = a / b
        if !result.isNaN, !result.isZero { return inRange(result) }
        let digits = a.significand / b.significand
        return assembled(digits, exponent: digits.exponent + a.exponent - b.exponent, negative: (a.sign == .minus) != (b.sign == .minus))
    }

    /// A sum or difference, or nil when Foundation overflowed or it is nonzero and nearer
    /// zero than the range allows.
    static func bounded(_ value: Decimal) -> Decimal? {
        value.isNaN || value.isZero ? (value.isNaN ? nil : value) : inRange(value)
    }

    private static func inRange(_ value: Decimal) -> Decimal? {
        value.magnitude < smallest ? nil : value
    }

    /// `digits × 10^exponent` (the digits' own exponent aside) as a decimal, or nil when its
    /// magnitude is out of range. Written out and read back, so the mantissa may take up the
    /// exponent's excess — which Foundation's arithmetic does not do.
    static func assembled(_ digits: Decimal, exponent: Int, negative: Bool) -> Decimal? {
        guard !digits.isNaN else { return nil }
        var whole = digits.significand
        if whole.isZero { return nil }  // a nonzero result rounded away
        var exponent = exponent
        var text = "\(whole)"
        // Nearer zero than 10^-127: the value is below 10^(count + exponent).
        if text.count + exponent <= -127 { return nil }
        if exponent < -128 {
            // More digits than the smallest exponent keeps: round the extra ones away.
            var rounded = Decimal()
            var shifted = whole / pow(10, -128 - exponent)
            NSDecimalRound(&rounded, &shifted, 0, .bankers)
            whole = rounded
            exponent = -128
            text = "\(whole)"
        }
        if exponent > 127 {
            guard text.count + exponent - 127 <= 39 else { return nil }
            text += String(repeating: "0", count: exponent - 127)
            exponent = 127
        }
        guard let value = Decimal(string: (negative ? "-" : "") + text + "e\(exponent)", locale: Locale(identifier: "en_US_POSIX")),
              !value.isNaN else { return nil }
        return inRange(value)
    }
}
