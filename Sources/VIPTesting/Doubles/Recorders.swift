import VIP

/// A router that records the routes it is asked to take, in order.
@MainActor
public final class RecordingRouter<Route: Sendable>: Router {
    public private(set) var routes: [Route] = []
    public var onRoute: (@MainActor (Route) -> Void)?

    public init() {}

    public func route(_ route: Route) {
        routes.append(route)
        onRoute?(route)
    }
}

/// A display that records the view models it is shown, in order.
@MainActor
public final class RecordingDisplay<ViewModel: Sendable>: Display {
    public private(set) var viewModels: [ViewModel] = []
    public var onDisplay: (@MainActor (ViewModel) -> Void)?

    public init() {}

    public func display(_ viewModel: ViewModel) {
        viewModels.append(viewModel)
        onDisplay?(viewModel)
    }

    /// A weak sink onto this display, for `Module.useCase(display:)`.
    public var sink: DisplaySink<ViewModel> { .weak(self) }
}
