/// Data for interactors: a file, durable storage, a network service, a cache in front of one.
/// YARCH's Provider: the interactor asks for data and does not know where it comes from.
///
/// ```swift
/// struct ProductsProvider: Provider {
///     func fetch(_ query: Void) async throws -> [Product] { try await api.products() }
/// }
/// ```
///
/// Conformers guarantee they are safe to call from any task and that they honour
/// cancellation; a failure is a thrown error with a message fit for the user.
public protocol Provider<Query, Value>: Sendable {
    associatedtype Query: Sendable = Void
    associatedtype Value: Sendable

    func fetch(_ query: Query) async throws -> Value
}

extension Provider where Query == Void {
    /// Fetches from a provider that takes no query.
    public func fetch() async throws -> Value { try await fetch(()) }
}

/// A provider that can also be written through (durable storage, a cache).
public protocol WritableProvider<Query, Value>: Provider {
    /// Replaces the value the provider holds for `query`.
    func store(_ value: Value, for query: Query) async throws
}

/// A provider over a closure, for small adapters and previews.
public struct ClosureProvider<Query: Sendable, Value: Sendable>: Provider {
    let body: @Sendable (Query) async throws -> Value

    public init(_ body: @escaping @Sendable (Query) async throws -> Value) { self.body = body }

    public func fetch(_ query: Query) async throws -> Value { try await body(query) }
}
