import Foundation

/// A failure while evaluating an expression: a value, never a trap. The runtime shows it
/// through the scene's error service.
public struct EvaluationError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public enum Kind: Sendable {
        /// Arithmetic or comparison on null or on values of the wrong type.
        case type
        case divisionByZero
        /// A conversion that cannot be made (`int('abc')`).
        case conversion
        /// A function given an argument it cannot use.
        case argument
        /// A `matches` pattern that is not a regular expression.
        case pattern
        /// Arithmetic whose result a decimal cannot hold (`1e127 * 10`, `1e-127 / 1000`).
        case overflow
    }

    public let kind: Kind
    public let message: String
    /// Offset of the offending token inside the template string.
    public let offset: Int
    /// The file offset of the template string that failed (its opening quote), when it was
    /// read from a manifest: with ``offset`` it gives the failing token's `line:column`.
    public var origin: Int?

    public init(_ kind: Kind, _ message: String, at offset: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    public var code: DiagnosticCode {
        switch kind {
        case .type: .operandType
        case .divisionByZero: .divisionByZero
        case .conversion: .conversion
        case .argument: .badArgument
        case .pattern: .badPattern
        case .overflow: .decimalOverflow
        }
    }
    public var description: String { message }
    /// What the error banner shows: the message and its code.
    public var errorDescription: String? { "\(message) (\(code))" }
}
