import VIP

// The typed use-case cycle: a search interactor that does not suspend, a presenter that
// formats rows, a display that keeps the last view model.

struct SearchRequest: Sendable { let query: String }
struct SearchResponse: Sendable { let names: [String] }
struct SearchViewModel: Sendable, Equatable { let rows: [String] }

struct SearchInteractor: Interactor {
    let names: [String]

    func handle(_ request: SearchRequest, output: Output<SearchResponse, Never>) async throws {
        output.present(SearchResponse(names: names.filter { $0.hasPrefix(request.query) }))
    }
}

struct SearchPresenter: Presenter {
    func present(_ response: SearchResponse) -> SearchViewModel {
        SearchViewModel(rows: response.names.enumerated().map { "\($0.offset + 1). \($0.element)" })
    }
}

@MainActor
final class SearchDisplay {
    var last: SearchViewModel?
    func show(_ viewModel: SearchViewModel) { last = viewModel }
}

@MainActor
func typedCycleRow(runs: Int) async throws -> Row {
    // About 5 µs of work called directly, as in the measurement of the cycle.
    let names = (1...40).map { $0 % 2 == 0 ? "Phone \($0)" : "Cable \($0)" }
    let interactor = SearchInteractor(names: names)
    let presenter = SearchPresenter()
    let display = SearchDisplay()
    let module = Module<Never>(name: "Search")
    let useCase = module.useCase(
        "search", interactor: interactor, presenter: presenter,
        display: .weak(display, SearchDisplay.show))
    let request = SearchRequest(query: "P")
    let direct = Output<SearchResponse, Never>(
        present: { display.show(presenter.present($0)) },
        route: { _ in }, report: { _ in })
    return try await compare(
        "typed use-case cycle", runs: runs, target: .ratio(1.1),
        a: Side(name: "`UseCase.send` of a request, awaited until the display has its view model", repeats: 2000) {
            display.last = nil
            await (try useCase.send(request)).value
            return display.last
        },
        b: Side(name: "the same interactor called directly, its presenter and display in a hand-made `Output`", repeats: 2000) {
            display.last = nil
            try await interactor.handle(request, output: direct)
            return display.last
        })
}
