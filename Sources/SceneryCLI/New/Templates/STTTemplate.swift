/// STT's layout: Assembler, Interactor with its protocol, Router with its protocol (only
/// with `--custom-router`: the default router, VIP's `NavigationRouter`, serves most
/// modules), Presenter, and View with its delegate and controller.
enum STTTemplate {
    static let template = ModuleTemplate(
        name: "stt", description: "STT: Assembler, Interactor, Router, Presenter, View",
        options: [
            .init(
                name: "customRouter", defaultValue: false,
                doc: "write Router/ with the module's own router and its protocol instead of using NavigationRouter"),
            .init(
                name: "interactor", defaultValue: true,
                doc: "write Interactor/; without it (--no-interactor) the presenter also does the interactor's work")
        ],
        files: [
            .init(path: "sources/{{Name}}/{{Name}}DataFlow.swift", text: SharedTemplateText.dataFlow(routes: true)),
            .init(
                path: "sources/{{Name}}/Assembler/{{Name}}Assembler.swift",
                text: #"""
                    import VIP

                    /// The assembled {{Name}} module: its use case, wired to its view controller.
                    @MainActor
                    public final class {{Name}}Module {
                        public let module: Module<{{Name}}Route>
                        public let viewController: {{Name}}ViewController
                    {{#interactor}}
                        public let {{useCase}}: UseCase<{{Name}}{{UseCase}}Interactor, {{Name}}Presenter>
                    {{/interactor}}
                    {{^interactor}}
                        public let {{useCase}}: UseCase<{{Name}}Presenter, {{Name}}Presenter>
                    {{/interactor}}

                        init(items: any Provider<Void, [String]>, router: any Router<{{Name}}Route>) {
                            module = Module(name: "{{Name}}", router: router)
                            viewController = {{Name}}ViewController()
                    {{#interactor}}
                            {{useCase}} = module.useCase("{{useCase}}", interactor: {{Name}}{{UseCase}}Interactor(items: items),
                                                    presenter: {{Name}}Presenter(), display: .weak(viewController))
                    {{/interactor}}
                    {{^interactor}}
                            {{useCase}} = module.useCase("{{useCase}}", interactor: {{Name}}Presenter(items: items),
                                                    presenter: {{Name}}Presenter(items: items), display: .weak(viewController))
                    {{/interactor}}
                            viewController.{{useCase}}Command = {{useCase}}.command
                        }
                    }

                    /// STT's Assembler: builds the module from its dependencies — the items
                    /// provider and the navigator — a missing one being a thrown error.
                    public struct {{Name}}Assembler: Builder {
                        public init() {}

                        public func build(_ args: Void, dependencies: Dependencies) throws -> {{Name}}Module {
                            let items = try dependencies.resolve((any Provider<Void, [String]>).self, for: "{{Name}}")
                            let navigator = try dependencies.resolve(Navigator.self, for: "{{Name}}")
                    {{#customRouter}}
                            let router = {{Name}}Router(navigator: navigator)
                    {{/customRouter}}
                    {{^customRouter}}
                            let router = NavigationRouter<{{Name}}Route>(navigator: navigator) { route in
                                switch route {
                                case .close: .back()
                                }
                            }
                    {{/customRouter}}
                            return {{Name}}Module(items: items, router: router)
                        }
                    }

                    """#),
            .init(
                path: "sources/{{Name}}/Interactor/{{Name}}InteractorProtocol.swift",
                text: #"""
                    {{#interactor}}
                    import VIP

                    /// What the {{Name}} interactor does: one request type, one response type, its routes.
                    @MainActor
                    public protocol {{Name}}InteractorProtocol: Interactor
                    where Request == {{Name}}.{{UseCase}}.Request, Response == {{Name}}.{{UseCase}}.Response, Route == {{Name}}Route {}
                    {{/interactor}}

                    """#),
            .init(
                path: "sources/{{Name}}/Interactor/{{Name}}Interactor.swift",
                text: #"""
                    {{#interactor}}
                    import VIP

                    /// {{UseCase}}: fetches the items and keeps those that contain the query.
                    public struct {{Name}}{{UseCase}}Interactor: {{Name}}InteractorProtocol {
                        private let items: any Provider<Void, [String]>

                        public init(items: any Provider<Void, [String]>) { self.items = items }

                        public func handle(_ request: {{Name}}.{{UseCase}}.Request, output: Output<{{Name}}.{{UseCase}}.Response, {{Name}}Route>) async throws {
                    \#(SharedTemplateText.fetchAndFilter)
                        }
                    }
                    {{/interactor}}

                    """#),
            .init(
                path: "sources/{{Name}}/Router/{{Name}}RouterProtocol.swift",
                text: #"""
                    {{#customRouter}}
                    import VIP

                    /// Where the {{Name}} module's routes lead.
                    @MainActor
                    public protocol {{Name}}RouterProtocol: Router where Route == {{Name}}Route {}
                    {{/customRouter}}

                    """#),
            .init(
                path: "sources/{{Name}}/Router/{{Name}}Router.swift",
                text: #"""
                    {{#customRouter}}
                    import VIP

                    /// The {{Name}} module's own router; it holds the navigator weakly.
                    @MainActor
                    public final class {{Name}}Router: {{Name}}RouterProtocol {
                        private weak var navigator: Navigator?

                        public init(navigator: Navigator) { self.navigator = navigator }

                        public func route(_ route: {{Name}}Route) {
                            switch route {
                            case .close: try? navigator?.back()
                            }
                        }
                    }
                    {{/customRouter}}

                    """#),
            .init(
                path: "sources/{{Name}}/Presenter/{{Name}}Presenter.swift",
                text: #"""
                    import VIP

                    /// Formats the items as rows and a summary line.
                    {{#interactor}}
                    public struct {{Name}}Presenter: Presenter {
                        public init() {}
                    {{/interactor}}
                    {{^interactor}}
                    /// Without an interactor, the presenter also fetches: it is the use case's
                    /// interactor and its presenter at once.
                    public struct {{Name}}Presenter: Interactor, Presenter {
                        private let items: any Provider<Void, [String]>

                        public init(items: any Provider<Void, [String]>) { self.items = items }

                        public func handle(_ request: {{Name}}.{{UseCase}}.Request, output: Output<{{Name}}.{{UseCase}}.Response, {{Name}}Route>) async throws {
                    \#(SharedTemplateText.fetchAndFilter)
                        }
                    {{/interactor}}

                        public func present(_ response: {{Name}}.{{UseCase}}.Response) -> {{Name}}.{{UseCase}}.ViewModel {
                    \#(SharedTemplateText.presentation)
                        }
                    }

                    """#),
            .init(
                path: "sources/{{Name}}/View/{{Name}}ViewDelegate.swift",
                text: #"""
                    import VIP

                    /// What the {{Name}} view shows; the presenter's view models arrive through it.
                    @MainActor
                    public protocol {{Name}}ViewDelegate: Display where ViewModel == {{Name}}.{{UseCase}}.ViewModel {
                        var lines: [String] { get }
                    }

                    """#),
            .init(
                path: "sources/{{Name}}/View/{{Name}}ViewController.swift",
                text: #"""
                    import VIP

                    /// The {{Name}} screen, headless: shows the view model as lines, and sends the
                    /// user's requests through the presenter's command, which refuses a second one
                    /// while the first runs.
                    @MainActor
                    public final class {{Name}}ViewController: {{Name}}ViewDelegate {
                        public private(set) var lines: [String] = []
                        public var {{useCase}}Command: Command<{{Name}}.{{UseCase}}.Request>?

                        public init() {}

                        /// As UIKit's viewDidLoad: starts the first {{useCase}}.
                        public func viewDidLoad() {
                            _ = try? {{useCase}}Command?.execute(.init())
                        }

                        public func display(_ viewModel: {{Name}}.{{UseCase}}.ViewModel) {
                            lines = viewModel.rows + [viewModel.summary]
                        }
                    }

                    """#),
            .init(
                path: "tests/{{Name}}Tests.swift",
                text: SharedTemplateText.test(
                    builder: "{{Name}}Assembler().build((), dependencies: Dependencies())",
                    interactor:
                        "{{#interactor}}{{Name}}{{UseCase}}Interactor(items: items){{/interactor}}{{^interactor}}{{Name}}Presenter(items: items){{/interactor}}",
                    presenter:
                        "{{#interactor}}{{Name}}Presenter(){{/interactor}}{{^interactor}}{{Name}}Presenter(items: items){{/interactor}}"))
        ],
        ejectPaths: [
            .dataFlow: "sources/{{Name}}/{{Name}}DataFlow.swift", .interactor: "sources/{{Name}}/Interactor/{{Name}}Interactor.swift",
            .presenter: "sources/{{Name}}/Presenter/{{Name}}Presenter.swift",
            .builder: "sources/{{Name}}/Assembler/{{Name}}Assembler.swift", .view: "sources/{{Name}}/View/{{Name}}View.swift"
        ])
}
