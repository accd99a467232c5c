/// `present`: presents an extra response now (a loading state).
public struct PresentStep: StepBody {
    public var response: [(name: String, value: ValueTemplate)]

    public static let type = StepType.present
    public static let writes = StepType.Writes.nothing
    public static let declaration = step(
        "presents an extra response now (a loading state)",
        KeyDeclaration("response", required: true, "the response to present now, before the interactor ends"))

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        let response = reading.fields("response")
        reading.presented.formUnion(response.map(\.name))
        return PresentStep(response: response)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        for (_, value) in response { effects.evaluates(value) }
    }
}
