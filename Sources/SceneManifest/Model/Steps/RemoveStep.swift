/// `remove`: removes the items of the list at `path` that `where` holds for.
public struct RemoveStep: StepBody {
    public var path: Located<String>
    public var condition: Template

    public static let type = StepType.remove
    public static let writes = StepType.Writes.statePath
    public static let declaration = step(
        "removes the items of the list at `path` that `where` holds for",
        KeyDeclaration("path", required: true, "the list to remove items from: state.FIELD or shared.FIELD"),
        KeyDeclaration("where", required: true, "which items to remove, a condition over each item as it"))

    public static func seesEachItem(under key: String) -> Bool { key == "where" }

    public static func decode(_ reading: inout StepReading) -> Self? {
        guard let path = reading.statePath(), let condition = reading.condition("where", seesItem: true) else { return nil }
        return RemoveStep(path: path, condition: condition)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(condition, item: .atPath(path))
        effects.removesItems(path)
    }
}
