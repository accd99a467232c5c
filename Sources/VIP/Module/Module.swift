/// One module at run time — a scene in Clean Swift's words: the scope of its work, its
/// error service, its router, and the use cases it wires together.
///
/// A module is owned by its view (or, headless, by its screen on the navigation stack).
/// It holds its router strongly; the router holds views and navigators weakly; use cases
/// hold their display weakly. So dropping the view releases the whole module.
///
/// ```swift
/// let module = Module<Catalog.Route>(name: "Catalog", router: router)
/// let load = module.useCase("load", interactor: LoadInteractor(…), presenter: LoadPresenter(),
///                           display: .weak(view, CatalogView.displayLoad))
/// try load.send(.init(query: ""))
/// ```
@MainActor
public final class Module<Route: Sendable> {
    public let name: String
    public let errors: ErrorService
    public let work = WorkScope()
    private let router: (any Router<Route>)?

    public init(name: String, errors: ErrorService = ErrorService(), router: (any Router<Route>)? = nil) {
        self.name = name
        self.errors = errors
        self.router = router
    }

    /// False once the module has been left.
    public var isActive: Bool { work.isActive }

    /// Wires an interactor–presenter pair to a display as one of this module's use cases.
    @inlinable
    public func useCase<I: Interactor, P: Presenter>(
        _ name: String, interactor: I, presenter: P, display: DisplaySink<P.ViewModel>,
        allowsReentrance: Bool = false
    ) -> UseCase<I, P> where I.Response == P.Response, I.Route == Route {
        UseCase(
            name: name, interactor: interactor, presenter: presenter, display: display,
            module: self, allowsReentrance: allowsReentrance)
    }

    /// Leaves the module: cancels its work in flight; nothing it produces later is shown.
    public func leave() { work.cancelAll() }

    /// Returns once none of the module's work is running.
    public func waitUntilIdle() async { await work.waitUntilIdle() }

    /// Hands a route to the module's router; without one, the error service says so.
    public func route(_ route: Route) {
        guard let router else {
            errors.report(DisplayedError("module '\(name)' has no router for route \(route)", source: name))
            return
        }
        router.route(route)
    }
}
