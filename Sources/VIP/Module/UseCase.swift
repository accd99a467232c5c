/// One use case of a module: Request → Interactor → Response(s) → Presenter → ViewModel →
/// Display. Sending a request runs it as a ``Command``, so a running use case refuses a
/// second request unless it allows re-entrance.
@MainActor
public final class UseCase<I: Interactor, P: Presenter> where I.Response == P.Response {
    public let name: String
    /// The gate every request passes; observe it to disable a button while it runs.
    public let command: Command<I.Request>
    /// What the interactor presents, routes and reports through: the use case's presenter,
    /// display, router and error service. A caller that runs the interactor itself (a JSON
    /// `call` step) hands it this, so its results go where the use case's own would.
    public let output: Output<I.Response, I.Route>

    init(
        name: String, interactor: I, presenter: P, display: DisplaySink<P.ViewModel>,
        module: Module<I.Route>, allowsReentrance: Bool
    ) {
        self.name = name
        let output = Self.output(name: name, presenter: presenter, display: display, module: module)
        self.output = output
        command = Command(name: name, allowsReentrance: allowsReentrance, scope: module.work) {
            [weak module] request in
            do {
                try await interactor.handle(request, output: output)
            } catch {
                guard let module, module.isActive, !Task.isCancelled else { return }
                module.errors.report(error, source: name)
            }
        }
    }

    /// Sends a request.
    /// - Returns: the running task, to await in tests or cancel.
    /// - Throws: ``CommandRefusal`` when the use case cannot run now.
    @discardableResult
    public func send(_ request: I.Request) throws(CommandRefusal) -> Task<Void, Never> {
        try command.execute(request)
    }

    // The output holds the module weakly: a task still winding down after its module was
    // left keeps neither the module nor its display alive.
    private static func output(
        name: String, presenter: P, display: DisplaySink<P.ViewModel>, module: Module<I.Route>
    ) -> Output<I.Response, I.Route> {
        Output(
            isLive: { [weak module] in module?.isActive ?? false },
            present: { [weak module] response in
                guard let module else { return }
                do {
                    display(try presenter.present(response))
                } catch {
                    module.errors.report(error, source: name)
                }
            },
            route: { [weak module] route in module?.route(route) },
            report: { [weak module] error in module?.errors.report(error, source: name) })
    }
}
