/// `store`: replaces what a writable provider holds.
public struct StoreStep: StepBody {
    public var into: Located<String>
    public var value: ValueTemplate

    public static let type = StepType.store
    public static let writes = StepType.Writes.provider
    public static let declaration = step(
        "replaces what a writable provider (`keyValue`, `swift`) holds (E311 otherwise)",
        KeyDeclaration("provider", required: true, "the writable provider (keyValue or swift) to write"),
        KeyDeclaration("value", required: true, "the data to store: it replaces what the provider holds"),
        StepType.onError)

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        guard let provider = reading.provider(), let value = reading.value("value") else { return nil }
        if let declared = reading.scene.context.providers?[provider.value], !declared.isWritable {
            reading.reader.error(
                .readOnlyProvider, "provider '\(provider.value)' is \(declared.typeNameWithArticle) provider and cannot be written",
                at: provider.offset, reading["provider"]?.pointer ?? "",
                hint: declared.collection != nil
                    ? "change a collection with 'insert', 'update' and 'delete' steps"
                    : "store through a 'keyValue' or 'swift' provider")
        }
        return StoreStep(into: provider, value: value)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { into }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(value)
        effects.stores(value, in: into)
    }
}
