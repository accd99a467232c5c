import Foundation

/// Evaluates expressions and templates over dynamic values. Every failure is a returned
/// ``EvaluationError``; nothing traps.
///
/// Truthiness (for `!`, `&&`, `||`, `?:` and `if`): null, false, 0, '' and [] are false;
/// everything else is true.
public enum Evaluator {
    public typealias Outcome = Result<SceneValue, EvaluationError>

    /// A template's value: a single expression keeps its type; otherwise the parts join as text.
    public static func evaluate(_ template: Template, in context: EvaluationContext) -> Outcome {
        evaluateParts(template, in: context).mapError { error in
            var located = error
            if located.origin == nil { located.origin = template.origin }
            return located
        }
    }

    private static func evaluateParts(_ template: Template, in context: EvaluationContext) -> Outcome {
        if let single = template.single { return evaluate(single, in: context) }
        var text = ""
        for part in template.parts {
            switch part {
            case let .text(piece): text += piece
            case let .expression(expression):
                switch evaluate(expression, in: context) {
                case let .success(value): text += value.description
                case let .failure(error): return .failure(error)
                }
            }
        }
        return .success(.string(text))
    }

    /// A value template: strings evaluated, lists and records member by member.
    public static func evaluate(_ template: ValueTemplate, in context: EvaluationContext) -> Outcome {
        switch template {
        case let .constant(value): return .success(value)
        case let .template(text): return evaluate(text, in: context)
        case let .list(items):
            var values: [SceneValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                switch evaluate(item, in: context) {
                case let .success(value): values.append(value)
                case let .failure(error): return .failure(error)
                }
            }
            return .success(.list(values))
        case let .record(fields):
            var record = Record()
            record.reserveCapacity(fields.count)
            for field in fields {
                switch evaluate(field.value, in: context) {
                case let .success(value): record[field.name] = value
                case let .failure(error): return .failure(error)
                }
            }
            return .success(.record(record))
        }
    }

    public static func evaluate(_ expression: Expression, in context: EvaluationContext) -> Outcome {
        do {
            return .success(try value(expression, context))
        } catch {
            return .failure(error)
        }
    }

    static func value(_ expression: Expression, _ context: EvaluationContext) throws(EvaluationError) -> SceneValue {
        let at = expression.offset
        switch expression.kind {
        case let .literal(literal):
            return literal
        case let .list(items):
            var values: [SceneValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try value(item, context)) }
            return .list(values)
        case let .record(fields):
            var record = Record()
            record.reserveCapacity(fields.count)
            for field in fields { record[field.name] = try value(field.value, context) }
            return .record(record)
        case let .name(name):
            return context.local(name) ?? context.root(name) ?? .null
        case let .member(base, field):
            return try value(base, context)[field]
        case let .index(base, index):
            return Operations.index(try value(base, context), try value(index, context))
        case let .unary(op, operand):
            let operandValue = try value(operand, context)
            switch op {
            case .not: return .bool(!operandValue.isTruthy)
            case .negate:
                guard case let .number(number) = operandValue else {
                    throw EvaluationError(.type, "cannot negate \(operandValue.typeName)", at: at)
                }
                return .number(-number)
            }
        case let .binary(op, left, right):
            switch op {
            case .and:
                let leftValue = try value(left, context)
                return leftValue.isTruthy ? .bool(try value(right, context).isTruthy) : .bool(false)
            case .or:
                let leftValue = try value(left, context)
                return leftValue.isTruthy ? .bool(true) : .bool(try value(right, context).isTruthy)
            case .coalesce:
                let leftValue = try value(left, context)
                return leftValue.isNull ? try value(right, context) : leftValue
            default:
                return try Operations.binary(op, try value(left, context), try value(right, context), at: at)
            }
        case let .conditional(condition, then, otherwise):
            return try value(condition, context).isTruthy ? try value(then, context) : try value(otherwise, context)
        case let .call(name, arguments):
            var values: [SceneValue] = []
            values.reserveCapacity(arguments.count)
            for argument in arguments { values.append(try value(argument, context)) }
            return try Functions.call(name, values, format: context.format, at: at)
        }
    }
}

extension SceneValue {
    /// null, false, 0, '' and [] are false; everything else is true.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case let .bool(value): value
        case let .number(value): value != 0
        case let .string(value): !value.isEmpty
        case let .list(items): !items.isEmpty
        case .record: true
        }
    }
}
