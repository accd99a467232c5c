import SceneManifest

/// Writes a use case's presenter fields as a Swift presenter: each view-model field from
/// the typed response, in order, each `each` list as rows built by `map`, formatting through
/// the same functions the JSON presenter calls.
struct PresenterWriter {
    let names: EjectNames
    let name: String
    let useCase: UseCaseDefinition
    let fields: [(name: String, field: PresenterField)]

    struct Written {
        /// The view model's fields, with their Swift types, and the row structs they use.
        var viewModel: [(json: String, type: String)] = []
        /// Each field as a view reads it from outside the DataFlow: its Swift type there
        /// (`[Catalog.Load.RowsRow]`), its type, and its row struct when it has one.
        var viewTypes: [(json: String, swift: String, type: TypeRef, row: SwiftStruct?)] = []
        var rows: [SwiftStruct] = []
        /// The body of `present`.
        var lines: [String] = []
    }

    func write(_ scope: SwiftScope, response: [(name: String, value: SwiftValue)]) throws(EjectRefusal) -> Written {
        var scope = scope
        scope.readsResponse = true
        var responseTypes: [String: TypeRef] = [:]
        for field in response { responseTypes[field.name] = field.value.type }
        scope.types.response = responseTypes
        let taken = Prelude.Names()
        var written = Written()
        var arguments: [String] = []
        for (field, presented) in fields {
            try InteractorWriter.checkField(field, at: 0, called: "the view-model field")
            let prelude = Prelude(names: taken)
            let value: SwiftValue
            let type: String
            switch presented {
            case let .value(template) where Self.isNull(template):
                value = SwiftValue(code: "nil", type: nil)
                type = "String?"
                written.viewTypes.append((field, type, .optional(.string), nil))
            case let .value(template):
                value = try SwiftExpression(scope: scope, prelude: prelude).value(template, expected: nil, at: 0)
                try InteractorWriter.checkField(field, value, at: 0)
                // A field set to null: any optional type encodes it as null, which is what the view reads.
                type = value.type.map { names.swift($0) } ?? "String?"
                written.viewTypes.append((field, type, value.type ?? .optional(.string), nil))
            case let .each(items, local, template):
                let rowsBefore = written.rows.count
                (value, type) = try rows(field, items, local, template, scope, prelude, &written)
                if written.rows.count > rowsBefore, let row = written.rows.last {
                    written.viewTypes.append((field, "[\(names.flow(name)).\(row.name)]", .list(SwiftExpression.record), row))
                } else {
                    written.viewTypes.append((field, type, value.type ?? .list(.string), nil))
                }
            }
            written.lines += prelude.lines
            let swift = SwiftNames.field(field).swift
            if value.code == swift || value.isNull && value.code == "nil" {
                arguments.append("\(swift): \(value.isNull ? "nil" : swift)")
            } else {
                let local = taken.unique(swift)
                written.lines.append("\(value.throwing ? "let \(local) = try " : "let \(local) = ")\(SwiftExpression.bare(value))")
                arguments.append("\(swift): \(local)")
            }
            written.viewModel.append((field, type))
        }
        written.lines.append("return \(names.flow(name)).ViewModel(\(arguments.joined(separator: ", ")))")
        return written
    }

    /// Whether a field is null written out (`null`, `"@{null}"`): the view model holds null there.
    private static func isNull(_ value: ValueTemplate) -> Bool {
        switch value {
        case .constant(.null): true
        case let .template(template): if case .literal(.null)? = template.single?.kind { true } else { false }
        default: false
        }
    }

    /// An `each` field: the list's items mapped to rows, a row struct when a row is a record.
    private func rows(
        _ field: String, _ items: Template, _ local: String, _ template: ValueTemplate, _ scope: SwiftScope, _ prelude: Prelude,
        _ written: inout Written
    ) throws(EjectRefusal) -> (SwiftValue, String) {
        let list = try SwiftExpression(scope: scope, prelude: prelude).template(items, at: 0)
        guard let listType = list.type, case let .list(element) = listType.unwrapped else {
            throw EjectRefusal(offset: items.origin ?? 0, reason: "'each' goes over a value that is not a list")
        }
        var inner = scope
        let swiftLocal = prelude.names.unique(SwiftNames.field(local).swift)
        inner.locals[local] = (element, swiftLocal)
        // A row's values are computed for each item: inside the closure.
        let rowPrelude = prelude.nested()
        let expression = SwiftExpression(scope: inner, prelude: rowPrelude)
        let source = listType.isOptional ? "(\(list.code) ?? [])" : list.code
        var row: String
        let rowType: String
        var rowThrows = false
        switch template {
        case let .record(rowFields):
            let rowName = SwiftNames.upperCamel(field) + "Row"
            var structure = SwiftStruct(
                name: rowName, conformances: ["Encodable", "Sendable", "SceneValueConvertible"], fields: [], doc: "A row of '\(field)'.")
            var arguments: [String] = []
            for rowField in rowFields {
                let value = try expression.value(rowField.value, expected: nil, at: rowField.keyOffset)
                try InteractorWriter.checkField(rowField.name, value, at: rowField.keyOffset)
                structure.fields.append((rowField.name, value.type.map { names.swift($0) } ?? "String?"))
                rowThrows = rowThrows || value.throwing
                arguments.append("\(SwiftNames.field(rowField.name).swift): \(value.isNull ? "nil" : value.code)")
            }
            written.rows.append(structure)
            row = "\(names.flow(name)).\(rowName)(\(arguments.joined(separator: ", ")))"
            // The view model names its rows from inside the DataFlow, where the short name reads plainly.
            rowType = "[\(rowName)]"
        default:
            let value = try expression.value(template, expected: nil, at: 0)
            guard let type = value.type else { throw EjectRefusal(offset: items.origin ?? 0, reason: "a row of null has no type") }
            row = value.code
            rowThrows = value.throwing
            rowType = "[\(names.swift(type))]"
        }
        if rowThrows { row = "try " + row }
        let throwing = rowThrows || rowPrelude.lines.contains { $0.contains(" = try ") } || list.throwing
        let map: String
        if rowPrelude.lines.isEmpty {
            map = "\(source).map { \(swiftLocal) in \(row) }"
        } else {
            map = (["\(source).map { \(swiftLocal) in"] + rowPrelude.lines.map { "    " + $0 } + ["    return \(row)", "}"])
                .joined(separator: "\n")
        }
        return (SwiftValue(code: map, type: .list(element), throwing: throwing), rowType)
    }
}
