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
