/// The business logic of one use case: takes a Request, calls providers and workers,
/// and presents zero, one or several Responses (loading, data, error); it may also route.
///
/// ```swift
/// final class LoadInteractor: Interactor {
///     let products: any Provider<Void, [Product]>
///     func handle(_ request: Catalog.Load.Request,
///                 output: Output<Catalog.Load.Response, Catalog.Route>) async throws {
///         output.present(.loading)
///         output.present(.loaded(try await products.fetch()))
///     }
/// }
/// ```
///
/// Conformers guarantee:
/// - everything the use case produces goes through `output`, never straight to a display;
/// - a thrown error is a failure of this request only: the pipeline reports it to the
///   module's ``ErrorService`` and the module keeps running;
/// - cancellation is honoured at every `await` (it is how leaving a module stops the work).
@MainActor
public protocol Interactor<Request, Response> {
    associatedtype Request: Sendable
    associatedtype Response: Sendable
    /// Where this use case may navigate; `Never` for a use case that does not route.
    associatedtype Route: Sendable = Never

    /// Handles one request.
    /// - Parameters:
    ///   - request: the input, as the display sent it.
    ///   - output: presents responses, routes and reports errors for this request.
    /// - Throws: any error; it reaches the error service, unless it is a cancellation.
    func handle(_ request: Request, output: Output<Response, Route>) async throws

    /// Handles the request now, without suspending, when this interactor can tell it will
    /// not need to (its work this time needs no `await`), and returns true; returns false,
    /// having done nothing, to leave the request to `handle`. ``UseCase/send(_:)`` asks
    /// first, and a request handled here costs no task. By default, false: every request
    /// goes to `handle`. An interactor that never suspends is an ``ImmediateInteractor``.
    func handleWithoutSuspending(_ request: Request, output: Output<Response, Route>) throws -> Bool
}

extension Interactor {
    public func handleWithoutSuspending(_ request: Request, output: Output<Response, Route>) throws -> Bool { false }
}

/// An interactor whose `handle` never suspends: it reads what it holds, computes and presents.
/// ``UseCase/send(_:)`` runs it before returning, with no task — the request costs what
/// calling the interactor by hand costs.
///
/// ```swift
/// struct SearchInteractor: ImmediateInteractor {
///     let names: [String]
///     func handle(_ request: Search.Request, output: Output<Search.Response, Never>) throws {
///         output.present(Search.Response(names: names.filter { $0.hasPrefix(request.query) }))
///     }
/// }
/// ```
///
/// The one `handle` serves both requirements: a function that does not suspend is also an
/// `async` one.
@MainActor
public protocol ImmediateInteractor<Request, Response>: Interactor {
    /// Handles one request without suspending.
    func handle(_ request: Request, output: Output<Response, Route>) throws
}

/// Where an interactor sends what it produces for one request.
///
/// Everything is dropped once the module has been left or the request's task cancelled,
/// so a response that arrives late is never displayed. A request that runs before `send`
/// returns, with no task, ends with its module alone.
@MainActor
public struct Output<Response: Sendable, Route: Sendable> {
    let presentResponse: @MainActor (Response) -> Void
    let routeTo: @MainActor (Route) -> Void
    let reportError: @MainActor (any Error) -> Void
    let isLive: @MainActor () -> Bool
    /// Whether the request runs in a task of its own, whose cancellation ends it; false for
    /// one run before `send` returns, which may be inside another request's task (a scene
    /// appearing again as the one above it leaves and its work is cancelled).
    @usableFromInline var followsTask = true

    /// Makes an output from three sinks; the pipeline and the test kit build their own.
    public init(
        isLive: @escaping @MainActor () -> Bool = { true },
        present: @escaping @MainActor (Response) -> Void,
        route: @escaping @MainActor (Route) -> Void,
        report: @escaping @MainActor (any Error) -> Void
    ) {
        self.isLive = isLive
        self.presentResponse = present
        self.routeTo = route
        self.reportError = report
    }

    /// False once the module was left or this request was cancelled.
    public var isActive: Bool { isLive() && !(followsTask && Task.isCancelled) }

    /// This output for a request that runs with no task of its own, before `send` returns:
    /// it ends with its module alone, whatever task it was sent from.
    @inlinable var withoutTask: Self {
        var output = self
        output.followsTask = false
        return output
    }

    /// Sends a response to the presenter, and its view model to the display.
    public func present(_ response: Response) {
        guard isActive else { return }
        presentResponse(response)
    }

    /// Asks the module's router to navigate.
    public func route(_ route: Route) {
        guard isActive else { return }
        routeTo(route)
    }

    /// Reports an error to the module's error service without ending the request.
    public func report(_ error: any Error) {
        guard isActive else { return }
        reportError(error)
    }
}
