import ScenerySupport
import VIP

/// Recording what the interactor and presenter do, and waiting for the work a send started.
extension TestStore {
    // MARK: - Recording and waiting

    func record(_ event: Event) {
        produced.append(event)
        pending.append(Received(event: event, before: shown))
        if case let .viewModel(viewModel) = event { shown = viewModel }
        resumeWaiter()
    }

    func resumeWaiter() {
        let waiter = wakeUp
        wakeUp = nil
        waiter?.resume()
    }

    /// Starts a request tagged for the clock watch, so its sleeps on a TestClock are known.
    func start(_ request: I.Request) throws(CommandRefusal) {
        sent += 1
        let refusal: CommandRefusal? = ClockWatch.$current.withValue(ClockWatch.Tag(watch: clockWatch, request: sent)) {
            () -> CommandRefusal? in
            do throws(CommandRefusal) {
                _ = try useCase.send(request)
                return nil
            } catch {
                return error
            }
        }
        if let refusal { throw refusal }
    }

    func letWorkRun() async {
        for _ in 0..<20 { await Task.yield() }
    }

    /// How a wait ended.
    enum Wait: Equatable {
        case met
        /// Every running request sleeps on a TestClock: nothing moves until the test advances it.
        case parked([ClockWatch.Sleeper])
        case timedOut

        static func == (lhs: Wait, rhs: Wait) -> Bool {
            switch (lhs, rhs) {
            case (.met, .met), (.parked, .parked), (.timedOut, .timedOut): true
            default: false
            }
        }
    }

    /// Waits until `condition` holds, re-checking whenever an event arrives or work ends.
    /// Ends at once when every running request sleeps on a TestClock, and after `timeout`
    /// otherwise.
    func waitUntil(_ condition: @escaping @MainActor () -> Bool) async -> Wait {
        await letWorkRun()
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition() {
            if isRunning, clockWatch.parkedRequests >= module.work.inFlightCount { return .parked(clockWatch.parked) }
            guard ContinuousClock.now < deadline else { return .timedOut }
            let watcher = Task { @MainActor [weak self] in
                await self?.module.waitUntilIdle()
                self?.resumeWaiter()
            }
            let alarm = Task { @MainActor [weak self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                self?.resumeWaiter()
            }
            await withCheckedContinuation { wakeUp = $0 }
            alarm.cancel()
            watcher.cancel()
            await letWorkRun()
        }
        return .met
    }

    func fail(_ headline: String, expected: String, actual: String, fix: String, at site: CallSite) {
        reporter(FailureMessage(headline: headline, expected: expected, actual: actual, fix: fix).text, at: site)
    }

    static func describe(_ event: Event) -> String {
        switch event {
        case let .viewModel(viewModel): ValueDump.render(viewModel)
        case let .route(route): "route: " + ValueDump.render(route)
        case let .error(error): "error: \(error.message.debugDescription)"
        }
    }

    static func kind(_ event: Event) -> String {
        switch event {
        case .viewModel: "a view model"
        case .route: "a route"
        case .error: "an error"
        }
    }

    static func verb(_ event: Event) -> String {
        switch event {
        case .viewModel: "receive"
        case .route: "receiveRoute"
        case .error: "receiveError"
        }
    }
}
