/// `fail`: reports its message as an error and stops the use case.
public struct FailStep: StepBody {
    public var message: Template

    public static let type = StepType.fail
    public static let writes = StepType.Writes.nothing
    public static let declaration = step(
        "reports the message as an error and stops",
        KeyDeclaration("message", required: true, "the error message the step fails with"))

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        reading.template("message").map(FailStep.init)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(message)
        effects.fails()
    }
}
