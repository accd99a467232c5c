import Testing
import VIP

// checks: docs/architecture.md#roles-and-the-types-that-play-them

/// `Interactor.handleWithoutSuspending`: an interactor that can tell a request needs no
/// `await` (a value it holds already) handles it before `send` returns, with no task; the
/// rest go to `handle` as before.
@MainActor
@Suite struct HandleWithoutSuspendingTests {
    /// Answers from its cache at once; anything else waits at the gate in `handle`.
    final class CachedEcho: Interactor {
        let gate = Gate()
        var cache: [String: String] = ["hit": "cached"]
        var handled: [String] = []

        func handleWithoutSuspending(_ request: Echo.Request, output: Output<Echo.Response, EchoRoute>) throws -> Bool {
            if request.text == "broken" { throw EchoFailure() }
            guard let answer = cache[request.text] else { return false }
            output.present(.init(text: answer))
            return true
        }

        func handle(_ request: Echo.Request, output: Output<Echo.Response, EchoRoute>) async throws {
            handled.append(request.text)
            await gate.wait()
            output.present(.init(text: "fetched \(request.text)"))
        }
    }

    struct ImmediateEcho: ImmediateInteractor {
        func handle(_ request: Echo.Request, output: Output<Echo.Response, EchoRoute>) throws {
            output.present(.init(text: request.text))
        }
    }

    @Test func aRequestHandledAtOnceIsShownBeforeSendReturnsAndLeavesNoWork() async throws {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let interactor = CachedEcho()
        let echo = module.useCase("echo", interactor: interactor, presenter: EchoPresenter(), display: .weak(display))

        let task = try echo.send(.init(text: "hit"))
        #expect(display.lines == ["> cached"])
        #expect(interactor.handled.isEmpty)
        #expect(module.work.inFlightCount == 0)
        #expect(!echo.command.isExecuting)
        // What `send` hands back is awaited as any request's task.
        await task.value
        // The command is free again at once: a second request runs too.
        try echo.send(.init(text: "hit"))
        #expect(display.lines == ["> cached", "> cached"])
    }

    @Test func aRequestItCannotHandleAtOnceGoesToHandle() async throws {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let interactor = CachedEcho()
        let echo = module.useCase("echo", interactor: interactor, presenter: EchoPresenter(), display: .weak(display))

        let task = try echo.send(.init(text: "miss"))
        #expect(interactor.handled == ["miss"])
        #expect(module.work.inFlightCount == 1)
        #expect(throws: CommandRefusal.alreadyExecuting(command: "echo")) { try echo.send(.init(text: "hit")) }
        interactor.gate.open()
        await task.value
        #expect(display.lines == ["> fetched miss"])
        #expect(module.work.inFlightCount == 0)
    }

    @Test func anErrorThrownAtOnceReachesTheErrorServiceAndFreesTheCommand() throws {
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: CachedEcho(), presenter: EchoPresenter(), display: .weak(LinesDisplay()))

        try echo.send(.init(text: "broken"))
        #expect(module.errors.latest?.message == "echo failed")
        #expect(module.errors.latest?.source == "echo")
        #expect(!echo.command.isExecuting)
    }

    @Test func aRequestHandledAtOnceFromInsideACancelledTaskIsStillShown() async throws {
        // As when a scene appears again while the work of the one above it, leaving, is
        // cancelled: the request runs inside that task, but is not part of it.
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: CachedEcho(), presenter: EchoPresenter(), display: .weak(display))
        let immediate = module.useCase("now", interactor: ImmediateEcho(), presenter: EchoPresenter(), display: .weak(display))
        let outer = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            #expect(Task.isCancelled)
            _ = try? echo.send(.init(text: "hit"))
            _ = try? immediate.send(.init(text: "typed"))
        }
        await outer.value
        #expect(display.lines == ["> cached", "> typed"])
    }

    @Test func anInteractorThatSaysNothingRunsEveryRequestInHandle() async throws {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: EchoInteractor(), presenter: EchoPresenter(), display: .weak(display))
        let task = try echo.send(.init(text: "plain"))
        await task.value
        #expect(display.lines == ["> loading", "> plain"])
    }
}
