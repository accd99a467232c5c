/// `call`: runs another use case of the scene; its response lands in `as`.
public struct CallStep: StepBody {
    public var useCase: Located<String>
    public var request: [(name: String, value: ValueTemplate)]
    public var local: String?

    public static let type = StepType.call
    public static let writes = StepType.Writes.nothing
    public static let declaration = step(
        "runs another use case of the scene; its response lands in `as`",
        KeyDeclaration("useCase", required: true, "the use case of this scene to call"),
        KeyDeclaration("request", "the request the called use case gets"),
        KeyDeclaration("as", "the name the called use case's response is known by in later steps"),
        StepType.onError, StepType.fallback)

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        guard
            let useCase = reading["useCase"].flatMap({
                reading.scene.useCaseReference($0, names: reading.decoder.names, what: "called use case")
            })
        else { return nil }
        let local = reading.bind()
        return CallStep(useCase: useCase, request: reading.fields("request"), local: local)
    }

    public var binding: String? { local }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        for (_, value) in request { effects.evaluates(value) }
        effects.calls(useCase, as: local)
    }
}
