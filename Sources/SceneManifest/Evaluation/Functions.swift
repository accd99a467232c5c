import Foundation
import ScenerySupport

/// The built-in functions. Every name in ``FunctionTable`` is implemented here; argument
/// counts are checked at load and again here (an expression evaluated unchecked must fail,
/// not trap), types are checked here and fail as values.
enum Functions {
    static func call(_ name: String, _ args: [SceneValue], context: EvaluationContext, at offset: Int) throws(EvaluationError) -> SceneValue
    {
        let format = context.format
        func fail(_ message: String, _ kind: EvaluationError.Kind = .argument) -> EvaluationError {
            EvaluationError(kind, "\(name): \(message)", at: offset)
        }
        if let arity = FunctionTable.functions[name], !arity.accepts(args.count) {
            throw fail("takes \(arity) argument\(arity.description == "1" ? "" : "s"), not \(args.count)")
        }
        func number(_ index: Int) throws(EvaluationError) -> Decimal {
            guard index < args.count else { throw fail("missing argument \(index + 1)") }
            guard case let .number(value) = args[index] else { throw fail("expects a number, not \(args[index].typeName)", .type) }
            return value
        }
        func optionalNumber(_ index: Int) throws(EvaluationError) -> Decimal? {
            index < args.count && !args[index].isNull ? try number(index) : nil
        }
        func text(_ index: Int) throws(EvaluationError) -> String {
            guard index < args.count else { throw fail("missing argument \(index + 1)") }
            switch args[index] {
            case let .string(value): return value
            case .null: throw fail("expects text, not null", .type)
            default: return args[index].description
            }
        }
        func list(_ index: Int) throws(EvaluationError) -> [SceneValue] {
            switch args[index] {
            case let .list(items): return items
            case .null: return []
            default: throw fail("expects a list, not \(args[index].typeName)", .type)
            }
        }
        func places(_ index: Int) throws(EvaluationError) -> Int? {
            guard let value = try optionalNumber(index) else { return nil }
            guard let count = value.exactInt, (0...10).contains(count) else {
                throw fail("decimal places must be a whole number from 0 to 10")
            }
            return count
        }
        // Functions over the first argument that accept null as "nothing".
        switch name {
        case "count":
            switch args[0] {
            case let .list(items): return .number(Decimal(items.count))
            case let .string(value): return .number(Decimal(value.count))
            case let .record(record): return .number(Decimal(record.fields.count))
            case .null: return .number(0)
            default: throw fail("expects a list or text, not \(args[0].typeName)", .type)
            }
        case "sum":
            var values: [Decimal] = []
            for item in try list(0) {
                let element = args.count > 1 ? item[try text(1)] : item
                guard case let .number(value) = element else { throw fail("cannot add \(element.typeName)", .type) }
                values.append(value)
            }
            guard let total = DecimalRange.sum(values) else { throw fail("the total is out of range for a decimal number", .overflow) }
            return .number(total)
        case "min", "max":
            let items = args.count == 1 ? try list(0) : args
            var best: SceneValue?
            for item in items {
                guard let current = best else {
                    best = item
                    continue
                }
                let order = try Operations.compare(item, current, .less, at: offset)
                if (name == "min" && order == .orderedAscending) || (name == "max" && order == .orderedDescending) { best = item }
            }
            return best ?? .null
        case "first", "last":
            switch args[0] {
            case let .list(items): return (name == "first" ? items.first : items.last) ?? .null
            case let .string(value): return (name == "first" ? value.first : value.last).map { .string(String($0)) } ?? .null
            case .null: return .null
            default: throw fail("expects a list or text, not \(args[0].typeName)", .type)
            }
        case "contains":
            switch args[0] {
            case let .list(items): return .bool(items.contains(args[1]))
            case let .string(value): return .bool(value.contains(try text(1)))
            case .null: return .bool(false)
            default: throw fail("expects a list or text, not \(args[0].typeName)", .type)
            }
        case "matches":
            if args[0].isNull { return .bool(false) }
            let subject = try text(0), pattern = try text(1)
            guard let regex = try? NSRegularExpression(pattern: pattern) else {
                throw fail("'\(pattern)' is not a regular expression", .pattern)
            }
            return .bool(regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil)
        case "join":
            let separator = args.count > 1 ? try text(1) : ", "
            return .string(try list(0).map(\.description).joined(separator: separator))
        case "upper", "lower", "capitalize", "trim":
            if args[0].isNull { return .null }
            let value = try text(0)
            switch name {
            case "upper": return .string(value.uppercased())
            case "lower": return .string(value.lowercased())
            case "trim": return .string(value.trimmingCharacters(in: .whitespacesAndNewlines))
            default: return .string(value.prefix(1).uppercased() + value.dropFirst())
            }
        case "truncate":
            if args[0].isNull { return .null }
            let value = try text(0)
            guard let limit = try number(1).exactInt, limit >= 1 else {
                throw fail("the length must be a whole number of at least 1")
            }
            return .string(value.count <= limit ? value : String(value.prefix(limit - 1)) + "…")
        case "default":
            if args[0].isNull || args[0] == .string("") { return args[1] }
            return args[0]
        case "round":
            return .number(try number(0).rounded(try places(1) ?? 0))
        case "abs":
            let value = try number(0)
            return .number(value < 0 ? -value : value)
        case "string":
            return .string(args[0].description)
        case "int", "decimal":
            let value: Decimal
            switch args[0] {
            case let .number(number): value = number
            case let .string(text):
                guard let parsed = DecimalText.parse(text.trimmingCharacters(in: .whitespaces)) else {
                    throw fail("'\(text)' is not a number", .conversion)
                }
                value = parsed
            case let .bool(flag): value = flag ? 1 : 0
            default: throw fail("cannot convert \(args[0].typeName) to a number", .conversion)
            }
            return .number(name == "int" ? value.truncated() : value)
        case "number":
            if args[0].isNull { return .null }
            return .string(NumberFormat.decimal(try number(0), places: try places(1), locale: format.locale))
        case "currency":
            if args[0].isNull { return .null }
            let code = args.count > 1 ? try text(1) : format.currency
            return .string(NumberFormat.currency(try number(0), code: code, locale: format.locale))
        case "percent":
            if args[0].isNull { return .null }
            let fraction = try number(0)
            guard !(fraction * 100).isNaN else { throw fail("the percentage is out of range for a decimal number", .overflow) }
            return .string(NumberFormat.percent(fraction, places: try places(1), locale: format.locale))
        case "date":
            if args[0].isNull { return .null }
            let style = args.count > 1 ? try text(1) : "medium"
            guard let date = DateFormat.parse(try text(0)) else { throw fail("'\(try text(0))' is not an ISO-8601 date", .conversion) }
            // A day is the same day everywhere: only a time moves into the app's zone.
            let zone = DateArithmetic.isDayOnly(try text(0)) ? DateArithmetic.utc : format.timeZone
            guard let formatted = DateFormat.format(date, style: style, locale: format.locale, timeZone: zone) else {
                throw fail("unknown style '\(style)'; use short, medium, long, time or iso")
            }
            return .string(formatted)
        case "now":
            return .string(DateArithmetic.time(format.now))
        case "uuid":
            return .string(format.ids.next())
        case "addDays", "addMonths":
            if args[0].isNull { return .null }
            guard let count = try number(1).exactInt, count.magnitude <= 100_000 else {
                throw fail("the number to add must be a whole number from -100000 to 100000")
            }
            let value = try text(0)
            guard
                let moved = DateArithmetic.adding(
                    days: name == "addDays" ? count : 0, months: name == "addMonths" ? count : 0,
                    to: value, in: format.timeZone)
            else {
                throw fail("'\(value)' is not an ISO-8601 date", .conversion)
            }
            return .string(moved)
        case "startOfDay":
            if args[0].isNull { return .null }
            let value = try text(0)
            guard let day = DateArithmetic.startOfDay(value, in: format.timeZone) else {
                throw fail("'\(value)' is not an ISO-8601 date", .conversion)
            }
            return .string(day)
        case "daysBetween":
            if args[0].isNull || args[1].isNull { return .null }
            let (from, to) = (try text(0), try text(1))
            guard let days = DateArithmetic.daysBetween(from, to, in: format.timeZone) else {
                throw fail("'\(DateFormat.parse(from) == nil ? from : to)' is not an ISO-8601 date", .conversion)
            }
            return .number(Decimal(days))
        case "phone":
            if args[0].isNull { return .null }
            return .string(PhoneFormat.format(try text(0), locale: format.locale))
        case "plural":
            let count = try number(0)
            var forms = args.dropFirst().map(\.description)
            if forms.count == 1, forms[0].contains("|") {
                forms = forms[0].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            }
            return .string(PluralRules.choose(count, forms: forms, locale: format.locale))
        case "mask":
            if args[0].isNull { return .null }
            let value = try text(0)
            guard let keep = (try optionalNumber(1) ?? 4).rounded(0).exactInt, keep >= 0 else {
                throw fail("the number of characters to keep must be a whole number of at least 0")
            }
            return .string(String(repeating: "•", count: max(0, value.count - keep)) + value.suffix(keep))
        case "yesno":
            let yes = args.count > 1 ? try text(1) : Translations.yes(format.locale)
            let no = args.count > 2 ? try text(2) : Translations.no(format.locale)
            return .string(args[0].isTruthy ? yes : no)
        case "t":
            return .string(format.translate(try text(0), arguments: args.dropFirst().map(\.description)))
        default:
            guard let formatter = format.formatters[name] else {
                throw fail("no formatter '\(name)' is registered; run the app's own executable, which registers it")
            }
            return .string(formatter(args.first ?? .null))
        }
    }
}
