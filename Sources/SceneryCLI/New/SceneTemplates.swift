import Foundation

/// What `scenery new scene` writes.
enum SceneTemplates {
    /// The `"$schema"` line of a manifest written by `new`, or nothing.
    static func schemaLine(_ schema: String?) -> String {
        schema.map { "  \"$schema\": \"\($0)\",\n" } ?? ""
    }

    static func manifest(_ name: String, schema: String?) -> String {
        let schemaLine = schemaLine(schema)
        return """
            {
            \(schemaLine)  "formatVersion": 1,
              "scene": "\(name)",
              "title": "\(name)",
              "state": { "query": { "type": "string", "default": "" } },
              "useCases": {
                "load": {
                  "request": { "query": "string?" },
                  "interactor": [
                    { "type": "set", "path": "state.query", "value": "@{request.query ?? state.query}" }
                  ],
                  "response": { "query": "@{state.query}" },
                  "presenter": {
                    "summary": "@{count(response.query) > 0 ? 'Looking for ' + response.query : 'Showing everything'}"
                  }
                }
              },
              "view": [
                { "type": "header", "text": "\(name)" },
                { "type": "input", "label": "Search", "value": "@{state.query}", "action": "load" },
                { "type": "text", "text": "@{vm.summary}" },
                { "type": "error" }
              ],
              "onAppear": ["load"]
            }

            """
    }

    /// The relative path from `folder` to one of Scenery's schemas, when the folder sits in
    /// a tree that has it (as the project's own Scenes/ do).
    static func schemaPath(from folder: String, file: String = "scene.schema.json") -> String? {
        var directory = URL(fileURLWithPath: folder).standardizedFileURL
        var ups = 0
        while ups < 12 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("docs/schema/\(file)").path) {
                return String(repeating: "../", count: ups) + "docs/schema/\(file)"
            }
            guard directory.path != "/" else { return nil }
            directory.deleteLastPathComponent()
            ups += 1
        }
        return nil
    }

    /// The targets to add to Package.swift for the files `--swift` wrote, depending on
    /// Scenery's products; `path:` only where the folders are not SwiftPM's defaults.
    static func packageLines(module: String, sources: String, tests: String) -> [String] {
        let sourcesPath = sources == "Sources/\(module)" ? "" : ", path: \"\(sources)\""
        let testsPath = tests == "Tests/\(module)Tests" ? "" : ", path: \"\(tests)\""
        return [
            "add to Package.swift, in 'targets':",
            "    .target(name: \"\(module)\", dependencies: [.product(name: \"VIP\", package: \"scenery\")]\(sourcesPath)),",
            "    .testTarget(name: \"\(module)Tests\", dependencies: [\"\(module)\", .product(name: \"VIP\", package: \"scenery\"), "
                + ".product(name: \"VIPTesting\", package: \"scenery\")]\(testsPath)),",
            "and, in 'dependencies', Scenery itself if it is not there yet (a checkout named 'scenery',",
            "or its git URL with 'from: \"\(SceneryCommand.version)\"'):",
            "    .package(path: \"../scenery\"),",
        ]
    }

    static func swiftModule(_ name: String) -> String {
        """
        import VIP

        /// The \(name) scene as a typed module: one use case, Load, in YARCH's DataFlow form.
        public enum \(name) {
            public enum Load: DataFlow {
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

        /// Load: fetches the items and keeps those that contain the query.
        public struct \(name)LoadInteractor: Interactor {
            private let items: any Provider<Void, [String]>

            public init(items: any Provider<Void, [String]>) { self.items = items }

            public func handle(_ request: \(name).Load.Request, output: Output<\(name).Load.Response, Never>) async throws {
                let all = try await items.fetch()
                let found = request.query.isEmpty ? all : all.filter { $0.lowercased().contains(request.query.lowercased()) }
                output.present(.init(items: found))
            }
        }

        /// Formats the items as rows and a summary line.
        public struct \(name)LoadPresenter: Presenter {
            public init() {}

            public func present(_ response: \(name).Load.Response) -> \(name).Load.ViewModel {
                .init(rows: response.items, summary: response.items.count == 1 ? "1 item" : "\\(response.items.count) items")
            }
        }

        /// The assembled module: its use case, wired to a display.
        @MainActor
        public final class \(name)Module {
            public let module: Module<Never>
            public let load: UseCase<\(name)LoadInteractor, \(name)LoadPresenter>

            init(items: any Provider<Void, [String]>, display: DisplaySink<\(name).Load.ViewModel>) {
                module = Module(name: "\(name)")
                load = module.useCase("load", interactor: \(name)LoadInteractor(items: items), presenter: \(name)LoadPresenter(), display: display)
            }
        }

        /// Assembles the module from its dependencies; a missing one is a thrown error.
        public struct \(name)Builder: Builder {
            public init() {}

            public func build(_ display: DisplaySink<\(name).Load.ViewModel>, dependencies: Dependencies) throws -> \(name)Module {
                let items = try dependencies.resolve((any Provider<Void, [String]>).self, for: "\(name)")
                return \(name)Module(items: items, display: display)
            }
        }

        """
    }

    static func swiftTest(_ name: String, module: String) -> String {
        """
        import Testing
        import VIP
        import VIPTesting
        import \(module)

        @MainActor
        @Suite struct \(name)LoadTests {
            @Test func aQueryKeepsTheItemsThatContainIt() async {
                let items = ProviderStub<Void, [String]>(.value(["Lamp", "Desk lamp", "Chair"]))
                let store = TestStore(interactor: \(name)LoadInteractor(items: items), presenter: \(name)LoadPresenter())

                await store.send(.init(query: "lamp"))
                await store.receive(.init(rows: ["Lamp", "Desk lamp"], summary: "2 items"))
                await store.finish()
            }

            @Test func aProviderFailureReachesTheErrorService() async {
                struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
                let store = TestStore(interactor: \(name)LoadInteractor(items: ProviderStub(.failure(Offline()))), presenter: \(name)LoadPresenter())

                await store.send(.init())
                await store.receiveError("offline")
                await store.finish()
            }

            @Test func theBuilderNamesAMissingDependency() {
                #expect(throws: DependencyError.self) {
                    _ = try \(name)Builder().build(DisplaySink { _ in }, dependencies: Dependencies())
                }
            }
        }

        """
    }
}
