/// `let`: names a value for the steps after it, worked out once.
public struct LetStep: StepBody {
    public var local: String
    public var value: ValueTemplate

    public static let type = StepType.let
    public static let writes = StepType.Writes.nothing
    public static let declaration = step(
        "names a value, worked out once, for the steps after it (`as`)",
        KeyDeclaration("as", required: true, "the name the value is known by in later steps"),
        KeyDeclaration("value", required: true, "the value named"))

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        // The value sees the locals before the step, not the one it names.
        guard let value = reading.value("value"), let local = reading.bind() else { return nil }
        return LetStep(local: local, value: value)
    }

    public var binding: String? { local }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(value)
        effects.names(local, value)
    }
}
