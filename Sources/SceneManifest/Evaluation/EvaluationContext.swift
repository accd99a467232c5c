import Foundation

/// The values an expression can read, and how it formats.
public struct EvaluationContext: Sendable {
    /// `request`, `response`, `state`, `shared`, `args`, `vm`, `env`, `result`.
    public var roots: [String: SceneValue]
    public var format: FormatContext
    /// The name bound last, kept apart from the others: most scopes bind one name per item
    /// (a row's `as`, a worker's `it`), and binding it in a dictionary made one per item.
    private var latest: (name: String, value: SceneValue)?
    private var earlier: [String: SceneValue]

    public init(roots: [String: SceneValue] = [:], locals: [String: SceneValue] = [:], format: FormatContext = FormatContext()) {
        self.roots = roots
        self.earlier = locals
        self.format = format
    }

    /// Names bound by `as`, and `it`.
    public var locals: [String: SceneValue] {
        get {
            guard let latest else { return earlier }
            var all = earlier
            all[latest.name] = latest.value
            return all
        }
        set {
            earlier = newValue
            latest = nil
        }
    }

    /// The value bound to `name`, if one is.
    public func local(_ name: String) -> SceneValue? {
        if let latest, latest.name == name { return latest.value }
        return earlier.isEmpty ? nil : earlier[name]
    }

    public func binding(_ name: String, to value: SceneValue) -> EvaluationContext {
        var copy = self
        if let latest, latest.name != name { copy.earlier[latest.name] = latest.value }
        copy.latest = (name, value)
        return copy
    }
}
