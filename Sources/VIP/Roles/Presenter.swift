/// Formats one use case's Response into the ViewModel its display shows. Synchronous and
/// free of side effects, so a presenter is tested by calling it.
///
/// ```swift
/// struct LoadPresenter: Presenter {
///     func present(_ response: Catalog.Load.Response) -> Catalog.Load.ViewModel {
///         .init(rows: response.products.map(\.name))
///     }
/// }
/// ```
///
/// Conformers guarantee the same ViewModel for the same Response. A thrown error (a
/// formatting failure) reaches the error service; nothing is displayed for that response.
@MainActor
public protocol Presenter<Response, ViewModel> {
    associatedtype Response: Sendable
    associatedtype ViewModel: Sendable

    func present(_ response: Response) throws -> ViewModel
}
