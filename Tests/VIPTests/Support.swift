import Foundation
import VIP

/// A tiny use case for pipeline tests: echoes its text, optionally waiting on a gate first.
enum Echo: DataFlow {
    struct Request: Sendable, Equatable { var text: String }
    struct Response: Sendable, Equatable { var text: String }
    struct ViewModel: Sendable, Equatable { var line: String }
}

enum EchoRoute: Sendable, Equatable { case next(String) }

struct EchoFailure: Error, CustomStringConvertible {
    var description: String { "echo failed" }
}

/// A gate a test opens by hand, so "work in flight" is deterministic without timers.
@MainActor
final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var isOpen = false
    /// How many times a run reached the gate, open or not.
    private(set) var arrivals = 0

    func wait() async {
        arrivals += 1
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

final class EchoInteractor: Interactor {
    let gate: Gate?
    init(gate: Gate? = nil) { self.gate = gate }

    func handle(_ request: Echo.Request, output: Output<Echo.Response, EchoRoute>) async throws {
        output.present(.init(text: "loading"))
        await gate?.wait()
        if request.text == "fail" { throw EchoFailure() }
        if request.text.hasPrefix("go ") { output.route(.next(String(request.text.dropFirst(3)))) }
        output.present(.init(text: request.text))
    }
}

struct EchoPresenter: Presenter {
    func present(_ response: Echo.Response) -> Echo.ViewModel { .init(line: "> \(response.text)") }
}

@MainActor
final class LinesDisplay: Display {
    var lines: [String] = []
    func display(_ viewModel: Echo.ViewModel) { lines.append(viewModel.line) }
}

@MainActor
final class RouteLog: Router {
    var routes: [EchoRoute] = []
    func route(_ route: EchoRoute) { routes.append(route) }
}
