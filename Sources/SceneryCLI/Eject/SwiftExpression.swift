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

    var localTypes: [String: TypeRef] { locals.mapValues(\.type) }
}

/// What a statement computes before it: the reads and calls of its expressions, each bound
/// to a `let` named for what it holds, in the order the runtime evaluates them, so that the
/// statement itself reads plainly. A value the runtime computes only sometimes — the right
/// side of `&&`, `||` and `??`, a branch of `?:` — stays in place, so it is still computed
/// only then.
final class Prelude {
    /// The names taken in the function being written, shared by its statements' preludes.
    final class Names {
        var taken: Set<String>
        /// The name `unique` gave last.
        private(set) var lastTaken = ""
        init(_ taken: Set<String> = EjectNames.taken) { self.taken = taken }

        /// `base`, or `base2`, `base3`… when taken; then taken.
        func unique(_ base: String) -> String {
            var candidate = SwiftNames.keywords.contains(base) || base.isEmpty ? base + "Value" : base
            let stem = candidate
            var number = 2
            while taken.contains(candidate) {
                candidate = "\(stem)\(number)"
                number += 1
            }
            taken.insert(candidate)
            lastTaken = candidate
            return candidate
        }
    }

    let names: Names
    private(set) var lines: [String] = []
    /// Above zero inside a value the runtime computes only sometimes.
    var lazyDepth = 0
    /// Values bound already, by their code: reading the same field or calling the same
    /// function on the same values again within one step gives the same value (nothing
    /// writes in between), so it is read once. `now()` and `uuid()` give a new value each time.
    private var known: [String: SwiftValue] = [:]
    static let fresh: Set<String> = ["SceneFunctions.call(\"now\"", "SceneFunctions.call(\"uuid\""]

    init(names: Names) { self.names = names }

    /// A prelude for a block inside this one's statement (a closure, a branch): its own
    /// lines, the same names, and the values bound before it, which the block sees.
    func nested() -> Prelude {
        let prelude = Prelude(names: names)
        prelude.known = known
        return prelude
    }

    /// The lines so far, handed over; the values they bind stay known.
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }

    /// `code` bound to a new `let`, or left in place inside a lazy value.
    func bind(_ code: String, named base: String, type: TypeRef?, throwing: Bool) -> SwiftValue {
        guard lazyDepth == 0 else { return SwiftValue(code: "(\(code))", type: type, throwing: throwing, parenthesized: true) }
        if let value = known[code] { return value }
        let name = names.unique(base)
        lines.append("let \(name) = \(throwing ? "try " : "")\(code)")
        let value = SwiftValue(code: name, type: type)
        if !Self.fresh.contains(where: { code.hasPrefix($0) }) { known[code] = value }
        return value
    }

    /// `body` with the values computed only sometimes marked so.
    func lazily<T>(_ body: () throws(EjectRefusal) -> T) throws(EjectRefusal) -> T {
        lazyDepth += 1
        defer { lazyDepth -= 1 }
        return try body()
    }
}

/// Writes manifest expressions and templates as typed Swift: reads of declared fields as
/// typed values, operators natively where Swift's meaning is the manifest's (same-typed
/// equality, Boolean logic, `??`, `?:`), and everything else — arithmetic, ordering and the
/// built-in functions — as calls of ``SceneFunctions``, which run the runtime's own code.
/// Whatever has no exact type before running is refused, never guessed.
struct SwiftExpression {
    let scope: SwiftScope
    let prelude: Prelude

    // MARK: - Templates and values

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
    func value(_ value: ValueTemplate, expected: TypeRef?, at offset: Int) throws(EjectRefusal) -> SwiftValue {
        switch value {
        case let .constant(constant):
            return try fitted(literal(constant, at: offset), to: expected, at: offset)
        case let .template(template):
            return try fitted(self.template(template, at: offset), to: expected, at: offset)
        case let .list(items) where items.isEmpty:
            guard let expected, case .list = expected.unwrapped else {
                throw EjectRefusal(offset: offset, reason: "an empty list goes where no list type is declared")
            }
            return SwiftValue(code: "[]", type: expected)
        case .list, .record:
            throw EjectRefusal(
                offset: offset, reason: "a list or record written in place is not ejected yet; give it a model and build it in a step")
        }
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
        if type.unwrapped == expected.unwrapped, !expected.isOptional {
            throw EjectRefusal(offset: offset, reason: "a value that may be null goes where \(expected) is declared")
        }
        if type.unwrapped == .int, expected.unwrapped == .decimal {
            let code = type.isOptional ? "\(value.code).map { Decimal($0) }" : "Decimal(\(value.code))"
            return SwiftValue(code: code, type: type.isOptional ? .optional(.decimal) : .decimal, throwing: value.throwing)
        }
        throw EjectRefusal(offset: offset, reason: "a value of type \(type) goes where \(expected) is declared")
    }

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
        case .list, .record:
            throw EjectRefusal(offset: offset, reason: "a list or record literal is not ejected yet")
        case .index:
            throw EjectRefusal(offset: offset, reason: "reading by index ('x[i]') is not ejected yet")
        }
    }

    private func literal(_ value: SceneValue, at offset: Int) throws(EjectRefusal) -> SwiftValue {
        switch value {
        case .null: return SwiftValue(code: "nil", type: nil)
        case let .bool(flag): return SwiftValue(code: flag ? "true" : "false", type: .bool)
        case let .string(text): return SwiftValue(code: "\"\(Self.escaped(text))\"", type: .string)
        case let .number(number):
            if let whole = number.exactInt { return SwiftValue(code: "\(whole)", type: .int) }
            return SwiftValue(code: "Decimal(string: \"\(SceneValue.exact(number))\", locale: nil) ?? 0", type: .decimal)
        case .list, .record:
            throw EjectRefusal(offset: offset, reason: "a list or record constant is not ejected yet")
        }
    }

    /// `root.field` as the scene's typed read, or a model's field.
    private func member(_ base: Expression, _ field: String, _ whole: Expression) throws(EjectRefusal) -> SwiftValue {
        let offset = whole.offset
        if case let .name(root) = base.kind, scope.locals[root] == nil {
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
            return try viaFunctions(
                "SceneFunctions.binary(\"\(op.rawValue)\", \(lhs.code), \(rhs.code))", whole, named: Self.operationNames[op] ?? "value")
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

    /// What a computed value of each operator is called when it is bound.
    static let operationNames: [BinaryOperator: String] = [
        .add: "sum", .subtract: "difference", .multiply: "product", .divide: "quotient", .remainder: "remainder",
        .less: "isLess", .lessOrEqual: "isLessOrEqual", .greater: "isGreater", .greaterOrEqual: "isGreaterOrEqual"
    ]

    private func asDecimal(_ value: SwiftValue) -> String {
        value.type?.isOptional == true ? "\(value.code).map { Decimal($0) }" : "Decimal(\(value.code))"
    }

    private func conditional(_ test: Expression, _ then: Expression, _ otherwise: Expression, at offset: Int) throws(EjectRefusal)
        -> SwiftValue
    {
        let check = try expression(test)
        let (yes, no) = try prelude.lazily { () throws(EjectRefusal) in (try expression(then), try expression(otherwise)) }
        let throwing = check.throwing || yes.throwing || no.throwing
        let type: TypeRef
        switch (yes.type, no.type) {
        case (nil, nil): return SwiftValue(code: "nil", type: nil)
        case let (nil, other?), let (other?, nil):
            type = other.isOptional ? other : .optional(other)
        case let (left?, right?):
            guard left == right else {
                throw EjectRefusal(offset: offset, reason: "'?:' gives \(left) or \(right), which Swift types apart")
            }
            type = left
        }
        let yesCode = yes.isNull ? "\(scope.names.swift(type)).none" : yes.code
        let noCode = no.isNull ? "\(scope.names.swift(type)).none" : no.code
        return SwiftValue(code: "(\(condition(check)) ? \(yesCode) : \(noCode))", type: type, throwing: throwing, parenthesized: true)
    }

    private func call(_ name: String, _ arguments: [Expression], _ whole: Expression) throws(EjectRefusal) -> SwiftValue {
        guard FunctionTable.specs[name] != nil else {
            throw EjectRefusal(offset: whole.offset, reason: "'\(name)' is the app's Swift formatter, which eject does not call yet")
        }
        var written: [String] = []
        for given in arguments { written.append(argument(try expression(given))) }
        let list = (written + ["format: \(scope.format)"]).joined(separator: ", ")
        return try viaFunctions("SceneFunctions.call(\"\(name)\", \(list))", whole, named: name == "t" ? "translation" : name)
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
