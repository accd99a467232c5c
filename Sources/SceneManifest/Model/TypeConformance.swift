import Foundation

extension TypeRef {
    /// Why `value` does not fit this type, or nil when it does: the path to the first part
    /// that does not fit and what it is (`'[1].amount' is text, not decimal`). Records may
    /// carry fields their model does not declare; a declared field that is not optional
    /// must be there. A model the app does not declare is not checked.
    ///
    /// ```swift
    /// TypeRef.list(.model("Loan")).mismatch(of: .string("nope"), models: app.models)
    /// // "it is text, not [Loan]"
    /// ```
    public func mismatch(of value: SceneValue, models: [String: ModelDefinition]) -> String? {
        mismatch(of: value, models: models, at: "")
    }

    /// Why `value` is not a record whose `fields` fit — a request made of a child's result,
    /// say — or nil when it is. No fields declared takes anything.
    public static func mismatch(of value: SceneValue, fields: [(name: String, type: TypeRef)], models: [String: ModelDefinition]) -> String?
    {
        guard !fields.isEmpty else { return nil }
        guard case .record = value else {
            return "it is \(value.kindDescription), not a record with " + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        }
        for field in fields {
            if let problem = field.type.mismatch(of: value[field.name], models: models) { return "field '\(field.name)': " + problem }
        }
        return nil
    }

    private func mismatch(of value: SceneValue, models: [String: ModelDefinition], at path: String) -> String? {
        func wrong() -> String {
            (path.isEmpty ? "it is " : "'\(path)' is ") + value.kindDescription + ", not \(self)"
        }
        switch (self, value) {
        case (.optional, .null): return nil
        case let (.optional(wrapped), _): return wrapped.mismatch(of: value, models: models, at: path)
        case (_, .null): return wrong()
        case (.string, .string), (.decimal, .number), (.bool, .bool): return nil
        case let (.int, .number(number)):
            var whole = Decimal()
            var copy = number
            NSDecimalRound(&whole, &copy, 0, .plain)
            return whole == number ? nil : wrong()
        case let (.date, .string(text)):
            return DateFormat.parse(text) == nil ? wrong() : nil
        case let (.list(element), .list(items)):
            for (index, item) in items.enumerated() {
                if let problem = element.mismatch(of: item, models: models, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        case let (.model(name), .record(record)):
            guard let model = models[name] else { return nil }
            for field in model.fields {
                let fieldPath = path.isEmpty ? field.name : "\(path).\(field.name)"
                if let problem = field.type.mismatch(of: record[field.name] ?? .null, models: models, at: fieldPath) {
                    return problem
                }
            }
            return nil
        case (.model(let name), _) where models[name] == nil:
            return nil
        default:
            return wrong()
        }
    }
}
