import Foundation

/// Results held to the documented range of numbers (docs/manifest.md, Expressions): a
/// result is E506 exactly when its magnitude is above the largest decimal (about
/// 3.4 × 10^165) or, not being zero, below the least (10^-128), as data and input are —
/// not when Foundation's `Decimal` happens to give up. Foundation neither shifts a mantissa to bring an exponent into range
/// (`1e100 * 1e60` is NaN though 10^160 is a decimal) nor always keeps precision near the
/// small end (`1e-90 / 10` is NaN), it rounds a result too small for it to zero, and a product
/// whose exponents add up below −128 (`1e-64 * 1e-65`) crashes it; so a doubtful result is
/// worked out from the operands' digits, here.
package enum DecimalRange {
    /// The least magnitude a nonzero result may have: 10^-128, the least a decimal holds.
    /// (Foundation's `leastNonzeroMagnitude` says 10^-127 on Linux, though it reads and keeps
    /// 10^-128.)
    static let smallest = Decimal(sign: .plus, exponent: -128, significand: 1)

    /// The total of `values`, or nil when it is out of range: what `sum()` and the `sum`
    /// worker give.
    package static func sum(_ values: some Sequence<Decimal>) -> Decimal? {
        var total = Decimal(0)
        for value in values {
            total += value
            if total.isNaN { return nil }
        }
        return bounded(total)
    }

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
        // Foundation's quotient when it is right to its last digits (times `b` it gives `a`
        // back); its NaNs, zeros and lost digits (a one-digit quotient by a 38-digit divisor)
        // are divided out again, exactly.
        if !result.isNaN, !result.isZero, let back = product(result, b), let error = bounded(back - a),
            error.magnitude <= product(a.magnitude, tolerance) ?? 0
        {
            return inRange(result)
        }
        return DecimalDivision.quotient(a, b)
    }

    /// How far `quotient × b` may stray from `a`, relatively, for Foundation's quotient to be
    /// kept: the last of 38 digits.
    private static let tolerance = Decimal(sign: .plus, exponent: -36, significand: 1)

    /// A sum or difference, or nil when Foundation overflowed or it is nonzero and nearer
    /// zero than the range allows.
    package static func bounded(_ value: Decimal) -> Decimal? {
        value.isNaN || value.isZero ? (value.isNaN ? nil : value) : inRange(value)
    }

    /// `a % b` for a nonzero `b`, with the sign of `a`; or nil when it cannot be worked out
    /// exactly: a quotient with more whole digits than a decimal keeps (`1e40 % 7`) would
    /// give a wrong remainder, and a wrong number is never shown.
    static func remainder(_ a: Decimal, _ b: Decimal) -> Decimal? {
        if a.magnitude < b.magnitude { return a }
        guard let quotient = quotient(a, b)?.truncated(), let whole = product(quotient, b), let rest = bounded(a - whole) else {
            return nil
        }
        guard rest.magnitude < b.magnitude, rest.isZero || (rest < 0) == (a < 0) else { return nil }
        return rest
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
        // Nearer zero than 10^-128: the value is below 10^(count + exponent).
        if text.count + exponent <= -128 { return nil }
        if exponent < -128 {
            // More digits than the smallest exponent keeps: round the extra ones away.
            var rounded = Decimal()
            var shifted = whole / pow(10, -128 - exponent)
            NSDecimalRound(&rounded, &shifted, 0, .bankers)
            whole = rounded
            exponent = -128
            if whole.isZero { return nil }
            text = "\(whole)"
        }
        if exponent > 127 {
            guard text.count + exponent - 127 <= 39 else { return nil }
            text += String(repeating: "0", count: exponent - 127)
            exponent = 127
        }
        guard let value = Decimal(string: (negative ? "-" : "") + text + "e\(exponent)", locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else { return nil }
        return inRange(value)
    }
}
