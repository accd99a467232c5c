/// Operators given what they cannot take, found before running: arithmetic and ordering
/// (`+ - * / % < <= > >=`, unary `-`) on operands whose types are known and do not go
/// together (`!done > 0` compares a bool with a number: W008), and on an operand that may
/// be null where nothing proved it is not (`request.age >= 18` with `age: int?`: W006). Both
/// are E501 at run time. `==` and `!=` take anything, and `&&`, `||`, `!` and `?:` any
/// value's truth.
struct OperandCheck {
    let types: StaticTypes
    let useCase: UseCaseDefinition?
    let locals: [String: TypeRef]
    let reader: ManifestReader

    func check(_ template: Template?) {
        guard let template else { return }
        for part in template.parts {
            // Most expressions hold no operation: they are not walked, nor their types inferred.
            guard case let .expression(expression) = part, Self.hasOperation(expression) else { continue }
            walk(expression, types, in: template)
        }
    }

    func check(_ value: ValueTemplate?) {
        switch value {
        case let .template(template)?: check(template)
        case let .list(items)?: for item in items { check(item) }
        case let .record(fields)?: for field in fields { check(field.value) }
        case .constant?, nil: break
        }
    }

    /// The expressions of one step: its `if` is checked by the caller, before what it proves.
    func check(_ step: Step) {
        guard step.hasOperation else { return }
        step.forEachExpression { expression, _ in
            switch expression {
            case let .template(template): check(template)
            case let .value(value): check(value)
            }
        }
    }

    /// The expressions of a view component, with what its `if` proves.
    static func check(_ component: ComponentDefinition, _ types: StaticTypes, _ reader: ManifestReader) {
        guard component.hasOperation else { return }
        var inside = types
        // A group's `if` is checked once (``SceneDefinition/groupConditions``); what it proves holds inside.
        for group in component.groups { inside.nonNull.formUnion(Narrowing.nonNull(group, holds: true)) }
        if let condition = component.condition {
            OperandCheck(types: inside, useCase: nil, locals: [:], reader: reader).check(condition)
            inside.nonNull.formUnion(Narrowing.nonNull(condition, holds: true))
        }
        let check = OperandCheck(types: inside, useCase: nil, locals: [:], reader: reader)
        switch component.kind {
        case let .header(text), let .text(text): check.check(text)
        case let .list(items, empty, _, request):
            check.check(items)
            check.check(empty)
            check.check(request)
        case let .input(label, value, _, _):
            check.check(label)
            check.check(value)
        case let .choice(label, binding):
            check.check(label)
            check.check(binding.options)
        case let .button(title, _, enabled, request, route):
            check.check(title)
            check.check(enabled)
            check.check(request)
            for (_, value) in route?.args ?? [] { check.check(value) }
        case let .loading(text): check.check(text)
        case .error, .divider: break
        }
    }

    static let arithmetic: Set<BinaryOperator> = [.add, .subtract, .multiply, .divide, .remainder]
    static let ordering: Set<BinaryOperator> = [.less, .lessOrEqual, .greater, .greaterOrEqual]

    /// Every operation in `expression`, with what `&&`, `||` and `?:` prove on the way
    /// (``Narrowing``): `request.n != null && request.n > 0` is clean.
    private func walk(_ expression: Expression, _ types: StaticTypes, in template: Template) {
        switch expression.kind {
        case .literal, .name: return
        case let .binary(.and, left, right):
            walk(left, types, in: template)
            if Self.hasOperation(right) { walk(right, types.narrowed(by: left, holds: true), in: template) }
        case let .binary(.or, left, right):
            walk(left, types, in: template)
            if Self.hasOperation(right) { walk(right, types.narrowed(by: left, holds: false), in: template) }
        case let .binary(.coalesce, left, right):
            walk(left, types, in: template)
            walk(right, types, in: template)
        case let .conditional(condition, then, otherwise):
            walk(condition, types, in: template)
            if Self.hasOperation(then) { walk(then, types.narrowed(by: condition, holds: true), in: template) }
            if Self.hasOperation(otherwise) { walk(otherwise, types.narrowed(by: condition, holds: false), in: template) }
        case let .binary(op, left, right):
            if Self.arithmetic.contains(op) || Self.ordering.contains(op) { operands(op, left, right, at: expression, in: template, types) }
            walk(left, types, in: template)
            walk(right, types, in: template)
        case let .unary(op, operand):
            if op == .negate { operands(.subtract, nil, operand, at: expression, in: template, types) }
            walk(operand, types, in: template)
        case let .list(items): for item in items { walk(item, types, in: template) }
        case let .record(fields): for field in fields { walk(field.value, types, in: template) }
        case let .member(base, _): walk(base, types, in: template)
        case let .index(base, index):
            walk(base, types, in: template)
            walk(index, types, in: template)
        case let .call(_, arguments): for argument in arguments { walk(argument, types, in: template) }
        }
    }

    private func operands(
        _ op: BinaryOperator, _ left: Expression?, _ right: Expression, at node: Expression, in template: Template,
        _ types: StaticTypes
    ) {
        // No arrays and no text unless there is something to say: this runs for every operation.
        let leftType = left.flatMap { types.infer($0, useCase: useCase, locals: locals) }
        let rightType = types.infer(right, useCase: useCase, locals: locals)
        func at() -> Int { template.origin.map { reader.source.offset(inStringAt: $0, decodedIndex: node.offset) } ?? 0 }
        if let (side, type) = leftType?.isOptional == true
            ? left.map({ ($0, leftType) }) : rightType?.isOptional == true ? (right, rightType) : nil
        {
            let read = Narrowing.path(of: side).map { "'\($0)'" } ?? "an operand"
            let offset = at()
            reader.warning(
                .mayBeNull, "\(read) may be null here (\(type.map(String.init(describing:)) ?? "")), and '\(op.rawValue)' fails on null",
                at: offset, reader.pointer(to: offset),
                hint: Narrowing.checkFirstHint)
            return
        }
        guard let rightBase = rightType?.unwrapped, left == nil || leftType != nil else { return }
        let leftBase = leftType?.unwrapped
        guard !Self.fits(op, leftBase, rightBase) else { return }
        let described = leftBase.map { "\($0) and \(rightBase)" } ?? "\(rightBase)"
        let offset = at()
        reader.warning(
            .operandTypes, "'\(op.rawValue)' cannot take \(described)", at: offset, reader.pointer(to: offset),
            hint: "convert a side (int(), decimal(), string()), or add parentheses where '!' or '-' should take the whole comparison")
    }

    /// Whether `expression` holds an arithmetic or ordering operation anywhere.
    static func hasOperation(_ expression: Expression) -> Bool { expression.hasOperation }

    /// Whether operands of these types go with `op` (`left` nil for unary `-`).
    private static func fits(_ op: BinaryOperator, _ left: TypeRef?, _ right: TypeRef) -> Bool {
        func isNumber(_ type: TypeRef) -> Bool { type == .int || type == .decimal }
        func isText(_ type: TypeRef) -> Bool { type == .string || type == .date }
        guard let left else { return isNumber(right) }
        switch op {
        case .add:
            if isNumber(left) && isNumber(right) || isText(left) || isText(right) { return true }
            if case .list = left, case .list = right { return true }
            if case .model = left, case .model = right { return true }
            return false
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return isNumber(left) && isNumber(right) || isText(left) && isText(right)
        default:
            return isNumber(left) && isNumber(right)
        }
    }
}
