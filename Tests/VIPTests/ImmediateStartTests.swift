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
}
