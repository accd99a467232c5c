/// Clean Swift's layout: a scene folder of Models, Interactor (business logic and its data
/// store), Presenter, Router (routing logic and data passing), Worker, and the view
/// controller with its configurator.
enum CleanSwiftTemplate {
    static let template = ModuleTemplate(
        name: "clean-swift", description: "Clean Swift: Interactor, Presenter, Router with data passing, Worker, Models", options: [],
        files: [
            .init(
                path: "sources/{{Name}}/{{Name}}Models.swift",
                text: SharedTemplateText.dataFlow() + #"""

                    /// What the {{Name}} scene remembers between requests; the router reads it to pass data on.
                    public struct {{Name}}State: Sendable, Equatable {
                        public var items: [String] = []
                        public init() {}
                    }

                    /// Where the {{Name}} scene can go: the row the user chose, by number.
                    public enum {{Name}}Route: Equatable, Sendable {
                        case select(row: Int)
                    }

                    """#),
            .init(
                path: "sources/{{Name}}/{{Name}}Worker.swift",
                text: #"""
                    import VIP

                    /// Keeps the items that contain the query, ignoring case.
                    public struct {{Name}}Worker: Worker {
                        public init() {}

                        public func run(_ input: (items: [String], query: String)) -> [String] {
                            let query = input.query.lowercased()
                            return query.isEmpty ? input.items : input.items.filter { $0.lowercased().contains(query) }
                        }
                    }

                    """#),
            .init(
                path: "sources/{{Name}}/{{Name}}Interactor.swift",
                text: #"""
                    import VIP

                    /// The {{Name}} scene's business logic.
                    @MainActor
                    public protocol {{Name}}BusinessLogic: Interactor
                    where Request == {{Name}}.{{UseCase}}.Request, Response == {{Name}}.{{UseCase}}.Response, Route == {{Name}}Route {}

                    /// {{UseCase}}: fetches the items, keeps those the worker finds, and remembers them
                    /// in the data store for the router.
                    public struct {{Name}}{{UseCase}}Interactor: {{Name}}BusinessLogic {
                        private let items: any Provider<Void, [String]>
                        private let worker = {{Name}}Worker()
                        public let dataStore: DataStore<{{Name}}State>

                        public init(items: any Provider<Void, [String]>, dataStore: DataStore<{{Name}}State>) {
                            self.items = items
                            self.dataStore = dataStore
                        }

                        public func handle(_ request: {{Name}}.{{UseCase}}.Request, output: Output<{{Name}}.{{UseCase}}.Response, {{Name}}Route>) async throws {
                            let found = worker.run((items: try await items.fetch(), query: request.query))
                            dataStore.state.items = found
                            output.present(.init(items: found))
                        }
                    }

                    """#),
            .init(path: "sources/{{Name}}/{{Name}}Presenter.swift", text: SharedTemplateText.presenter),
            .init(
                path: "sources/{{Name}}/{{Name}}Router.swift",
                text: #"""
                    import VIP

                    /// How the {{Name}} scene hands data to the next one: through its data store.
                    @MainActor
                    public protocol {{Name}}DataPassing {
                        var dataStore: DataStore<{{Name}}State> { get }
                    }

                    /// The {{Name}} scene's routing logic: a chosen row opens the next scene with the
                    /// item the data store holds for it.
                    @MainActor
                    public final class {{Name}}Router: Router, {{Name}}DataPassing {
                        public let dataStore: DataStore<{{Name}}State>
                        private weak var navigator: Navigator?
                        private let next: @MainActor (String) throws -> any Screen

                        public init(dataStore: DataStore<{{Name}}State>, navigator: Navigator, next: @escaping @MainActor (String) throws -> any Screen) {
                            self.dataStore = dataStore
                            self.navigator = navigator
                            self.next = next
                        }

                        public func route(_ route: {{Name}}Route) {
                            switch route {
                            case let .select(row):
                                guard dataStore.state.items.indices.contains(row), let screen = try? next(dataStore.state.items[row]) else { return }
                                try? navigator?.push(screen)
                            }
                        }
                    }

                    """#),
            .init(
                path: "sources/{{Name}}/{{Name}}ViewController.swift",
                text: #"""
                    import VIP

                    /// The {{Name}} scene's view, headless: shows the view model as lines.
                    @MainActor
                    public final class {{Name}}ViewController: Display {
                        public private(set) var lines: [String] = []
                        public var module: Module<{{Name}}Route>?
                        public var interactor: UseCase<{{Name}}{{UseCase}}Interactor, {{Name}}{{UseCase}}Presenter>?
                        public var router: {{Name}}Router?

                        public init() {}

                        public func display(_ viewModel: {{Name}}.{{UseCase}}.ViewModel) {
                            lines = viewModel.rows + [viewModel.summary]
                        }
                    }

                    /// Sets the scene up, as Clean Swift's configurator does: the items provider, the
                    /// navigator and what the next scene is come from the dependencies.
                    public struct {{Name}}Configurator: Builder {
                        public init() {}

                        public func build(_ args: Void, dependencies: Dependencies) throws -> {{Name}}ViewController {
                            let items = try dependencies.resolve((any Provider<Void, [String]>).self, for: "{{Name}}")
                            let navigator = try dependencies.resolve(Navigator.self, for: "{{Name}}")
                            let next = try dependencies.resolve((@MainActor (String) throws -> any Screen).self, named: "{{Name}}.next", for: "{{Name}}")
                            let dataStore = DataStore({{Name}}State())
                            let router = {{Name}}Router(dataStore: dataStore, navigator: navigator, next: next)
                            let module = Module(name: "{{Name}}", router: router)
                            let viewController = {{Name}}ViewController()
                            viewController.module = module
                            viewController.router = router
                            viewController.interactor = module.useCase(
                                "{{useCase}}", interactor: {{Name}}{{UseCase}}Interactor(items: items, dataStore: dataStore),
                                presenter: {{Name}}{{UseCase}}Presenter(), display: .weak(viewController))
                            return viewController
                        }
                    }

                    """#),
            .init(
                path: "tests/{{Name}}Tests.swift",
                text: SharedTemplateText.test(
                    builder: "{{Name}}Configurator().build((), dependencies: Dependencies())",
                    interactor: "{{Name}}{{UseCase}}Interactor(items: items, dataStore: DataStore({{Name}}State()))"))
        ],
        ejectPaths: [
            .dataFlow: "sources/{{Name}}/{{Name}}Models.swift", .interactor: "sources/{{Name}}/{{Name}}Interactor.swift",
            .presenter: "sources/{{Name}}/{{Name}}Presenter.swift", .builder: "sources/{{Name}}/{{Name}}Configurator.swift",
            .view: "sources/{{Name}}/{{Name}}View.swift"
        ])
}
