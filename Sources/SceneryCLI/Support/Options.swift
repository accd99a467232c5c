/// A small parser for `--name value`, `--name=value` and `--flag` options plus positional
/// arguments; unknown options are usage errors with a did-you-mean.
struct Options {
    struct Spec {
        let name: String
        let takesValue: Bool
        let repeatable: Bool

        static func flag(_ name: String) -> Spec { Spec(name: name, takesValue: false, repeatable: false) }
        static func value(_ name: String, repeatable: Bool = false) -> Spec { Spec(name: name, takesValue: true, repeatable: repeatable) }
    }

    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]

    init(_ arguments: [String], specs: [Spec]) throws(UsageError) {
        let byName = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positional.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            guard let spec = byName[name] else {
                throw UsageError.unknown("option", name, choices: specs.map(\.name).sorted())
            }
            var value = ""
            if spec.takesValue {
                if parts.count == 2 {
                    value = parts[1]
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value")
                }
            } else if parts.count == 2 {
                throw UsageError("option '\(name)' takes no value")
            }
            if !spec.repeatable, values[name] != nil { throw UsageError("option '\(name)' is given twice") }
            values[name, default: []].append(value)
        }
    }

    func flag(_ name: String) -> Bool { values[name] != nil }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// An integer option within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '\(name)' takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// An option whose value must be one of `choices`.
    func choice(_ name: String, in choices: [String]) throws(UsageError) -> String? {
        guard let text = value(name) else { return nil }
        guard choices.contains(text) else { throw UsageError.unknown("value for '\(name)'", text, choices: choices) }
        return text
    }
}
