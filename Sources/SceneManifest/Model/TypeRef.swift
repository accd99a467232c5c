/// A declared type: `string int decimal bool date`, `[T]`, `T?`, or a model name.
public enum TypeRef: Sendable, Equatable, CustomStringConvertible {
    case string, int, decimal, bool, date
    indirect case list(TypeRef)
    indirect case optional(TypeRef)
    case model(String)

    public static let primitives = ["string", "int", "decimal", "bool", "date"]

    /// What other languages call the built-in types, for the hint on an unknown type.
    public static let commonNames = [
        "integer": "int", "int32": "int", "int64": "int", "long": "int", "number": "decimal", "float": "decimal",
        "double": "decimal", "money": "decimal", "boolean": "bool", "str": "string", "text": "string",
        "datetime": "date", "timestamp": "date",
    ]

    /// Parses a type as written in a manifest.
    /// - Returns: the type, or the offset (inside `text`) and message of the first problem.
    public static func parse(_ text: String) -> Result<TypeRef, TypeSyntaxError> {
        // Most declared types are ASCII (`int`, `Product?`, `[Product]`), read here from their
        // bytes; the parser, which reads characters, is for the rest and for mistakes.
        if let type = ascii(text.utf8[...]) { return .success(type) }
        var parser = Parser(characters: Array(text))
        return parser.parseWhole()
    }

    /// The type written in `bytes` when it is well formed and ASCII, else nil. The grammar is
    /// the parser's: a name or `[type]`, then perhaps one `?`.
    private static func ascii(_ bytes: Substring.UTF8View) -> TypeRef? {
        let optional = bytes.last == UInt8(ascii: "?")
        let body = optional ? bytes.dropLast() : bytes
        guard let first = body.first else { return nil }
        let type: TypeRef
        if first == UInt8(ascii: "[") {
            guard body.count >= 2, body.last == UInt8(ascii: "]"), let element = ascii(body.dropFirst().dropLast()) else { return nil }
            type = .list(element)
        } else {
            guard body.allSatisfy({ $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
            type = named(String(Substring(body)))
        }
        return optional ? .optional(type) : type
    }

    /// A primitive type by its name, or the model of that name.
    private static func named(_ name: String) -> TypeRef {
        switch name {
        case "string": .string
        case "int": .int
        case "decimal": .decimal
        case "bool": .bool
        case "date": .date
        default: .model(name)
        }
    }

    public var description: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .decimal: "decimal"
        case .bool: "bool"
        case .date: "date"
        case let .list(element): "[\(element)]"
        case let .optional(wrapped): "\(wrapped)?"
        case let .model(name): name
        }
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its `?`.
    public var unwrapped: TypeRef {
        if case let .optional(wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// Every model name the type mentions.
    public var modelNames: [String] {
        switch self {
        case let .model(name): [name]
        case let .list(element): element.modelNames
        case let .optional(wrapped): wrapped.modelNames
        default: []
        }
    }

    /// Whether a value of type `other` may be passed where `self` is declared: the same
    /// type, an `int` where a `decimal` is wanted, or anything (or null) where an optional is.
    public func accepts(_ other: TypeRef) -> Bool {
        if self == other { return true }
        switch (self, other) {
        case (.decimal, .int): return true
        case let (.optional(wrapped), .optional(otherWrapped)): return wrapped.accepts(otherWrapped)
        case let (.optional(wrapped), _): return wrapped.accepts(other)
        case let (.list(element), .list(otherElement)): return element.accepts(otherElement)
        default: return false
        }
    }

    private struct Parser {
        let characters: [Character]
        var index = 0

        mutating func parseWhole() -> Result<TypeRef, TypeSyntaxError> {
            do throws(TypeSyntaxError) {
                let type = try parseType()
                guard index == characters.count else {
                    throw TypeSyntaxError(offset: index, message: "unexpected '\(characters[index])' in type")
                }
                return .success(type)
            } catch {
                return .failure(error)
            }
        }

        mutating func parseType() throws(TypeSyntaxError) -> TypeRef {
            var type: TypeRef
            guard index < characters.count else { throw TypeSyntaxError(offset: index, message: "a type is missing") }
            if characters[index] == "[" {
                index += 1
                let element = try parseType()
                guard index < characters.count, characters[index] == "]" else {
                    throw TypeSyntaxError(offset: index, message: "expected ']' to close the list type")
                }
                index += 1
                type = .list(element)
            } else {
                let start = index
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                    index += 1
                }
                guard index > start else {
                    throw TypeSyntaxError(offset: index, message: "unexpected '\(characters[index])' in type")
                }
                type = TypeRef.named(String(characters[start..<index]))
            }
            if index < characters.count, characters[index] == "?" {
                index += 1
                type = .optional(type)
            }
            return type
        }
    }
}

/// A type that does not follow the type grammar.
public struct TypeSyntaxError: Error, Equatable, Sendable {
    /// Character offset inside the type text.
    public let offset: Int
    public let message: String
}
