import Foundation
import SceneManifest

/// The expression language's functions and rules for Swift code: what a scene ejected to
/// Swift (`scenery eject`) calls where its manifest called a function, joined a value into
/// text or tested one as a condition. Each runs the same code the runtime runs for the
/// manifest, so an ejected scene shows exactly what the JSON scene showed.
///
/// ```swift
/// let detail: String = try SceneFunctions.call("currency", order.total, format: format)
/// let title = "\(order.id) · \(SceneFunctions.text(order.items))"
/// ```
public enum SceneFunctions {
    /// The built-in function `name` on `arguments`, its result read as `Result`. A result
    /// of another type than the one asked for (which a type-checked manifest never gives)
    /// is a thrown error, not a trap.
    public static func call<Result: SceneValueConvertible>(
        _ name: String, _ arguments: any SceneValueConvertible..., format: FormatContext
    ) throws -> Result {
        // The evaluator's call of the function, on the values as they are.
        try Result.reading(try FunctionTable.call(name, arguments.map { $0.sceneValue }, format: format), "\(name) gave")
    }

    /// An item of a list, or a character of a text, by its position from 0, or a record's
    /// field by its name, as `x[i]` reads it: null past the end.
    public static func index<Result: SceneValueConvertible>(_ base: some SceneValueConvertible, _ position: some SceneValueConvertible)
        throws -> Result
    {
        try evaluated(.index(literal(base), literal(position)), format: FormatContext(), "'[]' gave")
    }

    /// One node over literal values, evaluated by the runtime's evaluator and read as `Result`.
    static func evaluated<Result: SceneValueConvertible>(_ kind: SceneManifest.Expression.Kind, format: FormatContext, _ what: String)
        throws
        -> Result
    {
        try Result.reading(try Evaluator.evaluate(Expression(kind, at: 0), in: EvaluationContext(format: format)).get(), what)
    }

    private static func literal(_ value: any SceneValueConvertible) -> SceneManifest.Expression {
        Expression(.literal(value.sceneValue), at: 0)
    }

    /// A value as it shows joined into text: `"@{x}"` inside a longer string.
    public static func text(_ value: some SceneValueConvertible) -> String { value.sceneValue.description }

    /// Whether a value holds as a condition: null, false, 0, '' and [] do not.
    public static func holds(_ value: some SceneValueConvertible) -> Bool { value.sceneValue.isTruthy }
}

/// A Swift value the expression language has a value for, and can give back.
public protocol SceneValueConvertible {
    var sceneValue: SceneValue { get }
    /// The Swift value of a dynamic one, or nil when it is of another kind.
    init?(sceneValue: SceneValue)
}

extension SceneValueConvertible {
    /// `value` as this type; a value of another kind is an error saying what gave it (E513),
    /// never a trap: `what` is `"an item is"`, `"'[]' gave"`.
    static func reading(_ value: SceneValue, _ what: String) throws(RunFailure) -> Self {
        guard let typed = Self(sceneValue: value) else {
            throw RunFailure("\(what) \(value.typeName), not \(Self.self)", code: DiagnosticCode.valueDoesNotFit)
        }
        return typed
    }
}

/// A typed value as the runtime holds it: its own fields, in order, when it is one the
/// expression language has (ejected structs are); through Codable otherwise.
func sceneValue(of typed: some Encodable) throws -> SceneValue {
    if let convertible = typed as? any SceneValueConvertible { return convertible.sceneValue }
    return try ValueJSON.encode(typed)
}

extension SceneValueConvertible where Self: Codable {
    /// A model's record, through Codable, as the runtime bridges typed components.
    public var sceneValue: SceneValue { (try? ValueJSON.encode(self)) ?? .null }

    public init?(sceneValue: SceneValue) {
        guard let value = try? ValueJSON.decode(Self.self, from: sceneValue) else { return nil }
        self = value
    }
}

extension String: SceneValueConvertible {
    public var sceneValue: SceneValue { .string(self) }
    public init?(sceneValue: SceneValue) {
        guard case let .string(text) = sceneValue else { return nil }
        self = text
    }
}

extension Int: SceneValueConvertible {
    public var sceneValue: SceneValue { .number(Decimal(self)) }
    public init?(sceneValue: SceneValue) {
        guard case let .number(number) = sceneValue, let whole = number.exactInt else { return nil }
        self = whole
    }
}

extension Decimal: SceneValueConvertible {
    public var sceneValue: SceneValue { .number(self) }
    public init?(sceneValue: SceneValue) {
        guard case let .number(number) = sceneValue else { return nil }
        self = number
    }
}

extension Bool: SceneValueConvertible {
    public var sceneValue: SceneValue { .bool(self) }
    public init?(sceneValue: SceneValue) {
        guard case let .bool(value) = sceneValue else { return nil }
        self = value
    }
}

extension Optional: SceneValueConvertible where Wrapped: SceneValueConvertible {
    public var sceneValue: SceneValue { self?.sceneValue ?? .null }
    public init?(sceneValue: SceneValue) {
        if sceneValue.isNull {
            self = .none
        } else if let value = Wrapped(sceneValue: sceneValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}

extension Array: SceneValueConvertible where Element: SceneValueConvertible {
    // A closure, not `\.sceneValue`: a generic key path is built at run time on every call.
    public var sceneValue: SceneValue { .list(map { $0.sceneValue }) }
    public init?(sceneValue: SceneValue) {
        guard case let .list(items) = sceneValue else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for item in items {
            guard let element = Element(sceneValue: item) else { return nil }
            elements.append(element)
        }
        self = elements
    }
}

extension SceneFunctions {
    /// The operator `op` (`+`, `<`, `==`, …) on two values, its result read as `Result`:
    /// the runtime's arithmetic (exact decimals, bounded, an error past the bounds), ordering
    /// and equality.
    public static func binary<Result: SceneValueConvertible>(
        _ op: String, _ left: some SceneValueConvertible, _ right: some SceneValueConvertible
    ) throws -> Result {
        guard let binary = BinaryOperator(rawValue: op) else { throw RunFailure("'\(op)' is not an operator") }
        return try evaluated(.binary(binary, literal(left), literal(right)), format: FormatContext(), "'\(op)' gave")
    }
}

/// A record written in place, `{quantity: 2}`, for Swift code: its fields in the order
/// written, as the runtime makes the record.
public struct SceneRecord: SceneValueConvertible {
    public let fields: [(name: String, value: SceneValue)]

    public init(_ fields: KeyValuePairs<String, any SceneValueConvertible>) {
        self.fields = fields.map { ($0.key, $0.value.sceneValue) }
    }

    public var sceneValue: SceneValue { .record(Record(fields: fields)) }

    public init?(sceneValue: SceneValue) {
        guard case let .record(record) = sceneValue else { return nil }
        fields = record.fields.map { ($0.name, $0.value) }
    }
}
