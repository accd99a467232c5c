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
        "datetime": "date", "timestamp": "date"
    ]

    /// Parses a type as written in a manifest.
    /// - Returns: the type, or the offset (inside `text`) and message of the first problem.
    public static func parse(_ text: String) -> Result<TypeRef, TypeSyntaxError> {
        // `draft Order`: the model's draft, every field optional (docs/manifest.md#drafts).
        if text.hasPrefix(Self.draftPrefix) {
            let name = text.dropFirst(Self.draftPrefix.count)
            guard case .model? = try? parse(String(name)).get() else {
                return .failure(TypeSyntaxError(offset: Self.draftPrefix.count, message: "a draft is of a model: 'draft Order'"))
            }
            return .success(.model(draftName(of: String(name))))
        }
        // Nearly every type is ASCII: read by its bytes, which are then its characters (bar a
        // CR LF pair, one character), without breaking the text into grapheme clusters.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            var parser = Parser(units: Array(text.utf8))
            return parser.parseWhole()
        }
        var parser = Parser(units: Array(text))
        return parser.parseWhole()
    }

    static let draftPrefix = "draft "

    /// The name of a model's draft, as a type names it: `draft Order`.
    public static func draftName(of model: String) -> String { draftPrefix + model }

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
    public func accepts(_ other: TypeRef, models: [String: ModelDefinition] = [:]) -> Bool {
        if self == other { return true }
        switch (self, other) {
        case (.decimal, .int): return true
        case let (.optional(wrapped), .optional(otherWrapped)): return wrapped.accepts(otherWrapped, models: models)
        case let (.optional(wrapped), _): return wrapped.accepts(other, models: models)
        case let (.list(element), .list(otherElement)): return element.accepts(otherElement, models: models)
        case let (.model(name), .model(otherName)):
            // Records are checked by their fields, not their names: an `Order` fits an
            // `OrderForm` whose every field the order has with a type that fits (or may be
            // left out). Models are not recursive in practice; a depth bound keeps it so.
            return Self.modelAccepts(name, otherName, models: models, depth: 0)
        default: return false
        }
    }

    private static func modelAccepts(_ name: String, _ otherName: String, models: [String: ModelDefinition], depth: Int) -> Bool {
        guard depth < 16, let model = models[name], let other = models[otherName] else { return false }
        for field in model.fields {
            guard let given = other.fields.first(where: { $0.name == field.name })?.type else {
                if field.type.isOptional { continue }
                return false
            }
            let fits: Bool =
                switch (field.type.unwrapped, given.unwrapped) {
                case let (.model(a), .model(b)): a == b || modelAccepts(a, b, models: models, depth: depth + 1)
                default: field.type.accepts(given, models: models)
                }
            // Nullability is left to run time here as everywhere (`T?` passes for `T`).
            if !fits { return false }
        }
        return true
    }

    private struct Parser<Unit: TypeTextUnit> {
        let units: [Unit]
        var index = 0

        mutating func parseWhole() -> Result<TypeRef, TypeSyntaxError> {
            do throws(TypeSyntaxError) {
                let type = try parseType()
                guard index == units.count else {
                    throw TypeSyntaxError(offset: index, message: "unexpected '\(units[index].character)' in type")
                }
                return .success(type)
            } catch {
                return .failure(error)
            }
        }

        mutating func parseType() throws(TypeSyntaxError) -> TypeRef {
            var type: TypeRef
            guard index < units.count else { throw TypeSyntaxError(offset: index, message: "a type is missing") }
            if units[index] == .openBracket {
                index += 1
                let element = try parseType()
                guard index < units.count, units[index] == .closeBracket else {
                    throw TypeSyntaxError(offset: index, message: "expected ']' to close the list type")
                }
                index += 1
                type = .list(element)
            } else {
                let start = index
                while index < units.count, units[index].isNamePart { index += 1 }
                guard index > start else {
                    throw TypeSyntaxError(offset: index, message: "unexpected '\(units[index].character)' in type")
                }
                type = TypeRef.named(Unit.text(units[start..<index]))
            }
            if index < units.count, units[index] == .question {
                index += 1
                type = .optional(type)
            }
            return type
        }
    }
}

/// What the type parser reads: an ASCII text's bytes, or any text's characters.
private protocol TypeTextUnit: Equatable {
    static var openBracket: Self { get }
    static var closeBracket: Self { get }
    static var question: Self { get }
    /// A letter, a digit or `_`: part of a name.
    var isNamePart: Bool { get }
    var character: Character { get }
    static func text(_ units: ArraySlice<Self>) -> String
}

extension UInt8: TypeTextUnit {
    fileprivate static var openBracket: UInt8 { UInt8(ascii: "[") }
    fileprivate static var closeBracket: UInt8 { UInt8(ascii: "]") }
    fileprivate static var question: UInt8 { UInt8(ascii: "?") }
    fileprivate var isNamePart: Bool {
        self == UInt8(ascii: "_") || (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
    fileprivate var character: Character { Character(Unicode.Scalar(self)) }
    fileprivate static func text(_ units: ArraySlice<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
}

extension Character: TypeTextUnit {
    fileprivate static var openBracket: Character { "[" }
    fileprivate static var closeBracket: Character { "]" }
    fileprivate static var question: Character { "?" }
    fileprivate var isNamePart: Bool { isLetter || isNumber || self == "_" }
    fileprivate var character: Character { self }
    fileprivate static func text(_ units: ArraySlice<Character>) -> String { String(units) }
}

/// A type that does not follow the type grammar.
public struct TypeSyntaxError: Error, Equatable, Sendable {
    /// Character offset inside the type text.
    public let offset: Int
    public let message: String
}
