import Testing
import VIP

// Contract cases for the "Immediate interactor" row of docs/architecture.md
// ("Roles and the types that play them") and the rows it leans on: Interactor, Output,
// Presenter, Display, Use case, Module, Command, Error service. Written from the docs alone.
// Every line whose API the docs do not spell out carries `// assumed from docs: …`.
// Not compiled against Scenery: type-checked and run only against a stand-in `VIP` written from
// these same assumptions (/tmp/docs44-stub), so every assumed line still needs checking.

// MARK: - The contract module's types

/// The routes the contract module takes.
enum ContractRoute: Sendable, Equatable {
    case details(Int)
}

/// One use case's three types, YARCH style, as `DataFlow` asks (all `Sendable`).
enum ContractEcho: DataFlow {
    /// What the interactor is told to do: present these texts, route, present more, then throw.
    struct Request: Sendable {
        var id: String
        var presents: [String] = []
        var route: ContractRoute? = nil
        var presentsAfterRoute: [String] = []
        var failure: String? = nil
    }

    enum Response: Sendable, Equatable {
        case echoed(String)
    }

    struct ViewModel: Sendable, Equatable {
        var text: String
    }
}

/// The error a contract interactor throws or reports; its description is its message.
struct ContractFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// What the interactors, display hooks and observers saw, in order.
@MainActor
final class ContractLog {
    /// The ids of the requests whose `handle` ran.
    var handled: [String] = []
    /// For each `handle`, the hash of the task it ran on (nil: no task).
    var tasksSeen: [Int?] = []
    /// Errors thrown by a `send` made while a request ran (refusals expected).
    var refusals: [any Error] = []
    /// `Command.isExecuting` / `canExecute` as seen from inside a run, or as published.
    var executingSeen: [Bool] = []
    var canExecuteSeen: [Bool] = []
    /// Tasks handed back by nested sends, kept alive.
    var held: [FinishedRequest] = []
    /// What the display held each time the router was handed a route.
    var shownWhenRouted: [[String]] = []
}

/// An immediate interactor: `handle` is synchronous and never suspends.
struct ContractImmediateInteractor: ImmediateInteractor {
    let log: ContractLog

    func handle(_ request: ContractEcho.Request, output: Output<ContractEcho.Response, ContractRoute>) throws {
        log.handled.append(request.id)
        log.tasksSeen.append(withUnsafeCurrentTask { $0?.hashValue })
        for text in request.presents {
            output.present(.echoed(text))
        }
        if let route = request.route {
            // assumed from docs: `Output.route(_:)` (the row says an interactor "routes"; the brief names `output.route`)
            output.route(route)
        }
        for text in request.presentsAfterRoute {
            output.present(.echoed(text))
        }
        if let failure = request.failure {
            throw ContractFailure(message: failure)
        }
    }
}

/// An immediate interactor that reports an error and goes on presenting (the Interactor row's "report").
struct ContractReportingInteractor: ImmediateInteractor {
    let log: ContractLog

    func handle(_ request: ContractEcho.Request, output: Output<ContractEcho.Response, ContractRoute>) throws {
        log.handled.append(request.id)
        // assumed from docs: an interactor reports through `Output.report(_:)`; the docs say only "interactors report"
        output.report(ContractFailure(message: request.failure ?? "reported"))
        for text in request.presents {
            output.present(.echoed(text))
        }
    }
}

/// A pure presenter: each response becomes one view model.
struct ContractPresenter: Presenter {
    func present(_ response: ContractEcho.Response) -> ContractEcho.ViewModel {
        switch response {
        case let .echoed(text): .init(text: text)
        }
    }
}

/// A display that only draws (records), with a hook to act while it draws.
@MainActor
final class ContractDisplay {
    var shown: [String] = []
    var onShow: (@MainActor (ContractEcho.ViewModel) -> Void)?

    func show(_ viewModel: ContractEcho.ViewModel) {
        shown.append(viewModel.text)
        onShow?(viewModel)
    }
}

/// A router that records the routes it is handed, with a hook to act while routing.
@MainActor
final class ContractRouter: Router {
    var routes: [ContractRoute] = []
    var onRoute: (@MainActor (ContractRoute) -> Void)?

    // assumed from docs: `Router`'s requirement is `route(_:)`; docs/architecture.md names only `protocol Router<Route>`
    func route(_ route: ContractRoute) {
        routes.append(route)
        onRoute?(route)
    }
}

/// A module with one use case whose interactor is immediate; the test holds its display and router.
@MainActor
final class ContractFixture {
    let log: ContractLog
    let router: ContractRouter
    let display: ContractDisplay
    let module: Module<ContractRoute>
    let useCase: UseCase<ContractImmediateInteractor, ContractPresenter>

    init(allowsReentrance: Bool = false) {
        let log = ContractLog()
        let router = ContractRouter()
        let display = ContractDisplay()
        // assumed from docs: `Module<Route>(name:router:)`; no doc shows a module made in code
        let module = Module<ContractRoute>(name: "Contract", router: router)
        self.log = log
        self.router = router
        self.display = display
        self.module = module
        self.useCase = ContractFixture.makeUseCase(in: module, log: log, display: display, allowsReentrance: allowsReentrance)
    }

    /// The echo use case of `module`, drawing on `display` through a weak `DisplaySink`.
    static func makeUseCase(
        in module: Module<ContractRoute>, log: ContractLog, display: ContractDisplay, allowsReentrance: Bool = false
    ) -> UseCase<ContractImmediateInteractor, ContractPresenter> {
        module.useCase(  // assumed from docs: `Module.useCase(_:interactor:presenter:display:)`, its first argument the use case's name
            "echo",
            interactor: ContractImmediateInteractor(log: log),
            presenter: ContractPresenter(),
            display: .weak(display, ContractDisplay.show),  // docs/architecture.md: `DisplaySink.weak(view, View.displaySomething)`
            allowsReentrance: allowsReentrance  // the use case's command allows re-entrance when made so
        )
    }

    /// `UseCase.send`, as every case calls it.
    func send(_ request: ContractEcho.Request) throws -> FinishedRequest {
        try useCase.send(request)  // docs: `send` throws a `CommandRefusal` when refused and hands back a `FinishedRequest`
    }

    /// Sends a second request, as a display or router would while the first runs: the request
    /// it gets goes to `log.held`, a refusal to `log.refusals`.
    func sendSecondKeepingTheOutcome() {
        do {
            log.held.append(try send(.init(id: "second", presents: ["second"])))
        } catch {
            log.refusals.append(error)
        }
    }
}

// checks: docs/architecture.md#roles-and-the-types-that-play-them
@MainActor @Suite struct ImmediateInteractorContractTests {

    // MARK: send runs it before it returns, with no task

    /// `send` runs an immediate interactor before it returns: what it presents is on the display when `send` returns.
    @Test func sendRunsTheInteractorBeforeItReturns() async throws {
        let f = ContractFixture()

        let task = try f.send(.init(id: "a", presents: ["one"]))

        // No `await` between `send` and these checks.
        #expect(f.log.handled == ["a"])
        #expect(f.display.shown == ["one"])
        await task.value
    }

    /// `send` starts no task for an immediate interactor: `handle` runs on the caller's own task.
    @Test func sendStartsNoTaskForTheInteractor() async throws {
        let f = ContractFixture()
        let caller = withUnsafeCurrentTask { $0?.hashValue }

        let task = try f.send(.init(id: "a", presents: ["one"]))

        #expect(caller != nil)
        #expect(f.log.tasksSeen == [caller])
        await task.value
    }

    /// When `send` returns no work is left in flight: the command is no longer executing and the module's work is empty.
    @Test func noWorkIsLeftInFlightWhenSendReturns() async throws {
        let f = ContractFixture()

        let task = try f.send(.init(id: "a", presents: ["one"], route: .details(1)))

        #expect(!f.useCase.command.isExecuting)  // assumed from docs: a use case exposes its `Command` as `command`
        #expect(f.useCase.command.canExecute)  // assumed from docs: `command` accessor
        // assumed from docs: `Module.work` is its `WorkScope`; "nothing in flight" reads as its `inFlightCount`
        #expect(f.module.work.inFlightCount == 0)
        await task.value
    }

    /// The task `send` hands back is already finished: awaiting it adds nothing to the display, router or error service.
    @Test func sendHandsBackAFinishedTask() async throws {
        let f = ContractFixture()

        let task = try f.send(.init(id: "a", presents: ["one", "two"], route: .details(1)))
        let shown = f.display.shown
        let routes = f.router.routes
        let handled = f.log.handled

        await task.value
        for _ in 0..<10 { await Task.yield() }

        #expect(shown == ["one", "two"])
        #expect(routes == [.details(1)])
        #expect(f.display.shown == shown)
        #expect(f.router.routes == routes)
        #expect(f.log.handled == handled)
        // assumed from docs: `Module.errors` is its `ErrorService`; `latest` is named in the STT table
        #expect(f.module.errors.latest == nil)
        #expect(!task.isCancelled)
    }

    /// Cancelling the finished task `send` handed back takes nothing back from the display or the router.
    @Test func cancellingTheFinishedTaskUndoesNothing() async throws {
        let f = ContractFixture()

        let task = try f.send(.init(id: "a", presents: ["one"], route: .details(2)))
        task.cancel()
        await task.value

        #expect(f.display.shown == ["one"])
        #expect(f.router.routes == [.details(2)])
        #expect(f.log.handled == ["a"])
    }

    // MARK: presents and routes like an Interactor

    /// An immediate interactor may present zero, one or several responses; each goes through the presenter to the display, in order.
    @Test func presentsZeroOneOrSeveralResponsesInOrder() async throws {
        let f = ContractFixture()

        let none = try f.send(.init(id: "none"))
        #expect(f.display.shown.isEmpty)
        await none.value

        let one = try f.send(.init(id: "one", presents: ["a"]))
        #expect(f.display.shown == ["a"])
        await one.value

        let several = try f.send(.init(id: "several", presents: ["b", "c", "d"]))
        #expect(f.display.shown == ["a", "b", "c", "d"])
        await several.value

        #expect(f.log.handled == ["none", "one", "several"])
    }

    /// A route goes to the module's router before `send` returns, between what is presented before and after it.
    @Test func routesGoToTheModulesRouter() async throws {
        let f = ContractFixture()
        let log = f.log
        let display = f.display
        f.router.onRoute = { _ in log.shownWhenRouted.append(display.shown) }

        let task = try f.send(.init(id: "a", presents: ["before"], route: .details(42), presentsAfterRoute: ["after"]))

        #expect(f.router.routes == [.details(42)])
        #expect(log.shownWhenRouted == [["before"]])
        #expect(f.display.shown == ["before", "after"])
        await task.value
        #expect(f.router.routes == [.details(42)])
    }

    // MARK: a thrown error reaches the error service; the module keeps running

    /// A thrown error reaches the module's error service by the time `send` returns; what was presented before it stays displayed.
    @Test func aThrownErrorReachesTheErrorService() async throws {
        let f = ContractFixture()
        #expect(f.module.errors.latest == nil)  // assumed from docs: `Module.errors`, `ErrorService.latest`

        let task = try f.send(.init(id: "a", presents: ["before"], failure: "the contract failed"))

        #expect(f.module.errors.latest != nil)  // assumed from docs: `Module.errors`, `ErrorService.latest`
        // assumed from docs: `DisplayedError.message` holds the error's description
        #expect(f.module.errors.latest?.message == "the contract failed")
        #expect(f.display.shown == ["before"])
        #expect(!f.useCase.command.isExecuting)  // assumed from docs: `command` accessor
        await task.value
    }

    /// After a thrown error the module keeps running: a later request is accepted, presents and routes.
    @Test func theModuleKeepsRunningAfterAThrownError() async throws {
        let f = ContractFixture()
        let failing = try f.send(.init(id: "fails", failure: "the contract failed"))
        await failing.value
        #expect(f.module.errors.latest != nil)  // assumed from docs: `Module.errors`, `ErrorService.latest`

        let later = try f.send(.init(id: "later", presents: ["still here"], route: .details(7)))

        #expect(f.log.handled == ["fails", "later"])
        #expect(f.display.shown == ["still here"])
        #expect(f.router.routes == [.details(7)])
        await later.value
    }

    /// An error an immediate interactor reports reaches the error service, and the run goes on presenting.
    @Test func aReportedErrorReachesTheErrorServiceAndTheRunGoesOn() async throws {
        let log = ContractLog()
        let router = ContractRouter()
        let display = ContractDisplay()
        let module = Module<ContractRoute>(name: "Contract", router: router)  // assumed from docs: `Module<Route>(name:router:)`
        let useCase = module.useCase(  // assumed from docs: `Module.useCase(_:interactor:presenter:display:)`
            "report",
            interactor: ContractReportingInteractor(log: log),
            presenter: ContractPresenter(),
            display: .weak(display, ContractDisplay.show)
        )
        #expect(module.errors.latest == nil)  // assumed from docs: `Module.errors`, `ErrorService.latest`

        // assumed from docs: `send(_:)` throws when refused, returns a `Task`
        let task = try useCase.send(.init(id: "a", presents: ["after the report"], failure: "reported"))

        #expect(module.errors.latest != nil)  // assumed from docs: `Module.errors`, `ErrorService.latest`
        #expect(display.shown == ["after the report"])
        #expect(log.handled == ["a"])
        await task.value
    }

    // MARK: a second request while it runs is refused

    /// A second request sent from the display while the first is presenting is refused with a `CommandRefusal` and never runs; once done, the next is accepted.
    @Test func aSecondRequestFromTheDisplayWhileItRunsIsRefused() async throws {
        let f = ContractFixture()
        let log = f.log
        f.display.onShow = { [unowned f] viewModel in
            guard viewModel.text == "first" else { return }
            f.sendSecondKeepingTheOutcome()
        }

        let task = try f.send(.init(id: "first", presents: ["first"]))

        #expect(log.refusals.count == 1)
        #expect(log.refusals.first is CommandRefusal)
        #expect(log.held.isEmpty)
        #expect(log.handled == ["first"])
        #expect(f.display.shown == ["first"])
        await task.value
        #expect(log.handled == ["first"])

        let next = try f.send(.init(id: "third", presents: ["third"]))
        #expect(log.handled == ["first", "third"])
        #expect(f.display.shown == ["first", "third"])
        await next.value
    }

    /// A second request sent from the router while the first is routing is refused with a `CommandRefusal` and never runs.
    @Test func aSecondRequestFromTheRouterWhileItRunsIsRefused() async throws {
        let f = ContractFixture()
        let log = f.log
        f.router.onRoute = { [unowned f] _ in
            f.sendSecondKeepingTheOutcome()
        }

        let task = try f.send(.init(id: "first", route: .details(1)))

        #expect(log.refusals.count == 1)
        #expect(log.refusals.first is CommandRefusal)
        #expect(log.handled == ["first"])
        #expect(f.display.shown.isEmpty)
        await task.value
    }

    /// While the request runs its command is executing and cannot execute; when `send` returns it is free again.
    @Test func theCommandIsExecutingOnlyWhileTheRequestRuns() async throws {
        let f = ContractFixture()
        let log = f.log
        let useCase = f.useCase
        #expect(!useCase.command.isExecuting)  // assumed from docs: a use case exposes its `Command` as `command`
        #expect(useCase.command.canExecute)  // assumed from docs: `command` accessor
        f.display.onShow = { _ in
            log.executingSeen.append(useCase.command.isExecuting)  // assumed from docs: `command` accessor
            log.canExecuteSeen.append(useCase.command.canExecute)  // assumed from docs: `command` accessor
        }

        let task = try f.send(.init(id: "a", presents: ["one", "two"]))

        #expect(log.executingSeen == [true, true])
        #expect(log.canExecuteSeen == [false, false])  // implied: it "refuses re-entrance unless allowed"
        #expect(!useCase.command.isExecuting)  // assumed from docs: `command` accessor
        #expect(useCase.command.canExecute)  // assumed from docs: `command` accessor
        await task.value
    }

    /// With re-entrance allowed, a second request sent while the first runs is accepted and runs before its own `send` returns.
    @Test func aCommandThatAllowsReentranceAcceptsASecondRequest() async throws {
        let f = ContractFixture(allowsReentrance: true)
        let log = f.log
        f.display.onShow = { [unowned f] viewModel in
            guard viewModel.text == "first" else { return }
            f.sendSecondKeepingTheOutcome()
        }

        let task = try f.send(.init(id: "first", presents: ["first"]))

        #expect(log.refusals.isEmpty)
        #expect(log.held.count == 1)
        #expect(log.handled == ["first", "second"])
        #expect(f.display.shown == ["first", "second"])
        await task.value
    }

    /// A use case whose command is disabled refuses `send` with a `CommandRefusal` and runs nothing; enabled again, it runs.
    @Test func aDisabledCommandRefusesTheRequest() async throws {
        let f = ContractFixture()
        // docs/architecture.md names `Command.setDisabled(reason:)`; assumed from docs: the reason is a `String?`
        f.useCase.command.setDisabled(reason: "offline")

        #expect(!f.useCase.command.canExecute)  // assumed from docs: `command` accessor
        #expect(throws: CommandRefusal.self) {
            _ = try f.send(.init(id: "a", presents: ["one"]))
        }
        #expect(f.log.handled.isEmpty)
        #expect(f.display.shown.isEmpty)

        f.useCase.command.setDisabled(reason: nil)  // assumed from docs: a nil reason enables the command again
        let task = try f.send(.init(id: "b", presents: ["two"]))
        #expect(f.log.handled == ["b"])
        #expect(f.display.shown == ["two"])
        await task.value
    }

    /// The command publishes that the request runs and that it is done, and it is done when `send` returns.
    @Test func theCommandPublishesTheRunsStateChanges() async throws {
        let f = ContractFixture()
        let log = f.log
        // assumed from docs: `Command.observe` takes a handler of `CommandState` and returns an `Observation`
        let observation = f.useCase.command.observe { state in
            log.executingSeen.append(state.isExecuting)  // assumed from docs: `CommandState.isExecuting`
        }
        let before = log.executingSeen

        let task = try f.send(.init(id: "a", presents: ["one"]))

        #expect(!before.contains(true))
        #expect(log.executingSeen.dropFirst(before.count).contains(true))
        #expect(log.executingSeen.last == false)
        observation.cancel()  // docs/performance.md: `Observation.cancel()` removes a handler at once
        await task.value
    }

    // MARK: Output drops everything once the module was left

    /// A run whose route leaves its module has what it presents afterwards dropped by its `Output`.
    @Test func whatARunPresentsAfterItsModuleWasLeftIsDropped() async throws {
        let f = ContractFixture()
        f.router.onRoute = { [weak module = f.module] _ in module?.leave() }

        let task = try f.send(.init(id: "a", presents: ["before"], route: .details(1), presentsAfterRoute: ["after"]))

        #expect(f.router.routes == [.details(1)])
        #expect(f.display.shown == ["before"])
        await task.value
        #expect(f.display.shown == ["before"])
    }

    /// After `leave()`, nothing a request does reaches the display or the router, whether `send` refuses it or runs it.
    @Test func afterLeavingNothingReachesTheDisplayOrTheRouter() async throws {
        let f = ContractFixture()
        f.module.leave()

        let task = try? f.send(.init(id: "a", presents: ["one"], route: .details(2)))
        if let task { await task.value }

        #expect(f.display.shown.isEmpty)
        #expect(f.router.routes.isEmpty)
    }

    // MARK: Display held weakly; nothing held after the run

    /// The use case holds its display weakly: a released display is gone, and a request still runs and routes.
    @Test func theDisplayIsHeldWeakly() async throws {
        let log = ContractLog()
        let router = ContractRouter()
        let module = Module<ContractRoute>(name: "Contract", router: router)  // assumed from docs: `Module<Route>(name:router:)`
        var display: ContractDisplay? = ContractDisplay()
        weak var weakDisplay: ContractDisplay?
        weakDisplay = display
        let useCase = ContractFixture.makeUseCase(in: module, log: log, display: display!)

        display = nil
        #expect(weakDisplay == nil)

        // assumed from docs: `send(_:)` throws when refused, returns a `Task`
        let task = try useCase.send(.init(id: "a", presents: ["one"], route: .details(3)))
        #expect(log.handled == ["a"])
        #expect(router.routes == [.details(3)])
        await task.value
    }

    /// Let go by its owner right after an immediate run, the module, its router and its use case are released at once, though the test still holds the finished task.
    @Test func aModuleIsReleasedRightAfterAnImmediateRun() async throws {
        let log = ContractLog()
        let display = ContractDisplay()
        weak var weakModule: Module<ContractRoute>?
        weak var weakRouter: ContractRouter?
        weak var weakUseCase: UseCase<ContractImmediateInteractor, ContractPresenter>?
        var held: [FinishedRequest] = []

        do {
            let router = ContractRouter()
            let module = Module<ContractRoute>(name: "Contract", router: router)  // assumed from docs: `Module<Route>(name:router:)`
            let useCase = ContractFixture.makeUseCase(in: module, log: log, display: display)
            // docs: `send` throws when refused, returns a `FinishedRequest`
            let task = try useCase.send(.init(id: "a", presents: ["one"], route: .details(4)))
            held.append(task)
            weakModule = module
            weakRouter = router
            weakUseCase = useCase
            #expect(router.routes == [.details(4)])
        }

        #expect(display.shown == ["one"])
        #expect(weakUseCase == nil)
        #expect(weakModule == nil)
        #expect(weakRouter == nil)
        for task in held { await task.value }
    }
}
