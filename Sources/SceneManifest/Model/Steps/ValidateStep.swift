/// `validate`: checks rules in order; every failing message is reported and the use case stops.
public struct ValidateStep: StepBody {
    /// A condition and the message shown when it fails.
    public typealias Rule = (check: Template, message: Template)

    public var rules: [Rule]

    public static let type = StepType.validate
    public static let writes = StepType.Writes.nothing
    public static let declaration = step(
        "checks rules in order; every failing message goes to the error service and the use case stops",
        KeyDeclaration("rules", required: true, "checks, each a condition and the message shown when it fails"))

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        let reader = reading.reader
        guard let rulesNode = reading["rules"], let nodes = reader.array(rulesNode, what: "'rules'") else { return nil }
        let rules = nodes.compactMap { node -> Rule? in
            guard
                let rule = reader.object(node, what: "a rule", allowed: ManifestKeys.allowed(in: .rule), required: ["check", "message"]),
                let check = rule["check"].flatMap({ reader.condition($0, scope: reading.scope, what: "'check'") }),
                let message = rule["message"].flatMap({ reader.template($0, scope: reading.scope, what: "'message'") })
            else { return nil }
            return (check, message)
        }
        return ValidateStep(rules: rules)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        for rule in rules {
            effects.evaluates(rule.check)
            effects.evaluates(rule.message)
        }
        effects.checks(rules)
    }
}
