/// Shows view models: a view controller in an app, a line renderer headless, a recorder in tests.
///
/// Conformers guarantee they only draw: a display never calls back into the presenter.
@MainActor
public protocol Display<ViewModel>: AnyObject {
    associatedtype ViewModel: Sendable
    func display(_ viewModel: ViewModel)
}

/// A weak link from a use case to whatever shows its view models.
///
/// The pipeline never holds a display strongly, so the module → display edge cannot form a
/// retain cycle. A display with one method per use case, as in Clean Swift, binds each one:
///
/// ```swift
/// DisplaySink.weak(view, CatalogView.displayLoad)
/// ```
@MainActor
public struct DisplaySink<ViewModel: Sendable> {
    let deliver: @MainActor (ViewModel) -> Void

    /// A sink that calls `deliver`; use it for closures that do not capture a display.
    public init(_ deliver: @escaping @MainActor (ViewModel) -> Void) { self.deliver = deliver }

    /// A sink that calls `method` on `target` for as long as `target` is alive.
    // Inlinable so it is specialized where it is called: the method is then bound to a
    // known type instead of through a curried thunk on every delivery.
    @inlinable
    public static func weak<Target: AnyObject>(
        _ target: Target, _ method: @escaping @MainActor (Target) -> (ViewModel) -> Void
    ) -> Self {
        Self { [weak target] viewModel in
            if let target { method(target)(viewModel) }
        }
    }

    /// A sink onto a ``Display``, held weakly.
    public static func weak<D: Display>(_ display: D) -> Self where D.ViewModel == ViewModel {
        Self { [weak display] viewModel in display?.display(viewModel) }
    }

    /// Shows one view model.
    public func callAsFunction(_ viewModel: ViewModel) { deliver(viewModel) }
}
