import Testing
import VIP

// checks: docs/architecture.md#roles-and-the-types-that-play-them
@MainActor @Suite struct RolesContractTests {

    // MARK: - Output

    /// `output.present(_:)` hands every response, in order, through the presenter to the display.
    @Test func outputPresentsEveryResponseInOrderThroughThePresenterToTheDisplay() async throws {
        let (module, _) = makeModule()
        let view = RolesView()
        let search = scripted(module, "findPeople", view: view) { _, output in
            output.present(RolesSearch.Response(names: ["Ann"]))
            output.present(RolesSearch.Response(names: ["Bob", "Cid"]))
        }

        await (try search.send(RolesSearch.Request(query: "x"))).value

        #expect(
            view.shown == [
                RolesSearch.ViewModel(rows: ["1. Ann"]),
                RolesSearch.ViewModel(rows: ["1. Bob", "2. Cid"])
            ])
    }

    /// `output.route(_:)` reaches the module's router with the route the interactor gave.
    @Test func outputRouteReachesTheModulesRouter() async throws {
        let (module, router) = makeModule()
        let view = RolesView()
        let search = scripted(module, "findPeople", view: view) { request, output in
            output.route(.details(request.query))
        }

        await (try search.send(RolesSearch.Request(query: "Pat"))).value

        #expect(router.routes == [.details("Pat")])
        #expect(view.shown.isEmpty)
    }

    /// `output.report(_:)` puts an error in the module's error service and the run goes on to present and route.
    @Test func outputReportGoesToTheErrorServiceAndTheRunGoesOn() async throws {
        let (module, router) = makeModule()
        let view = RolesView()
        let probe = RolesProbe()
        let search = scripted(module, "findPeople", view: view) { _, output in
            output.report(RolesFailure("offline, showing cached names"))
            probe.handled.append("after report")
            output.present(RolesSearch.Response(names: ["cached"]))
            output.route(.details("cached"))
        }
        #expect(isNil(module.errors.latest))

        await (try search.send(RolesSearch.Request(query: "x"))).value

        let latest = describe(module.errors.latest)
        #expect(latest.contains("offline, showing cached names"))
        #expect(latest.contains("findPeople"))  // assumed from docs: a DisplayedError names "the use case it came from"
        #expect(probe.handled == ["after report"])
        #expect(view.shown == [RolesSearch.ViewModel(rows: ["1. cached"])])
        #expect(router.routes == [.details("cached")])
        // The run went on and ended normally: the command takes the next request.
        #expect(kind(refusal { _ = try search.send(RolesSearch.Request(query: "y")) }) == "accepted")
    }

    /// While the module is active and the request not cancelled, `output.isActive` is true and present, route and report all arrive.
    @Test func outputIsActiveWhileTheRunMayStillBeSeen() async throws {
        let held = heldSearch()
        let (module, router, view, gate, probe, search) = (held.module, held.router, held.view, held.gate, held.probe, held.search)

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)
        gate.open()
        await task.value

        #expect(probe.activeSeen == [true, true])
        #expect(view.shown == [RolesSearch.ViewModel(rows: ["1. first"])])
        #expect(router.routes == [.details("first")])
        #expect(describe(module.errors.latest).contains("reported by first"))
    }

    /// Once the module was left, `isActive` is false and the Output drops what is presented, routed and reported.
    @Test func outputDropsEverythingOnceTheModuleWasLeft() async throws {
        let held = heldSearch()
        let (module, router, view, gate, probe, search) = (held.module, held.router, held.view, held.gate, held.probe, held.search)

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)
        module.leave()
        gate.open()
        await task.value

        #expect(probe.handled == ["first"])  // the interactor did run to its end
        #expect(probe.activeSeen == [true, false])
        #expect(view.shown.isEmpty)
        #expect(router.routes.isEmpty)
        #expect(isNil(module.errors.latest))
    }

    /// Once its request was cancelled, `isActive` is false and the Output drops everything; the module goes on with the next request.
    @Test func outputDropsEverythingOnceTheRequestWasCancelled() async throws {
        let held = heldSearch()
        let (module, router, view, gate, probe, search) = (held.module, held.router, held.view, held.gate, held.probe, held.search)

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)
        task.cancel()
        gate.open()
        await task.value

        #expect(probe.activeSeen == [true, false])
        #expect(probe.cancelledSeen == [true])
        #expect(view.shown.isEmpty)
        #expect(router.routes.isEmpty)
        #expect(isNil(module.errors.latest))

        await (try search.send(RolesSearch.Request(query: "second"))).value

        #expect(probe.activeSeen == [true, false, true, true])
        #expect(view.shown == [RolesSearch.ViewModel(rows: ["1. second"])])
        #expect(router.routes == [.details("second")])
        let latest = describe(module.errors.latest)
        #expect(latest.contains("reported by second"))
        #expect(!latest.contains("reported by first"))
    }

    // MARK: - Display

    /// `display(_:)` of a `Display` conformer receives the presenter's view model through the use case's weak `DisplaySink`.
    @Test func displayReceivesThePresentersViewModel() async throws {
        let (module, _) = makeModule()
        let view = RolesView()
        let search = scripted(module, "findPeople", view: view) { request, output in
            output.present(RolesSearch.Response(names: [request.query, "Zed"]))
        }

        await (try search.send(RolesSearch.Request(query: "Pat"))).value

        #expect(view.shown == [RolesSearch.ViewModel(rows: ["1. Pat", "2. Zed"])])
    }

    /// Neither the module nor the use case keeps the display alive; a request sent after it went still runs.
    @Test func thePipelineHoldsAnIdleDisplayWeakly() async throws {
        let (module, router) = makeModule()
        let probe = RolesProbe()
        weak var weakView: RolesView?
        var view: RolesView? = RolesView()
        weakView = view
        let search = scripted(module, "findPeople", view: view!) { request, output in
            probe.handled.append(request.query)
            output.present(RolesSearch.Response(names: [request.query]))
            output.route(.details(request.query))
        }

        view = nil
        #expect(isNil(weakView))

        await (try search.send(RolesSearch.Request(query: "Pat"))).value
        #expect(probe.handled == ["Pat"])
        #expect(router.routes == [.details("Pat")])
    }

    /// A request in flight does not keep its display alive either, and it finishes after the display is gone.
    @Test func aRequestInFlightDoesNotKeepTheDisplayAlive() async throws {
        let (module, router) = makeModule()
        let gate = RolesGate()
        let probe = RolesProbe()
        weak var weakView: RolesView?
        var view: RolesView? = RolesView()
        weakView = view
        let search = scripted(module, "findPeople", view: view!, heldScript(gate: gate, probe: probe))

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)
        view = nil
        #expect(isNil(weakView))

        gate.open()
        await task.value
        #expect(probe.activeSeen == [true, true])
        #expect(router.routes == [.details("first")])
        #expect(module.work.inFlightCount == 0)
    }

    // MARK: - Module

    /// `work.inFlightCount` counts the module's requests still running, across its use cases.
    @Test func workInFlightCountCountsTheRequestsStillRunning() async throws {
        let (module, _) = makeModule()
        let view = RolesView()
        let probe = RolesProbe()
        let gateA = RolesGate()
        let gateB = RolesGate()
        let a = scripted(module, "findPeople", view: view, heldScript(gate: gateA, probe: probe))
        let b = scripted(module, "loadOrders", view: view, heldScript(gate: gateB, probe: probe))
        #expect(module.work.inFlightCount == 0)

        let taskA = try a.send(RolesSearch.Request(query: "a"))
        await gateA.untilWaiting(1)
        #expect(module.work.inFlightCount == 1)

        let taskB = try b.send(RolesSearch.Request(query: "b"))
        await gateB.untilWaiting(1)
        #expect(module.work.inFlightCount == 2)

        gateA.open()
        await taskA.value
        await settle()
        #expect(module.work.inFlightCount == 1)

        gateB.open()
        await taskB.value
        await settle()
        #expect(module.work.inFlightCount == 0)
    }

    /// `work.waitUntilIdle()` returns at once when idle, and otherwise only after the running request has finished and been displayed.
    @Test func workWaitUntilIdleWaitsForTheRunningRequest() async throws {
        let held = heldSearch()
        let (module, view, gate, search) = (held.module, held.view, held.gate, held.search)

        await module.work.waitUntilIdle()  // assumed from docs: `waitUntilIdle()` is async and does not throw
        #expect(module.work.inFlightCount == 0)

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)
        let idle = RolesFlag()
        let waiter = Task {
            await module.work.waitUntilIdle()
            idle.isSet = true
        }
        await settle()
        #expect(!idle.isSet)
        #expect(module.work.inFlightCount == 1)

        gate.open()
        await waiter.value
        #expect(idle.isSet)
        #expect(view.shown == [RolesSearch.ViewModel(rows: ["1. first"])])
        #expect(module.work.inFlightCount == 0)
        await task.value
    }

    /// `errors.latest` is the last error reported, with the use case it came from, and replaces the one before.
    @Test func errorsLatestIsTheLastErrorWithItsUseCase() async throws {
        let (module, _) = makeModule()
        let view = RolesView()
        let first = scripted(module, "findPeople", view: view) { _, _ in
            throw RolesFailure("the first failure")
        }
        let second = scripted(module, "loadOrders", view: view) { _, output in
            output.report(RolesFailure("the second failure"))
        }
        #expect(isNil(module.errors.latest))

        await (try first.send(RolesSearch.Request(query: "x"))).value
        let afterFirst = describe(module.errors.latest)
        #expect(afterFirst.contains("the first failure"))
        #expect(afterFirst.contains("findPeople"))  // assumed from docs: a DisplayedError names "the use case it came from"

        await (try second.send(RolesSearch.Request(query: "x"))).value
        let afterSecond = describe(module.errors.latest)
        #expect(afterSecond.contains("the second failure"))
        #expect(afterSecond.contains("loadOrders"))  // assumed from docs: as above
        #expect(!afterSecond.contains("the first failure"))
        #expect(!afterSecond.contains("findPeople"))
    }

    /// `leave()` cancels every request of the module still running, in all its use cases.
    @Test func leaveCancelsTheModulesWork() async throws {
        let (module, _) = makeModule()
        let view = RolesView()
        let probe = RolesProbe()
        let gateA = RolesGate()
        let gateB = RolesGate()
        let a = scripted(module, "findPeople", view: view, heldScript(gate: gateA, probe: probe))
        let b = scripted(module, "loadOrders", view: view, heldScript(gate: gateB, probe: probe))

        let taskA = try a.send(RolesSearch.Request(query: "a"))
        let taskB = try b.send(RolesSearch.Request(query: "b"))
        await gateA.untilWaiting(1)
        await gateB.untilWaiting(1)
        #expect(!taskA.isCancelled)
        #expect(!taskB.isCancelled)

        module.leave()
        #expect(taskA.isCancelled)
        #expect(taskB.isCancelled)

        gateA.open()
        gateB.open()
        await taskA.value
        await taskB.value
        #expect(probe.cancelledSeen == [true, true])
        await settle()
        #expect(module.work.inFlightCount == 0)
        #expect(view.shown.isEmpty)
    }

    /// The module keeps the router it was made with: routes reach it though nobody else holds it.
    @Test func theModuleKeepsItsRouter() async throws {
        let log = RolesRouteLog()
        weak var weakRouter: RolesRouter?
        var router: RolesRouter? = RolesRouter(log: log)
        weakRouter = router
        let module = Module<RolesSearch.Route>(name: "Roles", router: router!)
        router = nil
        #expect(!isNil(weakRouter))

        let view = RolesView()
        let search = scripted(module, "findPeople", view: view) { request, output in
            output.route(.details(request.query))
        }
        await (try search.send(RolesSearch.Request(query: "Pat"))).value

        #expect(log.routes == [.details("Pat")])
    }

    // MARK: - Router

    /// `Router.route(_:)` receives the routes of every use case of its module, in the order they were given.
    @Test func routerReceivesEveryUseCasesRoutesInOrder() async throws {
        let (module, router) = makeModule()
        let view = RolesView()
        let find = scripted(module, "findPeople", view: view) { request, output in
            output.route(.details("find \(request.query)"))
        }
        let load = scripted(module, "loadOrders", view: view) { request, output in
            output.route(.details("load \(request.query)"))
            output.route(.details("load \(request.query) again"))
        }

        await (try find.send(RolesSearch.Request(query: "1"))).value
        await (try load.send(RolesSearch.Request(query: "2"))).value

        #expect(router.routes == [.details("find 1"), .details("load 2"), .details("load 2 again")])
    }

    // MARK: - Command and CommandRefusal

    /// A use case whose command is disabled refuses a request with `.disabled(command:reason:)`, giving the reason, and runs nothing.
    @Test func aDisabledCommandRefusesWithItsReason() async throws {
        let (module, _) = makeModule()
        let view = RolesView()
        let probe = RolesProbe()
        let search = scripted(module, "findPeople", view: view) { request, output in
            probe.handled.append(request.query)
            output.present(RolesSearch.Response(names: [request.query]))
        }

        search.command.setDisabled(reason: "offline")  // assumed from docs: a UseCase exposes its `Command` as `command`
        #expect(!search.command.canExecute)  // assumed from docs: `canExecute` is a Bool property

        let refused = refusal { _ = try search.send(RolesSearch.Request(query: "Pat")) }
        #expect(kind(refused) == "disabled")
        if case let .disabled(_, reason)? = refused {
            #expect(String(describing: reason).contains("offline"))
        }
        #expect(probe.handled.isEmpty)
        #expect(view.shown.isEmpty)
        #expect(module.work.inFlightCount == 0)
    }

    /// A second request while one runs is refused with `.alreadyExecuting(command:)`; the first runs on untouched and the command is free after it.
    @Test func aSecondRequestWhileOneRunsIsRefusedAsAlreadyExecuting() async throws {
        let held = heldSearch()
        let (router, view, gate, probe, search) = (held.router, held.view, held.gate, held.probe, held.search)

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)

        let refused = refusal { _ = try search.send(RolesSearch.Request(query: "second")) }
        #expect(kind(refused) == "alreadyExecuting")
        #expect(probe.handled == ["first"])
        #expect(!task.isCancelled)

        gate.open()
        await task.value
        #expect(view.shown == [RolesSearch.ViewModel(rows: ["1. first"])])
        #expect(router.routes == [.details("first")])

        await (try search.send(RolesSearch.Request(query: "third"))).value
        #expect(probe.handled == ["first", "third"])
        #expect(view.shown.last == RolesSearch.ViewModel(rows: ["1. third"]))
    }

    /// The command says it is executing while its request runs, and not before or after.
    @Test func theCommandIsExecutingOnlyWhileItsRequestRuns() async throws {
        let held = heldSearch()
        let (gate, search) = (held.gate, held.search)
        #expect(!search.command.isExecuting)  // assumed from docs: a UseCase exposes its `Command` as `command`; `isExecuting` is a Bool
        #expect(search.command.canExecute)  // assumed from docs: as above

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)
        #expect(search.command.isExecuting)

        gate.open()
        await task.value
        await settle()
        #expect(!search.command.isExecuting)
        #expect(search.command.canExecute)
    }

    /// After `leave()`, a request is refused with `.moduleLeft(command:)` and nothing runs.
    @Test func aRequestAfterLeaveIsRefusedAsModuleLeft() async throws {
        let (module, router) = makeModule()
        let view = RolesView()
        let probe = RolesProbe()
        let search = scripted(module, "findPeople", view: view) { request, output in
            probe.handled.append(request.query)
            output.present(RolesSearch.Response(names: [request.query]))
            output.route(.details(request.query))
        }

        module.leave()

        let refused = refusal { _ = try search.send(RolesSearch.Request(query: "Pat")) }
        #expect(kind(refused) == "moduleLeft")
        #expect(probe.handled.isEmpty)
        #expect(view.shown.isEmpty)
        #expect(router.routes.isEmpty)
    }

    /// A module left with a request in flight refuses later sends, and `.moduleLeft` once that request has returned.
    @Test func aModuleLeftWithWorkInFlightRefusesLaterSends() async throws {
        let held = heldSearch()
        let (module, view, gate, probe, search) = (held.module, held.view, held.gate, held.probe, held.search)

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)
        module.leave()

        // Which refusal while the cancelled request has not returned yet is not documented: only that it is refused.
        #expect(kind(refusal { _ = try search.send(RolesSearch.Request(query: "second")) }) != "accepted")

        gate.open()
        await task.value
        #expect(kind(refusal { _ = try search.send(RolesSearch.Request(query: "third")) }) == "moduleLeft")
        #expect(probe.handled == ["first"])
        #expect(view.shown.isEmpty)
    }

    /// Each `CommandRefusal` names the command that refused: the use case's.
    @Test func eachRefusalNamesTheUseCasesCommand() async throws {
        let held = heldSearch()
        let (module, gate, search) = (held.module, held.gate, held.search)

        let task = try search.send(RolesSearch.Request(query: "first"))
        await gate.untilWaiting(1)
        let busy = refusal { _ = try search.send(RolesSearch.Request(query: "second")) }
        gate.open()
        await task.value

        search.command.setDisabled(reason: "offline")  // assumed from docs: a UseCase exposes its `Command` as `command`
        let disabled = refusal { _ = try search.send(RolesSearch.Request(query: "third")) }

        module.leave()
        let left = refusal { _ = try search.send(RolesSearch.Request(query: "fourth")) }

        // assumed from docs: the `command:` payload identifies the command by its use case's name
        if case let .alreadyExecuting(command)? = busy {
            #expect(String(describing: command).contains("findPeople"))
        } else {
            Issue.record("expected .alreadyExecuting, got \(kind(busy))")
        }
        if case let .disabled(command, _)? = disabled {
            #expect(String(describing: command).contains("findPeople"))
        } else {
            Issue.record("expected .disabled, got \(kind(disabled))")
        }
        if case let .moduleLeft(command)? = left {
            #expect(String(describing: command).contains("findPeople"))
        } else {
            // Disabled and left at once: which refusal wins is not documented; only a refusal is required.
            #expect(kind(left) != "accepted")
        }
    }

    // MARK: - "A module in code, with one use case"

    /// Every line of the docs' module example does what its comment says.
    @Test func theModuleExampleDoesWhatItsCommentsSay() async throws {
        let router = RolesRouter()
        let view = RolesSearchView()
        let names = ["Pat", "Phil", "Ann"]

        let module = Module<RolesSearch.Route>(name: "Search", router: router)
        let search = module.useCase(
            "search", interactor: RolesSearchInteractor(names: names), presenter: RolesSearchPresenter(),
            display: .weak(view, RolesSearchView.show))

        // `try search.send(…)` — accepted now (a CommandRefusal only when it cannot run now); the interactor
        // does not suspend, so it has run when send returns and the next send is not refused.
        #expect(kind(refusal { _ = try search.send(RolesSearch.Request(query: "P")) }) == "accepted")
        #expect(view.shown == [RolesSearch.ViewModel(rows: ["1. Pat", "2. Phil"])])

        // `await (try search.send(…)).value` — an ordinary interactor's send gives a Task; awaiting it waits for the display.
        let request = try search.send(RolesSearch.Request(query: "Ph"))
        await request.value
        #expect(!request.isCancelled)
        #expect(
            view.shown == [
                RolesSearch.ViewModel(rows: ["1. Pat", "2. Phil"]),
                RolesSearch.ViewModel(rows: ["1. Phil"])
            ])

        // `module.errors.latest` — the last error reported, with the use case it came from.
        #expect(isNil(module.errors.latest))
        await (try search.send(RolesSearch.Request(query: ""))).value
        let latest = describe(module.errors.latest)
        #expect(latest.contains("the query is empty"))
        #expect(latest.contains("search"))  // assumed from docs: a DisplayedError names "the use case it came from"

        // `module.leave()` — cancels the module's work; a later send is refused.
        module.leave()
        let refused = refusal { _ = try search.send(RolesSearch.Request(query: "A")) }
        #expect(kind(refused) == "moduleLeft")
        #expect(view.shown.count == 2)
        #expect(router.routes.isEmpty)
    }

    /// The example's `send` throws a `CommandRefusal` when the use case cannot run now (here: its request still running).
    @Test func theExamplesSendThrowsACommandRefusalWhenItCannotRunNow() async throws {
        let router = RolesRouter()
        let view = RolesSearchView()
        let gate = RolesGate()
        let module = Module<RolesSearch.Route>(name: "Search", router: router)
        let search = module.useCase(
            "search", interactor: RolesSlowSearchInteractor(names: ["Pat", "Phil"], gate: gate),
            presenter: RolesSearchPresenter(), display: .weak(view, RolesSearchView.show))

        let first = try search.send(RolesSearch.Request(query: "P"))
        await gate.untilWaiting(1)
        #expect(throws: CommandRefusal.self) {
            _ = try search.send(RolesSearch.Request(query: "Ph"))
        }

        gate.open()
        await first.value
        #expect(view.shown == [RolesSearch.ViewModel(rows: ["1. Pat", "2. Phil"])])
    }

    // MARK: - Helpers

    private func makeModule() -> (Module<RolesSearch.Route>, RolesRouter) {
        let router = RolesRouter()
        return (Module<RolesSearch.Route>(name: "Roles", router: router), router)
    }

    // assumed from docs: `useCase(_:interactor:presenter:display:)` returns the documented `UseCase<I, P>`
    private func scripted(
        _ module: Module<RolesSearch.Route>, _ name: String, view: RolesView, _ script: @escaping RolesScript
    ) -> UseCase<RolesScriptedInteractor, RolesSearchPresenter> {
        module.useCase(
            name, interactor: RolesScriptedInteractor(script: script), presenter: RolesSearchPresenter(),
            display: .weak(view, RolesView.display))  // assumed from docs: `DisplaySink.weak(object, Type.method)`
    }

    /// A module whose `findPeople` use case runs ``heldScript(gate:probe:)``, with its router,
    /// view, gate and probe. A test keeps the whole fixture: the use case holds its module
    /// weakly, so the module lives as long as the fixture does.
    private struct HeldSearch {
        let module: Module<RolesSearch.Route>
        let router: RolesRouter
        let view: RolesView
        let gate: RolesGate
        let probe: RolesProbe
        let search: UseCase<RolesScriptedInteractor, RolesSearchPresenter>
    }

    private func heldSearch() -> HeldSearch {
        let (module, router) = makeModule()
        let (view, gate, probe) = (RolesView(), RolesGate(), RolesProbe())
        let search = scripted(module, "findPeople", view: view, heldScript(gate: gate, probe: probe))
        return HeldSearch(module: module, router: router, view: view, gate: gate, probe: probe, search: search)
    }

    /// A run that records `isActive`, waits at the gate, records `isActive` and `Task.isCancelled`, then presents, routes and reports.
    private func heldScript(gate: RolesGate, probe: RolesProbe) -> RolesScript {
        { request, output in
            probe.handled.append(request.query)
            probe.activeSeen.append(output.isActive)
            await gate.wait()
            probe.activeSeen.append(output.isActive)
            probe.cancelledSeen.append(Task.isCancelled)
            output.present(RolesSearch.Response(names: [request.query]))
            output.route(.details(request.query))
            output.report(RolesFailure("reported by \(request.query)"))
        }
    }

    private func refusal(_ send: () throws -> Void) -> CommandRefusal? {
        do {
            try send()
            return nil
        } catch let refusal as CommandRefusal {
            return refusal
        } catch {
            Issue.record("send threw \(error), which is not a CommandRefusal")
            return nil
        }
    }

    private func kind(_ refusal: CommandRefusal?) -> String {
        guard let refusal else { return "accepted" }
        switch refusal {
        case .disabled: return "disabled"
        case .alreadyExecuting: return "alreadyExecuting"
        case .moduleLeft: return "moduleLeft"
        }
    }

    /// The error service's latest error as text: its description and each stored field's (the docs name no fields of `DisplayedError`).
    private func describe(_ value: Any?) -> String {
        guard let value else { return "nil" }
        var parts = [String(describing: value)]
        for child in Mirror(reflecting: value).children {
            parts.append(String(describing: child.value))
        }
        return parts.joined(separator: " | ")
    }

    private func isNil(_ value: Any?) -> Bool {
        value == nil
    }

    private func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }
}

// MARK: - Types for the tests

enum RolesSearch: DataFlow {
    struct Request: Sendable { var query: String }
    struct Response: Sendable { var names: [String] }
    struct ViewModel: Sendable, Equatable { var rows: [String] }
    enum Route: Sendable, Equatable { case details(String) }
}

struct RolesFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

typealias RolesScript =
    @MainActor @Sendable (RolesSearch.Request, Output<RolesSearch.Response, RolesSearch.Route>) async throws -> Void

/// An ordinary interactor whose run is the test's script.
@MainActor struct RolesScriptedInteractor: Interactor {
    let script: RolesScript

    func handle(_ request: RolesSearch.Request, output: Output<RolesSearch.Response, RolesSearch.Route>) async throws {
        try await script(request, output)
    }
}

/// The docs' `SearchInteractor(names:)`: names starting with the query; an empty query is an error.
@MainActor struct RolesSearchInteractor: Interactor {
    let names: [String]

    func handle(_ request: RolesSearch.Request, output: Output<RolesSearch.Response, RolesSearch.Route>) async throws {
        guard !request.query.isEmpty else { throw RolesFailure("the query is empty") }
        output.present(RolesSearch.Response(names: names.filter { $0.hasPrefix(request.query) }))
    }
}

/// The same search, held at a gate before it presents.
@MainActor struct RolesSlowSearchInteractor: Interactor {
    let names: [String]
    let gate: RolesGate

    func handle(_ request: RolesSearch.Request, output: Output<RolesSearch.Response, RolesSearch.Route>) async throws {
        await gate.wait()
        output.present(RolesSearch.Response(names: names.filter { $0.hasPrefix(request.query) }))
    }
}

@MainActor struct RolesSearchPresenter: Presenter {
    func present(_ response: RolesSearch.Response) -> RolesSearch.ViewModel {
        RolesSearch.ViewModel(rows: response.names.enumerated().map { "\($0.offset + 1). \($0.element)" })
    }
}

@MainActor final class RolesView: Display {
    var shown: [RolesSearch.ViewModel] = []
    func display(_ viewModel: RolesSearch.ViewModel) { shown.append(viewModel) }
}

/// The docs' `SearchView`, whose drawing method is `show`.
@MainActor final class RolesSearchView {
    var shown: [RolesSearch.ViewModel] = []
    func show(_ viewModel: RolesSearch.ViewModel) { shown.append(viewModel) }
}

@MainActor final class RolesRouteLog {
    var routes: [RolesSearch.Route] = []
}

@MainActor final class RolesRouter: Router {
    let log: RolesRouteLog
    init() { log = RolesRouteLog() }
    init(log: RolesRouteLog) { self.log = log }
    var routes: [RolesSearch.Route] { log.routes }
    func route(_ route: RolesSearch.Route) { log.routes.append(route) }  // assumed from docs: `route(_:)`, synchronous
}

@MainActor final class RolesProbe {
    var handled: [String] = []
    var activeSeen: [Bool] = []
    var cancelledSeen: [Bool] = []
}

@MainActor final class RolesFlag {
    var isSet = false
}

/// Holds runs until `open()`; once open, runs pass straight through.
@MainActor final class RolesGate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    var waiting: Int { waiters.count }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiters.append(continuation)
        }
    }

    func open() {
        isOpen = true
        let resumed = waiters
        waiters = []
        for continuation in resumed { continuation.resume() }
    }

    /// Yields (bounded) until `count` runs wait at the gate.
    func untilWaiting(_ count: Int) async {
        for _ in 0..<10_000 where waiters.count < count { await Task.yield() }
    }
}
