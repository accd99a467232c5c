import Foundation
import SceneManifest
import Testing

@testable import SceneryCLI

// checks: docs/cli.md#scenery-new
// checks: docs/testing.md#scaffolding
// checks: docs/cli.md#scenery-generate
@MainActor
@Suite struct ScaffoldingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `scenery ARGUMENTS`, with Package.swift looked for in a folder that has none (the
    /// working directory is this repository, whose Package.swift `--swift` would edit).
    func scenery(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        await runScenery(arguments, packageFolder: nil)
    }

    func emptyApp() throws -> URL {
        let app = scratchFolder.appendingPathComponent("scenery-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "T", "entry": "Wishlist"}"#.utf8).write(to: app.appendingPathComponent("app.json"))
        return app
    }

    @Test func aNewSceneValidatesAndRunsInItsApp() async throws {
        let app = try emptyApp()
        let result = await scenery(["new", "scene", "Wishlist", "--in", app.path])
        #expect(result.code == 0)
        #expect(result.out == "created \(app.path)/scenes/Wishlist.json\n")
        #expect(Validator.validate(path: app.path).diagnostics.map(\.description) == [])
    }

    @Test func itRefusesToOverwrite() async throws {
        let app = try emptyApp()
        _ = await scenery(["new", "scene", "Wishlist", "--in", app.path])
        let again = await scenery(["new", "scene", "Wishlist", "--in", app.path])
        #expect(again.code == 1)
        #expect(again.error == "error: '\(app.path)/scenes/Wishlist.json' already exists; nothing was written\n")
    }

    @Test func withSwiftItWritesAModuleAndATest() async throws {
        let app = try emptyApp()
        let sources = app.appendingPathComponent("Sources/Wishlist").path
        let tests = app.appendingPathComponent("Tests/WishlistTests").path
        let result = await scenery(["new", "scene", "Wishlist", "--in", app.path, "--swift", "--swift-dir", sources, "--tests-dir", tests])
        #expect(result.code == 0)
        let dataFlow = try String(contentsOfFile: "\(sources)/Wishlist/WishlistDataFlow.swift", encoding: .utf8)
        #expect(dataFlow.contains("public enum Load: DataFlow {"))
        let interactor = try String(contentsOfFile: "\(sources)/Wishlist/WishlistInteractor.swift", encoding: .utf8)
        #expect(interactor.contains("public struct WishlistLoadInteractor: Interactor {"))
        let builder = try String(contentsOfFile: "\(sources)/Wishlist/WishlistBuilder.swift", encoding: .utf8)
        #expect(builder.contains("public struct WishlistBuilder: Builder {"))
        let test = try String(contentsOfFile: "\(tests)/WishlistLoadTests.swift", encoding: .utf8)
        #expect(test.contains("import Wishlist\n"))
        #expect(test.contains("TestStore(interactor: WishlistLoadInteractor("))
        // Without a Package.swift, it says what to add to one for the files it wrote, and why.
        #expect(
            result.out.contains(
                """
                note: there is no Package.swift here to add the targets to
                add to Package.swift, in 'targets':
                    .target(name: "Wishlist", dependencies: [.product(name: "VIP", package: "scenery")], path: "\(sources)"),
                    .testTarget(name: "WishlistTests", dependencies: ["Wishlist", .product(name: "VIP", package: "scenery"), \
                .product(name: "VIPTesting", package: "scenery")], path: "\(tests)"),
                """))
    }

    @Test func aNewAppValidatesStrictlyRunsAndPassesItsTests() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-app-\(UUID().uuidString)/Todo")
        let created = await scenery(["new", "app", folder.path])
        #expect(created.code == 0, "\(created.error)")
        #expect(
            created.out.hasPrefix(
                """
                created \(folder.path)/app.json
                created \(folder.path)/scenes/Home.json
                created \(folder.path)/tests/home.transcript

                """))
        let app = try String(contentsOf: folder.appendingPathComponent("app.json"), encoding: .utf8)
        #expect(app.contains(#""name": "Todo""#))
        let validated = await scenery(["validate", folder.path, "--strict"])
        #expect(validated.code == 0, "\(validated.error)")
        let tested = await scenery(["test", folder.path])
        #expect(tested.code == 0, "\(tested.error)")
        #expect(tested.out.hasSuffix("1 passed, 0 failed\n"))
        let script = folder.deletingLastPathComponent().appendingPathComponent("script")
        try Data("load desk\n".utf8).write(to: script)
        let ran = await scenery([
            "run", folder.path, "--script", script.path, "--state-dir",
            folder.deletingLastPathComponent().appendingPathComponent("state").path
        ])
        #expect(ran.code == 0)
        #expect(ran.out.hasSuffix("> load desk\n== Home ==\nSearch: [desk]\nLooking for desk\n"))
    }

    /// Validation warnings (here W001: a new scene nothing routes to yet) are not part of a
    /// scripted run's output, so they never end up in transcripts.
    @Test func aNewSceneDoesNotBreakTheAppsTranscripts() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-app-\(UUID().uuidString)/Todo")
        #expect(await scenery(["new", "app", folder.path]).code == 0)
        #expect(await scenery(["new", "scene", "Wish", "--in", folder.path]).code == 0)
        #expect(await scenery(["validate", folder.path]).error.contains("warning[W001]"))
        let tested = await scenery(["test", folder.path])
        #expect(tested.code == 0, "\(tested.error)")
    }

    @Test func newSceneRefusesAFolderThatIsNotAnApp() async throws {
        let folder = scratchFolder.appendingPathComponent("scenery-none-\(UUID().uuidString)")
        let result = await scenery(["new", "scene", "Wish", "--in", folder.path])
        #expect(result.code == 1)
        #expect(result.error.hasPrefix("error: '\(folder.path)' is not an app: it has no app.json; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func newAppRefusesAnExistingFolder() async throws {
        let folder = try emptyApp()
        let result = await scenery(["new", "app", folder.path])
        #expect(result.code == 1)
        #expect(result.error == "error: '\(folder.path)' already exists; nothing was written\n")
        #expect(result.out == "")
    }

    @Test(arguments: [
        (
            ["new", "scene", "wishlist"],
            "error: 'wishlist' is not a scene name\n  hint: use letters and digits, starting with a capital letter, like 'Wishlist'\n"
        ),
        (["new", "scne", "Wishlist"], "error: unknown thing to create 'scne'\n  hint: did you mean 'scene'?\n"),
        (["new", "ap", "Todo"], "error: unknown thing to create 'ap'\n  hint: did you mean 'app'?\n"),
        (
            ["new", "app", "9lives"],
            "error: '9lives' is not an app name\n  hint: use letters, digits, '-' and '_', starting with a letter, like 'Todo'\n"
        ),
        (
            ["new", "app", "Todo", "--swift"],
            "error: option '--swift' is for 'new scene'\n  hint: 'new app' takes only the folder, as in 'scenery new app Todo'\n"
        )
    ])
    func badNamesAreUsageErrors(arguments: [String], message: String) async {
        let result = await scenery(arguments)
        #expect(result.code == 2)
        #expect(result.error == message)
    }

    @Test func generateSwiftGivesTypedDataFlowsForEveryUseCase() async {
        let result = await scenery(["generate", "swift", Self.root.appendingPathComponent("Scenes/Shop/scenes/Catalog.json").path])
        #expect(result.code == 0)
        #expect(result.out.contains("public enum Catalog {\n    public enum Load: DataFlow {"))
        #expect(result.out.contains("            public var query: String?\n"))
        #expect(result.out.contains("            public var products: [Models.Product]?\n"))
        #expect(result.out.contains("            public var productId: String\n"))
        #expect(result.out.contains("    public enum Models {\n"))
        #expect(
            result.out.contains(
                "        /// The app's model 'Product'.\n        public struct Product: Codable, Sendable, Equatable {\n            public var id: String\n"
            ))
        for useCase in ["Load", "Open", "Sort", "Logout"] {
            #expect(result.out.contains("    public enum \(useCase): DataFlow {"))
        }
    }

    /// A scene made to trip the generator; `.ci/compile_generated.sh` compiles what it gives.
    static let library = root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Library")

    @Test func generatedNamesNeverCollide() async {
        let result = await scenery(["generate", "swift", Self.library.appendingPathComponent("scenes/Shelf.json").path])
        #expect(result.code == 0, "\(result.error)")
        let lines = result.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let types = lines.filter { $0.hasPrefix("public enum") || $0.hasPrefix("public struct") || $0.hasPrefix("public indirect enum") }
        #expect(
            types == [
                "public enum Shelf {",
                "public enum Book: DataFlow {", "public struct Request: Codable, Sendable, Equatable {",
                "public struct Response: Codable, Sendable, Equatable {", "public struct ViewModel: Codable, Sendable, Equatable {",
                "public enum Books: DataFlow {", "public struct Request: Codable, Sendable, Equatable {",
                "public struct Response: Codable, Sendable, Equatable {", "public struct ViewModel: Codable, Sendable, Equatable {",
                "public enum ValueUseCase: DataFlow {", "public struct Request: Codable, Sendable, Equatable {",
                "public struct Response: Codable, Sendable, Equatable {", "public struct ViewModel: Codable, Sendable, Equatable {",
                "public enum ModelsUseCase: DataFlow {", "public struct Request: Codable, Sendable, Equatable {",
                "public struct Response: Codable, Sendable, Equatable {", "public struct ViewModel: Codable, Sendable, Equatable {",
                "public enum OpenRow: DataFlow {", "public struct Request: Codable, Sendable, Equatable {",
                "public struct Response: Codable, Sendable, Equatable {", "public struct ViewModel: Codable, Sendable, Equatable {",
                "public enum OpenRowUseCase: DataFlow {", "public struct Request: Codable, Sendable, Equatable {",
                "public struct Response: Codable, Sendable, Equatable {", "public struct ViewModel: Codable, Sendable, Equatable {",
                "public enum StringUseCase: DataFlow {", "public struct Request: Codable, Sendable, Equatable {",
                "public struct Response: Codable, Sendable, Equatable {", "public struct ViewModel: Codable, Sendable, Equatable {",
                "public enum Shelf: DataFlow {", "public struct Request: Codable, Sendable, Equatable {",
                "public struct Response: Codable, Sendable, Equatable {", "public struct ViewModel: Codable, Sendable, Equatable {",
                "public enum Models {",
                "public struct Author: Codable, Sendable, Equatable {", "public struct Book: Codable, Sendable, Equatable {",
                "public struct ModelsModel: Codable, Sendable, Equatable {", "public struct Shelf: Codable, Sendable, Equatable {",
                "public struct ValueModel: Codable, Sendable, Equatable {",
                "public indirect enum Value: Codable, Sendable, Equatable {"
            ])
    }

    @Test func typesFlowThroughModelPathsListsAndOptionals() async {
        let result = await scenery(["generate", "swift", Self.library.appendingPathComponent("scenes/Shelf.json").path])
        let fields = result.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            $0.hasPrefix("public var ")
        }
        for expected in [
            "public var book: Models.Book?",  // a list item read by index may be missing
            "public var title: String?",  // response.book.title, where Book.title is a string
            "public var author: Models.Author?",  // an optional model field stays optional
            "public var born: String?",  // response.book.author.born, a date? through an optional
            "public var price: Decimal?",  // response.price * 2
            "public var tags: [String]",  // each over response.book.tags, upper(t)
            "public var related: [Models.Author?]",  // each over [Book], r.author
            "public var card: [Value]",  // records are the scene's Value
            "public var books: [Models.Book]?",
            "public var first: Models.Book?",  // first(all)
            "public var rows: [String]",  // each over [Book], b.title
            "public var firstAuthor: Models.Author?",
            "public var firstTags: [String]?",
            "public var totals: [Models.ValueModel]?",  // a model named Value
            "public var amount: Decimal?",  // response.totals[0].amount
            "public var shelves: [Models.ModelsModel]?",
            "public var `class`: String?",  // keywords in backquotes
            "public var self_: Int?",  // names Swift refuses, with a coding key
            "public var __: Int",
            "public var related: [Book]",  // inside Models, models by their own names
            "public var author: Author?",
            "public var shelf: Models.Shelf?",  // a use case, a model and the scene share a name
            "public var titles: [String]"
        ] {
            #expect(fields.contains(expected), "missing '\(expected)'")
        }
        #expect(result.out.contains("case self_ = \"self\"\n"))
        #expect(!result.out.contains("Value?"), "no field the manifest types is left as Value")
    }

    @Test func aSceneWithoutItsAppGivesItsModelsAsValues() async {
        let result = await scenery(["generate", "swift", Self.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Alone.json").path]
        )
        #expect(result.code == 0, "\(result.error)")
        let fields = result.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            $0.hasPrefix("public var ")
        }
        #expect(
            fields == [
                "public var book: Value?", "public var count: Int", "public var book: Value?", "public var title: Value?",
                "public var twice: Int?"
            ])
        #expect(!result.out.contains("Models"))
    }

    @Test func generateRefusesABrokenScene() async throws {
        let file = scratchFolder.appendingPathComponent("Broken-\(UUID().uuidString).json")
        try Data(#"{"formatVersion": 2}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await scenery(["generate", "swift", file.path])
        #expect(result.code == 1)
        #expect(result.error.contains("error[E204]"))
    }
}
