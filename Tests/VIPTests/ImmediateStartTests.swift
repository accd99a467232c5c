import Testing
import VIP

/// A request runs at once on the caller until the interactor first suspends.
@MainActor
@Suite struct ImmediateStartTests {
    @Test func aRequestThatDoesNotSuspendIsDisplayedBeforeSendReturns() throws {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: EchoInteractor(), presenter: EchoPresenter(), display: .weak(display))

        try echo.send(.init(text: "now"))

        #expect(display.lines == ["> loading", "> now"])
        #expect(module.work.inFlightCount == 0)
        #expect(!echo.command.isExecuting)
    }

    @Test func aRequestThatSuspendsIsInFlightUntilItResumes() async throws {
        let gate = Gate()
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: EchoInteractor(gate: gate), presenter: EchoPresenter(), display: .weak(display))

        let task = try echo.send(.init(text: "later"))
        #expect(display.lines == ["> loading"])
        #expect(module.work.inFlightCount == 1)
        #expect(throws: CommandRefusal.alreadyExecuting(command: "echo")) { try echo.send(.init(text: "twice")) }

        gate.open()
        await task.value
        await module.waitUntilIdle()
        #expect(display.lines == ["> loading", "> later"])
        #expect(module.work.inFlightCount == 0)
    }

    @Test func workThatLeavesItsModuleBeforeSuspendingIsCancelled() async throws {
        let scope = WorkScope()
        var sawCancellation = false
        let task = scope.spawn {
            scope.cancelAll()
            await Task.yield()
            sawCancellation = Task.isCancelled
        }
        await task?.value
        #expect(sawCancellation)
        #expect(scope.spawn {} == nil)
    }

    @Test func requestsSentWithoutYieldingLeaveNoWorkQueued() throws {
        let module = Module<EchoRoute>(name: "Echo")
        let display = LinesDisplay()
        let echo = module.useCase("echo", interactor: EchoInteractor(), presenter: EchoPresenter(), display: .weak(display))
        for index in 0..<100 { try echo.send(.init(text: "\(index)")) }
        module.leave()
        #expect(module.work.inFlightCount == 0)
        #expect(display.lines.count == 200)
    }

    @Test func nestedWorkIsInFlightOnlyWhileItIsSuspended() async {
        let scope = WorkScope()
        let outerGate = Gate(), innerGate = Gate()
        var finished: [String] = []
        var inner: Task<Void, Never>?
        // Inside a task that suspends later: one child that ends at once, one that waits.
        let outer = scope.spawn {
            scope.spawn { finished.append("quick") }
            inner = scope.spawn {
                await innerGate.wait()
                finished.append("inner")
            }
            await outerGate.wait()
            finished.append("outer")
        }
        #expect(finished == ["quick"])
        #expect(scope.inFlightCount == 2)

        innerGate.open()
        await inner?.value
        #expect(finished == ["quick", "inner"])
        #expect(scope.inFlightCount == 1)

        // A task that ends before `spawn` returns leaves no entry, even inside one that waits.
        scope.spawn {}
        #expect(scope.inFlightCount == 1)

        outerGate.open()
        await outer?.value
        await scope.waitUntilIdle()
        #expect(finished == ["quick", "inner", "outer"])
        #expect(scope.inFlightCount == 0)
    }

    @Test func leavingCancelsEveryTaskStillSuspended() async {
        let scope = WorkScope()
        var cancelled: [Bool] = []
        let gates = [Gate(), Gate()]
        let tasks = gates.map { gate in
            scope.spawn {
                await gate.wait()
                cancelled.append(Task.isCancelled)
            }
        }
        scope.spawn {}
        #expect(scope.inFlightCount == 2)

        scope.cancelAll()
        for gate in gates { gate.open() }
        for task in tasks { await task?.value }

        #expect(cancelled == [true, true])
        #expect(scope.inFlightCount == 0)
    }
}

/// The synchronous echo: it presents, routes and throws as `EchoInteractor` does, never suspending.
struct ImmediateEchoInteractor: ImmediateInteractor {
    func handle(_ request: Echo.Request, output: Output<Echo.Response, EchoRoute>) throws {
        output.present(.init(text: "loading"))
        if request.text == "fail" { throw EchoFailure() }
        if request.text.hasPrefix("go ") { output.route(.next(String(request.text.dropFirst(3)))) }
        output.present(.init(text: request.text))
    }
}

// checks: docs/architecture.md#roles-and-the-types-that-play-them
/// An `ImmediateInteractor` runs inside `send`, with no task: everything it presents, routes
/// and throws has arrived when `send` returns, as it would through an `async` interactor.
@MainActor
@Suite struct ImmediateInteractorTests {
    @Test func itRunsBeforeSendReturnsAndAwaitingItIsAwaitingNothing() async throws {
        let display = LinesDisplay()
        let router = RouteLog()
        let module = Module<EchoRoute>(name: "Echo", router: router)
        let echo = module.useCase("echo", interactor: ImmediateEchoInteractor(), presenter: EchoPresenter(), display: .weak(display))

        let task = try echo.send(.init(text: "go Cart"))
        #expect(display.lines == ["> loading", "> go Cart"])
        #expect(router.routes == [.next("Cart")])
        #expect(module.work.inFlightCount == 0)
        #expect(!echo.command.isExecuting)
        await task.value
    }

    @Test func aThrownErrorReachesTheErrorServiceAndTheUseCaseRunsAgain() throws {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: ImmediateEchoInteractor(), presenter: EchoPresenter(), display: .weak(display))

        try echo.send(.init(text: "fail"))
        #expect(module.errors.latest == DisplayedError("echo failed", source: "echo"))
        try echo.send(.init(text: "again"))
        #expect(display.lines == ["> loading", "> loading", "> again"])
    }

    @Test func aModuleThatWasLeftRefusesIt() throws {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: ImmediateEchoInteractor(), presenter: EchoPresenter(), display: .weak(display))
        module.leave()
        #expect(throws: CommandRefusal.moduleLeft(command: "echo")) { try echo.send(.init(text: "late")) }
        #expect(display.lines.isEmpty)
    }

    /// A display that sends again while the first request is still presenting is refused, as
    /// a second request to a running `async` use case is.
    @Test func aRequestSentWhileItRunsIsRefused() throws {
        let module = Module<EchoRoute>(name: "Echo")
        var refusals: [CommandRefusal] = []
        var echo: UseCase<ImmediateEchoInteractor, EchoPresenter>?
        let display = LinesDisplay()
        echo = module.useCase(
            "echo", interactor: ImmediateEchoInteractor(), presenter: EchoPresenter(),
            display: DisplaySink { viewModel in
                display.lines.append(viewModel.line)
                do throws(CommandRefusal) { try echo?.send(.init(text: "again")) } catch { refusals.append(error) }
            })
        try echo?.send(.init(text: "first"))
        #expect(refusals == [.alreadyExecuting(command: "echo"), .alreadyExecuting(command: "echo")])
        #expect(display.lines == ["> loading", "> first"])
    }
}

/// Records whether its output is active before and after it waits at a gate.
final class ActivityProbe: Interactor {
    let gate: Gate
    var seen: [Bool] = []
    init(gate: Gate) { self.gate = gate }

    func handle(_ request: Echo.Request, output: Output<Echo.Response, EchoRoute>) async throws {
        seen.append(output.isActive)
        await gate.wait()
        seen.append(output.isActive)
        output.present(.init(text: request.text))
    }
}

// checks: docs/architecture.md#roles-and-the-types-that-play-them
/// `Output.isActive` is true while the request may still be shown, false once its module was
/// left; what is presented after that is dropped.
@MainActor
@Suite struct OutputActivityTests {
    @Test func anOutputIsInactiveOnceItsModuleWasLeft() async throws {
        let gate = Gate()
        let probe = ActivityProbe(gate: gate)
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: probe, presenter: EchoPresenter(), display: .weak(display))

        let task = try echo.send(.init(text: "late"))
        module.leave()
        gate.open()
        await task.value

        #expect(probe.seen == [true, false])
        #expect(display.lines.isEmpty)
    }
}
