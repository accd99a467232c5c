import Foundation
import ScenerySupport

/// Arithmetic, comparison and indexing on dynamic values.
enum Operations {
    static func index(_ base: SceneValue, _ index: SceneValue) -> SceneValue {
        switch (base, index) {
        case let (.list(items), .number(number)):
            guard let position = number.exactInt, items.indices.contains(position) else { return .null }
            return items[position]
        case let (.string(text), .number(number)):
            guard let position = number.exactInt, position >= 0, position < text.count else { return .null }
            return .string(String(text[text.index(text.startIndex, offsetBy: position)]))
        case let (.record, .string(field)):
            return base[field]
        default:
            return .null
        }
    }

    static func binary(_ op: BinaryOperator, _ left: SceneValue, _ right: SceneValue, at offset: Int) throws(EvaluationError) -> SceneValue
    {
        switch op {
        case .equal: return .bool(left == right)
        case .notEqual: return .bool(left != right)
        case .add:
            switch (left, right) {
            case let (.number(a), .number(b)): return try checked(DecimalRange.bounded(a + b), op, at: offset)
            case let (.list(a), .list(b)): return .list(a + b)
            case let (.record(a), .record(b)):
                // The left record with the right one's fields written over it.
                var merged = a
                for field in b.fields { merged[field.name] = field.value }
                return .record(merged)
            case (.string, _), (_, .string):
                if left.isNull || right.isNull { throw nullArithmetic(op, left, right, offset) }
                return .string(left.description + right.description)
            default: throw left.isNull || right.isNull ? nullArithmetic(op, left, right, offset) : typeError(op, left, right, offset)
            }
        case .subtract, .multiply, .divide, .remainder:
            guard case let .number(a) = left, case let .number(b) = right else {
                throw left.isNull || right.isNull ? nullArithmetic(op, left, right, offset) : typeError(op, left, right, offset)
            }
            switch op {
            case .subtract: return try checked(DecimalRange.bounded(a - b), op, at: offset)
            case .multiply: return try checked(DecimalRange.product(a, b), op, at: offset)
            case .divide:
                guard b != 0 else { throw EvaluationError(.divisionByZero, "division by zero", at: offset) }
                return try checked(DecimalRange.quotient(a, b), op, at: offset)
            default:
                guard b != 0 else { throw EvaluationError(.divisionByZero, "remainder of a division by zero", at: offset) }
                return try checked(DecimalRange.remainder(a, b), op, at: offset)
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order = try compare(left, right, op, at: offset)
            switch op {
            case .less: return .bool(order == .orderedAscending)
            case .lessOrEqual: return .bool(order != .orderedDescending)
            case .greater: return .bool(order == .orderedDescending)
            default: return .bool(order != .orderedAscending)
            }
        case .and, .or, .coalesce:
            return .null  // evaluated lazily by the evaluator
        }
    }

    static func compare(_ left: SceneValue, _ right: SceneValue, _ op: BinaryOperator, at offset: Int) throws(EvaluationError)
        -> ComparisonResult
    {
        switch (left, right) {
        case let (.number(a), .number(b)): return Decimal.order(a, b)
        case let (.string(a), .string(b)): return TextOrder.order(a, b)
        default:
            throw left.isNull || right.isNull ? nullArithmetic(op, left, right, offset) : typeError(op, left, right, offset)
        }
    }

    /// The number, or an error when the operation overflowed: Foundation's `Decimal` gives
    /// NaN for a result beyond its range (too large, or too small to be other than zero), which must never reach a view.
    static func checked(_ result: Decimal?, _ op: BinaryOperator, at offset: Int) throws(EvaluationError) -> SceneValue {
        if let result, !result.isNaN { return .number(result) }
        throw EvaluationError(.overflow, "the result of '\(op.rawValue)' is out of range for a decimal number", at: offset)
    }

    private static func typeError(_ op: BinaryOperator, _ left: SceneValue, _ right: SceneValue, _ offset: Int) -> EvaluationError {
        EvaluationError(.type, "cannot apply '\(op.rawValue)' to \(left.typeName) and \(right.typeName)", at: offset)
    }

    private static func nullArithmetic(_ op: BinaryOperator, _ left: SceneValue, _ right: SceneValue, _ offset: Int) -> EvaluationError {
        EvaluationError(.type, "cannot apply '\(op.rawValue)' to null", at: offset)
    }
}

extension Decimal {
    /// The integer part, toward zero.
    func truncated() -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, self < 0 ? .up : .down)
        return result
    }
}

/// How two texts order, wherever values are compared (`<`, `min`, the `sort` worker): two
/// dates, one of them a time, as moments, so zones and fractions count (`10:00+02:00` is
/// before `09:00Z`, `09:00:00.500Z` after `09:00:00Z`); days alone, and other text, as text.
public enum TextOrder {
    public static func order(_ a: String, _ b: String) -> ComparisonResult {
        if DateArithmetic.isDate(a), DateArithmetic.isDate(b), !DateArithmetic.isDayOnly(a) || !DateArithmetic.isDayOnly(b),
            let first = DateFormat.parse(a), let second = DateFormat.parse(b)
        {
            return first < second ? .orderedAscending : first > second ? .orderedDescending : .orderedSame
        }
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }
}
