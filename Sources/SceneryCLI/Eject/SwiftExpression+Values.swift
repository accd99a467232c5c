import SceneManifest

/// Templates and values written where a type is expected: text with expressions in it,
/// constants, lists and records written in place.
extension SwiftExpression {
    /// A template: one expression keeps its type; text with expressions in it is a string.
    func template(_ template: Template, at offset: Int) throws(EjectRefusal) -> SwiftValue {
        do {
            return try parts(template)
        } catch {
            // A template made in code has no origin: its refusal points at the value.
            throw template.origin == nil ? EjectRefusal(offset: offset, reason: error.reason) : error.inside(template.origin)
        }
    }

    private func parts(_ template: Template) throws(EjectRefusal) -> SwiftValue {
        if let single = template.single { return try expression(single) }
        var code = "\""
        var throwing = false
        for part in template.parts {
            switch part {
            case let .text(text): code += Self.escaped(text)
            case let .expression(expression):
                let value = try self.expression(expression)
                throwing = throwing || value.throwing
                code += value.type == .string ? "\\(\(value.code))" : "\\(SceneFunctions.text(\(value.code)))"
            }
        }
        return SwiftValue(code: code + "\"", type: .string, throwing: throwing)
    }

    /// A value written where a declared type is expected: constants and templates, made to
    /// fit `expected` the way the runtime's value would (an int where a decimal goes).
    /// `checkedByRuntime`: the value goes where the runtime takes any value and checks it
    /// against the declared type itself (a `set`, a record's field, a route's args), so it
    /// goes as it is, and the runtime accepts or refuses it as it would the JSON scene's.
    func value(_ value: ValueTemplate, expected: TypeRef?, at offset: Int, checkedByRuntime: Bool = false) throws(EjectRefusal)
        -> SwiftValue
    {
        // Any value goes as it is; the declared type only says what a null or an empty list is.
        if checkedByRuntime, let expected { return try self.value(value, expected: nil, at: offset, orNullAs: expected) }
        return try self.value(value, expected: expected, at: offset, orNullAs: nil)
    }

    private func value(_ value: ValueTemplate, expected: TypeRef?, at offset: Int, orNullAs nullType: TypeRef?) throws(EjectRefusal)
        -> SwiftValue
    {
        if nullType != nil, case .constant(.null) = value { return SwiftValue(code: "String?.none", type: .optional(.string)) }
        switch value {
        case let .constant(constant):
            return try fitted(literal(constant, at: offset), to: expected ?? nullType, at: offset)
        case let .template(template):
            let written = try self.template(template, at: offset)
            if written.isNull, let nullType {
                return try fitted(written, to: nullType.isOptional ? nullType : .optional(nullType), at: offset)
            }
            return try fitted(written, to: expected, at: offset)
        case let .list(items) where items.isEmpty:
            guard let expected = expected ?? nullType, case .list = expected.unwrapped else {
                throw EjectRefusal(offset: offset, reason: "an empty list goes where no list type is declared")
            }
            return SwiftValue(code: "\(scope.names.swift(expected.unwrapped))()", type: expected.unwrapped)
        case let .list(items):
            var element: TypeRef?
            if case let .list(declared)? = expected?.unwrapped { element = declared }
            var codes: [String] = []
            var types: [TypeRef?] = []
            for item in items {
                let swift = try self.value(item, expected: element, at: offset)
                codes.append(SwiftExpression.bare(swift))
                types.append(swift.type)
            }
            guard let first = types.first ?? nil, types.allSatisfy({ $0 == first }) else {
                throw EjectRefusal(offset: offset, reason: "a list whose items are not all of one type is not ejected")
            }
            return SwiftValue(code: "[\(codes.joined(separator: ", "))]", type: .list(first))
        case let .record(fields):
            // As the runtime makes it: its fields in the order written; where it lands checks its type.
            var written: [String] = []
            for field in fields {
                let declared = expected.flatMap { recordFieldType($0, field.name) }
                let swift = try self.value(
                    field.value, expected: declared, at: field.keyOffset == 0 ? offset : field.keyOffset, checkedByRuntime: true)
                written.append("\"\(Self.escaped(field.name))\": \(swift.isNull ? "String?.none" : SwiftExpression.bare(swift))")
            }
            return SwiftValue(code: "SceneRecord([\(written.isEmpty ? ":" : written.joined(separator: ", "))])", type: Self.record)
        }
    }

    /// The type of a record written in place: a record, its fields as written.
    static let record = TypeRef.model("")

    /// A declared field of a model type, for the value written into it.
    private func recordFieldType(_ type: TypeRef, _ field: String) -> TypeRef? {
        guard case let .model(name) = type.unwrapped else { return nil }
        return scope.types.app?.models[name]?.fields.first { $0.name == field }?.type
    }

    /// `value` as the type `expected` takes: nil for null in an optional, a whole number as
    /// a decimal; anything else that differs is refused.
    func fitted(_ value: SwiftValue, to expected: TypeRef?, at offset: Int) throws(EjectRefusal) -> SwiftValue {
        guard let expected else {
            guard !value.isNull else { throw EjectRefusal(offset: offset, reason: "null goes where no type is declared") }
            return value
        }
        guard let type = value.type else {
            guard expected.isOptional else { throw EjectRefusal(offset: offset, reason: "null goes where \(expected) is declared") }
            return SwiftValue(code: "\(scope.names.swift(expected)).none", type: expected)
        }
        if type == expected || type == expected.unwrapped { return value }
        if type == Self.record {
            throw EjectRefusal(offset: offset, reason: "a record written in place where a typed \(expected) is needed is not ejected yet")
        }
        if type.unwrapped == expected.unwrapped, !expected.isOptional {
            throw EjectRefusal(offset: offset, reason: "a value that may be null goes where \(expected) is declared")
        }
        if type.unwrapped == .int, expected.unwrapped == .decimal {
            let code = type.isOptional ? "\(value.code).map { Decimal($0) }" : "Decimal(\(value.code))"
            return SwiftValue(code: code, type: type.isOptional ? .optional(.decimal) : .decimal, throwing: value.throwing)
        }
        throw EjectRefusal(offset: offset, reason: "a value of type \(type) goes where \(expected) is declared")
    }
}

extension SwiftExpression {
    /// Items of one type written out, `['standard', 'express']`: a Swift array literal.
    func constantList(_ items: [SceneValue], at offset: Int) throws(EjectRefusal) -> SwiftValue {
        let written = try items.map { (item) throws(EjectRefusal) in try literal(item, at: offset) }
        guard let type = written[0].type, written.allSatisfy({ $0.type == type }) else {
            throw EjectRefusal(offset: offset, reason: "a list constant whose items are not all of one type is not ejected")
        }
        return SwiftValue(code: "[\(written.map(\.code).joined(separator: ", "))]", type: .list(type))
    }
}

extension SceneValue {
    /// Text, a number or a flag: a constant Swift writes as a literal.
    var isScalar: Bool {
        switch self {
        case .string, .number, .bool: true
        default: false
        }
    }
}
