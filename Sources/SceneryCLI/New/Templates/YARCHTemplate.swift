/// YARCH's layout: a module folder of Builder, DataFlow, Interactor, Presenter and View.
enum YARCHTemplate {
    static let template = ModuleTemplate(
        name: "yarch", description: "YARCH: Builder, DataFlow, Interactor, Presenter, View", options: [],
        files: [
            .init(path: "sources/{{Name}}/{{Name}}DataFlow.swift", text: SharedTemplateText.dataFlow()),
            .init(
                path: "sources/{{Name}}/{{Name}}Interactor.swift",
                text: #"""
                    import VIP

                    /// {{UseCase}}: fetches the items and keeps those that contain the query.
                    public struct {{Name}}{{UseCase}}Interactor: Interactor {
                        private let items: any Provider<Void, [String]>

                        public init(items: any Provider<Void, [String]>) { self.items = items }

                        public func handle(_ request: {{Name}}.{{UseCase}}.Request, output: Output<{{Name}}.{{UseCase}}.Response, Never>) async throws {
                    \#(SharedTemplateText.fetchAndFilter)
                        }
                    }

                    """#),
            .init(path: "sources/{{Name}}/{{Name}}Presenter.swift", text: SharedTemplateText.presenter),
            .init(
                path: "sources/{{Name}}/{{Name}}View.swift",
                text: #"""
                    import VIP

                    /// The {{Name}} view, headless: keeps what it shows as lines. An app's view
                    /// controller takes its place, conforming to `Display` the same way.
                    @MainActor
                    public final class {{Name}}View: Display {
                        public private(set) var lines: [String] = []

                        public init() {}

                        public func display(_ viewModel: {{Name}}.{{UseCase}}.ViewModel) {
                            lines = viewModel.rows + [viewModel.summary]
                        }
                    }

                    """#),
            .init(
                path: "sources/{{Name}}/{{Name}}Builder.swift",
                text: #"""
                    import VIP

                    /// The assembled module: its use case, wired to its view.
                    @MainActor
                    public final class {{Name}}Module {
                        public let module = Module<Never>(name: "{{Name}}")
                        public let view: {{Name}}View
                        public let {{useCase}}: UseCase<{{Name}}{{UseCase}}Interactor, {{Name}}{{UseCase}}Presenter>

                        init(items: any Provider<Void, [String]>, view: {{Name}}View) {
                            self.view = view
                            {{useCase}} = module.useCase("{{useCase}}", interactor: {{Name}}{{UseCase}}Interactor(items: items),
                                                    presenter: {{Name}}{{UseCase}}Presenter(), display: .weak(view))
                        }
                    }

                    /// Assembles the module from its dependencies; a missing one is a thrown error.
                    public struct {{Name}}Builder: Builder {
                        public init() {}

                        public func build(_ args: Void, dependencies: Dependencies) throws -> {{Name}}Module {
                            let items = try dependencies.resolve((any Provider<Void, [String]>).self, for: "{{Name}}")
                            return {{Name}}Module(items: items, view: {{Name}}View())
                        }
                    }

                    """#),
            .init(
                path: "tests/{{Name}}{{UseCase}}Tests.swift",
                text: SharedTemplateText.test(builder: "{{Name}}Builder().build((), dependencies: Dependencies())"))
        ],
        ejectPaths: [
            .dataFlow: "sources/{{Name}}/{{Name}}DataFlow.swift", .interactor: "sources/{{Name}}/{{Name}}Interactor.swift",
            .presenter: "sources/{{Name}}/{{Name}}Presenter.swift", .builder: "sources/{{Name}}/{{Name}}Builder.swift",
            .view: "sources/{{Name}}/{{Name}}View.swift"
        ])
}

/// Text the built-in templates share: the use case's data flow and its test.
enum SharedTemplateText {
    /// The body of `handle` in the interactors that fetch and filter themselves.
    static let fetchAndFilter = """
                let all = try await items.fetch()
                let query = request.query.lowercased()
                output.present(.init(items: query.isEmpty ? all : all.filter { $0.lowercased().contains(query) }))
        """

    /// The body of `present`: rows and a summary line.
    static let presentation = #"""
                .init(rows: response.items, summary: response.items.count == 1 ? "1 item" : "\(response.items.count) items")
        """#

    /// The presenter of the YARCH and Clean Swift layouts.
    static let presenter = #"""
        import VIP

        /// Formats the items as rows and a summary line.
        public struct {{Name}}{{UseCase}}Presenter: Presenter {
            public init() {}

            public func present(_ response: {{Name}}.{{UseCase}}.Response) -> {{Name}}.{{UseCase}}.ViewModel {
        \#(presentation)
            }
        }

        """#

    /// With `routes`, also the module's routes, as `{{Name}}Route`.
    static func dataFlow(routes: Bool = false) -> String { dataFlowText + (routes ? routesText : "") }

    static let routesText = #"""

        /// Where the {{Name}} module can go.
        public enum {{Name}}Route: Equatable, Sendable {
            /// Back to the screen below.
            case close
        }

        """#

    static let dataFlowText = #"""
        import VIP

        /// The {{Name}} module's use cases, as YARCH writes them: a caseless enum per use case.
        public enum {{Name}} {
            public enum {{UseCase}}: DataFlow {
                public struct Request: Sendable, Equatable {
                    public var query: String
                    public init(query: String = "") { self.query = query }
                }

                public struct Response: Sendable, Equatable {
                    public var items: [String]
                    public init(items: [String]) { self.items = items }
                }

                public struct ViewModel: Sendable, Equatable {
                    public var rows: [String]
                    public var summary: String
                    public init(rows: [String], summary: String) {
                        self.rows = rows
                        self.summary = summary
                    }
                }
            }
        }

        """#

    /// The interactor–presenter pair's test; `builder` builds the module with no dependencies.
    static func test(
        builder: String, interactor: String = "{{Name}}{{UseCase}}Interactor(items: items)",
        presenter: String = "{{Name}}{{UseCase}}Presenter()"
    ) -> String {
        #"""
        import Testing
        import VIP
        import VIPTesting
        import {{Module}}

        @MainActor
        @Suite struct {{Name}}{{UseCase}}Tests {
            @Test func aQueryKeepsTheItemsThatContainIt() async {
                let items = ProviderStub<Void, [String]>(.value(["Lamp", "Desk lamp", "Chair"]))
                let store = TestStore(interactor: \#(interactor), presenter: \#(presenter))

                await store.send(.init(query: "lamp"))
                await store.receive(.init(rows: ["Lamp", "Desk lamp"], summary: "2 items"))
                await store.finish()
            }

            @Test func aProviderFailureReachesTheErrorService() async {
                struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
                let items = ProviderStub<Void, [String]>(.failure(Offline()))
                let store = TestStore(interactor: \#(interactor), presenter: \#(presenter))

                await store.send(.init())
                await store.receiveError("offline")
                await store.finish()
            }

            @Test func theModuleNamesAMissingDependency() {
                #expect(throws: DependencyError.self) {
                    _ = try \#(builder)
                }
            }
        }

        """#
    }
}
