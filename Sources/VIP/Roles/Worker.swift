/// Reusable business logic an interactor delegates to: search, sort, totals, validation.
///
/// ```swift
/// struct SearchWorker: Worker {
///     func run(_ input: (products: [Product], text: String)) -> [Product] { … }
/// }
/// ```
///
/// Conformers guarantee the same output for the same input and no hidden state, so
/// interactors stay testable with real workers and only providers need doubles.
public protocol Worker<Input, Output>: Sendable {
    associatedtype Input
    associatedtype Output

    func run(_ input: Input) async throws -> Output
}
