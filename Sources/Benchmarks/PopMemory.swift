import Foundation
import VIP

/// A screen that shows the search's rows, for the push and pop rows.
@MainActor
protocol SearchShowing: Screen {
    var display: SearchDisplay { get }
}

/// A typed screen whose use case runs when it appears, as a list screen loads.
@MainActor
final class SearchScreen: SearchShowing {
    let module = Module<Never>(name: "Search")
    let display = SearchDisplay()
    // An `async` interactor, as a typed screen is usually written.
    private var search: UseCase<SuspendableSearchInteractor, SearchPresenter>?

    init() {
        search = module.useCase(
            "search", interactor: SuspendableSearchInteractor(search: SearchInteractor(names: ["Pixel 8", "Phone Case"])),
            presenter: SearchPresenter(), display: .weak(display, SearchDisplay.show))
    }

    var screenName: String { "Search" }
    func screenWillAppear() { _ = try? search?.send(SearchRequest(query: "P")) }
    func screenDidLeave() { module.leave() }
}

/// The same screen with an ``ImmediateInteractor``: its request runs with no task, as a JSON
/// use case whose steps cannot suspend does. A class of its own rather than a generic one:
/// `send` runs an immediate interactor without a task only where its type is known to be one.
@MainActor
final class ImmediateSearchScreen: SearchShowing {
    let module = Module<Never>(name: "Search")
    let display = SearchDisplay()
    private var search: UseCase<SearchInteractor, SearchPresenter>?

    init() {
        search = module.useCase(
            "search", interactor: SearchInteractor(names: ["Pixel 8", "Phone Case"]), presenter: SearchPresenter(),
            display: .weak(display, SearchDisplay.show))
    }

    var screenName: String { "Search" }
    func screenWillAppear() { _ = try? search?.send(SearchRequest(query: "P")) }
    func screenDidLeave() { module.leave() }
}

/// The memory the process holds now, in MiB: its resident pages after the allocator has
/// handed freed pages back, so a sample is not hidden by memory an earlier one freed.
func residentMiB() -> Double {
    #if os(Linux)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        if let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
            let fields = text.split(separator: " ")
            if fields.count > 1, let pages = Double(fields[1]) { return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576 }
        }
        return 0
    #else
        var statistics = malloc_statistics_t()
        malloc_zone_statistics(nil, &statistics)
        return Double(statistics.size_in_use) / 1_048_576
    #endif
}

@MainActor
func popMemoryRow(runs: Int) async throws -> Row {
    let navigator = Navigator()
    navigator.start(with: SearchScreen())
    // Pushes and pops `count` screens without yielding; the growth of resident memory.
    func growth(popping count: Int) async throws -> Double {
        let before = residentMiB()
        for _ in 0..<count {
            try navigator.push(SearchScreen())
            try navigator.back()
        }
        let after = residentMiB()
        // Let whatever the screens left queued run before the next sample.
        for _ in 0..<3 { await Task.yield() }
        return max(0, after - before)
    }
    var large: [Double] = []
    var small: [Double] = []
    for _ in 0..<runs {
        large.append(try await growth(popping: 10_000))
        small.append(try await growth(popping: 1_000))
    }
    let a = large.sorted()[runs / 2]
    let b = small.sorted()[runs / 2]
    return Row(
        metric: "memory after popping 10 000 screens without yielding",
        a: "the growth of resident memory over pushing and popping 10 000 typed screens whose use case runs on appear, without yielding",
        b: "the same for 1 000 screens", aText: String(format: "+%.1f MiB", a), bText: String(format: "+%.1f MiB", b),
        aMedian: a, bMedian: b, ratios: [], target: .mebibytes(1), runs: runs)
}
