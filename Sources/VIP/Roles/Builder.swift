import ScenerySupport

/// Assembles a module from its parts and the dependencies it needs, as YARCH's Builder and
/// STT's Assembler do. A missing dependency is a thrown ``DependencyError`` naming what is
/// missing, for which module, and what is registered — never a crash.
///
/// ```swift
/// struct CatalogBuilder: Builder {
///     func build(_ args: Void, dependencies: Dependencies) throws -> CatalogScreen {
///         let products = try dependencies.resolve((any Provider<Void, [Product]>).self, for: "Catalog")
///         return CatalogScreen(products: products, …)
///     }
/// }
/// ```
@MainActor
public protocol Builder<Args> {
    /// What the caller passes: the typed arguments of the destination.
    associatedtype Args = Void
    /// What the builder assembles, usually the module's screen.
    associatedtype Built

    func build(_ args: Args, dependencies: Dependencies) throws -> Built
}

/// The dependencies a builder can draw on, registered by type and optional name.
///
/// ```swift
/// var dependencies = Dependencies()
/// dependencies.register((any Provider<Void, [Product]>).self, ProductsProvider())
/// let products = try dependencies.resolve((any Provider<Void, [Product]>).self, for: "Catalog")
/// ```
public struct Dependencies {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let name: String?
    }

    /// Each value boxed as a `Box<T>` under a key made from `T`, so resolving is a lookup
    /// and a downcast known to hold, not a dynamic cast to an existential; with its type,
    /// named only when an error lists what is registered.
    private var entries: [Key: (value: AnyObject, type: Any.Type)] = [:]

    public init() {}

    /// Registers `value` as the dependency of type `type` (and `name`, for a second one).
    public mutating func register<T>(_ type: T.Type, named name: String? = nil, _ value: T) {
        let key = Key(type: ObjectIdentifier(type), name: name)
        entries[key] = (Box(value), type)
    }

    /// The dependency of type `type` (and `name`).
    /// - Parameter module: the module that needs it, for the error message.
    /// - Throws: ``DependencyError`` when none is registered.
    public func resolve<T>(_ type: T.Type = T.self, named name: String? = nil, for module: String? = nil) throws -> T {
        let key = Key(type: ObjectIdentifier(type), name: name)
        if let box = entries[key]?.value { return unsafeDowncast(box, to: Box<T>.self).value }
        let wanted = Self.label(type, name)
        let registered = entries.map { Self.label($0.value.type, $0.key.name) }.sorted()
        throw DependencyError(
            dependency: wanted, module: module, registered: registered,
            suggestion: Suggestions.closest(to: wanted, in: registered))
    }

    /// Whether a dependency of type `type` (and `name`) is registered.
    public func contains<T>(_ type: T.Type, named name: String? = nil) -> Bool {
        entries[Key(type: ObjectIdentifier(type), name: name)] != nil
    }

    private static func label(_ type: Any.Type, _ name: String?) -> String {
        // `any Provider<Void, [Product]>` prints with its constraints spelled out
        // ("Self.Provider.Query == ()"); keep just the arguments.
        let typeName = String(describing: type).replacing(#/Self(\.\w+)+ == /#, with: "")
        return name.map { "\(typeName) '\($0)'" } ?? typeName
    }
}

private final class Box<T> {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A dependency a builder needed and nobody registered.
public struct DependencyError: Error, Equatable, CustomStringConvertible {
    public let dependency: String
    public let module: String?
    public let registered: [String]
    public let suggestion: String?

    public var description: String {
        var text = "missing dependency \(dependency)"
        if let module { text += " for module '\(module)'" }
        text += registered.isEmpty ? "; nothing is registered" : "; registered: \(registered.joined(separator: ", "))"
        if let suggestion { text += "\nhint: did you mean \(suggestion)?" }
        return text
    }
}
