/// `delete`: removes the record with `key` from a collection.
public struct DeleteStep: StepBody {
    public var from: Located<String>
    public var key: ValueTemplate

    public static let type = StepType.delete
    public static let writes = StepType.Writes.collection
    public static let declaration = step(
        "removes the record with `key` from a collection",
        KeyDeclaration("provider", required: true, "the collection to remove the record from"),
        KeyDeclaration("key", required: true, "the key of the record to remove"),
        StepType.onError)

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        guard let provider = reading.collection(), let key = reading.value("key") else { return nil }
        return DeleteStep(from: provider, key: key)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { from }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(key)
        effects.deletes(key, from: from)
    }
}
