// checks: docs/architecture.md#roles-and-the-types-that-play-them

import Foundation
import Testing
import VIP

/// Helpers for the contract tests of the Interactor, Use case and Error service rows; a namespace of its own
/// so nothing clashes with the other files of the module.
enum ArchErrors {
    enum Flow: DataFlow {
        struct Request: Sendable, Equatable {
            var id: Int
            var fails = false
        }
        struct Response: Sendable, Equatable { var id: Int }
        struct ViewModel: Sendable, Equatable { var text: String }
    }

    enum Route: Sendable, Equatable { case nowhere }

    final class Router: VIP.Router {
        func route(_ route: ArchErrors.Route) {}
    }

    final class View {
        var shown: [Flow.ViewModel] = []
        func show(_ viewModel: Flow.ViewModel) { shown.append(viewModel) }
    }

    struct Presenter: VIP.Presenter {
        func present(_ response: Flow.Response) -> Flow.ViewModel { .init(text: "#\(response.id)") }
    }

    /// What the interactors were asked to do, in order.
    @MainActor final class Log {
        var withoutSuspending: [Flow.Request] = []
        var handled: [Flow.Request] = []
    }

    /// Where an error leaves the interactor.
    enum Path: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case thrownFromHandle, thrownWithoutSuspending, reportedThroughOutput, reportedToTheService
        var testDescription: String { rawValue }
    }

    /// An interactor that does with a request what its `path` says, and presents the request's id otherwise.
    struct Interactor: VIP.Interactor {
        typealias Route = ArchErrors.Route
        let path: Path
        let error: any Error
        let log: Log

        func handleWithoutSuspending(_ request: Flow.Request, output: Output<Flow.Response, ArchErrors.Route>) throws -> Bool {
            log.withoutSuspending.append(request)
            if request.fails && path == .thrownWithoutSuspending { throw error }
            return false
        }

        func handle(_ request: Flow.Request, output: Output<Flow.Response, ArchErrors.Route>) async throws {
            log.handled.append(request)
            await Task.yield()  // a real suspension, so what follows runs as an async request's would
            if request.fails && path == .thrownFromHandle { throw error }
            if request.fails && path == .reportedThroughOutput { output.report(error) }
            output.present(.init(id: request.id))
        }
    }

    /// An interactor whose `handle` waits until the gate opens.
    struct GatedInteractor: VIP.Interactor {
        typealias Route = ArchErrors.Route
        let gate: Gate

        func handle(_ request: Flow.Request, output: Output<Flow.Response, ArchErrors.Route>) async throws {
            await gate.wait()
            output.present(.init(id: request.id))
        }
    }

    struct ImmediateInteractor: VIP.ImmediateInteractor {
        typealias Route = ArchErrors.Route
        func handle(_ request: Flow.Request, output: Output<Flow.Response, ArchErrors.Route>) throws {
            output.present(.init(id: request.id))
        }
    }

    /// A `LocalizedError` that gives a description: its message must be "Friendly", not its `description`.
    struct Friendly: LocalizedError, CustomStringConvertible {
        var errorDescription: String? { "Friendly" }
        var description: String { "not this one" }
    }

    /// A `LocalizedError` whose `errorDescription` is nil: its message is its `description`.
    struct Undescribed: LocalizedError, CustomStringConvertible {
        var errorDescription: String? { nil }
        var description: String { "the fallback" }
    }

    /// A plain error with a `description`.
    struct Plain: Error, CustomStringConvertible {
        var description: String { "plain" }
    }

    enum MessageCase: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case friendly, undescribed, plain
        var testDescription: String { rawValue }
        var error: any Error {
            switch self {
            case .friendly: Friendly()
            case .undescribed: Undescribed()
            case .plain: Plain()
            }
        }
        var message: String {
            switch self {
            case .friendly: "Friendly"
            case .undescribed: "the fallback"
            case .plain: "plain"
            }
        }
    }

    /// A module with one use case, `name`, whose interactor takes `path` for a failing request.
    @MainActor struct Rig {
        let module: Module<Route>
        let useCase: UseCase<Interactor, Presenter>
        let view = View()
        let log = Log()
        let router = Router()

        init(name: String, path: Path, error: any Error) {
            module = Module<Route>(name: "ArchErrors", router: router)
            useCase = module.useCase(
                name, interactor: Interactor(path: path, error: error, log: log), presenter: Presenter(),
                display: .weak(view, View.show))
        }

        /// Sends a request and waits until the module is idle; for `.reportedToTheService` the test reports the
        /// error to `module.errors` itself (source "direct") and the request then runs as a successful one.
        func run(_ request: Flow.Request, path: Path, error: any Error) async throws {
            if request.fails && path == .reportedToTheService {
                module.errors.report(error, source: "direct")
            }
            await (try useCase.send(request)).value
            await module.work.waitUntilIdle()
        }
    }
}

@MainActor
@Suite struct ArchitectureErrorsContractTests {
    // "a throw reaches the error service as `handle`'s would, and `handle` is not called for that request"
    @Test func aThrowFromHandleWithoutSuspendingReachesTheErrorServiceAndHandleIsNotCalled() async throws {
        let rig = ArchErrors.Rig(name: "wos", path: .thrownWithoutSuspending, error: ArchErrors.Friendly())
        let failing = ArchErrors.Flow.Request(id: 1, fails: true)
        do {
            let task = try rig.useCase.send(failing)
            // "a throw reaches the error service before `send` returns"
            #expect(rig.module.errors.latest?.message == "Friendly")
            await task.value
        } catch {
            Issue.record("send threw \(error); the throw belongs to the error service")
        }
        let latest = try #require(rig.module.errors.latest)
        #expect(latest.message == "Friendly")
        #expect(latest.source == "wos")
        #expect(rig.log.withoutSuspending == [failing])
        #expect(rig.log.handled.isEmpty)
        #expect(rig.view.shown.isEmpty)
        #expect(!rig.useCase.command.isExecuting)

        // The module keeps running: a later request is handled and displayed.
        let later = ArchErrors.Flow.Request(id: 2)
        await (try rig.useCase.send(later)).value
        await rig.module.work.waitUntilIdle()
        #expect(rig.log.handled == [later])
        #expect(rig.view.shown == [.init(text: "#2")])
        #expect(rig.module.errors.latest?.message == "Friendly")
    }

    // "false leaves the request to `handle`, untouched"
    @Test func falseLeavesTheRequestToHandleUntouched() async throws {
        let rig = ArchErrors.Rig(name: "wos", path: .thrownWithoutSuspending, error: ArchErrors.Plain())
        let request = ArchErrors.Flow.Request(id: 7)
        await (try rig.useCase.send(request)).value
        await rig.module.work.waitUntilIdle()
        #expect(rig.log.withoutSuspending == [request])
        #expect(rig.log.handled == [request])
        #expect(rig.view.shown == [.init(text: "#7")])
        #expect(rig.module.errors.latest == nil)
    }

    // "a throw reaches the error service as `handle`'s would"
    @Test(arguments: ArchErrors.MessageCase.allCases)
    func aThrowWithoutSuspendingGivesTheSameDisplayedErrorAsOneFromHandle(_ kind: ArchErrors.MessageCase) async throws {
        let immediate = ArchErrors.Rig(name: "same", path: .thrownWithoutSuspending, error: kind.error)
        let async = ArchErrors.Rig(name: "same", path: .thrownFromHandle, error: kind.error)
        let request = ArchErrors.Flow.Request(id: 1, fails: true)
        try await immediate.run(request, path: .thrownWithoutSuspending, error: kind.error)
        try await async.run(request, path: .thrownFromHandle, error: kind.error)
        #expect(async.log.handled == [request])
        #expect(immediate.log.handled.isEmpty)
        let fromHandle = try #require(async.module.errors.latest)
        let withoutSuspending = try #require(immediate.module.errors.latest)
        #expect(withoutSuspending.message == fromHandle.message)
        #expect(withoutSuspending.source == fromHandle.source)
        #expect(fromHandle.message == kind.message)
        #expect(fromHandle.source == "same")
    }

    // "`send(_:)` returns the request's `Task<Void, Never>`"
    @Test func sendOnAnAsyncInteractorsUseCaseReturnsATask() async throws {
        let rig = ArchErrors.Rig(name: "task", path: .thrownFromHandle, error: ArchErrors.Plain())
        let task: Task<Void, Never> = try rig.useCase.send(.init(id: 3))
        await task.value
        await rig.module.work.waitUntilIdle()
        #expect(rig.view.shown == [.init(text: "#3")])
    }

    // "(an `ImmediateInteractor`'s use case: a `FinishedRequest`)"
    @Test func sendOnAnImmediateInteractorsUseCaseReturnsAFinishedRequest() async throws {
        let view = ArchErrors.View()
        let module = Module<ArchErrors.Route>(name: "ArchErrors", router: ArchErrors.Router())
        let useCase = module.useCase(
            "immediate", interactor: ArchErrors.ImmediateInteractor(), presenter: ArchErrors.Presenter(),
            display: .weak(view, ArchErrors.View.show))
        let finished: FinishedRequest = try useCase.send(.init(id: 4))
        #expect(view.shown == [.init(text: "#4")])
        #expect(!finished.isCancelled)
        await finished.value
    }

    // "throws `CommandRefusal` when the use case cannot run now" (a second request while the first runs, re-entrance off)
    @Test func aSecondSendWhileTheFirstIsInFlightThrowsCommandRefusal() async throws {
        let gate = Gate()
        let view = ArchErrors.View()
        let module = Module<ArchErrors.Route>(name: "ArchErrors", router: ArchErrors.Router())
        let useCase = module.useCase(
            "gated", interactor: ArchErrors.GatedInteractor(gate: gate), presenter: ArchErrors.Presenter(),
            display: .weak(view, ArchErrors.View.show))
        let first: Task<Void, Never> = try useCase.send(.init(id: 1))
        #expect(useCase.command.isExecuting)
        do throws(CommandRefusal) {
            _ = try useCase.send(.init(id: 2))
            Issue.record("a second request while the first runs was not refused")
        } catch {
            let refusal: CommandRefusal = error
            guard case .alreadyExecuting = refusal else {
                Issue.record("refused as \(refusal), not as already executing")
                return
            }
        }
        gate.open()
        await first.value
        #expect(view.shown == [.init(text: "#1")])
        // Once the first has finished, the use case runs again.
        await (try useCase.send(.init(id: 3))).value
        #expect(view.shown == [.init(text: "#1"), .init(text: "#3")])
    }

    // "throws `CommandRefusal` when the use case cannot run now" (a disabled command, a module left; both kinds of use case)
    @Test(arguments: [false, true], [false, true])
    func sendThrowsCommandRefusalWhenTheUseCaseCannotRunNow(_ immediate: Bool, _ leaveTheModule: Bool) throws {
        let view = ArchErrors.View()
        let module = Module<ArchErrors.Route>(name: "ArchErrors", router: ArchErrors.Router())
        let refused: Result<Void, CommandRefusal>
        if immediate {
            let useCase = module.useCase(
                "refused", interactor: ArchErrors.ImmediateInteractor(), presenter: ArchErrors.Presenter(),
                display: .weak(view, ArchErrors.View.show))
            if leaveTheModule { module.leave() } else { useCase.command.setDisabled(reason: "not now") }
            refused = Result { () throws(CommandRefusal) in _ = try useCase.send(.init(id: 1)) }
        } else {
            let log = ArchErrors.Log()
            let interactor = ArchErrors.Interactor(path: .thrownFromHandle, error: ArchErrors.Plain(), log: log)
            let useCase = module.useCase(
                "refused", interactor: interactor, presenter: ArchErrors.Presenter(), display: .weak(view, ArchErrors.View.show))
            if leaveTheModule { module.leave() } else { useCase.command.setDisabled(reason: "not now") }
            refused = Result { () throws(CommandRefusal) in _ = try useCase.send(.init(id: 1)) }
            #expect(log.withoutSuspending.isEmpty && log.handled.isEmpty)
        }
        switch refused {
        case .success:
            Issue.record("send ran a use case that cannot run now")
        case .failure(.moduleLeft):
            #expect(leaveTheModule)
        case .failure(.disabled):
            #expect(!leaveTheModule)
        case .failure(let refusal):
            Issue.record("refused as \(refusal)")
        }
        #expect(view.shown.isEmpty)
    }

    // "a reported or thrown error's `message` is its `LocalizedError.errorDescription` when it gives one, its `description` otherwise"
    @Test(arguments: ArchErrors.MessageCase.allCases, ArchErrors.Path.allCases)
    func theMessageIsTheErrorDescriptionOrElseTheDescription(_ kind: ArchErrors.MessageCase, _ path: ArchErrors.Path) async throws {
        let rig = ArchErrors.Rig(name: "message", path: path, error: kind.error)
        try await rig.run(.init(id: 1, fails: true), path: path, error: kind.error)
        let latest = try #require(rig.module.errors.latest)
        #expect(latest.message == kind.message)
        #expect(latest.source == (path == .reportedToTheService ? "direct" : "message"))
    }

    // "a `CancellationError` is not reported (a cancelled request is not a failure)"
    @Test(arguments: ArchErrors.Path.allCases, [false, true])
    func aCancellationErrorIsNotReported(_ path: ArchErrors.Path, _ afterAnotherError: Bool) async throws {
        let rig = ArchErrors.Rig(name: "cancel", path: path, error: CancellationError())
        if afterAnotherError {
            rig.module.errors.report(ArchErrors.Plain(), source: "before")
        }
        try await rig.run(.init(id: 1, fails: true), path: path, error: CancellationError())
        if afterAnotherError {
            let latest = try #require(rig.module.errors.latest)
            #expect(latest.message == "plain")
            #expect(latest.source == "before")
        } else {
            #expect(rig.module.errors.latest == nil)
        }
    }
}
