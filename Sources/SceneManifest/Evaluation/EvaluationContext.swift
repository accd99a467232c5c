import Foundation

/// The values an expression can read, and how it formats.
public struct EvaluationContext: Sendable {
    /// `request`, `response`, `state`, `shared`, `args`, `vm`, `env`, `result`: often a
    /// scene's roots, held rather than copied, with a use case's `request` or a presenter's
    /// `response` on top.
    private var rootNames: NameTable
    /// Names bound by `as`, and `it`: most scopes bind one name per item (a row's `as`, a
    /// worker's `it`), which stays on top rather than in a dictionary made per item.
    private var localNames: NameTable
    public var format: FormatContext

    public init(roots: [String: SceneValue] = [:], locals: [String: SceneValue] = [:], format: FormatContext = FormatContext()) {
        rootNames = NameTable(roots)
        localNames = NameTable(locals)
        self.format = format
    }

    public var roots: [String: SceneValue] {
        get { rootNames.all }
        set { rootNames = NameTable(newValue) }
    }

    /// Names bound by `as`, and `it`.
    public var locals: [String: SceneValue] {
        get { localNames.all }
        set { localNames = NameTable(newValue) }
    }

    /// The root `name`, if the context has it.
    public func root(_ name: String) -> SceneValue? { rootNames[name] }

    /// Sets root `name` for this context alone.
    public mutating func setRoot(_ name: String, to value: SceneValue) { rootNames.set(name, to: value) }

    /// The value bound to `name`, if one is.
    public func local(_ name: String) -> SceneValue? { localNames[name] }

    public func binding(_ name: String, to value: SceneValue) -> EvaluationContext {
        var copy = self
        copy.localNames.set(name, to: value)
        return copy
    }
}

/// Values by name, the one set last kept apart from the rest: setting a name on a table
/// that shares its dictionary with others (a scene's roots, a scope's locals) then copies and
/// rehashes nothing until a second name is set.
private struct NameTable: Sendable {
    private var rest: [String: SceneValue]
    private var latest: (name: String, value: SceneValue)?

    init(_ values: [String: SceneValue]) { rest = values }

    var all: [String: SceneValue] {
        guard let latest else { return rest }
        var all = rest
        all[latest.name] = latest.value
        return all
    }

    subscript(name: String) -> SceneValue? {
        if let latest, latest.name == name { return latest.value }
        return rest.isEmpty ? nil : rest[name]
    }

    mutating func set(_ name: String, to value: SceneValue) {
        if let latest, latest.name != name { rest[latest.name] = latest.value }
        latest = (name, value)
    }
}
