import SceneManifest

/// Where two values join into one: `?:`'s branches, and numbers of both kinds.
extension SwiftExpression {
    /// Two numbers, one an int and the other a decimal (either may be optional), both as
    /// decimals; nil for any other pair.
    func widened(_ left: SwiftValue, _ right: SwiftValue) -> (SwiftValue, SwiftValue)? {
        guard let leftType = left.type, let rightType = right.type, leftType.unwrapped != rightType.unwrapped,
            [TypeRef.int, .decimal].contains(leftType.unwrapped), [TypeRef.int, .decimal].contains(rightType.unwrapped)
        else { return nil }
        func decimal(_ value: SwiftValue, _ type: TypeRef) -> SwiftValue {
            guard type.unwrapped == .int else { return value }
            return SwiftValue(
                code: asDecimal(value), type: type.isOptional ? .optional(.decimal) : .decimal, throwing: value.throwing)
        }
        return (decimal(left, leftType), decimal(right, rightType))
    }

    func asDecimal(_ value: SwiftValue) -> String {
        value.type?.isOptional == true ? "\(value.code).map { Decimal($0) }" : "Decimal(\(value.code))"
    }

    func conditional(_ test: Expression, _ then: Expression, _ otherwise: Expression, at offset: Int) throws(EjectRefusal)
        -> SwiftValue
    {
        let check = try expression(test)
        var (yes, no) = try prelude.lazily { () throws(EjectRefusal) in (try expression(then), try expression(otherwise)) }
        if let (left, right) = widened(yes, no) { (yes, no) = (left, right) }
        let throwing = check.throwing || yes.throwing || no.throwing
        let type: TypeRef
        switch (yes.type, no.type) {
        case (nil, nil): return SwiftValue(code: "nil", type: nil)
        case let (nil, other?), let (other?, nil):
            type = other.isOptional ? other : .optional(other)
        case let (left?, right?) where left != right && left.unwrapped == right.unwrapped:
            // `T` on one side and `T?` on the other: Swift makes the `T` optional, as the value may be null.
            type = .optional(left.unwrapped)
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
}
