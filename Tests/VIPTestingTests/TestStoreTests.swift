import Testing
import VIP
import VIPTesting

// checks: docs/testing.md#1-a-typed-pair-teststore
@MainActor
@Suite struct TestStoreTests {
    @Test func anExactSequencePasses() async {
        let suffix = ProviderStub<String, String>(.value("!"))
        let store = TestStore(interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter())

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.receive(.init(text: "Hello, Ada!"))
        await store.finish()

        #expect(suffix.queries == ["Ada"])
    }

    @Test func routesAndErrorsAreAssertedInOrderToo() async {
        let suffix = ProviderStub<String, String>(.failure(NamesUnavailable()))
        let store = TestStore(interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter())

        await store.send(.init(name: "open Ada"))
        await store.receive(.init(isLoading: true))
        await store.receiveRoute(.profile(name: "Ada"))

        await store.send(.init(name: "Bob"))
        await store.receive(.init(isLoading: true))
        await store.receiveError("names are unavailable")
        await store.finish()
    }

    @Test func aDifferentViewModelFailsWithADiffAtTheCallersLine() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: ProviderStub(.value("!"))), presenter: GreetingPresenter(),
            reporter: failures.reporter)

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.receive(.init(text: "Hello, Ada."))
        let line: UInt = #line - 1
        await store.finish()

        #expect(failures.lines == [line])
        #expect(
            failures.messages == [
                """
                receive: the view model differs from the one expected

                Expected/Actual (- expected, + actual):
                  Greeting.ViewModel(
                    isLoading: false,
                -   text: "Hello, Ada."
                +   text: "Hello, Ada!"
                  )

                to fix: if the new result is right, update the expectation; otherwise fix the interactor or presenter
                """
            ])
    }

    @Test func aRouteWhereAViewModelWasExpectedNamesBothKinds() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: ProviderStub()), presenter: GreetingPresenter(),
            reporter: failures.reporter)

        await store.send(.init(name: "open Ada"))
        await store.receive(.init(isLoading: true))
        await store.receive(.init(text: "Hello"))

        #expect(failures.messages.first?.hasPrefix("receive: expected a view model, but the next event was a route") == true)
        #expect(failures.messages.first?.contains("+ route: .profile(") == true)
    }

    @Test func sendingBeforeAssertingEarlierResultsFailsOnceAndTheTestGoesOn() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: answers("!")), presenter: GreetingPresenter(),
            reporter: failures.reporter)

        await store.send(.init(name: "Ada"))
        await store.send(.init(name: "Grace"))
        await store.receive(.init(isLoading: true))
        await store.receive(.init(text: "Hello, Grace!"))
        await store.finish()

        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.hasPrefix("send: 2 events produced and not asserted") == true)
        #expect(failures.messages.first?.contains("+   text: \"Hello, Ada!\"") == true)
    }

    @Test func unassertedResultsAreFineWhenNotExhaustive() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: answers("!")), presenter: GreetingPresenter(),
            reporter: failures.reporter)
        store.exhaustivity = .off

        await store.send(.init(name: "Ada"))
        await store.send(.init(name: "Grace"))
        await store.receive(.init(text: "Hello, Grace!"))
        await store.finish()

        #expect(failures.messages == [])
    }

    @Test func somethingNotAssertedFailsAtFinish() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: ProviderStub(.value("!"))), presenter: GreetingPresenter(),
            reporter: failures.reporter)

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.finish()

        #expect(
            failures.messages == [
                """
                finish: 1 event produced and not asserted

                Expected/Actual (- expected, + actual):
                + Greeting.ViewModel(
                +   isLoading: false,
                +   text: "Hello, Ada!"
                + )

                to fix: assert them with receive(_:), receiveRoute(_:) or receiveError(_:), or set exhaustivity = .off
                """
            ])
    }

    @Test func aRequestAsleepOnTheTestClockFailsAtFinishAtOnceNamingTheSleeper() async {
        let clock = TestClock()
        let failures = CollectedFailures()
        let suffix = ProviderStub<String, String>(clock: clock, .delayed(.seconds(3), .value("!")))
        let store = TestStore(
            interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter(), reporter: failures.reporter)
        // Long enough that a store waiting out its timeout would make this test slow.
        store.timeout = .seconds(60)

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.finish()

        #expect(
            failures.messages == [
                """
                finish: 1 request still running, asleep on the TestClock

                Expected/Actual (- expected, + actual):
                - no work in flight
                + 1 sleeper is waiting on the TestClock for 3.0 seconds (deadline t+3.0 seconds, now t+0.0 seconds)

                to fix: advance the clock before finish() (await clock.advance(by: .seconds(3)), or clock.run()) and assert what the request then produces
                """
            ])
        #expect(!store.isRunning)
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleepersAreCountedWithWhatIsLeftOfTheirWait() async {
        let clock = TestClock()
        let failures = CollectedFailures()
        let suffix = ProviderStub<String, String>(
            clock: clock, .delayed(.seconds(3), .value("!")), .delayed(.milliseconds(1500), .value("?")))
        let store = TestStore(
            interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter(), allowsReentrance: true,
            reporter: failures.reporter)
        store.timeout = .seconds(60)

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await clock.advance(by: .seconds(1))
        await store.send(.init(name: "Bob"))
        await store.receive(.init(isLoading: true))
        await store.finish()

        #expect(
            failures.messages.first?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                "finish: 2 requests still running, asleep on the TestClock",
                "",
                "Expected/Actual (- expected, + actual):",
                "- no work in flight",
                "+ 2 sleepers are waiting on the TestClock:",
                "+   for 1.5 seconds (deadline t+2.5 seconds, now t+1.0 seconds)",
                "+   for 2.0 seconds (deadline t+3.0 seconds, now t+1.0 seconds)",
                "",
                "to fix: advance the clock before finish() (await clock.advance(by: .seconds(2)), or clock.run()) and assert what the request then produces"
            ])
    }

    @Test func receivingWhileTheRequestSleepsOnTheTestClockFailsAtOnce() async {
        let clock = TestClock()
        let failures = CollectedFailures()
        let suffix = ProviderStub<String, String>(clock: clock, .delayed(.milliseconds(250), .value("!")))
        let store = TestStore(
            interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter(), reporter: failures.reporter)
        store.timeout = .seconds(60)

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.receive(.init(text: "Hello, Ada!"))

        #expect(
            failures.messages == [
                """
                receive: nothing was produced, and the request is asleep on the TestClock

                Expected/Actual (- expected, + actual):
                - Greeting.ViewModel(
                -   isLoading: false,
                -   text: "Hello, Ada!"
                - )
                + 1 sleeper is waiting on the TestClock for 0.25 seconds (deadline t+0.25 seconds, now t+0.0 seconds)

                to fix: advance the clock before asserting (await clock.advance(by: .milliseconds(250)))
                """
            ])
        await clock.advance(by: .milliseconds(250))
        await store.receive(.init(text: "Hello, Ada!"))
        await store.finish()
        #expect(failures.messages.count == 1)
    }

    @Test func workStillRunningOffTheTestClockFailsAfterTheTimeoutAndIsCancelled() async {
        let failures = CollectedFailures()
        let store = TestStore(interactor: StallingInteractor(), presenter: GreetingPresenter(), reporter: failures.reporter)
        store.timeout = .milliseconds(50)

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.finish()

        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.hasPrefix("finish: 1 request still running\n") == true)
        #expect(failures.messages.first?.contains("+ 1 request waiting after 0.05 seconds\n") == true)
        #expect(!store.isRunning)
    }

    @Test func countsInFailuresAgreeWithTheirNouns() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: ProviderStub(.value("!"))), presenter: GreetingPresenter(),
            reporter: failures.reporter)

        await store.send(.init(name: "Ada"))
        await store.finish()

        #expect(failures.messages.first?.hasPrefix("finish: 2 events produced and not asserted\n") == true)
        #expect(
            ProviderStubError.unscripted(call: 2).description.hasPrefix("provider stub called 2 times but nothing is scripted for call 2"))
    }

    @Test func delaysRunOnTheTestClockWithoutSleeping() async {
        let clock = TestClock()
        let suffix = ProviderStub<String, String>(clock: clock, .delayed(.seconds(30), .value("!")))
        let store = TestStore(interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter())

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        #expect(clock.sleeperCount == 1)
        #expect(store.isRunning)

        await clock.advance(by: .seconds(29))
        #expect(store.isRunning)
        await clock.advance(by: .seconds(1))
        await store.receive(.init(text: "Hello, Ada!"))
        await store.finish()
    }

    @Test func aRunningUseCaseRefusesASecondRequest() async {
        let clock = TestClock()
        let suffix = ProviderStub<String, String>(clock: clock, .delayed(.seconds(1), .value("!")))
        let store = TestStore(interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter())

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        store.sendRefused(.init(name: "Bob"), .alreadyExecuting(command: "GreetingInteractor"))
        await clock.run()
        await store.receive(.init(text: "Hello, Ada!"))
        await store.finish()
    }

    @Test func nonExhaustiveStoresAssertOnlyWhatTheyName() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: ProviderStub(.value("?"))), presenter: GreetingPresenter(),
            reporter: failures.reporter)
        store.exhaustivity = .off

        await store.send(.init(name: "Ada"))
        await store.receive(.init(text: "Hello, Ada?"))
        await store.finish()

        #expect(failures.messages.isEmpty)
        #expect(store.history.count == 2)
    }

    @Test func expectingMoreThanWasProducedFails() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: ProviderStub(.value("!"))), presenter: GreetingPresenter(),
            reporter: failures.reporter)

        await store.send(.init(name: "Ada"))
        store.skipReceived()
        await store.receiveRoute(.profile(name: "Ada"))

        #expect(failures.messages.first?.hasPrefix("receiveRoute: nothing more was produced") == true)
    }

    @Test func anUnscriptedProviderCallIsAnErrorTheTestSees() async {
        let store = TestStore(interactor: GreetingInteractor(suffix: ProviderStub()), presenter: GreetingPresenter())

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.receiveError("provider stub called 1 time but nothing is scripted for call 1; add an outcome or use always(_:)")
        await store.finish()
    }
}

/// Greets only after a long real wait, on no TestClock.
struct StallingInteractor: Interactor {
    func handle(_ request: Greeting.Request, output: Output<Greeting.Response, GreetingRoute>) async throws {
        output.present(.loading)
        try await Task.sleep(for: .seconds(60))
        output.present(.greeted("Hello, \(request.name)"))
    }
}

/// A stub that answers `suffix` however often it is called.
private func answers(_ suffix: String) -> ProviderStub<String, String> {
    let stub = ProviderStub<String, String>()
    stub.always(.value(suffix))
    return stub
}
