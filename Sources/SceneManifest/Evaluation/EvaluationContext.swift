import Foundation

/// The values an expression can read, and how it formats.
public struct EvaluationContext: Sendable {
    /// `request`, `response`, `state`, `shared`, `args`, `vm`, `env`, `result`.
    public var roots: [String: SceneValue] {
        get {
            guard let added else { return shared }
            var all = shared
            all[added.name] = added.value
            return all
        }
        set {
            shared = newValue
            added = nil
        }
    }
    /// The roots this context was made with, often a scene's, held rather than copied.
    private var shared: [String: SceneValue]
    /// The root set on this context alone (a use case's `request`, a presenter's `response`),
    /// kept apart as `latest` is: adding it to the scene's roots copied and rehashed them for
    /// every step and every presentation.
    private var added: (name: String, value: SceneValue)?
    public var format: FormatContext
    /// The name bound last, kept apart from the others: most scopes bind one name per item
    /// (a row's `as`, a worker's `it`), and binding it in a dictionary made one per item.
    private var latest: (name: String, value: SceneValue)?
    private var earlier: [String: SceneValue]

    public init(roots: [String: SceneValue] = [:], locals: [String: SceneValue] = [:], format: FormatContext = FormatContext()) {
        self.shared = roots
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

    /// The root `name`, if the context has it.
    public func root(_ name: String) -> SceneValue? {
        if let added, added.name == name { return added.value }
        return shared[name]
    }

    /// Sets root `name` for this context alone.
    public mutating func setRoot(_ name: String, to value: SceneValue) {
        if let added, added.name != name { shared[added.name] = added.value }
        added = (name, value)
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
