/// The steps that read and write collections, checked against the collection's model at
/// `file:line:column`: `fetch` args (`key`, `where`, `sort`, `limit`, `offset`, `count`),
/// the fields an `update` sets, the records `insert` and `update` write, and the keys.
struct CollectionCheck {
    let typeFit: TypeFitCheck
    var app: AppDefinition { typeFit.app }

    static let fetchKeys = ["key", "where", "sort", "limit", "offset", "count"]
    static let comparisons = ["=", "!=", "<", "<=", ">", ">=", "contains"]

    func check(_ step: Step, _ types: StaticTypes, _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader) {
        var use = CollectionUse(check: self, types: types, useCase: useCase, locals: locals, reader: reader)
        step.body.describe(to: &use)
    }

    /// A step's reads and writes of a collection, checked against its model.
    private struct CollectionUse: StepEffects {
        let check: CollectionCheck
        let types: StaticTypes
        let useCase: UseCaseDefinition
        let locals: [String: TypeRef]
        let reader: ManifestReader

        mutating func reads(_ provider: Located<String>, args: ValueTemplate?, as local: String) {
            guard let (model, key) = check.collection(provider) else { return }
            check.checkFetch(args, provider, model, key, reader)
            check.checkWhereValues(args, provider, model, types, useCase, locals, reader)
        }

        mutating func inserts(_ value: ValueTemplate, into provider: Located<String>) {
            guard let (model, _) = check.collection(provider) else { return }
            check.checkRecord(value, provider, model, types, useCase, locals, reader, what: "the record inserted")
        }

        mutating func updates(
            _ provider: Located<String>, key: ValueTemplate?, set fields: [(name: Located<String>, value: ValueTemplate)],
            value: ValueTemplate?
        ) {
            guard let (model, keyField) = check.collection(provider) else { return }
            if let value { check.checkRecord(value, provider, model, types, useCase, locals, reader, what: "the record written") }
            if let key { check.checkKey(key, provider, model, keyField, types, useCase, locals, reader) }
            for (name, field) in fields { check.checkField(name, field, provider, model, keyField, types, useCase, locals, reader) }
        }

        mutating func deletes(_ key: ValueTemplate, from provider: Located<String>) {
            guard let (model, keyField) = check.collection(provider) else { return }
            check.checkKey(key, provider, model, keyField, types, useCase, locals, reader)
        }
    }

    /// A field an `update` sets: the model has it, it is not the key, and the value fits.
    private func checkField(
        _ name: Located<String>, _ field: ValueTemplate, _ provider: Located<String>, _ model: ModelDefinition, _ keyField: String,
        _ types: StaticTypes, _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader
    ) {
        guard let declared = model.fields.first(where: { $0.name == name.value }) else {
            reader.error(
                .undeclaredField, "collection '\(provider.value)' has no field '\(name.value)'", at: name.offset,
                reader.pointer(of: name),
                hint: didYouMean(name.value, model.fields.map(\.name))
                    ?? "its fields: \(model.fields.map(\.name).joined(separator: ", "))")
            return
        }
        if name.value == keyField {
            reader.error(
                .misplacedKey, "'\(keyField)' is the key of collection '\(provider.value)', and an update cannot change it",
                at: name.offset, reader.pointer(of: name))
        }
        if let passed = types.infer(field, useCase: useCase, locals: locals),
            !TypeFitCheck.fits(passed, declared.type, models: app.models)
        {
            reader.error(
                .typeMismatch,
                "field '\(name.value)' of collection '\(provider.value)' is \(declared.type), but the value set is \(passed)",
                at: name.offset, reader.pointer(of: name), hint: "convert it (int(), decimal(), string()) or change the model")
        } else if !declared.type.isOptional, let passed = types.exact.infer(field, useCase: useCase, locals: locals),
            passed.isOptional
        {
            reader.warning(
                .mayBeNull,
                "field '\(name.value)' of collection '\(provider.value)' is \(declared.type), but the value set is \(passed) and may be null here",
                at: name.offset, reader.pointer(of: name),
                hint: Narrowing.checkFirstHint)
        }
    }

    private func collection(_ provider: Located<String>) -> (ModelDefinition, String)? {
        guard let (name, key) = app.providers[provider.value]?.collection, let model = app.models[name] else { return nil }
        return (model, key)
    }

    private func checkFetch(
        _ args: ValueTemplate?, _ provider: Located<String>, _ model: ModelDefinition, _ key: String, _ reader: ManifestReader
    ) {
        guard let args else { return }
        guard case let .record(fields) = args else {
            reader.error(
                .wrongType,
                "a collection's fetch 'args' is a record: {key} for one record, or {where, sort, limit, offset}, or {count: true, where}",
                at: provider.offset, reader.pointer(of: provider))
            return
        }
        let comparable = model.fields.filter { Self.isComparable($0.type) }.map(\.name)
        func unknownField(_ name: String, _ what: String, at offset: Int) {
            let known = model.fields.contains { $0.name == name }
            reader.error(
                .undeclaredField,
                known
                    ? "field '\(name)' of collection '\(provider.value)' is a list or a record, and cannot be \(what)"
                    : "collection '\(provider.value)' has no field '\(name)' to be \(what)",
                at: at(offset), reader.pointer(of: provider),
                hint: didYouMean(name, comparable) ?? "fields that can: \(comparable.joined(separator: ", "))")
        }
        // Where a finding points: the key written, or the provider when it has no place.
        func at(_ offset: Int) -> Int { offset > 0 ? offset : provider.offset }
        for field in fields {
            switch field.name {
            case "key":
                if fields.contains(where: { ["where", "sort", "limit", "offset", "count"].contains($0.name) }) {
                    reader.error(
                        .misplacedKey, "'key' fetches one record; leave out 'where', 'sort', 'limit', 'offset' and 'count'",
                        at: at(field.keyOffset), reader.pointer(of: provider))
                }
            case "where":
                guard case let .record(conditions) = field.value else { continue }
                for condition in conditions {
                    if !comparable.contains(condition.name) { unknownField(condition.name, "filtered on", at: condition.keyOffset) }
                    if case let .record(operators) = condition.value {
                        for op in operators where !Self.comparisons.contains(op.name) {
                            reader.error(
                                .unknownWord, "'\(op.name)' is not a comparison", at: at(op.keyOffset), reader.pointer(of: provider),
                                hint: "use \(Self.comparisons.joined(separator: ", "))")
                        }
                    }
                }
            case "sort":
                let orders: [ValueTemplate] = if case let .list(items) = field.value { items } else { [field.value] }
                for order in orders {
                    guard let text = order.constantValue, case let .string(name) = text else { continue }
                    let bare = name.hasPrefix("-") ? String(name.dropFirst()) : name
                    if !comparable.contains(bare) { unknownField(bare, "sorted by", at: field.keyOffset) }
                }
            case "limit", "offset", "count":
                continue
            case _ where ManifestReader.isExtensionKey(field.name):
                // `$schema` and `x-…` are allowed in every object, and a fetch reads neither.
                continue
            default:
                reader.error(
                    .unknownKey, "unknown key '\(field.name)' in the args of a collection's fetch", at: at(field.keyOffset),
                    reader.pointer(of: provider),
                    hint: didYouMean(field.name, Self.fetchKeys) ?? "a collection takes \(Self.fetchKeys.joined(separator: ", "))")
            }
        }
    }

    /// Each value a `where` compares a field with must be of the field's type (E314):
    /// `{"price": "cheap"}` on a decimal field never matches, and says so now.
    private func checkWhereValues(
        _ args: ValueTemplate?, _ provider: Located<String>, _ model: ModelDefinition, _ types: StaticTypes,
        _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader
    ) {
        guard case let .record(fields)? = args, case let .record(conditions)? = fields.first(where: { $0.name == "where" })?.value else {
            return
        }
        for condition in conditions {
            guard let declared = model.fields.first(where: { $0.name == condition.name })?.type, Self.isComparable(declared) else {
                continue
            }
            let compared: [(op: String, value: ValueTemplate, offset: Int)]
            if case let .record(operators) = condition.value {
                compared = operators.map { ($0.name, $0.value, $0.keyOffset) }
            } else {
                compared = [("=", condition.value, condition.keyOffset)]
            }
            for (op, value, offset) in compared {
                // A date field compared with text that is no date never matches as it should.
                if declared.unwrapped == .date, op != "contains", case let .string(text)? = value.constantValue,
                    DateFormat.parse(text) == nil
                {
                    reader.error(
                        .typeMismatch,
                        "field '\(condition.name)' of collection '\(provider.value)' is \(declared), but 'where' compares it with '\(text)', which is not a date",
                        at: offset > 0 ? offset : provider.offset, reader.pointer(of: provider),
                        hint: "write dates like 2026-06-29 or 2026-06-29T10:00:00Z")
                    continue
                }
                // `contains` looks for text in text; null is a test for a missing value.
                let wanted: TypeRef = op == "contains" ? .string : declared.unwrapped
                guard value.constantValue != .null, let passed = types.infer(value, useCase: useCase, locals: locals),
                    !TypeFitCheck.fits(passed, wanted, models: app.models)
                else { continue }
                reader.error(
                    .typeMismatch,
                    "field '\(condition.name)' of collection '\(provider.value)' is \(declared), but 'where' compares it with \(passed)",
                    at: offset > 0 ? offset : provider.offset, reader.pointer(of: provider),
                    hint: "convert it (int(), decimal(), string()) or compare with a value of the field's type")
            }
        }
    }

    private func checkRecord(
        _ value: ValueTemplate, _ provider: Located<String>, _ model: ModelDefinition, _ types: StaticTypes,
        _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader, what: String
    ) {
        guard let modelName = app.providers[provider.value]?.collection?.model else { return }
        let declared = TypeRef.model(modelName)
        if let record = RecordLiteral(value, types, useCase, locals, reader) {
            func at(_ field: RecordLiteral.Field) -> Int { field.offset > 0 ? field.offset : provider.offset }
            for field in record.unknown(in: model) {
                reader.error(
                    .undeclaredField, "collection '\(provider.value)' has no field '\(field.name)'", at: at(field),
                    reader.pointer(of: provider),
                    hint: didYouMean(field.name, model.fields.map(\.name))
                        ?? "its fields: \(model.fields.map(\.name).joined(separator: ", "))")
            }
            for (field, type, passed) in record.mismatched(in: model, models: app.models) {
                reader.error(
                    .typeMismatch, "field '\(field.name)' of collection '\(provider.value)' is \(type), but \(what) gives \(passed)",
                    at: at(field), reader.pointer(of: provider))
            }
            for (field, type) in record.nulls(in: model) {
                reader.error(
                    .typeMismatch, "field '\(field.name)' of collection '\(provider.value)' is \(type), and null does not fit it",
                    at: at(field), reader.pointer(of: provider), hint: "give it a value, or declare the field '\(type)?' in the model")
            }
            record.warnOfNulls(in: model, "collection '\(provider.value)'", at: provider.offset, reader.pointer(of: provider), reader)
            for field in record.missing(from: model) {
                reader.error(
                    .typeMismatch, "\(what) lacks field '\(field.name)' (\(field.type)) of collection '\(provider.value)'",
                    at: provider.offset, reader.pointer(of: provider), hint: "give every field that is not optional")
            }
            return
        }
        if let passed = types.exact.infer(value, useCase: useCase, locals: locals), passed.isOptional,
            TypeFitCheck.fits(passed, declared, models: app.models)
        {
            reader.warning(
                .mayBeNull, "collection '\(provider.value)' holds \(modelName) records, but \(what) is \(passed) and may be null here",
                at: provider.offset, reader.pointer(of: provider),
                hint: Narrowing.checkFirstHint)
        }
        guard let passed = types.infer(value, useCase: useCase, locals: locals), !TypeFitCheck.fits(passed, declared, models: app.models)
        else { return }
        reader.error(
            .typeMismatch, "collection '\(provider.value)' holds \(modelName) records, but \(what) is \(passed)", at: provider.offset,
            reader.pointer(of: provider), hint: "write a record of the model")
    }

    private func checkKey(
        _ key: ValueTemplate, _ provider: Located<String>, _ model: ModelDefinition, _ keyField: String, _ types: StaticTypes,
        _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader
    ) {
        guard let declared = model.fields.first(where: { $0.name == keyField })?.type,
            let passed = types.infer(key, useCase: useCase, locals: locals), !TypeFitCheck.fits(passed, declared, models: app.models)
        else { return }
        reader.error(
            .typeMismatch, "the key '\(keyField)' of collection '\(provider.value)' is \(declared), but the key given is \(passed)",
            at: provider.offset, reader.pointer(of: provider), hint: "convert it (string(), int())")
    }

    /// What a collection's `fetch` gives: one record by `key` (or null), a number for
    /// `count`, otherwise a list of records.
    static func fetchType(_ args: ValueTemplate?, model: String) -> TypeRef {
        var given: Set<String> = []
        if case let .record(fields)? = args { given = Set(fields.map(\.name)) }
        return given.contains("key") ? .optional(.model(model)) : given.contains("count") ? .int : .list(.model(model))
    }

    static func isComparable(_ type: TypeRef) -> Bool {
        switch type.unwrapped {
        case .string, .int, .decimal, .bool, .date: true
        default: false
        }
    }
}

/// What the language server asks of collections.
public enum CollectionFields {
    /// Whether a field of this type can be filtered and sorted on.
    public static func isComparable(_ type: TypeRef) -> Bool { CollectionCheck.isComparable(type) }
}
