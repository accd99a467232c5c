import SceneManifest

/// A manifest construct `scenery eject` cannot write as Swift that behaves the same: where
/// it stands (an offset in the scene's file) and why.
struct EjectRefusal: Error {
    let offset: Int
    let reason: String
    /// The file offset of the JSON string an expression's `offset` is inside, or nil when
    /// `offset` is the file's own.
    var origin: Int?

    /// The refusal placed inside the template read from the string at `origin`.
    func inside(_ origin: Int?) -> EjectRefusal {
        var placed = self
        if placed.origin == nil { placed.origin = origin }
        return placed
    }
}

/// Swift for one expression: its text, its exact type (nil for the `null` literal, whose type
/// is the place it goes), and whether evaluating it may throw.
struct SwiftValue {
    var code: String
    var type: TypeRef?
    var throwing = false
    /// Whether `code` is one pair of parentheses around the whole, which this translator
    /// added to keep it one operand.
    var parenthesized = false

    var isNull: Bool { type == nil }
}

/// Where an expression is written, and how Swift reads its names there: the use case and
/// its request, the locals bound so far, and in a presenter the response.
struct SwiftScope {
    var types: StaticTypes
    var useCase: UseCaseDefinition?
    /// Manifest locals with their types, and the Swift name each is read by.
    var locals: [String: (type: TypeRef, swift: String)] = [:]
    let names: EjectNames
    /// How the code reads the session's formatting (`scene.format`).
    var format = "scene.format"
    /// Whether `response.FIELD` reads the presenter's typed response.
    var readsResponse = false
    /// Whether this is the scene's `onResult` use case, whose `result` is its request.
    var isOnResult = false
    /// The Swift type each `vm.FIELD` is read as, where a view is written (its type in
    /// `types.viewModel`); a field missing here cannot be read.
    var viewModel: [String: String] = [:]
    /// Why a `vm.FIELD` missing from `viewModel` has no known type, where it is not that no
    /// presenter gives it: by field, or for every field under `""`.
    var viewModelProblems: [String: String] = [:]

    var localTypes: [String: TypeRef] { locals.mapValues(\.type) }
}

/// Writes manifest expressions and templates as typed Swift: reads of declared fields as
/// typed values, operators natively where Swift's meaning is the manifest's (same-typed
/// equality, Boolean logic, `??`, `?:`), and everything else — arithmetic, ordering and the
/// built-in functions — as calls of ``SceneFunctions``, which run the runtime's own code.
/// Whatever has no exact type before running is refused, never guessed.
struct SwiftExpression {
    let scope: SwiftScope
    let prelude: Prelude

    // MARK: - Expressions

    func expression(_ expression: Expression) throws(EjectRefusal) -> SwiftValue {
        let offset = expression.offset
        switch expression.kind {
        case let .literal(value):
            return try literal(value, at: offset)
        case let .name(name):
            if let local = scope.locals[name] { return SwiftValue(code: local.swift, type: local.type) }
            throw EjectRefusal(offset: offset, reason: "'\(name)' read whole is not ejected yet; read its fields")
        case let .member(base, field):
            return try member(base, field, expression)
        case let .binary(op, left, right):
            return try binary(op, left, right, expression)
        case let .unary(op, operand):
            let value = try self.expression(operand)
            switch op {
            case .not: return SwiftValue(code: "!\(condition(value))", type: .bool, throwing: value.throwing)
            case .negate:
                return try viaFunctions("SceneFunctions.binary(\"-\", 0, \(value.code))", expression, named: "negated")
            }
        case let .conditional(test, then, otherwise):
            return try conditional(test, then, otherwise, at: offset)
        case let .call(name, arguments):
            return try call(name, arguments, expression)
        case let .record(fields):
            var written: [String] = []
            for field in fields {
                let swift = try self.expression(field.value)
                written.append("\"\(Self.escaped(field.name))\": \(swift.isNull ? "String?.none" : SwiftExpression.bare(swift))")
            }
            return SwiftValue(code: "SceneRecord([\(written.isEmpty ? ":" : written.joined(separator: ", "))])", type: Self.record)
        case let .list(items):
            var codes: [String] = []
            var types: [TypeRef?] = []
            for item in items {
                let swift = try self.expression(item)
                codes.append(SwiftExpression.bare(swift))
                types.append(swift.type)
            }
            guard let first = types.first ?? nil, types.allSatisfy({ $0 == first }) else {
                throw EjectRefusal(offset: offset, reason: "a list whose items are not all of one type is not ejected")
            }
            return SwiftValue(code: "[\(codes.joined(separator: ", "))]", type: .list(first))
        case let .index(base, index):
            let list = try self.expression(base), position = try self.expression(index)
            guard list.type != nil, position.type != nil else { throw EjectRefusal(offset: offset, reason: "reading by index into null") }
            return try viaFunctions("SceneFunctions.index(\(list.code), \(position.code))", expression, named: "item")
        }
    }

    func literal(_ value: SceneValue, at offset: Int) throws(EjectRefusal) -> SwiftValue {
        switch value {
        case .null: return SwiftValue(code: "nil", type: nil)
        case let .bool(flag): return SwiftValue(code: flag ? "true" : "false", type: .bool)
        case let .string(text): return SwiftValue(code: "\"\(Self.escaped(text))\"", type: .string)
        case let .number(number):
            if let whole = number.exactInt { return SwiftValue(code: "\(whole)", type: .int) }
            return SwiftValue(code: "Decimal(string: \"\(SceneValue.exact(number))\", locale: nil) ?? 0", type: .decimal)
        case let .list(items) where !items.isEmpty && items.allSatisfy(\.isScalar):
            return try constantList(items, at: offset)
        case .list, .record:
            throw EjectRefusal(offset: offset, reason: "a list or record constant is not ejected yet")
        }
    }

    /// `root.field` as the scene's typed read, or a model's field.
    private func member(_ base: Expression, _ field: String, _ whole: Expression) throws(EjectRefusal) -> SwiftValue {
        let offset = whole.offset
        if case let .name(root) = base.kind, scope.locals[root] == nil {
            // The `onResult` use case's request is the result passed back.
            if root == "result", scope.isOnResult, let declared = scope.useCase?.request.first(where: { $0.name == field })?.type {
                return SwiftValue(code: "request.\(SwiftNames.field(field).swift)", type: declared)
            }
            // The app's `env`: text, as app.json or `--env` gives it.
            if root == "env", scope.types.app?.envNames.contains(field) == true {
                return prelude.bind(
                    "scene.value(\"env.\(field)\", as: String.self)", named: SwiftNames.field(field).swift, type: .string, throwing: true)
            }
            // The view model, as the scene's presenters have given it so far.
            if root == "vm" {
                guard let swift = scope.viewModel[field], let type = scope.types.viewModel[field] else {
                    throw EjectRefusal(
                        offset: offset,
                        reason:
                            "the type of 'vm.\(field)' is not known: \(scope.viewModelProblems[field] ?? scope.viewModelProblems[""] ?? "no presenter of the scene gives it")"
                    )
                }
                return prelude.bind(
                    "scene.value(\"vm.\(field)\", as: \(swift).self)", named: SwiftNames.field(field).swift, type: type, throwing: true)
            }
            guard ["request", "response", "state", "shared", "args"].contains(root) else {
                throw EjectRefusal(offset: offset, reason: "reading '\(root)' is not ejected yet")
            }
            let type = try exactType(whole)
            let property = SwiftNames.field(field).swift
            switch root {
            case "request" where scope.useCase?.requestModel == nil: return SwiftValue(code: "request.\(property)", type: type)
            case "response" where scope.readsResponse: return SwiftValue(code: "response.\(property)", type: type)
            case "state", "shared", "args":
                return prelude.bind(
                    "scene.value(\"\(root).\(field)\", as: \(scope.names.swift(type)).self)", named: property, type: type, throwing: true)
            default:
                throw EjectRefusal(offset: offset, reason: "reading '\(root)' is not ejected yet")
            }
        }
        let value = try expression(base)
        // An `onError` handler's `error`: its code, message, and what failed.
        if value.type == InteractorWriter.errorType {
            let fields: [String: TypeRef] = ["code": .optional(.string), "message": .string, "from": .string]
            guard let type = fields[field] else { throw EjectRefusal(offset: offset, reason: "'error' has no field '\(field)'") }
            return SwiftValue(code: "\(value.code).\(field)", type: type)
        }
        guard let baseType = value.type, case .model = baseType.unwrapped else {
            throw EjectRefusal(offset: offset, reason: "'.\(field)' is read from a value that is not a model")
        }
        let type = try exactType(whole)
        let access = baseType.isOptional ? "?." : "."
        return SwiftValue(code: "\(value.code)\(access)\(SwiftNames.field(field).swift)", type: type, throwing: value.throwing)
    }

    private func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression, _ whole: Expression) throws(EjectRefusal)
        -> SwiftValue
    {
        let lhs = try expression(left)
        // The right side of `&&`, `||` and `??` is computed only when the left does not decide.
        let rhs =
            [.and, .or, .coalesce].contains(op)
            ? try prelude.lazily { () throws(EjectRefusal) in try expression(right) } : try expression(right)
        let throwing = lhs.throwing || rhs.throwing
        switch op {
        case .and, .or:
            return SwiftValue(
                code: "(\(condition(lhs)) \(op.rawValue) \(condition(rhs)))", type: .bool, throwing: throwing, parenthesized: true)
        case .equal, .notEqual:
            if let native = nativeEquality(lhs, rhs) {
                return SwiftValue(code: "(\(native.0) \(op.rawValue) \(native.1))", type: .bool, throwing: throwing, parenthesized: true)
            }
            return try viaFunctions(
                "SceneFunctions.binary(\"\(op.rawValue)\", \(argument(lhs)), \(argument(rhs)))", whole, named: "isEqual")
        case .coalesce:
            guard let leftType = lhs.type else { return rhs }
            guard leftType.isOptional else { return lhs }
            guard let rightType = rhs.type else { return lhs }
            // An int and a decimal join as decimals, as the runtime's numbers are: `?? 0.0` (0).
            if let (left, right) = widened(lhs, rhs) {
                return SwiftValue(code: "(\(left.code) ?? \(right.code))", type: right.type, throwing: throwing, parenthesized: true)
            }
            guard rightType.unwrapped == leftType.unwrapped else {
                throw EjectRefusal(offset: whole.offset, reason: "'??' joins \(leftType) and \(rightType), which Swift types apart")
            }
            return SwiftValue(code: "(\(lhs.code) ?? \(rhs.code))", type: rightType, throwing: throwing, parenthesized: true)
        default:
            guard let leftType = lhs.type, let rightType = rhs.type else {
                throw EjectRefusal(offset: whole.offset, reason: "'\(op.rawValue)' with null always fails at run time")
            }
            // Numbers are ordered in Swift as the runtime orders them; arithmetic keeps the
            // runtime's exact, bounded decimals.
            let numbers: [TypeRef] = [.int, .decimal]
            if [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(op), numbers.contains(leftType), numbers.contains(rightType) {
                let pair = leftType == rightType ? (lhs.code, rhs.code) : (decimal(lhs), decimal(rhs))
                return SwiftValue(code: "(\(pair.0) \(op.rawValue) \(pair.1))", type: .bool, throwing: throwing, parenthesized: true)
            }
            // A model with a record written in place over it (`it + {quantity: 2}`), or a list of
            // them with more: the runtime's merge, of the model's type.
            if op == .add, let merged = Self.merged(leftType, rightType) {
                let call = "SceneFunctions.binary(\"+\", \(lhs.code), \(rhs.code)) as \(scope.names.swift(merged))"
                return prelude.bind(call, named: "merged", type: merged, throwing: true)
            }
            let call = "SceneFunctions.binary(\"\(op.rawValue)\", \(lhs.code), \(rhs.code))"
            if [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(op) {
                return try viaFunctions(call, whole, named: Self.operationNames[op] ?? "value")
            }
            // Arithmetic on numbers and text (a date is its text) that cannot be null: text with
            // anything joins as text, as the runtime joins it.
            let operands: [TypeRef] = [.int, .decimal, .string, .date]
            guard operands.contains(leftType), operands.contains(rightType) else {
                throw EjectRefusal(offset: whole.offset, reason: "'\(op.rawValue)' on \(leftType) and \(rightType) is not ejected yet")
            }
            let type: TypeRef =
                [leftType, rightType].contains(where: { $0 == .string || $0 == .date })
                ? .string : leftType == .int && rightType == .int && op != .divide ? .int : .decimal
            return prelude.bind(
                "\(call) as \(scope.names.swift(type))", named: Self.operationNames[op] ?? "value", type: type, throwing: true)
        }
    }

    /// Both sides of `==` as Swift compares them the way the runtime does: the same scalar
    /// type (a whole number beside a decimal made a decimal), or null beside an optional.
    private func nativeEquality(_ lhs: SwiftValue, _ rhs: SwiftValue) -> (String, String)? {
        let scalars: [TypeRef] = [.string, .int, .decimal, .bool, .date]
        switch (lhs.type, rhs.type) {
        case (nil, nil): return ("true", "true")
        case let (nil, type?): return type.isOptional ? ("nil", rhs.code) : nil
        case let (type?, nil): return type.isOptional ? (lhs.code, "nil") : nil
        case let (left?, right?):
            guard scalars.contains(left.unwrapped), scalars.contains(right.unwrapped) else { return nil }
            if left.unwrapped == right.unwrapped { return (lhs.code, rhs.code) }
            if left.unwrapped == .int, right.unwrapped == .decimal { return (asDecimal(lhs), rhs.code) }
            if left.unwrapped == .decimal, right.unwrapped == .int { return (lhs.code, asDecimal(rhs)) }
            return nil
        }
    }

    /// A number as a decimal: a whole number converted, a decimal as it is.
    private func decimal(_ value: SwiftValue) -> String { value.type?.unwrapped == .int ? asDecimal(value) : value.code }

    /// The model a record written in place merges into, or the list more items are added to.
    private static func merged(_ left: TypeRef, _ right: TypeRef) -> TypeRef? {
        switch (left, right) {
        case (.model(let name), record) where !name.isEmpty: return left
        case (.list(.model(let name)), .list(record)) where !name.isEmpty: return left
        // A list with a list written in place of the same items.
        case (.list(let items), .list(let more)) where items == more: return left
        default: return nil
        }
    }

    /// What a computed value of each operator is called when it is bound.
    static let operationNames: [BinaryOperator: String] = [
        .add: "sum", .subtract: "difference", .multiply: "product", .divide: "quotient", .remainder: "remainder",
        .less: "isLess", .lessOrEqual: "isLessOrEqual", .greater: "isGreater", .greaterOrEqual: "isGreaterOrEqual"
    ]

    private func call(_ name: String, _ arguments: [Expression], _ whole: Expression) throws(EjectRefusal) -> SwiftValue {
        // A built-in function, or the app's formatter, which the session's formatting calls by name.
        guard FunctionTable.specs[name] != nil || scope.types.app?.formatters.contains(name) == true else {
            throw EjectRefusal(offset: whole.offset, reason: "'\(name)' is no function of the expression language or of the app")
        }
        var written: [String] = []
        var types: [TypeRef?] = []
        for given in arguments {
            let value = try expression(given)
            written.append(argument(value))
            types.append(value.type)
        }
        let list = (written + ["format: \(scope.format)"]).joined(separator: ", ")
        let type = try resultType(of: name, types, at: whole.offset)
        return prelude.bind(
            "SceneFunctions.call(\"\(name)\", \(list)) as \(scope.names.swift(type))", named: name == "t" ? "translation" : name,
            type: type,
            throwing: true)
    }

    /// The type a call gives, worked out from the Swift types of its arguments, which are
    /// exact: where the function's declaration does not pin it down for them, refused.
    private func resultType(of name: String, _ arguments: [TypeRef?], at offset: Int) throws(EjectRefusal) -> TypeRef {
        guard let spec = FunctionTable.specs[name] else { return .string }  // the app's formatter gives text
        let first = arguments.first ?? nil
        let known = arguments.compactMap { $0 }
        func optional(_ type: TypeRef) -> TypeRef { type.isOptional ? type : .optional(type) }
        let unclear = EjectRefusal(offset: offset, reason: "what '\(name)' gives for these arguments is not one Swift type")
        switch spec.result {
        case let .type(type):
            return spec.passesNull && (first == nil || first?.isOptional == true) ? optional(type) : type
        case .firstArgument:
            guard let type = known.first, known.allSatisfy({ $0 == type }), known.count == arguments.count else { throw unclear }
            return type
        case .itemOfFirstArgument:
            guard case let .list(element)? = first?.unwrapped else { throw unclear }
            return optional(element)
        case .itemOrArgument:
            if arguments.count == 1, case let .list(element)? = first?.unwrapped { return optional(element) }
            guard let type = known.first, known.allSatisfy({ $0 == type }), known.count == arguments.count else { throw unclear }
            return type
        case .firstOrFallback:
            guard let type = first, arguments.count == 2, let fallback = arguments[1] else { throw unclear }
            if fallback == type.unwrapped { return type.unwrapped }
            if fallback == type { return type }
            throw unclear
        }
    }

    /// A call of ``SceneFunctions`` giving the expression's exact type, bound to a `let`
    /// where it is always computed.
    private func viaFunctions(_ call: String, _ whole: Expression, named name: String) throws(EjectRefusal) -> SwiftValue {
        let type = try exactType(whole)
        return prelude.bind("\(call) as \(scope.names.swift(type))", named: name, type: type, throwing: true)
    }

    /// An argument of a function: a null literal is passed as a typed nil.
    private func argument(_ value: SwiftValue) -> String { value.isNull ? "String?.none" : value.code }

    /// A value as a condition: a Bool as it is, anything else held as the runtime holds it.
    func condition(_ value: SwiftValue) -> String {
        value.type == .bool ? value.code : "SceneFunctions.holds(\(argument(value)))"
    }

    /// A value as text: a string as it is, anything else joined as the runtime joins it.
    static func text(_ value: SwiftValue) -> String {
        value.type == .string ? value.code : "SceneFunctions.text(\(value.isNull ? "String?.none" : value.code))"
    }

    /// Code without the parentheses this translator put around all of it, where a statement
    /// needs none (`if x == nil`).
    static func bare(_ value: SwiftValue) -> String {
        value.parenthesized ? String(value.code.dropFirst().dropLast()) : value.code
    }

    /// The type the expression has before running, which the Swift must be; refused when it
    /// cannot be known.
    private func exactType(_ expression: Expression) throws(EjectRefusal) -> TypeRef {
        guard let type = scope.types.infer(expression, useCase: scope.useCase, locals: scope.localTypes) else {
            throw EjectRefusal(offset: expression.offset, reason: "the type of this expression cannot be known before running")
        }
        return type
    }

    /// Text as it goes inside a Swift string literal.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
