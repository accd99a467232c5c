import Foundation

/// One call of a built-in function: its arguments, the session's formatting, and the checks
/// every function makes of its arguments, failing as values (``EvaluationError``).
struct FunctionCall {
    let name: String
    let args: [SceneValue]
    let format: FormatContext
    let offset: Int

    var count: Int { args.count }
    subscript(_ index: Int) -> SceneValue { args[index] }

    func fail(_ message: String, _ kind: EvaluationError.Kind = .argument) -> EvaluationError {
        EvaluationError(kind, "\(name): \(message)", at: offset)
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

    /// The text at `index`, or `fallback` when the call leaves it out.
    func text(_ index: Int, or fallback: String) throws(EvaluationError) -> String {
        args.count > index ? try text(index) : fallback
    }

    /// A list argument; null is the empty list.
    func list(_ index: Int) throws(EvaluationError) -> [SceneValue] {
        switch args[index] {
        case let .list(items): return items
        case .null: return []
        default: throw fail("expects a list, not \(args[index].typeName)", .type)
        }
    }

    /// Decimal places, 0 to 10, or nil when left out.
    func places(_ index: Int) throws(EvaluationError) -> Int? {
        guard let value = try optionalNumber(index) else { return nil }
        guard let count = value.exactInt, (0...10).contains(count) else {
            throw fail("decimal places must be a whole number from 0 to 10")
        }
        return count
    }

    /// The date text at `index` read by `read`, or an error naming it.
    func date<T>(_ index: Int, _ read: (String) -> T?) throws(EvaluationError) -> T {
        let value = try text(index)
        guard let result = read(value) else { throw fail("'\(value)' is not an ISO-8601 date", .conversion) }
        return result
    }
}
