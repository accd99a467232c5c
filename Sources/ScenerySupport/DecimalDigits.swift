import Foundation

extension Decimal {
    /// The value's digits, plain (`-12.5`, `0.003`, `1000`): no exponent, no grouping, no
    /// trailing zeros after the point — what `NSDecimalNumber`'s description writes — worked
    /// out from the mantissa when it fits 64 bits and the exponent is small, as for every
    /// price and count; nil otherwise (NaN, huge mantissas, 20 or more decimals), for the
    /// caller's general path. Formatting a row of prices called Foundation per value before.
    package var plainDigits: String? {
        guard let (negative, length, exponent, mantissa) = rawParts else { return nil }
        if length == 0 { return negative ? nil : "0" }
        guard length <= 4, exponent >= -19, exponent <= 20 else { return nil }
        return Self.digits(mantissa: mantissa, exponent: exponent, negative: negative)
    }

    /// The value as a whole `Int64`, worked out from the mantissa when it fits 64 bits; nil
    /// when it is not whole, out of range, or stored so that only the general path reads it.
    package var wholeInt64: Int64? {
        guard let (negative, length, exponent, mantissa) = rawParts else { return nil }
        if length == 0 { return negative ? nil : 0 }
        guard length <= 4 else { return nil }
        var (magnitude, power) = (mantissa, exponent)
        while power < 0 {
            guard magnitude % 10 == 0 else { return nil }
            magnitude /= 10
            power += 1
        }
        while power > 0 {
            let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            (magnitude, power) = (scaled, power - 1)
        }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The fields of the value, read from its bytes: a byte of exponent, a byte of length
    /// and flags, two spare bytes, then eight 16-bit mantissa words, least significant
    /// first. Foundation does not expose them on every platform, and packs the length and
    /// sign differently on Darwin (`NSDecimal`'s bit fields) and in swift-foundation, so
    /// the packing is found once by reading values built through public API.
    private var rawParts: (negative: Bool, length: Int, exponent: Int, mantissa: UInt64)? {
        guard let packing = Self.packing else { return nil }
        return rawParts(packing)
    }

    private enum Packing: CaseIterable {
        /// Length in the low four bits, the sign above it (`NSDecimal`).
        case lengthLow
        /// Length in the high four bits, the sign in bit 3 (swift-foundation).
        case lengthHigh
    }

    private func rawParts(_ packing: Packing) -> (negative: Bool, length: Int, exponent: Int, mantissa: UInt64)? {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        return withUnsafeBytes(of: self) { bytes in
            let exponent = Int(Int8(bitPattern: bytes[0]))
            let flags = bytes[1]
            let (length, negative) =
                switch packing {
                case .lengthLow: (Int(flags & 0xF), (flags >> 4) & 1 == 1)
                case .lengthHigh: (Int(flags >> 4), (flags >> 3) & 1 == 1)
                }
            var mantissa: UInt64 = 0
            for word in stride(from: 3, through: 0, by: -1) {
                mantissa = mantissa << 16 | UInt64(bytes.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self).littleEndian)
            }
            return (negative, length, exponent, mantissa)
        }
    }

    /// The packing under which known values read back as built, or nil: then every caller
    /// takes its general path.
    private static let packing: Packing? = {
        let probes: [(Decimal, Bool, Int, Int, UInt64)] = [
            (Decimal(sign: .minus, exponent: -3, significand: Decimal(69_951)), true, 2, -3, 69_951),
            (Decimal(sign: .plus, exponent: 7, significand: Decimal(UInt64(1) << 40 | 12_345)), false, 3, 7, UInt64(1) << 40 | 12_345)
        ]
        return Packing.allCases.first { packing in
            probes.allSatisfy { value, negative, length, exponent, mantissa in
                guard let parts = value.rawParts(packing) else { return false }
                return parts.negative == negative && parts.length == length && parts.exponent == exponent && parts.mantissa == mantissa
            }
        }
    }()

    private static func digits(mantissa: UInt64, exponent: Int, negative: Bool) -> String {
        var mantissa = mantissa
        var exponent = exponent
        // Trailing zeros of the fraction are not written: 69900e-2 is 699.
        while exponent < 0, mantissa % 10 == 0, mantissa != 0 {
            mantissa /= 10
            exponent += 1
        }
        if mantissa == 0 { return "0" }
        var digits = Array(String(mantissa).utf8)
        if exponent > 0 {
            digits += repeatElement(UInt8(ascii: "0"), count: exponent)
        } else if exponent < 0 {
            let places = -exponent
            if digits.count <= places { digits = Array(repeating: UInt8(ascii: "0"), count: places - digits.count + 1) + digits }
            digits.insert(UInt8(ascii: "."), at: digits.count - places)
        }
        if negative { digits.insert(UInt8(ascii: "-"), at: 0) }
        return String(decoding: digits, as: UTF8.self)
    }
}

extension Decimal {
    /// The number `bytes` write when they are `-?digits` or `-?digits.digits` with 18 digits
    /// at most, as prices and counts are: built from the digits as a whole number and a power
    /// of ten, trailing zeros of the fraction dropped as Foundation's parser drops them; nil
    /// for any other text, which the caller reads with Foundation.
    package static func plain(_ bytes: some Collection<UInt8>) -> Decimal? {
        guard bytes.count <= 20 else { return nil }
        var mantissa: UInt64 = 0
        var (digits, places, negative, point, first) = (0, 0, false, false, true)
        for byte in bytes {
            defer { first = false }
            switch byte {
            case UInt8(ascii: "-") where first: negative = true
            case UInt8(ascii: ".") where !point && digits > 0: point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // 18 digits always fit 64 bits; more are Foundation's to read.
                guard digits < 18 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if point { places += 1 }
            default: return nil
            }
        }
        guard digits > 0, !point || places > 0 else { return nil }
        while places > 0, mantissa % 10 == 0 {
            mantissa /= 10
            places -= 1
        }
        if mantissa == 0 { return 0 }
        return Decimal(sign: negative ? .minus : .plus, exponent: -places, significand: Decimal(mantissa))
    }
}

extension Decimal {
    /// How `a` and `b` are ordered, as Foundation orders them, worked out on the mantissas
    /// when both fit 64 bits: sorting a list of prices compared through Foundation's
    /// normalising arithmetic before, twice per comparison.
    package static func order(_ a: Decimal, _ b: Decimal) -> ComparisonResult {
        if let x = a.rawParts, let y = b.rawParts, x.length <= 4, y.length <= 4,
            !(x.length == 0 && x.negative), !(y.length == 0 && y.negative)
        {
            let xNegative = x.negative && x.mantissa != 0
            let yNegative = y.negative && y.mantissa != 0
            if x.mantissa == 0 && y.mantissa == 0 { return .orderedSame }
            if xNegative != yNegative { return xNegative ? .orderedAscending : .orderedDescending }
            let magnitude = orderOfMagnitudes(x.mantissa, x.exponent, y.mantissa, y.exponent)
            guard xNegative else { return magnitude }
            return magnitude == .orderedAscending ? .orderedDescending : magnitude == .orderedDescending ? .orderedAscending : .orderedSame
        }
        return a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
    }

    /// Orders m1 × 10^e1 and m2 × 10^e2 by scaling the one with the larger exponent down to
    /// the other's; a scale that overflows 64 bits is larger than any 64-bit mantissa.
    private static func orderOfMagnitudes(_ m1: UInt64, _ e1: Int, _ m2: UInt64, _ e2: Int) -> ComparisonResult {
        func scaled(_ mantissa: UInt64, by power: Int) -> UInt64? {
            var value = mantissa
            for _ in 0..<power {
                let (next, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                value = next
            }
            return value
        }
        if m1 == 0 { return m2 == 0 ? .orderedSame : .orderedAscending }
        if m2 == 0 { return .orderedDescending }
        let left = e1 >= e2 ? scaled(m1, by: e1 - e2) : m1
        let right = e2 > e1 ? scaled(m2, by: e2 - e1) : m2
        guard let left else { return .orderedDescending }
        guard let right else { return .orderedAscending }
        return left < right ? .orderedAscending : left == right ? .orderedSame : .orderedDescending
    }
}
