import Foundation

/// Exact long division for the quotients Foundation's `Decimal` gets wrong: with a divisor
/// of many digits it can keep a single digit of the result (`100 / 12345678901234567890123456789012345678`
/// gives `8e-36`). Digit by digit, on whole numbers held as base-10⁹ limbs, to 38
/// significant digits rounded half to even, as every other result is.
enum DecimalDivision {
    /// `a / b` for a nonzero `b`, to 38 significant digits; nil for NaN operands or a
    /// result out of range.
    static func quotient(_ a: Decimal, _ b: Decimal) -> Decimal? {
        guard !a.isNaN, !b.isNaN, !b.isZero else { return nil }
        if a.isZero { return 0 }
        guard let divisor = Limbs(digits: "\(b.significand)") else { return nil }
        let source = Array("\(a.significand)".utf8).map { $0 &- UInt8(ascii: "0") }
        guard source.allSatisfy({ $0 <= 9 }) else { return nil }
        // A / B = Σ qᵢ × 10^(n − i) over the quotient digits qᵢ, the first n of them the whole
        // part (one per digit of A brought down), the rest brought down as zeros.
        var remainder = Limbs()
        var digits: [UInt8] = []  // from the first nonzero quotient digit: 38 kept, one to round by, one more
        var produced = 0
        var index = 0
        while digits.count < 40 {
            if index < source.count {
                remainder.multiplyBy10(adding: UInt32(source[index]))
                index += 1
            } else {
                if remainder.isZero { break }
                remainder.multiplyBy10(adding: 0)
            }
            var digit: UInt8 = 0
            while remainder >= divisor {
                remainder.subtract(divisor)
                digit += 1
            }
            produced += 1
            if digit > 0 || !digits.isEmpty { digits.append(digit) }
        }
        guard !digits.isEmpty else { return 0 }
        var exponent = a.exponent - b.exponent + source.count - produced
        // Whatever was not brought down or divided out makes the rest nonzero.
        let sticky = !remainder.isZero || source[index...].contains { $0 != 0 }
        if digits.count > 38 {
            let dropped = digits.count - 38
            let first = digits[38]
            let rest = digits[39...].contains { $0 != 0 } || sticky
            digits.removeLast(dropped)
            exponent += dropped
            let odd = (digits.last ?? 0) % 2 == 1
            if first > 5 || (first == 5 && (rest || odd)) { roundUp(&digits, exponent: &exponent) }
        }
        let negative = (a.sign == .minus) != (b.sign == .minus)
        guard let whole = Decimal(string: digits.map { String($0) }.joined(), locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return DecimalRange.assembled(whole, exponent: exponent + whole.exponent, negative: negative)
    }

    private static func roundUp(_ digits: inout [UInt8], exponent: inout Int) {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 9 {
                digits[index] += 1
                return
            }
            digits[index] = 0
            index -= 1
        }
        digits.insert(1, at: 0)
        digits.removeLast()
        exponent += 1
    }

    /// A whole number as base-10⁹ limbs, least significant first.
    struct Limbs: Comparable {
        private(set) var limbs: [UInt32] = []
        static let base: UInt64 = 1_000_000_000

        init() {}

        init?(digits: String) {
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
            var end = digits.endIndex
            while end > digits.startIndex {
                let start = digits.index(end, offsetBy: -9, limitedBy: digits.startIndex) ?? digits.startIndex
                guard let limb = UInt32(digits[start..<end]) else { return nil }
                limbs.append(limb)
                end = start
            }
            trim()
        }

        var isZero: Bool { limbs.isEmpty }

        mutating func multiplyBy10(adding digit: UInt32) {
            var carry = UInt64(digit)
            for index in limbs.indices {
                let value = UInt64(limbs[index]) * 10 + carry
                limbs[index] = UInt32(value % Self.base)
                carry = value / Self.base
            }
            if carry > 0 { limbs.append(UInt32(carry)) }
        }

        /// `self -= other`, for `other <= self`.
        mutating func subtract(_ other: Limbs) {
            var borrow: Int64 = 0
            for index in limbs.indices {
                var value = Int64(limbs[index]) - borrow - (index < other.limbs.count ? Int64(other.limbs[index]) : 0)
                borrow = 0
                if value < 0 {
                    value += Int64(Self.base)
                    borrow = 1
                }
                limbs[index] = UInt32(value)
            }
            trim()
        }

        private mutating func trim() {
            while limbs.last == 0 { limbs.removeLast() }
        }

        static func < (lhs: Limbs, rhs: Limbs) -> Bool {
            if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
            for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
                return lhs.limbs[index] < rhs.limbs[index]
            }
            return false
        }
    }
}
