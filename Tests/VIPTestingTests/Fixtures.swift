import ScenerySupport
import VIP
import VIPTesting

enum Greeting: DataFlow {
    struct Request: Sendable, Equatable { var name: String }
    enum Response: Sendable, Equatable { case loading, greeted(String) }
    struct ViewModel: Sendable, Equatable {
        var isLoading = false
        var text = ""
    }
}

enum GreetingRoute: Sendable, Equatable { case profile(name: String) }

struct NamesUnavailable: Error, CustomStringConvertible {
    var description: String { "names are unavailable" }
}

/// Greets through a provider of a suffix; routes to a profile for "open NAME".
struct GreetingInteractor: Interactor {
    let suffix: ProviderStub<String, String>

    func handle(_ request: Greeting.Request, output: Output<Greeting.Response, GreetingRoute>) async throws {
        output.present(.loading)
        if request.name.hasPrefix("open ") {
            output.route(.profile(name: String(request.name.dropFirst(5))))
            return
        }
        let suffix = try await suffix.fetch(request.name)
        output.present(.greeted("Hello, \(request.name)\(suffix)"))
    }
}

struct GreetingPresenter: Presenter {
    func present(_ response: Greeting.Response) -> Greeting.ViewModel {
        switch response {
        case .loading: .init(isLoading: true)
        case let .greeted(text): .init(text: text)
        }
    }
}
