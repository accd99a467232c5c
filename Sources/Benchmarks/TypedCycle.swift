import VIP

// The typed use-case cycle: a search interactor that does not suspend, a presenter that
// formats rows, a display that keeps the last view model.

struct SearchRequest: Sendable { let query: String }
struct SearchResponse: Sendable { let names: [String] }
struct SearchViewModel: Sendable, Equatable { let rows: [String] }

struct SearchInteractor: ImmediateInteractor {
    let names: [String]

    func handle(_ request: SearchRequest, output: Output<SearchResponse, Never>) throws {
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

/// The same search, written as most interactors are: `async`, so `send` runs it in a task.
struct SuspendableSearchInteractor: Interactor {
    let search: SearchInteractor

    func handle(_ request: SearchRequest, output: Output<SearchResponse, Never>) async throws {
        try search.handle(request, output: output)
    }
}

/// A display, its presenter, a module and a hand-made `Output` to the same display: what
/// both cycle rows compare.
@MainActor
struct CycleBench {
    let search = SearchInteractor(names: (1...40).map { $0 % 2 == 0 ? "Phone \($0)" : "Cable \($0)" })
    let presenter = SearchPresenter()
    let display = SearchDisplay()
    let module = Module<Never>(name: "Search")
    let request = SearchRequest(query: "P")
    var direct: Output<SearchResponse, Never> {
        Output(present: { [display, presenter] in display.show(presenter.present($0)) }, route: { _ in }, report: { _ in })
    }

    func useCase<I: Interactor>(_ interactor: I) -> UseCase<I, SearchPresenter> where I.Response == SearchResponse, I.Route == Never {
        module.useCase("search", interactor: interactor, presenter: presenter, display: .weak(display, SearchDisplay.show))
    }
}

@MainActor
func typedCycleRow(runs: Int) async throws -> Row {
    // About 5 µs of work called directly, as in the measurement of the cycle.
    let bench = CycleBench()
    let useCase = bench.useCase(bench.search)
    let direct = bench.direct
    return try await compare(
        "typed use-case cycle", runs: runs, target: .ratio(1.1),
        a: Side(
            name: "`UseCase.send` of a request to an `ImmediateInteractor`, awaited until the display has its view model", repeats: 2000
        ) {
            bench.display.last = nil
            await (try useCase.send(bench.request)).value
            return bench.display.last
        },
        b: Side(name: "the same interactor called directly, its presenter and display in a hand-made `Output`", repeats: 2000) {
            bench.display.last = nil
            try bench.search.handle(bench.request, output: direct)
            return bench.display.last
        })
}

@MainActor
func typedCycleAsyncRow(runs: Int) async throws -> Row {
    let bench = CycleBench()
    let interactor = SuspendableSearchInteractor(search: bench.search)
    let useCase = bench.useCase(interactor)
    let direct = bench.direct
    return try await compare(
        "typed use-case cycle, an `async` interactor", runs: runs, target: .ratio(1.3),
        a: Side(
            name: "`UseCase.send` of a request to an `async` interactor (a task per request), awaited until the display has its view model",
            repeats: 2000
        ) {
            bench.display.last = nil
            await (try useCase.send(bench.request)).value
            return bench.display.last
        },
        b: Side(name: "the same interactor awaited directly, its presenter and display in a hand-made `Output`", repeats: 2000) {
            bench.display.last = nil
            try await interactor.handle(bench.request, output: direct)
            return bench.display.last
        })
}
