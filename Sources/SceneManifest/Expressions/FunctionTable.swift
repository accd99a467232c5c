/// The built-in functions of the expression language, each declared once: how many
/// arguments it takes, the type it gives, its one-line summary, and the method of
/// ``Functions`` that evaluates it. The validator checks calls against it, static types
/// (`validate`'s type checks, `generate swift`) read its result, the language server's
/// completion and hover show its summary, and the evaluator calls the method it names — a
/// function declared is a function implemented. docs/manifest.md's Functions table has a
/// row for each (`FunctionTableDocsTests`).
public enum FunctionTable {
    public struct Arity: Sendable, Equatable, CustomStringConvertible {
        public let minimum: Int
        /// nil: any number from `minimum` up.
        public let maximum: Int?

        public func accepts(_ count: Int) -> Bool { count >= minimum && count <= (maximum ?? .max) }

        public var description: String {
            switch maximum {
            case minimum: "\(minimum)"
            case nil: "\(minimum) or more"
            case let maximum?: "\(minimum) to \(maximum)"
            }
        }
    }

    /// The type a call gives, as far as it can be known before running.
    public enum Result: Sendable, Equatable {
        /// Always this type.
        case type(TypeRef)
        /// The type of the first argument (`min`, `max`, `default`).
        case firstArgument
        /// An item of the first argument, a list, or null (`first`, `last`).
        case itemOfFirstArgument
        /// With one list argument, an item of it or null; otherwise the first argument's type (`min`, `max`).
        case itemOrArgument
        /// The first argument's type, not null when the fallback is not (`default`).
        case firstOrFallback
    }

    /// One function's declaration.
    public struct Spec: Sendable {
        public let arity: Arity
        public let result: Result
        /// `count(list): the number of items`, for completion and hover.
        public let summary: String
        /// Whether it gives null for a null first argument ("nothing in, nothing out"), so
        /// its result may be null where that argument may be.
        public var passesNull = false
        /// The method of ``Functions`` that evaluates a call.
        let implementation: Functions.Implementation
    }

    private static func spec(
        _ minimum: Int, _ maximum: Int?, _ result: Result, _ summary: String, _ implementation: @escaping Functions.Implementation
    ) -> Spec {
        Spec(arity: Arity(minimum: minimum, maximum: maximum), result: result, summary: summary, implementation: implementation)
    }

    /// A function that gives null for a null first argument.
    private static func nullPassing(
        _ minimum: Int, _ maximum: Int?, _ result: Result, _ summary: String, _ implementation: @escaping Functions.Implementation
    ) -> Spec {
        var declared = spec(minimum, maximum, result, summary, implementation)
        declared.passesNull = true
        return declared
    }

    public static let specs: [String: Spec] = [
        "count": spec(1, 1, .type(.int), "count(list): the number of items", Functions.count),
        "sum": spec(1, 2, .type(.decimal), "sum(list, field?): the total of the items, or of a field of each", Functions.sum),
        "min": spec(1, nil, .itemOrArgument, "min(a, b, …): the smallest value", Functions.min),
        "max": spec(1, nil, .itemOrArgument, "max(a, b, …): the largest value", Functions.max),
        "first": spec(1, 1, .itemOfFirstArgument, "first(list): the first item, or null", Functions.first),
        "last": spec(1, 1, .itemOfFirstArgument, "last(list): the last item, or null", Functions.last),
        "contains": spec(2, 2, .type(.bool), "contains(textOrList, value): whether it holds the value", Functions.contains),
        "matches": spec(2, 2, .type(.bool), "matches(text, pattern): whether the text matches the regular expression", Functions.matches),
        "join": spec(1, 2, .type(.string), "join(list, separator?): the items as one text", Functions.join),
        "upper": nullPassing(1, 1, .type(.string), "upper(text): in capitals", Functions.upper),
        "lower": nullPassing(1, 1, .type(.string), "lower(text): in small letters", Functions.lower),
        "capitalize": nullPassing(1, 1, .type(.string), "capitalize(text): the first letter a capital", Functions.capitalize),
        "trim": nullPassing(1, 1, .type(.string), "trim(text): without spaces at either end", Functions.trim),
        "truncate": nullPassing(2, 2, .type(.string), "truncate(text, length): cut to the length, with …", Functions.truncate),
        "default": spec(
            2, 2, .firstOrFallback, "default(value, fallback): the value, or the fallback when it is null", Functions.`default`),
        "round": spec(1, 2, .type(.decimal), "round(number, places?): rounded half to even", Functions.round),
        "abs": spec(1, 1, .type(.decimal), "abs(number): without its sign", Functions.abs),
        "string": spec(1, 1, .type(.string), "string(value): as text", Functions.string),
        "int": spec(1, 1, .type(.int), "int(value): as a whole number", Functions.int),
        "decimal": spec(1, 1, .type(.decimal), "decimal(value): as an exact decimal", Functions.decimal),
        "number": nullPassing(1, 2, .type(.string), "number(value, places?): formatted for the locale", Functions.number),
        "currency": nullPassing(1, 2, .type(.string), "currency(amount, code?): money in the app's or given currency", Functions.currency),
        "percent": nullPassing(1, 2, .type(.string), "percent(fraction, places?): 0.25 as 25%", Functions.percent),
        "date": nullPassing(1, 2, .type(.string), "date(value, style?): a date formatted for the locale", Functions.date),
        "now": spec(0, 0, .type(.date), "now(): the session's time (--now), as 2026-01-01T00:00:00Z", Functions.now),
        "uuid": spec(0, 0, .type(.string), "uuid(): a new unique id; the same series under the same --seed", Functions.uuid),
        "addDays": nullPassing(
            2, 2, .firstArgument, "addDays(date, days): the date that many days later (earlier when negative), in the app's time zone",
            Functions.addDays),
        "addMonths": nullPassing(
            2, 2, .firstArgument, "addMonths(date, months): the date that many months later, the last day of a shorter month",
            Functions.addMonths),
        "startOfDay": nullPassing(
            1, 1, .type(.date), "startOfDay(date): the day it falls on in the app's time zone, as 2026-01-02", Functions.startOfDay),
        "daysBetween": nullPassing(
            2, 2, .type(.int), "daysBetween(from, to): whole days from the day of one to the day of the other", Functions.daysBetween),
        "phone": nullPassing(1, 1, .type(.string), "phone(text): a phone number formatted", Functions.phone),
        "plural": spec(
            2, nil, .type(.string), "plural(count, one, few?, many?, other): the CLDR plural form for the locale", Functions.plural),
        "mask": nullPassing(1, 2, .type(.string), "mask(text, visible?): hidden but for the last characters", Functions.mask),
        "yesno": spec(1, 3, .type(.string), "yesno(flag, yes?, no?): a word for true or false", Functions.yesno),
        "t": spec(1, nil, .type(.string), "t(key, args…): the translation of a locale key", Functions.t)
    ]

    /// Whether `name` gives null for a null first argument.
    public static func passesNull(_ name: String) -> Bool { specs[name]?.passesNull == true }

    /// Each function's arity: what the checker and the evaluator look up for every call.
    public static let functions: [String: Arity] = specs.mapValues(\.arity)

    public static var names: [String] { specs.keys.sorted() }
}

extension FunctionTable {
    /// What `name(args…)` gives in an expression — a built-in function, or an app's formatter
    /// in `format` — by the evaluator's own call, for code that holds the values already
    /// (Swift ejected from a scene), with no expression to evaluate.
    public static func call(_ name: String, _ args: [SceneValue], format: FormatContext) throws(EvaluationError) -> SceneValue {
        try Functions.call(name, args, format: format, at: 0)
    }
}
