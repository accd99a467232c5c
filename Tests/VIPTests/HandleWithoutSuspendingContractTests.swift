// Contract tests for `Interactor.handleWithoutSuspending(_:output:)`, written from the
// documentation alone (docs/architecture.md, "Roles and the types that play them", the
// Interactor row, with the Module, Use case, Output, Presenter, Display, Command and Error
// service rows, the module in code under the table, and "One action line, hop by hop",
// step 4: `UseCase.send` begins a run of its `Command`, refused as `Command.execute` would be,
// runs the interactor in a task or, for a request `handleWithoutSuspending` takes, right
// there with no task, and finishes the run).
//
// The Interactor row says: "`handleWithoutSuspending(_:output:) throws -> Bool` (false by
// default) is asked first: an interactor that can tell this request needs no `await` (a
// value it holds already) handles it there and returns true, and `send` hands back a
// finished task — awaited and cancelled as any request's, having made none; false leaves the
// request to `handle`, untouched".
//
// Written without compiling, then compiled and run against Scenery unchanged but for two
// support types renamed (`ContractGate`, `ContractRouteLog`) that the suite's own support
// file already declares. Every line whose API the docs do not spell out is marked
// `// assumed from docs: …` with where the guess comes from.

import Testing
import VIP

// MARK: - A use case: look a key up, from a cache held already or from a "server"

enum Lookup {
    // assumed from docs: a module's Route is any Sendable type (`Module<Search.Route>` in architecture.md)
    enum Route: Sendable, Equatable {
        case details(String)
    }

    enum Find: DataFlow {
        struct Request: Sendable, Equatable { var key: String }
        enum Response: Sendable {
            case found(String)
            case missing(String)
        }
        struct ViewModel: Sendable, Equatable { var text = "" }
    }
}

/// What the interactor was asked, in order.
@MainActor
final class Calls {
    var askedAtOnce: [String] = []
    var handled: [String] = []
}

/// Holds `handle` suspended until the test opens it: a request that must `await`.
@MainActor
final class ContractGate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }
}

/// Answers from its cache at once; anything else it leaves to `handle`, which awaits.
@MainActor  // assumed from docs: "Roles that touch views — interactor, presenter, display, router, module — are `@MainActor`"
struct CachedLookupInteractor: Interactor {
    typealias Route = Lookup.Route  // assumed from docs: eject.md's interactor names its route so (`typealias Route = SceneRoute`)
    let cache: [String: String]
    let server: [String: String]
    let calls: Calls
    let gate: ContractGate

    // assumed from docs: the parameter and Output types, as `handle(_:output:)` takes them in README.md
    func handleWithoutSuspending(_ request: Lookup.Find.Request, output: Output<Lookup.Find.Response, Lookup.Route>) throws -> Bool {
        calls.askedAtOnce.append(request.key)
        if request.key == "broken" {
            throw DisplayedError("the cache is broken")  // assumed from docs: `DisplayedError(message)`, as eject.md throws it
        }
        guard let value = cache[request.key] else { return false }
        if request.key == "routed" {
            output.route(.details(value))
            return true
        }
        if request.key == "stale" {
            output.report(DisplayedError("shown from the cache"))  // assumed from docs: eject.md's `output.report(DisplayedError(…))`
        }
        output.present(.found(value))
        return true
    }

    func handle(_ request: Lookup.Find.Request, output: Output<Lookup.Find.Response, Lookup.Route>) async throws {
        calls.handled.append(request.key)
        await gate.wait()
        guard output.isActive else { return }
        if let value = server[request.key] {
            output.present(.found(value))
        } else {
            output.present(.missing(request.key))
        }
    }
}

/// Says nothing about `handleWithoutSuspending`: the default, false.
@MainActor  // assumed from docs: roles are `@MainActor`
struct ServerOnlyInteractor: Interactor {
    typealias Route = Lookup.Route  // assumed from docs: as above
    let server: [String: String]
    let calls: Calls

    func handle(_ request: Lookup.Find.Request, output: Output<Lookup.Find.Response, Lookup.Route>) async throws {
        calls.handled.append(request.key)
        await Task.yield()
        output.present(.found(server[request.key] ?? "?"))
    }
}

@MainActor  // assumed from docs: roles are `@MainActor`
struct LookupPresenter: Presenter {
    // assumed from docs: a non-throwing `present` satisfies `present(_:) throws -> ViewModel`
    func present(_ response: Lookup.Find.Response) -> Lookup.Find.ViewModel {
        switch response {
        case let .found(text): .init(text: text)
        case let .missing(key): .init(text: "no \(key)")
        }
    }
}

/// The display: keeps every view model it is given.
@MainActor
final class LookupView {
    var shown: [Lookup.Find.ViewModel] = []
    func show(_ viewModel: Lookup.Find.ViewModel) { shown.append(viewModel) }
}

/// The module's router: keeps every route it is given.
@MainActor
final class ContractRouteLog: Router {  // assumed from docs: `protocol Router<Route>` (`route(_:)`), its Route inferred from `route(_:)`
    var routes: [Lookup.Route] = []
    func route(_ route: Lookup.Route) { routes.append(route) }
}

/// A module with one use case, `find`, as docs/architecture.md makes one in code.
@MainActor
final class Fixture {
    let calls: Calls
    let gate: ContractGate
    let view: LookupView
    let router: ContractRouteLog
    let module: Module<Lookup.Route>
    // assumed from docs: `final class UseCase<I, P>` is what `module.useCase` returns
    let find: UseCase<CachedLookupInteractor, LookupPresenter>

    init(cache: [String: String] = [:], server: [String: String] = [:]) {
        let calls = Calls()
        let gate = ContractGate()
        let view = LookupView()
        let router = ContractRouteLog()
        // assumed from docs: `router:` takes any `Router` of the module's Route
        let module = Module<Lookup.Route>(name: "Lookup", router: router)
        let find = module.useCase(
            "find", interactor: CachedLookupInteractor(cache: cache, server: server, calls: calls, gate: gate),
            // assumed from docs: `allowsReentrance:` may be left out (off unless asked for)
            presenter: LookupPresenter(), display: .weak(view, LookupView.show))
        self.calls = calls
        self.gate = gate
        self.view = view
        self.router = router
        self.module = module
        self.find = find
    }
}

let fromCache: Lookup.Find.ViewModel = .init(text: "Pen, from the cache")
let fromServer: Lookup.Find.ViewModel = .init(text: "Lamp, from the server")

// MARK: - The contract

// checks: docs/architecture.md#roles-and-the-types-that-play-them
@Suite @MainActor
struct HandleWithoutSuspendingContractTests {
    @Test func aRequestTakenAtOnceIsPresentedAndDisplayedWhenSendReturns() async throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"])
        let request = try f.find.send(.init(key: "pen"))
        // Nothing awaited yet: handled "right there with no task".
        #expect(f.view.shown == [fromCache])
        #expect(f.calls.askedAtOnce == ["pen"])
        #expect(f.calls.handled.isEmpty)
        await request.value
        #expect(f.view.shown == [fromCache])
        #expect(f.calls.handled.isEmpty)
    }

    @Test func aRequestTakenAtOnceMakesNoTaskAndFinishesTheRun() throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"])
        _ = try f.find.send(.init(key: "pen"))
        #expect(f.module.work.inFlightCount == 0)  // "having made none"
        #expect(!f.find.command.isExecuting)  // assumed from docs: `command` is the use case's `Command`, with `isExecuting`
        #expect(f.find.command.canExecute)  // assumed from docs: `canExecute` true again once the run has finished
    }

    @Test func theFinishedRequestIsAwaitedAndCancelledAsAnyRequests() async throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"])
        let request = try f.find.send(.init(key: "pen"))
        request.cancel()  // assumed from docs: what `send` hands back has `cancel()`, as a `Task` has
        await request.value
        #expect(f.view.shown == [fromCache])  // cancelling what has finished takes nothing back
        #expect(f.module.work.inFlightCount == 0)
    }

    @Test func falseLeavesTheRequestToHandleUntouched() async throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"], server: ["lamp": "Lamp, from the server"])
        let request = try f.find.send(.init(key: "lamp"))
        #expect(f.calls.askedAtOnce == ["lamp"])  // asked first
        #expect(f.calls.handled == ["lamp"])  // then handed on, the same request
        #expect(f.view.shown.isEmpty)  // `handle` is waiting at the gate
        #expect(f.module.work.inFlightCount == 1)  // a request that awaits runs as a task in the module's WorkScope
        #expect(f.find.command.isExecuting)
        f.gate.open()
        await request.value
        #expect(f.view.shown == [fromServer])
        #expect(f.module.work.inFlightCount == 0)
        #expect(!f.find.command.isExecuting)
    }

    @Test func anInteractorThatSaysNothingIsHandledAsEver() async throws {
        let calls = Calls()
        let view = LookupView()
        let router = ContractRouteLog()
        let module = Module<Lookup.Route>(name: "ServerOnly", router: router)  // assumed from docs: as in Fixture
        let find = module.useCase(
            "find", interactor: ServerOnlyInteractor(server: ["lamp": "Lamp, from the server"], calls: calls),
            presenter: LookupPresenter(), display: .weak(view, LookupView.show))  // assumed from docs: as in Fixture
        await (try find.send(.init(key: "lamp"))).value
        #expect(calls.handled == ["lamp"])  // false by default: every request goes to `handle`
        #expect(view.shown == [fromServer])
    }

    @Test func requestsTakenAtOnceAndLeftToHandleAreDisplayedInTheOrderTheyFinish() async throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"], server: ["lamp": "Lamp, from the server"])
        let first = try f.find.send(.init(key: "lamp"))
        f.gate.open()
        await first.value
        await (try f.find.send(.init(key: "pen"))).value
        await (try f.find.send(.init(key: "nothing"))).value
        #expect(f.view.shown == [fromServer, fromCache, .init(text: "no nothing")])
        #expect(f.calls.askedAtOnce == ["lamp", "pen", "nothing"])
        #expect(f.calls.handled == ["lamp", "nothing"])
    }

    @Test func aRouteFromARequestTakenAtOnceReachesTheRouterWhenSendReturns() throws {
        let f = Fixture(cache: ["routed": "r-1"])
        _ = try f.find.send(.init(key: "routed"))
        #expect(f.router.routes == [.details("r-1")])
        #expect(f.view.shown.isEmpty)
        #expect(f.calls.handled.isEmpty)
    }

    @Test func aReportedErrorReachesTheErrorServiceAndTheRunGoesOn() throws {
        let f = Fixture(cache: ["stale": "Pen, from the cache"])
        _ = try f.find.send(.init(key: "stale"))
        #expect(f.module.errors.latest?.message == "shown from the cache")  // assumed from docs: `latest` is an optional `DisplayedError`
        // assumed from docs: `source`, "the use case it came from", is its name as a String
        #expect(f.module.errors.latest?.source == "find")
        #expect(f.view.shown == [fromCache])
    }

    @Test func anErrorThrownThereReachesTheErrorServiceAndTheModuleKeepsRunning() async throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"])
        let request = try f.find.send(.init(key: "broken"))
        await request.value
        #expect(f.module.errors.latest?.message == "the cache is broken")  // assumed from docs: a thrown DisplayedError keeps its message
        #expect(f.module.errors.latest?.source == "find")  // assumed from docs: as above
        #expect(f.view.shown.isEmpty)
        await (try f.find.send(.init(key: "pen"))).value
        #expect(f.view.shown == [fromCache])
    }

    @Test func aSecondRequestWhileOneAwaitsIsRefusedBeforeItIsAsked() async throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"], server: ["lamp": "Lamp, from the server"])
        let first = try f.find.send(.init(key: "lamp"))
        do {
            _ = try f.find.send(.init(key: "pen"))
            Issue.record("a second request while the first runs was not refused")
        } catch let refusal {  // `send` throws a `CommandRefusal` (docs: the core's `CommandRefusal`)
            guard case .alreadyExecuting = refusal else {
                Issue.record("refused as \(refusal), not .alreadyExecuting")
                return
            }
        }
        #expect(f.calls.askedAtOnce == ["lamp"])  // `Command.begin` refused it before the interactor was asked
        #expect(f.view.shown.isEmpty)
        f.gate.open()
        await first.value
        #expect(f.view.shown == [fromServer])
    }

    @Test func aDisabledCommandRefusesBeforeTheInteractorIsAsked() throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"])
        f.find.command.setDisabled(reason: "offline")  // assumed from docs: `Command.setDisabled(reason:)` takes the reason as a String
        do {
            _ = try f.find.send(.init(key: "pen"))
            Issue.record("a request to a disabled command was not refused")
        } catch let refusal {
            guard case .disabled = refusal else {
                Issue.record("refused as \(refusal), not .disabled")
                return
            }
        }
        #expect(f.calls.askedAtOnce.isEmpty)
        #expect(f.view.shown.isEmpty)
    }

    @Test func afterLeaveASendIsRefusedAndNothingIsAsked() throws {
        let f = Fixture(cache: ["pen": "Pen, from the cache"])
        f.module.leave()
        do {
            _ = try f.find.send(.init(key: "pen"))
            Issue.record("a send after leave() was not refused")
        } catch let refusal {
            guard case .moduleLeft = refusal else {
                Issue.record("refused as \(refusal), not .moduleLeft")
                return
            }
        }
        #expect(f.calls.askedAtOnce.isEmpty)
        #expect(f.view.shown.isEmpty)
    }

    @Test func leavingWhileARequestLeftToHandleAwaitsDropsWhatItPresents() async throws {
        let f = Fixture(server: ["lamp": "Lamp, from the server"])
        let request = try f.find.send(.init(key: "lamp"))
        f.module.leave()
        f.gate.open()
        await request.value
        #expect(f.view.shown.isEmpty)  // "an `Output` then drops whatever arrives"
        #expect(f.module.work.inFlightCount == 0)
    }
}
