import ScenerySupport
import VIP

/// How strictly a ``TestStore`` checks what was produced.
public enum Exhaustivity: Sendable, Equatable {
    /// Every view model, route and error must be asserted, in order, and no work may still
    /// be running at `finish()`.
    case on
    /// Assertions pick the events they name and skip the rest; `finish()` does not fail on
    /// what was not asserted. For broad tests of one outcome.
    case off
}

/// A harness for an interactor–presenter pair, modelled on TCA's TestStore: send a request,
/// then assert the exact sequence of view models the display received and the routes and
/// errors produced.
///
/// ```swift
/// @Test @MainActor func searchShowsMatchingProducts() async {
///     let store = TestStore(interactor: CatalogLoadInteractor(products: stub, store: state),
///                           presenter: CatalogLoadPresenter())
///     await store.send(.init(query: "pixel"))
///     await store.receive(.init(isLoading: true))
///     await store.receive(.init(rows: [.init(title: "Pixel 8", detail: "$699.00")], summary: "1 product for 'pixel'"))
///     await store.finish()
/// }
/// ```
///
/// Exhaustive by default: at ``finish()`` anything produced and not asserted, and any work
/// still running, fails the test. Each failure has a headline, an Expected/Actual line diff
/// and a "to fix" line, and points at the line of the test that made the assertion.
@MainActor
public final class TestStore<I: Interactor, P: Presenter>
where I.Response == P.Response, P.ViewModel: Equatable, I.Route: Equatable {
    /// One thing the pair produced.
    public enum Event: Equatable, Sendable {
        case viewModel(P.ViewModel)
        case route(I.Route)
        case error(DisplayedError)
    }

    public var exhaustivity: Exhaustivity = .on
    /// How long an assertion waits for work in flight before it fails. It only elapses on a
    /// failure: a passing test never waits for it.
    public var timeout: Duration = .seconds(2)

    let module: Module<I.Route>
    let useCase: UseCase<I, P>
    let reporter: FailureReporter
    /// Produced and not yet asserted, each with the view model shown before it.
    var pending: [Received] = []
    /// The view model the display shows now: the last one produced.
    var shown: P.ViewModel?

    struct Received {
        let event: Event
        /// The view model the display showed before this event: what a change is made to.
        let before: P.ViewModel?
    }

    /// What an assertion expects: an event, or a view model made by changing the one shown
    /// before it.
    enum Expectation {
        case event(Event)
        case change((inout P.ViewModel) -> Void)

        /// The event expected after `before`; nil for a change with nothing shown before.
        func event(after before: P.ViewModel?) -> Event? {
            switch self {
            case let .event(event): return event
            case let .change(update):
                guard var viewModel = before else { return nil }
                update(&viewModel)
                return .viewModel(viewModel)
            }
        }
    }
    var produced: [Event] = []
    var errorWatch: Observation?
    var wakeUp: CheckedContinuation<Void, Never>?
    var finished = false
    /// The requests that sleep on a TestClock, so a wait none of them can end fails at once.
    let clockWatch = ClockWatch()
    var sent = 0

    /// - Parameters:
    ///   - interactor: the interactor under test, with its doubles injected.
    ///   - presenter: the presenter under test.
    ///   - allowsReentrance: whether the use case may run again while running.
    ///   - reporter: where failures go; the default reports to the running test framework.
    public init(interactor: I, presenter: P, allowsReentrance: Bool = false, reporter: FailureReporter = .automatic) {
        let router = RecordingRouter<I.Route>()
        let display = RecordingDisplay<P.ViewModel>()
        let module = Module(name: "TestStore", router: router)
        self.module = module
        self.reporter = reporter
        useCase = module.useCase(
            "\(I.self)", interactor: interactor, presenter: presenter, display: display.sink,
            allowsReentrance: allowsReentrance)
        // The recorders live as long as the store, which records through them.
        router.onRoute = { [weak self] in self?.record(.route($0)) }
        display.onDisplay = { [weak self] in self?.record(.viewModel($0)) }
        recorders = (router, display)
        errorWatch = module.errors.observe { [weak self] error in
            if let error { self?.record(.error(error)) }
        }
    }

    var recorders: (RecordingRouter<I.Route>, RecordingDisplay<P.ViewModel>)?

    /// Everything produced so far, asserted or not, in order.
    public var history: [Event] { produced }

    /// Whether any request is still running.
    public var isRunning: Bool { module.work.inFlightCount > 0 }

    /// Sends a request and lets it run until it finishes or waits (on a ``TestClock``, say).
    /// A refused request (the use case is already running) fails the test, and so, when
    /// exhaustive, does sending while results of an earlier request are still unasserted —
    /// as TCA's `send` fails on unhandled received actions.
    public func send(
        _ request: I.Request,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        failOnUnasserted("send", at: site)
        do {
            try start(request)
        } catch {
            fail(
                "send: the use case refused the request", expected: "the request runs", actual: "\(error)",
                fix: "wait for the running request (receive its results) before sending again, or allow re-entrance",
                at: site)
        }
        await letWorkRun()
    }

    /// Sends a request that must be refused, with exactly this refusal.
    public func sendRefused(
        _ request: I.Request, _ refusal: CommandRefusal,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        failOnUnasserted("sendRefused", at: site)
        do {
            try start(request)
            fail(
                "sendRefused: the request was accepted", expected: "\(refusal)", actual: "the request runs",
                fix: "the use case did not refuse: check allowsReentrance, or assert with send(_:)", at: site)
        } catch {
            if error != refusal {
                fail(
                    "sendRefused: the request was refused for another reason", expected: "\(refusal)",
                    actual: "\(error)", fix: "expect the refusal the use case gives", at: site)
            }
        }
    }

    /// Asserts that the next thing produced is the display receiving `viewModel`.
    public func receive(
        _ viewModel: P.ViewModel,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await expect(.event(.viewModel(viewModel)), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts that the next thing produced is the display receiving the view model it
    /// showed before, changed only as `update` says — TCA's `receive { $0.summary = … }`:
    ///
    /// ```swift
    /// await store.receive(.init(isLoading: true))
    /// await store.receive { $0.isLoading = false; $0.text = "Hello, Ada!" }
    /// ```
    ///
    /// The first view model a store receives has nothing before it: assert it whole.
    public func receive(
        _ update: @escaping (inout P.ViewModel) -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await expect(.change(update), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts that the next thing produced is a route.
    public func receiveRoute(
        _ route: I.Route,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await expect(.event(.route(route)), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts that the next thing produced is an error with this message.
    public func receiveError(
        _ message: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await expect(.event(.error(DisplayedError(message, source: useCase.name))), at: site)
    }

    /// Drops everything produced and not yet asserted.
    public func skipReceived() { pending.removeAll() }

    /// Ends the test: waits for work in flight, then fails on anything produced and not
    /// asserted and on work still running (which it then cancels). Under `.off` it only waits
    /// and cancels.
    public func finish(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        finished = true
        let wait = await waitUntil { !self.isRunning }
        if wait != .met {
            let running = module.work.inFlightCount.counting("request")
            if exhaustivity == .on {
                switch wait {
                case let .parked(sleepers):
                    fail(
                        "finish: \(running) still running, asleep on the TestClock", expected: "no work in flight",
                        actual: ClockWatch.describe(sleepers),
                        fix: "advance the clock before finish() (await clock.advance(by: \(ClockWatch.advanceSuggestion(sleepers))), "
                            + "or clock.run()) and assert what the request then produces", at: site)
                default:
                    fail(
                        "finish: \(running) still running", expected: "no work in flight",
                        actual: "\(running) waiting after \(timeout)",
                        fix: "advance the TestClock the interactor waits on, or assert the rest of its results", at: site)
                }
            }
            module.leave()
            await module.waitUntilIdle()
        }
        failOnUnasserted("finish", at: site)
    }

    /// Under `.on`, fails on what was produced and not asserted, then drops it, so one
    /// forgotten result is reported once.
    func failOnUnasserted(_ verb: String, at site: CallSite) {
        guard exhaustivity == .on, !pending.isEmpty else { return }
        let listed = pending.map { Self.describe($0.event) }.joined(separator: "\n")
        fail(
            "\(verb): \(pending.count.counting("event")) produced and not asserted", expected: "",
            actual: listed, fix: "assert them with receive(_:), receiveRoute(_:) or receiveError(_:), or set exhaustivity = .off",
            at: site)
        pending.removeAll()
    }

    // MARK: - Matching

    func expect(_ expectation: Expectation, at site: CallSite) async {
        while true {
            if exhaustivity == .on, let next = pending.first {
                pending.removeFirst()
                guard let expected = expectation.event(after: next.before) else { return nothingToChange(next.event, at: site) }
                if next.event != expected { mismatch(expected: expected, actual: next.event, at: site) }
                return
            }
            if exhaustivity == .off, let index = pending.firstIndex(where: { expectation.event(after: $0.before) == $0.event }) {
                pending.removeSubrange(...index)
                return
            }
            // What a failure shows as expected: a change is made to the view model shown last.
            let expected = expectation.event(after: shown)
            if !isRunning {
                guard let expected else { return nothingToChange(nil, at: site) }
                fail(
                    "\(Self.verb(expected)): nothing more was produced", expected: Self.describe(expected),
                    actual: pending.isEmpty ? "(nothing)" : pending.map { Self.describe($0.event) }.joined(separator: "\n"),
                    fix: "check that the interactor presents, routes or throws what the test expects", at: site)
                return
            }
            let wait = await waitUntil { !self.pending.isEmpty || !self.isRunning }
            let described = expected.map(Self.describe) ?? "a change of the view model shown before"
            if case let .parked(sleepers) = wait {
                fail(
                    "\(expected.map(Self.verb) ?? "receive"): nothing was produced, and the request is asleep on the TestClock",
                    expected: described, actual: ClockWatch.describe(sleepers),
                    fix: "advance the clock before asserting (await clock.advance(by: \(ClockWatch.advanceSuggestion(sleepers))))",
                    at: site)
                return
            }
            if wait == .timedOut {
                fail(
                    "\(expected.map(Self.verb) ?? "receive"): timed out after \(timeout) waiting", expected: described,
                    actual: "(nothing yet; the request is still running)",
                    fix: "advance the TestClock the interactor waits on before asserting", at: site)
                return
            }
        }
    }

    /// A change asserted where no view model was shown before: the first must be whole.
    func nothingToChange(_ actual: Event?, at site: CallSite) {
        fail(
            "receive: there is no earlier view model to change", expected: "a view model shown before this one",
            actual: actual.map(Self.describe) ?? "(nothing was shown)",
            fix: "assert the first view model whole, with receive(_:), then its changes with receive { $0.field = … }", at: site)
    }

    func mismatch(expected: Event, actual: Event, at site: CallSite) {
        let headline: String
        switch (expected, actual) {
        case (.viewModel, .viewModel): headline = "receive: the view model differs from the one expected"
        case (.route, .route): headline = "receiveRoute: the route differs from the one expected"
        case (.error, .error): headline = "receiveError: the error differs from the one expected"
        default: headline = "\(Self.verb(expected)): expected \(Self.kind(expected)), but the next event was \(Self.kind(actual))"
        }
        fail(
            headline, expected: Self.describe(expected), actual: Self.describe(actual),
            fix: "if the new result is right, update the expectation; otherwise fix the interactor or presenter",
            at: site)
    }

}
