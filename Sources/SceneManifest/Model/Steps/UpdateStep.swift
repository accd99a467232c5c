/// `update`: writes the fields in `set` of the record with `key`, or a whole record
/// (`value`) by its own key.
public struct UpdateStep: StepBody {
    public var collection: Located<String>
    public var key: ValueTemplate?
    public var fields: [(name: Located<String>, value: ValueTemplate)]
    public var value: ValueTemplate?

    public static let type = StepType.update
    public static let writes = StepType.Writes.collection
    public static let declaration = step(
        "writes the fields in `set` of the record with `key`, or a whole record (`value`) by its own key",
        KeyDeclaration("provider", required: true, "the collection to write"),
        KeyDeclaration("key", "the key of the record whose fields set writes"),
        KeyDeclaration("set", names: .keys, "the fields to write, by name"),
        KeyDeclaration("value", names: .record, "a whole record to write, by its own key"),
        StepType.onError)

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        guard let provider = reading.collection() else { return nil }
        let fields = reading.locatedFields("set")
        let key = reading.value("key"), whole = reading.value("value")
        let reader = reading.reader, object = reading.object
        switch (object["set"] != nil, whole != nil) {
        case (true, true), (false, false):
            reader.error(
                .missingKey, "an update step takes 'set' (with 'key') to write some fields, or 'value' to write a whole record",
                at: object.node.offset, object.node.pointer)
        case (true, false) where key == nil:
            reader.error(
                .missingKey, "missing key 'key' in update step: 'set' writes the fields of the record with that key",
                at: object.node.offset, object.node.pointer)
        case (false, true) where key != nil:
            reader.error(
                .misplacedKey, "an update with 'value' writes the record with the value's own key; leave out 'key'",
                at: object.keyOffset("key"), object.node.pointer + "/key")
        case (true, false), (false, true):
            break
        }
        return UpdateStep(collection: provider, key: key, fields: fields, value: whole)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { collection }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(key)
        for (_, value) in fields { effects.evaluates(value) }
        effects.evaluates(value)
        effects.updates(collection, key: key, set: fields, value: value)
    }
}
