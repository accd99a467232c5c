import Foundation
import SceneManifest
import Testing
@testable import SceneryCLI

@MainActor
@Suite struct ScaffoldingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func scenery(_ arguments: [String]) async -> (code: Int32, out: String, error: String) {
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(arguments, console: captured.console)
        return (code, captured.out, captured.error)
    }

    func emptyApp() throws -> URL {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-new-\(UUID().uuidString)")
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
        let module = try String(contentsOfFile: "\(sources)/Wishlist.swift", encoding: .utf8)
        #expect(module.contains("public enum Load: DataFlow {"))
        #expect(module.contains("public struct WishlistLoadInteractor: Interactor {"))
        #expect(module.contains("public struct WishlistBuilder: Builder {"))
        let test = try String(contentsOfFile: "\(tests)/WishlistTests.swift", encoding: .utf8)
        #expect(test.contains("import Wishlist\n"))
        #expect(test.contains("TestStore(interactor: WishlistLoadInteractor("))
    }

    @Test(arguments: [
        (["new", "scene", "wishlist"], "error: 'wishlist' is not a scene name\n  hint: use letters and digits, starting with a capital letter, like 'Wishlist'\n"),
        (["new", "scne", "Wishlist"], "error: unknown thing to create 'scne'\n  hint: did you mean 'scene'?\n"),
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
        #expect(result.out.contains("            public var products: [Product]?\n"))
        #expect(result.out.contains("            public var row: Int\n"))
        #expect(result.out.contains("    public struct Product: Codable, Sendable, Equatable {\n        public var id: String\n"))
        for useCase in ["Load", "Open", "Sort", "Cart", "Deals", "Orders"] {
            #expect(result.out.contains("    public enum \(useCase): DataFlow {"))
        }
    }

    @Test func generateRefusesABrokenScene() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Broken-\(UUID().uuidString).json")
        try Data(#"{"formatVersion": 2}"#.utf8).write(to: file)
        let result = await scenery(["generate", "swift", file.path])
        #expect(result.code == 1)
        #expect(result.error.contains("error[E204]"))
    }
}
