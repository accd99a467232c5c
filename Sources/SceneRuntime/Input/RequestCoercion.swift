import Foundation
import SceneManifest
import ScenerySupport
import VIP

/// Turns the arguments of an input line (`open 2`, `login name='Ada L' pin=1234`) into a
/// request record, coerced to the use case's declared types, with clear errors.
public enum RequestCoercion {
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Positional arguments fill the request's fields in declared order (extra words join
    /// into a last `string` field); `name=value` sets a field by name.
    ///
    /// A date may be typed in ISO-8601 or in the locale's short style (`6/29/07` in en_US),
    /// read with `dates`; without one, only ISO-8601.
    public static func request(
        _ arguments: [String], for fields: [(name: String, type: TypeRef)], action: String,
        dates: DateInput? = nil
    ) throws(Problem) -> SceneValue {
        var record = Record()
        var positional: [String] = []
        for argument in arguments {
            if let equals = argument.firstIndex(of: "="), argument[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                equals != argument.startIndex
            {
                let name = String(argument[..<equals])
                guard let field = fields.first(where: { $0.name == name }) else {
                    let hint = Suggestions.didYouMean(name, in: fields.map(\.name)).map { "; \($0)" } ?? ""
                    throw Problem("'\(action)' has no field '\(name)'\(hint)")
                }
                record[name] = try coerce(
                    String(argument[argument.index(after: equals)...]), to: field.type, field: name, action: action, dates: dates)
            } else {
                positional.append(argument)
            }
        }
        let open = fields.filter { record[$0.name] == nil }
        if positional.count > open.count {
            if let last = open.last, last.type.unwrapped == .string, !open.isEmpty {
                let head = positional.prefix(open.count - 1)
                positional = Array(head) + [positional.dropFirst(open.count - 1).joined(separator: " ")]
            } else {
                let expected = fields.isEmpty ? "no arguments" : fields.map { "\($0.name) (\($0.type))" }.joined(separator: ", ")
                throw Problem("'\(action)' takes \(expected); got \(arguments.count) argument\(arguments.count == 1 ? "" : "s")")
            }
        }
        for (field, text) in zip(open, positional) {
            record[field.name] = try coerce(text, to: field.type, field: field.name, action: action, dates: dates)
        }
        for field in fields where record[field.name] == nil {
            guard field.type.isOptional else {
                throw Problem("'\(action)' needs \(field.name) (\(field.type)), as in '\(action) \(example(field.type))'")
            }
            record[field.name] = .null
        }
        return .record(record)
    }

    /// How a typed date is read besides ISO-8601: the locale's short style, with two-digit
    /// years placed around the session's year.
    public struct DateInput: Sendable {
        public var locale: String
        public var year: Int
        /// Where a time typed without a zone (`2026-06-01T10:00`) is: the app's time zone.
        public var timeZone: TimeZone

        public init(locale: String, year: Int, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
            self.locale = locale
            self.year = year
            self.timeZone = timeZone
        }

        /// A time typed without a zone — `2026-06-01T10:00` or `…T10:00:30` — as the moment it
        /// is in the app's time zone, written in UTC; nil for any other text.
        func localTime(_ text: String) -> String? {
            let parts = text.split(separator: "T", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 10, DateFormat.parse(String(parts[0])) != nil else { return nil }
            let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
                let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60
            else { return nil }
            let second = clock.count == 3 ? Int(clock[2]) ?? 60 : 0
            guard second < 60 else { return nil }
            let day = parts[0].split(separator: "-").compactMap { Int($0) }
            guard day.count == 3 else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: hour, minute: minute, second: second)
            return calendar.date(from: components).map(DateArithmetic.time)
        }
    }

    static func coerce(_ text: String, to type: TypeRef, field: String, action: String, dates: DateInput? = nil) throws(Problem)
        -> SceneValue
    {
        // A bound input's word is both the action and the field: named once.
        let subject = field == action ? "'\(action)'" : "'\(action)': \(field)"
        func fail(_ what: String) -> Problem { Problem("\(subject) must be \(what), not '\(text)'") }
        switch type {
        case let .optional(wrapped):
            // Only an absent argument is null: '' and `name=` are the empty text; for a field
            // that is not text, the word null and an empty value (nothing it could read) clear it.
            if text == "null" || text.isEmpty, wrapped.unwrapped != .string { return .null }
            return try coerce(text, to: wrapped, field: field, action: action, dates: dates)
        case .string:
            return .string(text)
        case .int:
            guard let number = Int(text) else {
                // Whole, but beyond what a whole number holds: say so rather than "not whole".
                let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
                if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) {
                    throw fail("a whole number from \(Int.min) to \(Int.max)")
                }
                // As the locale writes it, with whole groups: 12.345.678 in de_DE.
                if let typed = dates.flatMap({ NumberFormat.parse(text, locale: $0.locale) }), let whole = typed.exactInt {
                    return .number(Decimal(whole))
                }
                throw fail("a whole number")
            }
            return .number(Decimal(number))
        case .decimal:
            guard let number = DecimalText.parse(text) ?? dates.flatMap({ NumberFormat.parse(text, locale: $0.locale) }) else {
                let typed = dates.map { NumberFormat.decimal(12.5, places: 2, locale: $0.locale) }
                throw fail("a number" + (typed.map { $0 == "12.50" ? "" : " like 12.50 or \($0)" } ?? ""))
            }
            return .number(number)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw fail("true or false")
            }
        case .date:
            if let moment = dates?.localTime(text) { return .string(moment) }
            if DateFormat.parse(text) != nil { return .string(text) }
            if let dates, let day = ShortDate.day(text, locale: dates.locale, pivotYear: dates.year) { return .string(day) }
            let typed = dates.flatMap {
                DateFormat.format(
                    Date(timeIntervalSince1970: 1_782_691_200), style: "short", locale: $0.locale,
                    timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
            }
            throw fail("a date like 2026-06-29" + (typed.map { " or \($0)" } ?? ""))
        case .list, .model:
            guard let value = try? ValueJSON.parse(Array(text.utf8)) else { throw fail("JSON for \(type)") }
            return value
        }
    }

    /// A sample value of `type`, for messages that show how to give one.
    public static func example(_ type: TypeRef) -> String {
        switch type.unwrapped {
        case .int: "1"
        case .decimal: "9.99"
        case .bool: "true"
        case .date: "2026-01-02"
        case .string: "text"
        default: "'…json…'"
        }
    }
}
