import Foundation

/// Number functions: arithmetic, conversions, and numbers formatted for the locale.
extension Functions {
    static func round(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        .number(try call.number(0).rounded(try call.places(1) ?? 0))
    }

    static func abs(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        let value = try call.number(0)
        return .number(value < 0 ? -value : value)
    }

    static func int(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { .number(try converted(call).truncated()) }
    static func decimal(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { .number(try converted(call)) }

    /// The first argument as a number: a number, a number's text, or a flag as 1 or 0.
    private static func converted(_ call: FunctionCall) throws(EvaluationError) -> Decimal {
        switch call[0] {
        case let .number(number): return number
        case let .string(text):
            guard let parsed = DecimalText.parse(text.trimmingCharacters(in: .whitespaces)) else {
                throw call.fail("'\(text)' is not a number", .conversion)
            }
            return parsed
        case let .bool(flag): return flag ? 1 : 0
        default: throw call.fail("cannot convert \(call[0].typeName) to a number", .conversion)
        }
    }

    static func number(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        return .string(NumberFormat.decimal(try call.number(0), places: try call.places(1), locale: call.format.locale))
    }

    static func currency(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        let code = try call.text(1, or: call.format.currency)
        return .string(NumberFormat.currency(try call.number(0), code: code, locale: call.format.locale))
    }

    static func percent(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        let fraction = try call.number(0)
        guard !(fraction * 100).isNaN else { throw call.fail("the percentage is out of range for a decimal number", .overflow) }
        return .string(NumberFormat.percent(fraction, places: try call.places(1), locale: call.format.locale))
    }
}
