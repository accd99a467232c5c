import Foundation
import SceneRuntime
import ShopComponents
import Testing

@testable import SceneryCLI

/// `scenery eject` end to end: the modules the `ejected` executable compiles and runs are
/// exactly what eject writes, a scene ejected alone is the same Swift, and every refusal
/// writes nothing.
// checks: docs/cli.md#scenery-eject
// checks: docs/eject.md#eject-a-scene
// checks: docs/eject.md#what-eject-writes
@MainActor
@Suite struct EjectCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let configuration = root.appendingPathComponent(".ci/swift-format.json").path

    func scratch() -> URL { scratchFolder.appendingPathComponent("scenery-eject-\(UUID().uuidString)") }

    /// Every file below `folder`, by its path inside it, with its text.
    func files(_ folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walker?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                found[relative] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return found
    }

    /// The Shop is ejected in the default layout, Orders in STT's, so the `ejected`
    /// executable compiles and runs both.
    // checks: docs/eject.md#layouts
    @Test(arguments: [("Shop", "yarch"), ("Orders", "stt")])
    func theCompiledModulesAreWhatEjectWrites(app: String, template: String) async throws {
        let output = scratch()
        let result = await runScenery(
            [
                "eject", Self.root.appendingPathComponent("Scenes/\(app)").path, "--all", "--output", output.path,
                "--format-configuration", Self.configuration
            ] + (template == "yarch" ? [] : ["--template", template]))
        #expect(result.code == 0, "\(result.error)")
        try expectCompiled("Sources/Examples/\(app)Scenes", isWritten: output.appendingPathComponent("\(app)Scenes"))
        #expect(
            result.out.hasSuffix(
                "note: register the scenes in the app's executable with '\(app)Scenes.register(into: registry)'; its target depends on SceneRuntime, SceneManifest and VIP\n"
            ))
    }

    /// The benchmark's catalog (its models and scene, as Sources/Benchmarks/JSONUseCase.swift
    /// declares them) ejected is what `BenchScenes` compiles.
    @Test func theBenchmarkSceneIsWhatEjectWrites() async throws {
        let benchmark = try String(contentsOf: Self.root.appendingPathComponent("Sources/Benchmarks/JSONUseCase.swift"), encoding: .utf8)
        func literal(_ name: String) throws -> String {
            let start = try #require(benchmark.range(of: "let \(name) = \"\"\"\n"))
            let end = try #require(benchmark.range(of: "\n    \"\"\"", range: start.upperBound..<benchmark.endIndex))
            return benchmark[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0.dropFirst(4)) }.joined(separator: "\n")
        }
        let app = scratch().appendingPathComponent("Bench")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        let manifest = """
            {"formatVersion": 1, "name": "Bench", "entry": "Catalog", "locale": "en_US", "currency": "USD", "models": \(try literal("catalogModels")),
             "providers": {"products": {"type": "inline", "model": "[Product]", "value": []}}}
            """
        try Data(manifest.utf8).write(to: app.appendingPathComponent("app.json"))
        try Data(try literal("catalogScene").utf8).write(to: app.appendingPathComponent("scenes/Catalog.json"))
        let output = scratch()
        let result = await runScenery([
            "eject", app.path, "--all", "--output", output.path, "--format-configuration", Self.configuration
        ])
        #expect(result.code == 0, "\(result.error)")
        try expectCompiled("Sources/BenchScenes", isWritten: output.appendingPathComponent("BenchScenes"))
    }

    /// The module the package compiles at `compiled` holds exactly the files eject wrote.
    func expectCompiled(_ compiled: String, isWritten output: URL) throws {
        let written = try files(output)
        let checkedIn = try files(Self.root.appendingPathComponent(compiled))
        #expect(Set(written.keys) == Set(checkedIn.keys))
        for (path, text) in checkedIn where written[path] != text {
            Issue.record("\(compiled)/\(path) is not what 'scenery eject' writes now; eject it again")
        }
    }

    /// The sample apps' transcripts as tests (`--tests`), run against the JSON scenes with
    /// the app's Swift components, are what Tests/ShopScenesTests and Tests/OrdersScenesTests
    /// hold (bar the Shop's own registerComponents), and `swift test` runs those against the
    /// ejected modules.
    // checks: docs/eject.md#tests-from-transcripts
    @Test(arguments: [("Shop", "yarch"), ("Orders", "stt")])
    func theTranscriptTestsAreWhatEjectWrites(app: String, template: String) async throws {
        // The app in a scratch folder laid out as the package is, so the tests find it by the same path.
        let scratch = scratch()
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("Scenes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Scenes/\(app)"), to: scratch.appendingPathComponent("Scenes/\(app)"))
        let registry = SceneRegistry()
        if app == "Shop" { ShopComponents.register(into: registry) }
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(
            [
                "eject", scratch.appendingPathComponent("Scenes/\(app)").path, "--all", "--template", template, "--output",
                scratch.appendingPathComponent("Sources").path, "--tests", scratch.appendingPathComponent("Tests").path,
                "--format-configuration", Self.configuration
            ], console: captured.console, registry: registry)
        #expect(code == 0, "\(captured.error)")
        let written = try files(scratch.appendingPathComponent("Tests/\(app)ScenesTests"))
        let checkedIn = try files(Self.root.appendingPathComponent("Tests/\(app)ScenesTests")).filter { $0.key != "Components.swift" }
        #expect(Set(written.keys) == Set(checkedIn.keys))
        for (path, text) in checkedIn where written[path] != text {
            Issue.record("Tests/\(app)ScenesTests/\(path) is not what 'scenery eject --tests' writes now; eject the app again")
        }
        #expect(written["\(app)ScenesTranscripts.swift"]?.contains("registerComponents(registry)") == (app == "Shop"))
        // Every transcript of both apps is a test, the one that restarts the app too.
        #expect(!captured.out.contains("is not made a test"), "\(captured.out)")
        #expect(written.keys.contains("PersistTranscriptTests.swift") == (app == "Orders"))
    }

    /// Without the app's Swift components, its transcripts cannot run as they do: `--tests`
    /// is refused, naming them, and nothing is written.
    // checks: docs/eject.md#tests-from-transcripts
    @Test func testsNeedTheAppsSwiftComponents() async throws {
        let output = scratch()
        let result = await runScenery([
            "eject", Self.root.appendingPathComponent("Scenes/Shop").path, "--all", "--output", output.path, "--tests",
            output.appendingPathComponent("Tests").path, "--no-format"
        ])
        #expect(result.code == 1)
        #expect(result.error.contains("this executable does not register its Swift components ("), "\(result.error)")
        #expect(result.error.contains("provider 'LoyaltyAccounts', worker 'loyaltyPoints')"), "\(result.error)")
        #expect(result.error.hasSuffix("nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A scene with no use case is ejected for its view alone, registered as a view, and a
    /// scene whose use cases are Swift already and whose view reads their view model is left
    /// out. CI compiles the Menu app ejected and runs its transcript (.ci/compile_generated.sh).
    @Test func aSceneWithNoUseCaseIsEjectedForItsViewAlone() async throws {
        let output = scratch()
        defer { try? FileManager.default.removeItem(at: output) }
        let menu = await runScenery([
            "eject", Self.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Eject/Menu").path, "--all", "--output", output.path,
            "--no-format"
        ])
        #expect(menu.code == 0, "\(menu.error)")
        #expect(menu.out.contains("note: 'Home' has no use case to eject: its view is ejected alone\n"), "\(menu.out)")
        let written = try files(output.appendingPathComponent("MenuScenes"))
        #expect(
            written.keys.sorted() == [
                "Counter/CounterBuilder.swift", "Counter/CounterDataFlow.swift", "Counter/CounterInteractor.swift",
                "Counter/CounterView.swift", "Home/HomeView.swift", "MenuScenes.swift"
            ])
        let registration = written["MenuScenes.swift"] ?? ""
        #expect(registration.contains(#"if views, names?.contains("Home") ?? true { registry.register(view: "Home", HomeView.draw) }"#))
        #expect(!registration.contains(#"register(scene: "Home""#))
        #expect(registration.contains(#"public static let scenes: [String] = ["Counter", "Home"]"#))

        let rewards = await runScenery([
            "eject", Self.root.appendingPathComponent("Scenes/Shop").path, "Rewards", "--output", output.path, "--no-format"
        ])
        #expect(rewards.code == 1)
        #expect(
            rewards.out.hasPrefix(
                "note: 'Rewards' has no use case to eject: each is in Swift already, and its view stays the manifest's: "),
            "\(rewards.out)")
        #expect(rewards.out.hasSuffix("the presenter of 'load' is in Swift, so the view model's types are not known before running\n"))
        #expect(rewards.error == "error: no scene named has anything to eject; nothing was written\n", "\(rewards.error)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("ShopScenes").path))
    }

    // checks: docs/eject.md#how-it-runs-in-place-of-the-scene
    @Test func aSceneEjectedAloneIsTheSameSwiftAsEjectedWithTheRest() async throws {
        let output = scratch()
        let result = await runScenery([
            "eject", Self.root.appendingPathComponent("Scenes/Shop").path, "Cart", "--output", output.path,
            "--format-configuration", Self.configuration
        ])
        #expect(result.code == 0, "\(result.error)")
        let alone = try files(output.appendingPathComponent("ShopScenes"))
        let whole = try files(Self.root.appendingPathComponent("Sources/Examples/ShopScenes"))
        #expect(
            alone.keys.sorted() == [
                "Cart/CartBuilder.swift", "Cart/CartDataFlow.swift", "Cart/CartInteractor.swift", "Cart/CartPresenter.swift",
                "Cart/CartView.swift", "Models.swift", "ShopScenes.swift"
            ])
        for path in alone.keys where path.hasPrefix("Cart/") || path == "Models.swift" {
            #expect(alone[path] == whole[path], "\(path) differs when Cart is ejected alone")
        }
        // The module registers the scene it holds, and only the scenes named when asked to.
        #expect(alone["ShopScenes.swift"]?.contains(#"public static let scenes: [String] = ["Cart"]"#) == true)
        #expect(alone["ShopScenes.swift"]?.contains(#"registry.register(scene: "Cart", CartBuilder.useCases)"#) == true)
        #expect(alone["ShopScenes.swift"]?.contains(#"registry.register(view: "Cart", CartView.draw)"#) == true)
    }

    @Test func filesThatExistAreNotWrittenOverWithoutForce() async throws {
        let output = scratch()
        let app = Self.root.appendingPathComponent("Scenes/Shop").path
        let first = await runScenery(["eject", app, "Login", "--output", output.path, "--no-format"])
        #expect(first.code == 0, "\(first.error)")
        let interactor = output.appendingPathComponent("ShopScenes/Login/LoginInteractor.swift")
        try Data("// mine\n".utf8).write(to: interactor)
        let again = await runScenery(["eject", app, "Login", "--output", output.path, "--no-format"])
        #expect(again.code == 1)
        #expect(again.error.contains("error: '\(interactor.path)' exists"))
        #expect(again.error.hasSuffix("error: nothing was written; give --force to write over what exists\n"))
        #expect(try String(contentsOf: interactor, encoding: .utf8) == "// mine\n")
        let forced = await runScenery(["eject", app, "Login", "--output", output.path, "--no-format", "--force"])
        #expect(forced.code == 0, "\(forced.error)")
        #expect(try String(contentsOf: interactor, encoding: .utf8).contains("struct LoginLoginInteractor: Interactor"))
        // What was there is said: the file written over replaced, the others unchanged.
        #expect(forced.out.contains("replaced \(interactor.path)\n"), "\(forced.out)")
        #expect(forced.out.contains("unchanged \(output.path)/ShopScenes/Login/LoginBuilder.swift\n"), "\(forced.out)")
        #expect(!forced.out.contains("created "), "\(forced.out)")
    }

    @Test func theModuleIsNamedAndPlacedAsAsked() async throws {
        let output = scratch()
        let result = await runScenery([
            "eject", Self.root.appendingPathComponent("Scenes/Shop").path, "Deals", "--module", "ShopSwift", "--output", output.path,
            "--no-format"
        ])
        #expect(result.code == 0, "\(result.error)")
        let written = try files(output.appendingPathComponent("ShopSwift"))
        #expect(written["ShopSwift.swift"]?.contains("public enum ShopSwift {") == true)
        // Left as written: one line per use case in the builder, which 'swift format' would keep too.
        #expect(written["Deals/DealsPresenter.swift"]?.contains("struct DealsLoadPresenter: Presenter {") == true)
        #expect(result.out.contains("created \(output.path)/ShopSwift/Deals/DealsDataFlow.swift\n"))
    }

    @Test func aSceneTheAppDoesNotHaveIsRefusedWithADidYouMean() async throws {
        let output = scratch()
        let result = await runScenery(["eject", Self.root.appendingPathComponent("Scenes/Shop").path, "Logn", "--output", output.path])
        #expect(result.code == 1)
        #expect(result.error.contains("has no scene 'Logn'; did you mean 'Login'?"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func scenesOrAllAreAskedForOnce() async throws {
        let app = Self.root.appendingPathComponent("Scenes/Shop").path
        let neither = await runScenery(["eject", app])
        #expect(neither.code == 2)
        #expect(neither.error.hasPrefix("error: name the scenes to eject, or give --all"))
        let both = await runScenery(["eject", app, "Login", "--all"])
        #expect(both.code == 2)
        #expect(both.error.hasPrefix("error: give the scenes to eject or --all, not both"))
    }

    @Test func aModuleNameThatIsNoSwiftIdentifierIsRefused() async throws {
        let output = scratch()
        for name in ["../Escaped", "My Scenes", "2Scenes"] {
            let result = await runScenery([
                "eject", Self.root.appendingPathComponent("Scenes/Shop").path, "Login", "--module", name, "--output", output.path
            ])
            #expect(result.code == 2)
            #expect(result.error.hasPrefix("error: '\(name)' is not a Swift module name"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aFormatConfigurationThatIsNotThereIsAnErrorBeforeAnythingIsWritten() async throws {
        let output = scratch()
        let result = await runScenery([
            "eject", Self.root.appendingPathComponent("Scenes/Shop").path, "Login", "--output", output.path, "--format-configuration",
            output.appendingPathComponent("none.json").path
        ])
        #expect(result.code == 1)
        #expect(result.error.contains("error: no 'swift format' configuration at"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aSceneNamedTwiceIsEjectedOnce() async throws {
        let output = scratch()
        let result = await runScenery([
            "eject", Self.root.appendingPathComponent("Scenes/Shop").path, "Login", "Login", "--output", output.path, "--no-format"
        ])
        #expect(result.code == 0, "\(result.error)")
        #expect(result.out.components(separatedBy: "LoginDataFlow.swift").count == 2)
        let module = try String(contentsOf: output.appendingPathComponent("ShopScenes/ShopScenes.swift"), encoding: .utf8)
        #expect(module.contains(#"public static let scenes: [String] = ["Login"]"#))
    }
}
