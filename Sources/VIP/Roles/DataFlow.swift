/// A use case's DataFlow: the three types that travel through one VIP cycle.
///
/// YARCH writes a module's use cases as caseless enums; each conforms to `DataFlow`:
///
/// ```swift
/// enum Catalog {
///     enum Load: DataFlow {
///         struct Request: Sendable { var query: String }
///         struct Response: Sendable { var products: [Product] }
///         struct ViewModel: Sendable, Equatable { var rows: [String] }
///     }
/// }
/// ```
///
/// Conformers guarantee that all three types are `Sendable` values.
public protocol DataFlow {
    /// What the display sends: the user's intent with its input.
    associatedtype Request: Sendable
    /// What the interactor presents: business data, not yet formatted.
    associatedtype Response: Sendable
    /// What the display shows: formatted, ready to render.
    associatedtype ViewModel: Sendable
}
