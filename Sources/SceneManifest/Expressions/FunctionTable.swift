/// The built-in functions of the expression language and how many arguments each takes.
/// The validator checks calls against it; the evaluator implements every name in it.
public enum FunctionTable {
    public struct Arity: Sendable, Equatable, CustomStringConvertible {
        public let minimum: Int
        /// nil: any number from `minimum` up.
        public let maximum: Int?

        public func accepts(_ count: Int) -> Bool { count >= minimum && count <= (maximum ?? .max) }

        public var description: String {
            switch maximum {
            case minimum: "\(minimum)"
            case nil: "\(minimum) or more"
            case let maximum?: "\(minimum) to \(maximum)"
            }
        }
    }

    private static func arity(_ minimum: Int, _ maximum: Int?) -> Arity { Arity(minimum: minimum, maximum: maximum) }

    public static let functions: [String: Arity] = [
        "count": arity(1, 1), "sum": arity(1, 2), "min": arity(1, nil), "max": arity(1, nil),
        "first": arity(1, 1), "last": arity(1, 1), "contains": arity(2, 2), "matches": arity(2, 2),
        "join": arity(1, 2), "upper": arity(1, 1), "lower": arity(1, 1), "capitalize": arity(1, 1),
        "trim": arity(1, 1), "truncate": arity(2, 2), "default": arity(2, 2), "round": arity(1, 2),
        "abs": arity(1, 1), "string": arity(1, 1), "int": arity(1, 1), "decimal": arity(1, 1),
        "number": arity(1, 2), "currency": arity(1, 2), "percent": arity(1, 2), "date": arity(1, 2),
        "phone": arity(1, 1), "plural": arity(2, nil), "mask": arity(1, 2), "yesno": arity(1, 3),
        "t": arity(1, nil),
    ]

    public static var names: [String] { functions.keys.sorted() }
}
