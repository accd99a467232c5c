/// `insert`: adds a record to a collection; its key must be new.
public struct InsertStep: StepBody {
    public var into: Located<String>
    public var value: ValueTemplate

    public static let type = StepType.insert
    public static let writes = StepType.Writes.collection
    public static let declaration = step(
        "adds a record to a collection; its key must be new",
        KeyDeclaration("provider", required: true, "the collection to add the record to"),
        KeyDeclaration("value", required: true, names: .record, "the record to add; its key must be new"),
        StepType.onError)

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        guard let provider = reading.collection(), let value = reading.value("value") else { return nil }
        return InsertStep(into: provider, value: value)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { into }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(value)
        effects.inserts(value, into: into)
    }
}
