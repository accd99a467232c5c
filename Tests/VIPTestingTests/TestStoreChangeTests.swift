import Testing
import VIP
import VIPTesting

/// `receive { $0.field = … }`: the view model expected is the one shown before, changed
/// only where the closure says, as TCA's `receive` takes a mutation of the state before.
// checks: docs/testing.md#1-a-typed-pair-teststore
@MainActor
@Suite struct TestStoreChangeTests {
    func store(_ failures: CollectedFailures? = nil) -> TestStore<GreetingInteractor, GreetingPresenter> {
        let suffix = ProviderStub<String, String>()
        suffix.always(.value("!"))
        return TestStore(
            interactor: GreetingInteractor(suffix: suffix), presenter: GreetingPresenter(),
            reporter: failures?.reporter ?? .automatic)
    }

    @Test func aChangeOfTheViewModelShownBeforePasses() async {
        let store = store()
        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.receive {
            $0.isLoading = false
            $0.text = "Hello, Ada!"
        }
        // The next request's first view model is a change of the last one shown.
        await store.send(.init(name: "Bob"))
        await store.receive {
            $0.isLoading = true
            $0.text = ""
        }
        await store.receive {
            $0.isLoading = false
            $0.text = "Hello, Bob!"
        }
        await store.finish()
    }

    @Test func aFieldLeftUnchangedThatChangedFailsWithTheWholeDiff() async {
        let failures = CollectedFailures()
        let store = store(failures)
        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.receive { $0.text = "Hello, Ada!" }  // isLoading went back to false too
        let line: UInt = #line - 1
        await store.finish()
        #expect(failures.lines == [line])
        #expect(
            failures.messages == [
                """
                receive: the view model differs from the one expected

                Expected/Actual (- expected, + actual):
                  Greeting.ViewModel(
                -   isLoading: true,
                +   isLoading: false,
                    text: "Hello, Ada!"
                  )

                to fix: if the new result is right, update the expectation; otherwise fix the interactor or presenter
                """
            ])
    }

    @Test func theFirstViewModelHasNothingBeforeItToChange() async {
        let failures = CollectedFailures()
        let store = store(failures)
        await store.send(.init(name: "Ada"))
        await store.receive { $0.isLoading = true }
        #expect(failures.messages.first?.hasPrefix("receive: there is no earlier view model to change") == true, "\(failures.messages)")
        #expect(failures.messages.first?.contains("assert the first view model whole") == true)
        store.skipReceived()
        await store.finish()
    }

    @Test func nonExhaustiveStoresFindTheChangeAmongTheRest() async {
        let store = store()
        store.exhaustivity = .off
        await store.send(.init(name: "Ada"))
        await store.receive {
            $0.isLoading = false
            $0.text = "Hello, Ada!"
        }
        await store.finish()
    }
}
