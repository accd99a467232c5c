// checks: docs/architecture.md#roles-and-the-types-that-play-them
// checks: docs/architecture.md#cancellation-and-memory
import Testing
import VIP

/// The rows of docs/architecture.md's table of roles, and its section on cancellation and
/// memory, checked through the public API alone (`import VIP`), as the docs describe it.
/// Every helper lives in this namespace, since the test target is one module.
enum ArchRows {
    enum Echo: DataFlow {
        struct Request: Sendable, Equatable {
            var text: String
            var id = 0
        }
        struct Response: Sendable, Equatable { var text: String }
        struct ViewModel: Sendable, Equatable { var text: String }
    }

    struct Failure: Error, CustomStringConvertible {
        var text: String
        var description: String { "cannot answer \(text)" }
    }

    /// What the interactors saw, in order.
    @MainActor final class Log {
        var askedFirst: [Echo.Request] = []
        var handled: [Echo.Request] = []
        var activeAtPresent: [Bool] = []
        var cancelledInHandle: [Bool] = []
        var refusals: [CommandRefusal] = []
        var sendsThatRan = 0
    }

    /// Something an interactor does from inside its run: the test fills it in.
    @MainActor final class Relay {
        var action: (() -> Void)?
        func fire() { action?() }
    }

    /// Answers a request it holds a value for in `handleWithoutSuspending`; the rest in `handle`.
    @MainActor final class Cached: Interactor {
        let cache: [String: String]
        let failing: Set<String>
        let log: Log
        let gate: Gate?

        init(cache: [String: String] = [:], failing: Set<String> = [], log: Log, gate: Gate? = nil) {
            self.cache = cache
            self.failing = failing
            self.log = log
            self.gate = gate
        }

        func handleWithoutSuspending(_ request: Echo.Request, output: Output<Echo.Response, Never>) throws -> Bool {
            log.askedFirst.append(request)
            if failing.contains(request.text) { throw Failure(text: request.text) }
            guard let answer = cache[request.text] else { return false }
            log.activeAtPresent.append(output.isActive)
            output.present(.init(text: answer))
            return true
        }

        func handle(_ request: Echo.Request, output: Output<Echo.Response, Never>) async throws {
            log.handled.append(request)
            if let gate { await gate.wait() }
            log.cancelledInHandle.append(Task.isCancelled)
            log.activeAtPresent.append(output.isActive)
            output.present(.init(text: "handled " + request.text))
        }
    }

    /// Never suspends; after presenting, does what its relay says.
    struct Immediate: ImmediateInteractor {
        let log: Log
        var relay: Relay?

        func handle(_ request: Echo.Request, output: Output<Echo.Response, Never>) throws {
            log.handled.append(request)
            log.activeAtPresent.append(output.isActive)
            output.present(.init(text: "now " + request.text))
            relay?.fire()
        }
    }

    /// Never suspends; throws every request.
    struct ImmediateFailing: ImmediateInteractor {
        func handle(_ request: Echo.Request, output: Output<Echo.Response, Never>) throws {
            throw Failure(text: request.text)
        }
    }

    /// Waits at its gate, then does what its relay says (sends another use case's request).
    struct ThenRelays: Interactor {
        let gate: Gate
        let log: Log
        let relay: Relay

        func handle(_ request: Echo.Request, output: Output<Echo.Response, Never>) async throws {
            await gate.wait()
            log.cancelledInHandle.append(Task.isCancelled)
            relay.fire()
        }
    }

    struct EchoPresenter: Presenter {
        func present(_ response: Echo.Response) -> Echo.ViewModel { .init(text: response.text) }
    }

    @MainActor final class View {
        var shown: [String] = []
        func show(_ viewModel: Echo.ViewModel) { shown.append(viewModel.text) }

        /// A use case of `module` whose view models this view shows.
        func useCase<I: Interactor>(_ name: String, on module: Module<Never>, _ interactor: I) -> UseCase<I, EchoPresenter>
        where I.Response == Echo.Response, I.Route == Never {
            module.useCase(name, interactor: interactor, presenter: EchoPresenter(), display: .weak(self, View.show))
        }
    }

    /// A screen that owns its module and use case and is their display.
    @MainActor final class OwningScreen: Screen {
        let screenName: String
        let module: Module<Never>
        var load: UseCase<Cached, EchoPresenter>?
        var shown: [String] = []

        init(name: String, interactor: Cached) {
            screenName = name
            module = Module<Never>(name: name)
            load = module.useCase("load", interactor: interactor, presenter: EchoPresenter(), display: .weak(self, OwningScreen.show))
        }

        func show(_ viewModel: Echo.ViewModel) { shown.append(viewModel.text) }
        func screenDidLeave() { module.leave() }
    }

    /// Sends through `useCase` as an immediate interactor's use case is sent — run before
    /// `send` returns, with no task — recording a refusal in `log` rather than throwing. (The
    /// generic overload below would reach the `send` that starts a task.)
    @MainActor static func trySend<I: ImmediateInteractor, P: Presenter>(
        _ useCase: UseCase<I, P>, _ request: I.Request, log: Log
    ) {
        do {
            _ = try useCase.send(request) as FinishedRequest
            log.sendsThatRan += 1
        } catch {
            log.refusals.append(error)
        }
    }

    /// Sends through `useCase`, recording a refusal in `log` rather than throwing.
    @MainActor static func trySend<I: Interactor, P: Presenter>(
        _ useCase: UseCase<I, P>, _ request: I.Request, log: Log
    ) {
        do {
            _ = try useCase.send(request)
            log.sendsThatRan += 1
        } catch {
            log.refusals.append(error)
        }
    }
}

@MainActor
@Suite struct ArchitectureRowsContractTests {
    typealias Echo = ArchRows.Echo

    // "handles it there and returns true, and `send` hands back a finished task, having made none: awaited as any request's"
    @Test func aRequestHandleWithoutSuspendingTakesIsDisplayedBeforeSendReturnsAndNeverReachesHandle() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("load", on: module, ArchRows.Cached(cache: ["p": "Pixel"], log: log))

        let task = try useCase.send(.init(text: "p"))
        #expect(view.shown == ["Pixel"])
        #expect(module.work.inFlightCount == 0)
        #expect(!useCase.command.isExecuting)
        await task.value
        #expect(view.shown == ["Pixel"])
        #expect(log.askedFirst == [.init(text: "p")])
        #expect(log.handled.isEmpty)
        #expect(log.activeAtPresent == [true])
    }

    // "it is one task every such request shares, so cancelling it does nothing, and its identity and `isCancelled` say nothing of the request"
    @Test func theTaskOfARequestHandleWithoutSuspendingTakesIsSharedAndCancellingItDoesNothing() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("load", on: module, ArchRows.Cached(cache: ["a": "A", "b": "B", "c": "C"], log: log))

        let first = try useCase.send(.init(text: "a"))
        let second = try useCase.send(.init(text: "b"))
        #expect(first == second)
        first.cancel()
        let third = try useCase.send(.init(text: "c"))
        #expect(third == first)
        await third.value
        #expect(view.shown == ["A", "B", "C"])
        #expect(log.activeAtPresent == [true, true, true])
        #expect(log.handled.isEmpty)
        #expect(module.errors.latest == nil)
    }

    // "false leaves the request to `handle`, untouched"
    @Test func handleWithoutSuspendingReturningFalseLeavesTheSameRequestToHandle() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("load", on: module, ArchRows.Cached(cache: ["p": "Pixel"], log: log))

        let request = Echo.Request(text: "q", id: 42)
        await (try useCase.send(request)).value
        #expect(log.askedFirst == [request])
        #expect(log.handled == [request])
        #expect(view.shown == ["handled q"])
    }

    // "a thrown error reaches the error service" (Interactor row), for a throw from `handleWithoutSuspending`
    @Test func aThrowFromHandleWithoutSuspendingReachesTheErrorService() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("load", on: module, ArchRows.Cached(failing: ["x"], log: log))

        let task = try useCase.send(.init(text: "x"))
        await task.value
        await module.work.waitUntilIdle()
        let latest = try #require(module.errors.latest)
        #expect(latest.source == "load")
        #expect(latest.message == "cannot answer x")
        #expect(view.shown.isEmpty)
        #expect(!useCase.command.isExecuting)
        // The module keeps running: a later request is not refused.
        await (try useCase.send(.init(text: "y"))).value
        #expect(view.shown == ["handled y"])
    }

    // "drops everything once the module was left" and `isActive`
    @Test func outputDropsWhatArrivesOnceTheModuleWasLeft() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let gate = Gate()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("load", on: module, ArchRows.Cached(log: log, gate: gate))

        let task = try useCase.send(.init(text: "slow"))
        #expect(gate.arrivals == 1)
        module.leave()
        gate.open()
        await task.value
        #expect(log.activeAtPresent == [false])
        #expect(view.shown.isEmpty)
        // "module.leave() // cancels the module's work; a later send is refused"
        #expect {
            _ = try useCase.send(.init(text: "later"))
        } throws: { error in
            guard let refusal = error as? CommandRefusal, case .moduleLeft = refusal else { return false }
            return true
        }
    }

    // "drops everything once … the request cancelled"
    @Test func outputDropsWhatArrivesOnceTheRequestWasCancelled() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let gate = Gate()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("load", on: module, ArchRows.Cached(log: log, gate: gate))

        let task = try useCase.send(.init(text: "slow"))
        task.cancel()
        gate.open()
        await task.value
        #expect(log.cancelledInHandle == [true])
        #expect(log.activeAtPresent == [false])
        #expect(view.shown.isEmpty)
    }

    // "A request that runs before `send` returns (an `ImmediateInteractor`'s, …) has no task to cancel and ends with its module alone, even when sent from inside another request's cancelled task"
    @Test func anImmediateRequestSentFromACancelledTaskOfTheSameLiveModuleIsDisplayed() async throws {
        let (log, view) = try await sendFromCancelledTask { view, module, log in
            let quick = view.useCase("quick", on: module, ArchRows.Immediate(log: log))
            return { ArchRows.trySend(quick, .init(text: "b"), log: log) }
        }
        #expect(log.cancelledInHandle == [true])
        #expect(log.refusals.isEmpty)
        #expect(log.activeAtPresent == [true])
        #expect(view.shown == ["now b"])
    }

    // "A request that runs before `send` returns (… or one `handleWithoutSuspending` takes) has no task to cancel and ends with its module alone, even when sent from inside another request's cancelled task"
    @Test func aRequestHandleWithoutSuspendingTakesSentFromACancelledTaskOfTheSameLiveModuleIsDisplayed() async throws {
        let (log, view) = try await sendFromCancelledTask { view, module, log in
            let cached = view.useCase("cached", on: module, ArchRows.Cached(cache: ["b": "B"], log: log))
            return { ArchRows.trySend(cached, .init(text: "b"), log: log) }
        }
        #expect(log.cancelledInHandle == [true])
        #expect(log.refusals.isEmpty)
        #expect(log.handled.isEmpty)
        #expect(log.activeAtPresent == [true])
        #expect(view.shown == ["B"])
    }

    /// Sends "a" through a slow use case of a fresh module and cancels its task; the task then
    /// runs the send `second` makes, of a use case of the same module. The send is made where
    /// the use case's type is known, so an immediate one goes through the `send` with no task.
    private func sendFromCancelledTask(
        _ second: (ArchRows.View, Module<Never>, ArchRows.Log) -> () -> Void
    ) async throws -> (ArchRows.Log, ArchRows.View) {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let gate = Gate()
        let relay = ArchRows.Relay()
        let module = Module<Never>(name: "Rows")
        let slow = view.useCase("slow", on: module, ArchRows.ThenRelays(gate: gate, log: log, relay: relay))
        relay.action = second(view, module, log)
        defer { relay.action = nil }

        let task = try slow.send(.init(text: "a"))
        task.cancel()
        gate.open()
        await task.value
        return (log, view)
    }

    // "… ends with its module alone … — as when a screen appears again while the one above it leaves"
    @Test func aScreenBelowAppearingFromTheLeavingScreensTaskDisplaysItsImmediateRequests() async throws {
        let log = ArchRows.Log()
        let belowView = ArchRows.View()
        let aboveView = ArchRows.View()
        let gate = Gate()
        let relay = ArchRows.Relay()
        let below = Module<Never>(name: "Below")
        let above = Module<Never>(name: "Above")
        let immediate = belowView.useCase("appear", on: below, ArchRows.Immediate(log: log))
        let cached = belowView.useCase("cached", on: below, ArchRows.Cached(cache: ["c": "C"], log: log))
        let back = aboveView.useCase("back", on: above, ArchRows.ThenRelays(gate: gate, log: log, relay: relay))
        // The screen above leaves (cancelling the very task this runs in), the one below appears again.
        relay.action = {
            above.leave()
            log.cancelledInHandle.append(Task.isCancelled)
            ArchRows.trySend(immediate, .init(text: "i"), log: log)
            ArchRows.trySend(cached, .init(text: "c"), log: log)
        }

        let task = try back.send(.init(text: "back"))
        gate.open()
        await task.value
        #expect(log.cancelledInHandle == [false, true])
        #expect(log.refusals.isEmpty)
        #expect(log.activeAtPresent == [true, true])
        #expect(belowView.shown == ["now i", "C"])
        relay.action = nil
    }

    // "ends with its module alone": from a cancelled task of a module that was left, nothing is displayed
    @Test func aRequestThatRunsBeforeSendReturnsIsNotDisplayedOnceItsModuleWasLeft() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let gate = Gate()
        let relay = ArchRows.Relay()
        let module = Module<Never>(name: "Rows")
        let slow = view.useCase("slow", on: module, ArchRows.ThenRelays(gate: gate, log: log, relay: relay))
        let quick = view.useCase("quick", on: module, ArchRows.Immediate(log: log))
        let cached = view.useCase("cached", on: module, ArchRows.Cached(cache: ["b": "B"], log: log))
        relay.action = {
            ArchRows.trySend(quick, .init(text: "b"), log: log)
            ArchRows.trySend(cached, .init(text: "b"), log: log)
        }

        let task = try slow.send(.init(text: "a"))
        module.leave()
        gate.open()
        await task.value
        #expect(log.cancelledInHandle == [true])
        #expect(view.shown.isEmpty)
        #expect(!log.activeAtPresent.contains(true))
        // "module.leave() // cancels the module's work; a later send is refused"
        #expect(log.refusals.count == 2)
        for refusal in log.refusals {
            guard case .moduleLeft = refusal else {
                Issue.record("expected .moduleLeft, got \(refusal)")
                continue
            }
        }
        relay.action = nil
    }

    // "hands back a `FinishedRequest` — awaited (`value`) and cancelled (`cancel()`) as a request's `Task` is, already finished, `isCancelled` always false"
    @Test func aFinishedRequestIsAwaitedAndCancelledHarmlesslyAndIsNeverCancelled() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("quick", on: module, ArchRows.Immediate(log: log))

        let finished = try useCase.send(.init(text: "a"))
        #expect(view.shown == ["now a"])
        #expect(module.work.inFlightCount == 0)
        #expect(!finished.isCancelled)
        finished.cancel()
        #expect(!finished.isCancelled)
        await finished.value
        let next = try useCase.send(.init(text: "b"))
        await next.value
        #expect(!next.isCancelled)
        #expect(view.shown == ["now a", "now b"])
    }

    // "everything else as an `Interactor`: presents, routes, a thrown error reaches the error service" (Immediate interactor row)
    @Test func aThrowFromAnImmediateInteractorReachesTheErrorServiceBeforeSendReturns() async throws {
        let view = ArchRows.View()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("quick", on: module, ArchRows.ImmediateFailing())

        let finished = try useCase.send(.init(text: "x"))
        let latest = try #require(module.errors.latest)
        #expect(latest.source == "quick")
        #expect(latest.message == "cannot answer x")
        #expect(view.shown.isEmpty)
        await finished.value
        #expect(!useCase.command.isExecuting)
    }

    // "a second request while it runs is refused" (Immediate interactor row)
    @Test func aSecondRequestWhileAnImmediateOneRunsIsRefused() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let relay = ArchRows.Relay()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("quick", on: module, ArchRows.Immediate(log: log, relay: relay))
        relay.action = { ArchRows.trySend(useCase, .init(text: "again"), log: log) }

        await (try useCase.send(.init(text: "first"))).value
        relay.action = nil
        #expect(log.handled == [.init(text: "first")])
        #expect(view.shown == ["now first"])
        #expect(log.refusals.count == 1)
        if let refusal = log.refusals.first {
            guard case .alreadyExecuting = refusal else {
                Issue.record("expected .alreadyExecuting, got \(refusal)")
                return
            }
        }
    }

    // "a request that does not suspend has been presented and displayed when `send` returns"
    @Test func anAsyncRequestThatDoesNotSuspendIsDisplayedWhenSendReturns() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("load", on: module, ArchRows.Cached(log: log))

        let task = try useCase.send(.init(text: "q"))
        #expect(view.shown == ["handled q"])
        #expect(log.handled == [.init(text: "q")])
        await task.value
    }

    // "`Module.leave()` … cancels the tasks still running and makes the scope inactive: an `Output` then drops whatever arrives, so a late response is never displayed"
    @Test func leaveCancelsTheTasksStillRunningAndALateResponseIsNeverDisplayed() async throws {
        let log = ArchRows.Log()
        let view = ArchRows.View()
        let gate = Gate()
        let module = Module<Never>(name: "Rows")
        let useCase = view.useCase("load", on: module, ArchRows.Cached(log: log, gate: gate))

        let task = try useCase.send(.init(text: "slow"))
        #expect(module.work.inFlightCount == 1)
        module.leave()
        #expect(task.isCancelled)
        gate.open()
        await task.value
        await module.work.waitUntilIdle()
        #expect(log.cancelledInHandle == [true])
        #expect(log.activeAtPresent == [false])
        #expect(view.shown.isEmpty)
        #expect(module.work.inFlightCount == 0)
    }

    // "a screen popped off the stack is released at once, even with a request still in flight … the interactor goes as soon as its cancelled task returns"
    @Test func aScreenPoppedWithARequestInFlightIsReleasedAtOnce() async throws {
        let log = ArchRows.Log()
        let gate = Gate()
        let navigator = Navigator()
        let root = ArchRows.OwningScreen(name: "Root", interactor: ArchRows.Cached(log: log))
        try navigator.push(root)

        var interactor: ArchRows.Cached? = ArchRows.Cached(log: log, gate: gate)
        weak let weakInteractor = interactor
        var top: ArchRows.OwningScreen? = ArchRows.OwningScreen(name: "Top", interactor: interactor!)
        interactor = nil
        weak let weakTop = top
        weak let weakModule = top?.module
        try navigator.push(top!)
        var task: Task<Void, Never>? = try top?.load?.send(.init(text: "slow"))
        #expect(gate.arrivals == 1)
        top = nil

        try navigator.back()
        #expect(weakTop == nil)
        #expect(weakModule == nil)

        gate.open()
        await task?.value
        task = nil
        #expect(weakInteractor == nil)
        #expect(log.activeAtPresent == [false])
        #expect(root.shown.isEmpty)
    }

    // "the task of a request in flight holds its use case, whose output reaches the module's work scope and error service but never the module itself"
    @Test func aModuleDroppedWithARequestInFlightIsReleasedAtOnce() async throws {
        let log = ArchRows.Log()
        let gate = Gate()
        var screen: ArchRows.OwningScreen? = ArchRows.OwningScreen(name: "Dropped", interactor: ArchRows.Cached(log: log, gate: gate))
        weak let weakScreen = screen
        weak let weakModule = screen?.module
        var task: Task<Void, Never>? = try screen?.load?.send(.init(text: "slow"))
        #expect(gate.arrivals == 1)
        screen = nil
        #expect(weakScreen == nil)
        #expect(weakModule == nil)

        gate.open()
        await task?.value
        task = nil
        #expect(log.activeAtPresent.count == 1)
    }
}
