// The README's four steps, verbatim, so the quick start a newcomer follows always compiles
// and passes.
import Testing
import VIP
import VIPTesting

enum Greeting {
    enum Load: DataFlow {
        struct Request: Sendable { var name: String }
        enum Response: Sendable { case loading, greeted(String) }
        struct ViewModel: Sendable, Equatable {
            var isLoading = false
            var text = ""
        }
    }
}

struct GreetingInteractor: Interactor {
    let names: any Provider<String, String>  // injected, so tests pass a stub

    func handle(_ request: Greeting.Load.Request, output: Output<Greeting.Load.Response, Never>) async throws {
        output.present(.loading)
        let name = try await names.fetch(request.name)
        output.present(.greeted("Hello, \(name)!"))
    }
}

struct GreetingPresenter: Presenter {
    func present(_ response: Greeting.Load.Response) -> Greeting.Load.ViewModel {
        switch response {
        case .loading: .init(isLoading: true)
        case let .greeted(text): .init(text: text)
        }
    }
}

@MainActor
@Test func greetsByName() async {
    let names = ProviderStub<String, String>(.value("Ada"))
    let store = TestStore(interactor: GreetingInteractor(names: names), presenter: GreetingPresenter())

    await store.send(.init(name: "ada"))
    await store.receive(.init(isLoading: true))
    await store.receive(.init(text: "Hello, Ada!"))
    await store.finish()
}

// The README's one-line form of a changed view model.
@MainActor
@Test func greetsByNameNamingOnlyWhatChanged() async {
    let names = ProviderStub<String, String>(.value("Ada"))
    let store = TestStore(interactor: GreetingInteractor(names: names), presenter: GreetingPresenter())

    await store.send(.init(name: "ada"))
    await store.receive(.init(isLoading: true))
    await store.receive {
        $0.isLoading = false
        $0.text = "Hello, Ada!"
    }
    await store.finish()
}
