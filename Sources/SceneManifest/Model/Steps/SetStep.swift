/// `set`: writes `state.FIELD` or `shared.FIELD` (or a field of its record); with `where`,
/// the items of the list there that it holds for, each replaced by `value` (both see the
/// item as `it`).
public struct SetStep: StepBody {
    public var path: Located<String>
    public var value: ValueTemplate
    public var condition: Template?

    public static let type = StepType.set
    public static let writes = StepType.Writes.statePath
    public static let declaration = step(
        "writes `state.FIELD` or `shared.FIELD` (E312 for an undeclared field), or a field of its record, `state.form.firstName` (below)",
        KeyDeclaration("path", required: true, "what to set: state.FIELD or shared.FIELD, or a field of its record (state.form.firstName)"),
        KeyDeclaration("value", required: true, "the value written; with where, each matching item's new value, the item seen as it"),
        KeyDeclaration("where", "which items of the list at path to replace, a condition over each item as it"))

    public static func seesEachItem(under key: String) -> Bool { key == "where" || key == "value" }

    public static func decode(_ reading: inout StepReading) -> Self? {
        // With `where`, the value is worked out per matching item, seen as `it`.
        let condition = reading.condition("where", seesItem: true)
        guard let path = reading.statePath(), let value = reading.value("value", seesItem: condition != nil) else { return nil }
        return SetStep(path: path, value: value, condition: condition)
    }

    public var binding: String? { nil }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        let item: StepItems? = condition == nil ? nil : .atPath(path)
        effects.evaluates(condition, item: item)
        effects.evaluates(value, item: item)
        effects.writesState(path, value, where: condition)
    }
}
