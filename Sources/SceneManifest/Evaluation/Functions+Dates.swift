import Foundation

/// Date functions: formatting, the session's time, and days counted in the app's time zone.
extension Functions {
    static func date(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        let style = try call.text(1, or: "medium")
        let date = try call.date(0, DateFormat.parse)
        // A day is the same day everywhere: only a time moves into the app's zone.
        let zone = DateArithmetic.isDayOnly(try call.text(0)) ? DateArithmetic.utc : call.format.timeZone
        guard let formatted = DateFormat.format(date, style: style, locale: call.format.locale, timeZone: zone) else {
            throw call.fail("unknown style '\(style)'; use short, medium, long, time or iso")
        }
        return .string(formatted)
    }

    static func now(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { .string(DateArithmetic.time(call.format.now)) }

    static func addDays(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { try add(call, days: true) }
    static func addMonths(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { try add(call, days: false) }

    private static func add(_ call: FunctionCall, days: Bool) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        guard let count = try call.number(1).exactInt, count.magnitude <= 100_000 else {
            throw call.fail("the number to add must be a whole number from -100000 to 100000")
        }
        let zone = call.format.timeZone
        return .string(
            try call.date(0) { DateArithmetic.adding(days: days ? count : 0, months: days ? 0 : count, to: $0, in: zone) })
    }

    static func startOfDay(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        let zone = call.format.timeZone
        return .string(try call.date(0) { DateArithmetic.startOfDay($0, in: zone) })
    }

    static func daysBetween(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull || call[1].isNull { return .null }
        let (from, to) = (try call.text(0), try call.text(1))
        guard let days = DateArithmetic.daysBetween(from, to, in: call.format.timeZone) else {
            throw call.fail("'\(DateFormat.parse(from) == nil ? from : to)' is not an ISO-8601 date", .conversion)
        }
        return .number(Decimal(days))
    }
}
