import Foundation
import ScenerySupport

/// CLDR cardinal plural rules for every locale: picks the category (zero, one, two, few,
/// many, other) of a number, and so the form of a word that goes with it.
///
/// ```swift
/// PluralRules.category(of: PluralOperands(5), locale: "ru_RU")                  // "many"
/// PluralRules.choose(21, forms: ["товар", "товара", "товаров"], locale: "ru")   // "товар"
/// ```
public enum PluralRules {
    /// The categories a locale uses, in CLDR order (the order `plural()` takes forms in).
    public static func categories(locale: String) -> [String] {
        rules(for: locale).map(\.category)
    }

    public static func category(of operands: PluralOperands, locale: String) -> String {
        rules(for: locale).first { $0.condition.matches(operands) }?.category ?? "other"
    }

    /// The form for `count`: forms are given in the order of ``categories(locale:)``; a
    /// missing form (English `other` written once, Russian `other` left out for integers)
    /// falls back to the last one given.
    public static func choose(_ count: Decimal, forms: [String], locale: String) -> String {
        guard !forms.isEmpty else { return "" }
        let category = category(of: PluralOperands(count), locale: locale)
        let index = categories(locale: locale).firstIndex(of: category) ?? forms.count - 1
        return forms[min(index, forms.count - 1)]
    }

    /// Rules for `ru_RU`: `ru-RU`, then `ru`, then `root`.
    static func rules(for locale: String) -> [(category: String, condition: PluralCondition)] {
        if let known = resolved.withLock({ $0[locale] }) { return known }
        let dashed = locale.replacingOccurrences(of: "_", with: "-")
        var found: [(category: String, condition: PluralCondition)] = [("other", .always)]
        for candidate in [dashed, FormatContext.language(locale), "root"] {
            if let rules = cldrRules[candidate] {
                found = rules.map { ($0.category, PluralCondition.parse($0.rule)) }
                break
            }
        }
        resolved.withLock { $0[locale] = found }
        return found
    }

    /// Each locale's rules, parsed the first time the locale is used: a run uses one or
    /// two locales of the two hundred CLDR knows.
    private static let resolved = Locked<[String: [(category: String, condition: PluralCondition)]]>([:])
}

/// The operands CLDR rules read from a number as written: `n i v w f t c`.
public struct PluralOperands: Sendable, Equatable {
    public var n: Decimal
    public var i: Decimal
    public var v: Int
    public var w: Int
    public var f: Decimal
    public var t: Decimal
    public var c: Int

    public init(_ value: Decimal) {
        let magnitude = value < 0 ? -value : value
        if let operands = PluralOperands(text: SceneValue.plain(magnitude)) {
            self = operands
        } else {
            self.init(n: magnitude, i: magnitude.truncated(), v: 0, w: 0, f: 0, t: 0, c: 0)
        }
    }

    init(n: Decimal, i: Decimal, v: Int, w: Int, f: Decimal, t: Decimal, c: Int) {
        (self.n, self.i, self.v, self.w, self.f, self.t, self.c) = (n, i, v, w, f, t, c)
    }

    /// Operands of a number as CLDR writes samples: `1.50`, `1c6`, `1.1e3`.
    public init?(text: String) {
        let parts = text.lowercased().split(whereSeparator: { $0 == "c" || $0 == "e" }).map(String.init)
        guard let mantissa = parts.first, !mantissa.isEmpty else { return nil }
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var whole = pieces[0]
        var fraction = pieces.count > 1 ? pieces[1] : ""
        // Shift the decimal point right by the compact exponent.
        for _ in 0..<exponent {
            whole += fraction.isEmpty ? "0" : String(fraction.removeFirst())
        }
        guard let integer = Decimal(string: whole.isEmpty ? "0" : whole) else { return nil }
        let trimmed = String(fraction.reversed().drop { $0 == "0" }.reversed())
        let value = Decimal(string: fraction.isEmpty ? whole : "\(whole).\(fraction)") ?? integer
        self.init(
            n: value, i: integer, v: fraction.count, w: trimmed.count,
            f: Decimal(string: fraction.isEmpty ? "0" : fraction) ?? 0, t: Decimal(string: trimmed.isEmpty ? "0" : trimmed) ?? 0,
            c: exponent)
    }
}

/// A parsed CLDR plural condition: `or` of `and` of relations like `n % 10 = 2..4`.
indirect enum PluralCondition: Sendable {
    case always
    case or([[Relation]])

    struct Relation: Sendable {
        let operand: Character
        let modulus: Decimal?
        let negated: Bool
        let ranges: [ClosedRange<Decimal>]

        func matches(_ operands: PluralOperands) -> Bool {
            var value: Decimal
            switch operand {
            case "n": value = operands.n
            case "i": value = operands.i
            case "v": value = Decimal(operands.v)
            case "w": value = Decimal(operands.w)
            case "f": value = operands.f
            case "t": value = operands.t
            default: value = Decimal(operands.c)
            }
            if let modulus, modulus != 0 {
                value -= (value / modulus).truncated() * modulus
            }
            let isInteger = value == value.truncated()
            let inside = isInteger && ranges.contains { $0.contains(value) }
            return negated ? !inside : inside
        }
    }

    func matches(_ operands: PluralOperands) -> Bool {
        switch self {
        case .always: true
        case let .or(alternatives): alternatives.contains { $0.allSatisfy { $0.matches(operands) } }
        }
    }

    /// Parses CLDR's rule syntax; an empty rule (the `other` category) always matches.
    static func parse(_ rule: String) -> PluralCondition {
        let text = rule.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .always }
        let alternatives = text.components(separatedBy: " or ").map { alternative in
            alternative.components(separatedBy: " and ").compactMap(relation)
        }
        return .or(alternatives)
    }

    private static func relation(_ text: String) -> Relation? {
        let negated = text.contains("!=")
        let sides = text.components(separatedBy: negated ? "!=" : "=")
        guard sides.count == 2 else { return nil }
        let left = sides[0].split(separator: "%").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let operand = left.first?.first else { return nil }
        let modulus = left.count > 1 ? Decimal(string: left[1]) : nil
        let ranges = sides[1].split(separator: ",").compactMap { item -> ClosedRange<Decimal>? in
            let bounds = item.trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
            guard let low = Decimal(string: bounds[0]) else { return nil }
            let high = bounds.count > 1 ? Decimal(string: bounds[1]) ?? low : low
            return low...high
        }
        return Relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges)
    }
}
