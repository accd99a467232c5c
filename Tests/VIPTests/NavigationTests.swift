import Testing
import VIP

@MainActor
final class EchoScreen: Screen {
    let screenName: String
    let module: Module<EchoRoute>
    let interactor: EchoInteractor
    var lines: [String] = []
    var results: [String] = []
    var appearances = 0
    var left = false

    lazy var echo = module.useCase(
        "echo", interactor: interactor, presenter: EchoPresenter(), display: .weak(self, EchoScreen.show))

    init(_ name: String, gate: Gate? = nil, router: (any Router<EchoRoute>)? = nil) {
        screenName = name
        interactor = EchoInteractor(gate: gate)
        module = Module(name: name, router: router)
    }

    func show(_ viewModel: Echo.ViewModel) { lines.append(viewModel.line) }
    func screenWillAppear() { appearances += 1 }
    func screenDidReceive(result: any Sendable) { results.append("\(result)") }
    func screenDidLeave() {
        left = true
        module.leave()
    }
}

@MainActor
@Suite struct NavigationTests {
    @Test func pushAndBackPassAResultToTheParentThenItAppearsAgain() throws {
        let navigator = Navigator()
        let list = EchoScreen("List")
        navigator.start(with: list)
        let detail = EchoScreen("Detail")
        try navigator.push(detail)
        #expect(navigator.names == ["List", "Detail"])

        try navigator.back(result: "picked 2")

        #expect(navigator.names == ["List"])
        #expect(detail.left)
        #expect(list.results == ["picked 2"])
        #expect(list.appearances == 2)
    }

    @Test func dismissRemovesTheModalAndEverythingPushedOnIt() throws {
        let navigator = Navigator()
        navigator.start(with: EchoScreen("Cart"))
        try navigator.present(EchoScreen("Checkout"))
        try navigator.push(EchoScreen("Address"))

        try navigator.dismiss(result: "paid")

        #expect(navigator.names == ["Cart"])
    }

    @Test func replaceSwapsTheTopAndRootPopsToTheBottom() throws {
        let navigator = Navigator()
        navigator.start(with: EchoScreen("Launch"))
        navigator.replace(with: EchoScreen("Catalog"))
        try navigator.push(EchoScreen("Product"))
        try navigator.push(EchoScreen("Reviews"))
        #expect(navigator.names == ["Catalog", "Product", "Reviews"])

        navigator.popToRoot()

        #expect(navigator.names == ["Catalog"])
    }

    @Test func impossibleNavigationIsAnErrorNotACrash() throws {
        let navigator = Navigator(limit: 2)
        navigator.start(with: EchoScreen("A"))
        #expect(throws: NavigationError.nothingToGoBackTo) { try navigator.back() }
        #expect(throws: NavigationError.nothingPresented) { try navigator.dismiss() }
        try navigator.push(EchoScreen("B"))
        #expect(throws: NavigationError.stackLimit(2)) { try navigator.push(EchoScreen("C")) }
    }

    @Test func observersSeeEveryStackChange() throws {
        let navigator = Navigator()
        var seen: [[String]] = []
        let watch = navigator.observe { seen.append($0) }
        navigator.start(with: EchoScreen("A"))
        try navigator.push(EchoScreen("B"))
        try navigator.back()
        #expect(seen == [["A"], ["A", "B"], ["A"]])
        watch.cancel()
    }

    @Test func aDismissedModuleIsReleasedRightAway() async throws {
        let navigator = Navigator()
        navigator.start(with: EchoScreen("Root"))
        let gate = Gate()
        weak var screen: EchoScreen?
        weak var module: Module<EchoRoute>?
        weak var interactor: EchoInteractor?
        var task: Task<Void, Never>?
        do {
            let detail = EchoScreen("Detail", gate: gate)
            screen = detail
            module = detail.module
            interactor = detail.interactor
            try navigator.push(detail)
            task = try detail.echo.send(.init(text: "slow"))
        }
        await Task.yield()
        #expect(screen?.lines == ["> loading"])

        try navigator.back()

        // The view and its module go at once, though a request is still in flight.
        #expect(screen == nil)
        #expect(module == nil)
        // The cancelled request winds down and then lets go of the interactor.
        gate.open()
        await task?.value
        task = nil
        #expect(interactor == nil)
    }

    @Test func theDefaultRouterBuildsDestinationsAndReportsBuildFailures() throws {
        let navigator = Navigator()
        let errors = ErrorService()
        navigator.start(with: EchoScreen("Catalog"))
        let dependencies = Dependencies()
        let router = NavigationRouter<EchoRoute>(navigator: navigator, errors: errors) { route in
            switch route {
            case .next("product"): .push { EchoScreen("Product") }
            case .next("broken"): .push { try dependencies.resolve(EchoScreen.self, for: "Broken") }
            case .next: .back()
            }
        }

        router.route(.next("product"))
        #expect(navigator.names == ["Catalog", "Product"])

        router.route(.next("broken"))
        #expect(navigator.names == ["Catalog", "Product"])
        #expect(errors.latest?.message == "missing dependency EchoScreen for module 'Broken'; nothing is registered")

        router.route(.next("anything"))
        #expect(navigator.names == ["Catalog"])
    }
}
