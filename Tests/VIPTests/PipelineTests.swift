import Testing
import VIP

@MainActor
@Suite struct PipelineTests {
    @Test func oneRequestPresentsEveryResponseInOrder() async {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: EchoInteractor(), presenter: EchoPresenter(), display: .weak(display))

        await (try? echo.send(.init(text: "hi")))?.value

        #expect(display.lines == ["> loading", "> hi"])
    }

    @Test func aThrownErrorReachesTheErrorServiceAndTheModuleKeepsRunning() async throws {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: EchoInteractor(), presenter: EchoPresenter(), display: .weak(display))

        try await echo.send(.init(text: "fail")).value
        #expect(module.errors.latest == DisplayedError("echo failed", source: "echo"))

        try await echo.send(.init(text: "again")).value
        #expect(display.lines == ["> loading", "> loading", "> again"])
    }

    @Test func routesGoToTheModulesRouter() async throws {
        let router = RouteLog()
        let module = Module<EchoRoute>(name: "Echo", router: router)
        let echo = module.useCase("echo", interactor: EchoInteractor(), presenter: EchoPresenter(), display: DisplaySink { _ in })

        try await echo.send(.init(text: "go there")).value

        #expect(router.routes == [.next("there")])
    }

    @Test func aResponseArrivingAfterLeavingIsNeverDisplayed() async throws {
        let gate = Gate()
        let display = LinesDisplay()
        let router = RouteLog()
        let module = Module<EchoRoute>(name: "Echo", router: router)
        let echo = module.useCase("echo", interactor: EchoInteractor(gate: gate), presenter: EchoPresenter(), display: .weak(display))

        let task = try echo.send(.init(text: "go late"))
        await Task.yield()
        #expect(display.lines == ["> loading"])

        module.leave()
        gate.open()
        await task.value

        #expect(display.lines == ["> loading"])
        #expect(router.routes.isEmpty)
        #expect(module.errors.latest == nil)
    }

    @Test func leavingCancelsWorkInFlight() async throws {
        let module = Module<Never>(name: "Sleeper")
        let sleeper = module.useCase("sleep", interactor: SleepingInteractor(), presenter: NoPresenter(), display: DisplaySink { _ in })
        let task = try sleeper.send(())
        await Task.yield()

        module.leave()
        await task.value

        #expect(module.work.inFlightCount == 0)
        #expect(task.isCancelled)
    }

    @Test func aLeftModuleRefusesNewRequests() {
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: EchoInteractor(), presenter: EchoPresenter(), display: DisplaySink { _ in })
        module.leave()

        #expect(throws: CommandRefusal.moduleLeft(command: "echo")) { try echo.send(.init(text: "x")) }
    }

    @Test func aPresenterFailureIsReportedAndNothingIsDisplayed() async throws {
        let display = LinesDisplay()
        let module = Module<EchoRoute>(name: "Echo")
        let echo = module.useCase("echo", interactor: EchoInteractor(), presenter: FailingPresenter(), display: .weak(display))

        try await echo.send(.init(text: "x")).value

        #expect(display.lines.isEmpty)
        #expect(module.errors.history.map(\.message) == ["cannot format", "cannot format"])
    }
}

struct SleepingInteractor: Interactor {
    func handle(_ request: Void, output: Output<Never, Never>) async throws {
        try await Task.sleep(for: .seconds(3600))
    }
}

struct FailingPresenter: Presenter {
    struct Failure: Error, CustomStringConvertible { var description: String { "cannot format" } }
    func present(_ response: Echo.Response) throws -> Echo.ViewModel { throw Failure() }
}
