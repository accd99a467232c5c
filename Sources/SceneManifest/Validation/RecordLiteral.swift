/// A record written out in a manifest — a JSON object, or a record literal
/// `@{{id: uuid(), title: request.title}}` — read for the checks of where it lands (a
/// collection's write, a `set` of a model's record) and for rename: each field with where
/// its name stands in the file and the type of its value, when known.
struct RecordLiteral {
    struct Field {
        let name: String
        /// The file offset of the name: a JSON key's opening quote, or a literal's name itself.
        let offset: Int
        let type: TypeRef?
        /// The value written, for its exact type (``mayBeNull(in:)``).
        fileprivate let value: Expression?
        fileprivate let template: ValueTemplate?

        /// Whether the value is the constant null, which fits no field that is not optional.
        var isNull: Bool {
            if let value, case .literal(.null) = value.kind { return true }
            return template.map(TypeFitCheck.isNullConstant) ?? false
        }
    }

    let fields: [Field]
    /// Whether the fields are a JSON object's, whose offsets stand at their keys' quotes.
    let isObject: Bool

    /// The record `value` writes out; nil for any other value.
    init?(_ value: ValueTemplate, _ types: StaticTypes, _ useCase: UseCaseDefinition, _ locals: [String: TypeRef], _ reader: ManifestReader)
    {
        self.types = types
        self.useCase = useCase
        self.locals = locals
        switch value {
        case let .record(fields):
            self.fields = fields.map {
                Field(
                    name: $0.name, offset: $0.keyOffset, type: types.infer($0.value, useCase: useCase, locals: locals), value: nil,
                    template: $0.value)
            }
            isObject = true
        case let .template(template):
            guard template.parts.count == 1, case let .expression(expression)? = template.parts.first,
                case let .record(fields) = expression.kind
            else { return nil }
            self.fields = fields.map { field in
                let offset = template.origin.map { reader.source.offset(inStringAt: $0, decodedIndex: field.offset) } ?? 0
                return Field(
                    name: field.name, offset: offset, type: types.infer(field.value, useCase: useCase, locals: locals), value: field.value,
                    template: nil)
            }
            isObject = false
        default:
            return nil
        }
    }

    private let types: StaticTypes
    private let useCase: UseCaseDefinition
    private let locals: [String: TypeRef]

    /// The type of a field's value with reads through optional values optional too, as at
    /// run time: what may be null (W006). Inferred only when asked for.
    private func exactType(of field: Field) -> TypeRef? {
        let exact = types.exact
        if let value = field.value { return exact.infer(value, useCase: useCase, locals: locals) }
        return field.template.flatMap { exact.infer($0, useCase: useCase, locals: locals) }
    }

    /// The given fields `model` does not have.
    func unknown(in model: ModelDefinition) -> [Field] {
        fields.filter { field in !model.fields.contains { $0.name == field.name } }
    }

    /// The given fields whose value is of a type the model's field does not take, each with
    /// the type it takes and the type given.
    func mismatched(in model: ModelDefinition, models: [String: ModelDefinition]) -> [(field: Field, declared: TypeRef, passed: TypeRef)] {
        fields.compactMap { field in
            guard let declared = model.fields.first(where: { $0.name == field.name })?.type, let passed = field.type,
                !TypeFitCheck.fits(passed, declared, models: models)
            else { return nil }
            return (field, declared, passed)
        }
    }

    /// The given fields set to the constant null where the model's field is not optional (E314).
    func nulls(in model: ModelDefinition) -> [(field: Field, declared: TypeRef)] {
        fields.compactMap { field in
            guard field.isNull, let declared = model.fields.first(where: { $0.name == field.name })?.type, !declared.isOptional else {
                return nil
            }
            return (field, declared)
        }
    }

    /// The given fields whose value may be null where the model's field is not optional
    /// (W006), each with the type it takes and the type given.
    func mayBeNull(in model: ModelDefinition) -> [(field: Field, declared: TypeRef, passed: TypeRef)] {
        fields.compactMap { field in
            guard let declared = model.fields.first(where: { $0.name == field.name })?.type, !declared.isOptional,
                let passed = field.type?.isOptional == true ? field.type : exactType(of: field), passed.isOptional
            else { return nil }
            return (field, declared, passed)
        }
    }

    /// W006 for each field of `model` given a value that may be null, as `where` names the record.
    func warnOfNulls(in model: ModelDefinition, _ what: String, at fallback: Int, _ pointer: String, _ reader: ManifestReader) {
        let constantNulls = Set(nulls(in: model).map(\.field.name))
        for (field, declared, passed) in mayBeNull(in: model) where !constantNulls.contains(field.name) {
            reader.warning(
                .mayBeNull, "field '\(field.name)' of \(what) is \(declared), but the value given is \(passed) and may be null here",
                at: field.offset > 0 ? field.offset : fallback, pointer,
                hint: Narrowing.checkFirstHint)
        }
    }

    /// The model's fields that are not optional and not given.
    func missing(from model: ModelDefinition) -> [(name: String, type: TypeRef)] {
        model.fields.filter { declared in !declared.type.isOptional && !fields.contains { $0.name == declared.name } }.map {
            ($0.name, $0.type)
        }
    }
}
