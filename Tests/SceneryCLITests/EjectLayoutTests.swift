import Foundation
import Testing

@testable import SceneryCLI

/// `scenery eject --template`: the built-in layouts and a team's own place the same Swift in
/// their folders, and a template that cannot place it is refused before anything is written.
// checks: docs/eject.md#layouts
@MainActor
@Suite struct EjectLayoutTests {
    let root = EjectCommandTests.root
    let shared = EjectCommandTests()

    func eject(_ app: String, _ extra: [String], into output: URL) async -> (code: Int32, out: String, error: String) {
        await runScenery(
            ["eject", app, "--all", "--output", output.path, "--format-configuration", EjectCommandTests.configuration] + extra)
    }

    /// Clean Swift's layout holds YARCH's Swift, each scene's files as `XModels`,
    /// `XInteractor`, `XPresenter` and `XConfigurator`, its builder named after its file;
    /// and `XView`; no tests are written.
    // checks: docs/eject.md#what-is-not-there-yet
    @Test func cleanSwiftPlacesTheSameSwiftInItsFiles() async throws {
        let shop = root.appendingPathComponent("Scenes/Shop").path
        let yarch = shared.scratch()
        let clean = shared.scratch()
        #expect(await eject(shop, [], into: yarch).code == 0)
        let result = await eject(shop, ["--template", "clean-swift"], into: clean)
        #expect(result.code == 0, "\(result.error)")
        let expected = try shared.files(yarch.appendingPathComponent("ShopScenes"))
        let written = try shared.files(clean.appendingPathComponent("ShopScenes"))
        var moved: [String: String] = [:]
        for (path, text) in expected {
            let renamed = path.replacingOccurrences(of: "DataFlow.swift", with: "Models.swift")
                .replacingOccurrences(of: "Builder.swift", with: "Configurator.swift")
            var swift = text
            for scene in ["Cart", "Catalog", "Checkout", "Deals", "Launch", "Login", "Orders", "Product"] {
                swift = swift.replacingOccurrences(of: "\(scene)Builder", with: "\(scene)Configurator")
            }
            moved[renamed] = swift
        }
        #expect(Set(written.keys) == Set(moved.keys))
        let roles = ["Models.swift", "Interactor.swift", "Presenter.swift", "Configurator.swift", "View.swift"]
        #expect(written.keys.filter { path in path.contains("/") && !roles.contains { path.hasSuffix($0) } }.isEmpty)
        for (path, text) in moved where written[path] != text { Issue.record("ShopScenes/\(path) differs from YARCH's Swift") }
        #expect(written["Cart/CartConfigurator.swift"]?.contains("enum CartConfigurator {") == true)
        #expect(written["ShopScenes.swift"]?.contains("registry.register(scene: \"Cart\", CartConfigurator.useCases)") == true)
    }

    /// A team template copied from a built-in one keeps its eject paths, and edited paths
    /// place the files where the team keeps them.
    @Test func aTeamTemplateSaysWhereEjectedFilesGo() async throws {
        let folder = shared.scratch()
        let team = folder.appendingPathComponent("Templates/team")
        let copied = await runScenery(["new", "template", team.path, "--from", "stt"])
        #expect(copied.code == 0, "\(copied.error)")
        let manifest = team.appendingPathComponent("template.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains(#""builder": "sources/{{Name}}/Assembler/{{Name}}Assembler.swift""#))
        try Data(
            text.replacingOccurrences(
                of: "sources/{{Name}}/Assembler/{{Name}}Assembler.swift", with: "sources/{{Module}}{{Name}}/Wiring/{{Name}}Wiring.swift"
            )
            .utf8
        ).write(to: manifest)
        let output = shared.scratch()
        let result = await eject(root.appendingPathComponent("Scenes/Orders").path, ["--template", team.path], into: output)
        #expect(result.code == 0, "\(result.error)")
        let written = try shared.files(output.appendingPathComponent("OrdersScenes"))
        #expect(written["OrdersScenesOrderList/Wiring/OrderListWiring.swift"]?.contains("enum OrderListWiring {") == true)
        #expect(written["OrderList/Interactor/OrderListInteractor.swift"] != nil)
        #expect(written["OrdersScenes.swift"]?.contains("OrderListWiring.useCases") == true)
    }

    /// Each way a template cannot place the files, with what the user sees; nothing is written.
    @Test(
        arguments: [
            (nil, "template 'team' does not say where ejected files go; add \"eject\" to its template.json"),
            (#"{"dataFlow": "sources/{{Name}}/A.swift"}"#, "\"eject\" needs a path for 'interactor'"),
            (#"{"intractor": "x"}"#, "\"eject\" has no role 'intractor'; did you mean 'interactor'?"),
            ("[]", "\"eject\" must be an object with a path for each of 'dataFlow', 'interactor', 'presenter', 'builder'")
        ] as [(String?, String)])
    func aTemplateThatCannotPlaceTheFilesIsRefused(eject paths: String?, message: String) async throws {
        try await expectRefused(eject: paths, message: message)
    }

    @Test(arguments: [
        ("sources/{{Name}}/../{{Name}}Builder.swift", "must be a '.swift' file below 'sources/'"),
        ("tests/{{Name}}Builder.swift", "must be a '.swift' file below 'sources/'"),
        ("sources/{{Name}}/{{Name}}Interactor.swift", "'interactor' and 'builder' are both"),
        ("sources/{{Name}}/{{Name}}-Builder.swift", "must be named as a Swift type"),
        ("sources/{{Name}}/{{UseCase}}Builder.swift", "unknown placeholder 'UseCase'")
    ])
    func aBuilderPathThatCannotBeUsedIsRefused(builder: String, message: String) async throws {
        let paths = """
            {"dataFlow": "sources/{{Name}}/{{Name}}DataFlow.swift", "interactor": "sources/{{Name}}/{{Name}}Interactor.swift",
             "presenter": "sources/{{Name}}/{{Name}}Presenter.swift", "builder": "\(builder)"}
            """
        try await expectRefused(eject: paths, message: message)
    }

    /// A template written before views were ejected places the view beside the DataFlow;
    /// one that names a view path that cannot be a type's file is refused.
    // checks: docs/eject.md#layouts
    // checks: docs/eject.md#the-view
    @Test func aTemplateWithoutAViewPathPutsTheViewBesideTheDataFlow() async throws {
        let folder = shared.scratch()
        let team = folder.appendingPathComponent("team")
        try FileManager.default.createDirectory(at: team.appendingPathComponent("sources"), withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: team.appendingPathComponent("sources/A.swift"))
        let paths = """
            {"dataFlow": "sources/{{Name}}/Flow/{{Name}}DataFlow.swift", "interactor": "sources/{{Name}}/{{Name}}Interactor.swift",
             "presenter": "sources/{{Name}}/{{Name}}Presenter.swift", "builder": "sources/{{Name}}/{{Name}}Builder.swift"}
            """
        try Data(#"{"formatVersion": 1, "eject": \#(paths)}"#.utf8).write(to: team.appendingPathComponent("template.json"))
        let output = folder.appendingPathComponent("out")
        let result = await eject(root.appendingPathComponent("Scenes/Orders").path, ["--template", team.path], into: output)
        #expect(result.code == 0, "\(result.error)")
        let written = try shared.files(output.appendingPathComponent("OrdersScenes"))
        #expect(written["OrderList/Flow/OrderListView.swift"]?.contains("enum OrderListView {") == true)
        #expect(written["OrdersScenes.swift"]?.contains(#"registry.register(view: "OrderList", OrderListView.draw)"#) == true)
        try await expectRefused(
            eject: String(paths.dropLast(1)) + #", "view": "sources/{{Name}}/{{Name}}-View.swift"}"#,
            message: "the view file 'sources/{{Name}}/{{Name}}-View.swift' must be named as a Swift type, as '{{Name}}View.swift'")
    }

    private func expectRefused(eject paths: String?, message: String) async throws {
        let folder = shared.scratch()
        let team = folder.appendingPathComponent("team")
        try FileManager.default.createDirectory(at: team.appendingPathComponent("sources"), withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: team.appendingPathComponent("sources/A.swift"))
        let eject = paths.map { #", "eject": \#($0)"# } ?? ""
        try Data(#"{"formatVersion": 1\#(eject)}"#.utf8).write(to: team.appendingPathComponent("template.json"))
        let output = folder.appendingPathComponent("out")
        let result = await self.eject(root.appendingPathComponent("Scenes/Orders").path, ["--template", team.path], into: output)
        #expect(result.code == 1)
        #expect(result.error.hasPrefix("error: "), "\(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.error.hasSuffix("nothing was written\n"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anUnknownTemplateIsRefusedWithADidYouMean() async {
        let output = shared.scratch()
        let result = await eject(root.appendingPathComponent("Scenes/Orders").path, ["--template", "clean-swfit"], into: output)
        #expect(result.code == 1)
        #expect(result.error.contains("no template 'clean-swfit'"))
        #expect(result.error.contains("did you mean 'clean-swift'?"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
