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
    /// The output of a request that runs before `send` returns, with no task: made once.
    @usableFromInline let outputWithoutTask: Output<I.Response, I.Route>
    @usableFromInline let interactor: I

    // Inlinable, as is the output it builds, so both are compiled where the module makes
    // the use case: the presenter and display are then called directly, not generically.
    @inlinable
    init(
        name: String, interactor: I, presenter: P, display: DisplaySink<P.ViewModel>,
        module: Module<I.Route>, allowsReentrance: Bool
    ) {
        self.name = name
        self.interactor = interactor
        let output = Self.output(name: name, presenter: presenter, display: display, module: module)
        self.output = output
        outputWithoutTask = output.withoutTask
        command = Command(name: name, allowsReentrance: allowsReentrance, scope: module.work) { request in
            await Self.run(interactor, request, output)
        }
    }

    /// Sends a request.
    /// - Returns: the running task, to await in tests or cancel.
    /// - Throws: ``CommandRefusal`` when the use case cannot run now.
    // Inlinable, so the run is compiled for the caller's interactor: it calls `handle`
    // directly rather than through the command's action and a protocol witness.
    @inlinable
    @discardableResult
    public func send(_ request: I.Request) throws(CommandRefusal) -> Task<Void, Never> {
        let run = try command.begin()
        // An interactor that can handle this request without suspending does so now: no
        // task to make, attach to the module's work or wait for.
        do {
            if try interactor.handleWithoutSuspending(request, output: outputWithoutTask) {
                command.finish(run)
                return MainActorTask.finished
            }
        } catch {
            outputWithoutTask.report(error)
            command.finish(run)
            return MainActorTask.finished
        }
        // The use case holds neither its module nor its display strongly.
        let task = MainActorTask.start { @MainActor [self] in
            // `Self.run`'s body, written out: returning from an async call costs one more
            // switch back onto the main actor, and in a task started at once every switch
            // reads the task's status records under a lock.
            do {
                try await interactor.handle(request, output: output)
            } catch {
                output.report(error)
            }
            command.finish(run)
        }
        command.attach(task, to: run)
        return task
    }

    /// Sends a request to an interactor that never suspends: it runs before this returns.
    /// - Returns: the request, finished: awaiting its `value` returns at once, as awaiting
    ///   any other request's task does once it has run.
    /// - Throws: ``CommandRefusal`` when the use case cannot run now.
    // Inlinable for the same reason as the general `send`; no task is made, attached to the
    // module's work or waited for: there is nothing to cancel once `handle` has returned.
    @inlinable
    @discardableResult
    public func send(_ request: I.Request) throws(CommandRefusal) -> FinishedRequest where I: ImmediateInteractor {
        let run = try command.begin()
        do {
            try interactor.handle(request, output: outputWithoutTask)
        } catch {
            outputWithoutTask.report(error)
        }
        command.finish(run)
        return FinishedRequest()
    }

    /// One request through the interactor. A thrown error goes to the error service, as
    /// `report` does: not once the module was left or the request cancelled.
    @inlinable @inline(__always)
    static func run(_ interactor: I, _ request: I.Request, _ output: Output<I.Response, I.Route>) async {
        do {
            try await interactor.handle(request, output: output)
        } catch {
            output.report(error)
        }
    }

    // The output holds the module's scope and error service, never the module: a task still
    // winding down after its module was left keeps neither the module nor its display alive.
    // Nor does it load a weak reference on every response.
    @inlinable
    static func output(
        name: String, presenter: P, display: DisplaySink<P.ViewModel>, module: Module<I.Route>
    ) -> Output<I.Response, I.Route> {
        let work = module.work, errors = module.errors
        return Output(
            isLive: { work.isActive },
            present: { response in
                do {
                    display(try presenter.present(response))
                } catch {
                    errors.report(error, source: name)
                }
            },
            route: { [weak module] route in module?.route(route) },
            report: { error in errors.report(error, source: name) })
    }
}

/// What ``UseCase/send(_:)`` hands back for a request to an ``ImmediateInteractor``: the
/// request, already finished. It is awaited and cancelled as a request's `Task` is, so a
/// caller writes the same code for either kind of interactor; it costs nothing to make,
/// where a task of its own cost as much again as the request.
public struct FinishedRequest: Sendable, Equatable {
    @inlinable init() {}

    /// Returns at once: the request has run.
    public var value: Void {
        get async {}
    }

    /// Always false: a request that has finished cannot be cancelled.
    public var isCancelled: Bool { false }

    /// Does nothing: the request has finished.
    public func cancel() {}
}
