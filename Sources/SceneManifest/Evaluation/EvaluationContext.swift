import Foundation

/// The values an expression can read, and how it formats.
public struct EvaluationContext: Sendable {
    /// `request`, `response`, `state`, `shared`, `args`, `vm`, `env`, `result`.
    public var roots: [String: SceneValue]
    /// Names bound by `as`, and `it`.
    public var locals: [String: SceneValue] = [:]
    public var format: FormatContext

    public init(roots: [String: SceneValue] = [:], locals: [String: SceneValue] = [:], format: FormatContext = FormatContext()) {
        self.roots = roots
        self.locals = locals
        self.format = format
    }

    public func binding(_ name: String, to value: SceneValue) -> EvaluationContext {
        var copy = self
        copy.locals[name] = value
        return copy
    }
}
