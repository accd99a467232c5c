/// One navigation a route turns into. Destinations are built lazily, when the route is taken.
@MainActor
public enum NavigationStep {
    case push(@MainActor () throws -> any Screen)
    case present(@MainActor () throws -> any Screen)
    case replace(@MainActor () throws -> any Screen)
    case back(result: (any Sendable)? = nil)
    case dismiss(result: (any Sendable)? = nil)
    /// Pops to the root screen, or, with a builder, starts a new stack with it.
    case root((@MainActor () throws -> any Screen)? = nil)
}

/// The default router, after STT's SttRouter: maps each of a module's routes to a
/// ``NavigationStep`` on a navigator. Building a destination can fail (a missing
/// dependency), and so can a step (`back` with nowhere to go); the failure goes to the
/// error service — as `failure` describes it, given the route — and the user stays where
/// they are.
///
/// ```swift
/// let router = NavigationRouter<Catalog.Route>(navigator: navigator, errors: module.errors) { route in
///     switch route {
///     case let .product(id): .push { try ProductBuilder().build(id, dependencies: deps) }
///     }
/// }
/// ```
@MainActor
public final class NavigationRouter<Route: Sendable>: Router {
    private weak var navigator: Navigator?
    private weak var errors: ErrorService?
    private let step: @MainActor (Route) -> NavigationStep
    private let failure: @MainActor (Route, any Error) -> any Error

    public init(
        navigator: Navigator, errors: ErrorService? = nil,
        failure: @escaping @MainActor (Route, any Error) -> any Error = { $1 },
        step: @escaping @MainActor (Route) -> NavigationStep
    ) {
        self.navigator = navigator
        self.errors = errors
        self.failure = failure
        self.step = step
    }

    public func route(_ route: Route) {
        guard let navigator else { return }
        do {
            try navigator.take(step(route))
        } catch {
            errors?.report(failure(route, error), source: "route")
        }
    }
}

extension Navigator {
    /// Takes one navigation step, building its destination first: what every router does
    /// with a route once it has decided where it goes.
    /// - Throws: what building the destination throws, or the ``NavigationError`` of a step
    ///   that cannot be taken (`back` with nowhere to go); the stack is then as it was.
    public func take(_ step: NavigationStep) throws {
        switch step {
        case let .push(build): try push(build())
        case let .present(build): try present(build())
        case let .replace(build): replace(with: try build())
        case let .back(result): try back(result: result)
        case let .dismiss(result): try dismiss(result: result)
        case let .root(build):
            if let build { start(with: try build()) } else { popToRoot() }
        }
    }
}
