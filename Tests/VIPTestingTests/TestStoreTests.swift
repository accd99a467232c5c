import Testing
import VIP
import VIPTesting

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
        #expect(failures.messages == [
            """
            receive: the view model differs from the one expected

            Expected/Actual (- expected, + actual):
              Greeting.ViewModel(
                isLoading: false,
            -   text: "Hello, Ada."
            +   text: "Hello, Ada!"
              )

            to fix: if the new result is right, update the expectation; otherwise fix the interactor or presenter
            """,
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

    @Test func somethingNotAssertedFailsAtFinish() async {
        let failures = CollectedFailures()
        let store = TestStore(
            interactor: GreetingInteractor(suffix: ProviderStub(.value("!"))), presenter: GreetingPresenter(),
            reporter: failures.reporter)

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.finish()

        #expect(failures.messages == [
            """
            finish: 1 event(s) produced and not asserted

            Expected/Actual (- expected, + actual):
            + Greeting.ViewModel(
            +   isLoading: false,
            +   text: "Hello, Ada!"
            + )

            to fix: assert them with receive(_:), receiveRoute(_:) or receiveError(_:), or set exhaustivity = .off
            """,
        ])
    }

    @Test func workStillRunningFailsAtFinishAndIsCancelled() async {
        let clock = TestClock()
        let failures = CollectedFailures()
        let suffix = ProviderStub<String, String>(clock: clock, .delayed(.seconds(5), .value("!")))
        let store = TestStore(
            interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter(), reporter: failures.reporter)
        store.timeout = .milliseconds(50)

        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.finish()

        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.hasPrefix("finish: 1 request(s) still running") == true)
        #expect(failures.messages.first?.contains("to fix: advance the TestClock") == true)
        #expect(!store.isRunning)
        #expect(clock.sleeperCount == 0)
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
        store.sendRefused(.init(name: "Bob"), .alreadyExecuting(command: "GreetingInteractor"))
        await clock.run()
        await store.receive(.init(isLoading: true))
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
        await store.receiveError("provider stub called 1 time(s) but nothing is scripted for call 1; add an outcome or use always(_:)")
        await store.finish()
    }
}
