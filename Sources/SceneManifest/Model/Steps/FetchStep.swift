/// `fetch`: reads a provider into a local.
public struct FetchStep: StepBody {
    public var from: Located<String>
    public var local: String
    public var args: ValueTemplate?

    public static let type = StepType.fetch
    public static let writes = StepType.Writes.nothing
    public static let declaration = step(
        "reads a provider into the local `as`",
        KeyDeclaration("provider", required: true, "the provider to read"),
        KeyDeclaration("as", required: true, "the name the data read is known by in later steps"),
        KeyDeclaration(
            "args", names: .query,
            "what to ask the provider: a collection's key, where, sort, limit, offset or count; a Swift provider's query"),
        StepType.onError, StepType.fallback)

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        guard let provider = reading.provider(), let local = reading.bind() else { return nil }
        return FetchStep(from: provider, local: local, args: reading.value("args"))
    }

    public var binding: String? { local }
    public var provider: Located<String>? { from }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(args)
        effects.reads(from, args: args, as: local)
    }
}
