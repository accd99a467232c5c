import Foundation
import Testing

@testable import SceneryCLI

/// Module templates: the placeholder language, the built-in layouts as trees, team
/// templates copied, edited and refused. CI compiles every layout and runs its test
/// (.ci/compile_generated.sh).
// checks: docs/cli.md#module-layouts
// checks: docs/cli.md#team-templates
@MainActor
@Suite struct ModuleTemplateTests {
    func render(_ text: String, flags: [String: Bool] = ["on": true, "off": false]) throws(TemplateText.Failure) -> String {
        try TemplateText.render(text, values: ["Name": "Wallet", "name": "wallet"], flags: flags)
    }

    @Test func valuesAndSectionsFillIn() throws {
        #expect(try render("struct {{Name}} { let {{ name }} = 1 }") == "struct Wallet { let wallet = 1 }")
        #expect(try render("a{{#on}}b{{/on}}{{#off}}c{{/off}}{{^off}}d{{/off}}") == "abd")
        // A section tag alone on its line takes the line; nested sections keep only what all keep.
        #expect(try render("one\n  {{#on}}\ntwo\n{{#off}}\nthree\n{{/off}}\n  {{/on}}\nfour\n") == "one\ntwo\nfour\n")
    }

    @Test func badPlaceholdersSayWhereAndWhatWasMeant() {
        #expect(throws: TemplateText.Failure(message: "unknown placeholder 'Nmae'; did you mean 'Name'?", line: 2, column: 8)) {
            try render("import VIP\nstruct {{Nmae}} {}")
        }
        #expect(throws: TemplateText.Failure(message: "'{{#on}}' is never closed with '{{/on}}'", line: 1, column: 2)) {
            try render("a{{#on}}b")
        }
        #expect(throws: TemplateText.Failure(message: "'{{/off}}' closes '{{#on}}', which needs '{{/on}}'", line: 1, column: 9)) {
            try render("{{#on}}x{{/off}}")
        }
        #expect(throws: TemplateText.Failure(message: "'{{' is never closed with '}}'", line: 1, column: 3)) { try render("a {{Name") }
        // A flag is not a value, nor a value a flag.
        #expect(throws: TemplateText.Failure.self) { try render("{{#Name}}x{{/Name}}") }
    }

    @Test func aFileThatWouldLandOutsideItsFolderIsRefused() {
        for path in ["sources/../../etc/x.swift", "sources/{{Name}}/../../x.swift", "tests//x.swift", "/sources/x.swift"] {
            let template = ModuleTemplate(name: "bad", description: "", options: [], files: [.init(path: path, text: "x")])
            #expect(throws: TemplateError.self) { try template.render(values: ["Name": "W"], flags: [:]) }
        }
        let elsewhere = ModuleTemplate(name: "bad", description: "", options: [], files: [.init(path: "docs/x.md", text: "x")])
        #expect(throws: TemplateError.self) { try elsewhere.render(values: [:], flags: [:]) }
    }

    /// `scenery ARGS` with paths under `folder`: the app is `folder/App`; a scene's Swift
    /// goes to `folder/Sources/MODULE` and its test to `folder/Tests/MODULETests`; Package.swift
    /// is looked for in `folder`, which has none.
    func scenery(_ arguments: [String], in folder: URL, module: String? = nil) async -> (code: Int32, out: String, error: String) {
        var arguments = arguments
        if arguments.starts(with: ["new", "scene"]) {
            let module = module ?? arguments[2]
            arguments += [
                "--in", folder.path + "/App", "--swift-dir", folder.path + "/Sources/\(module)", "--tests-dir",
                folder.path + "/Tests/\(module)Tests"
            ]
        }
        return await runScenery(arguments, packageFolder: folder.path)
    }

    func scratch() throws -> URL {
        let folder = scratchFolder.appendingPathComponent("scenery-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "T", "entry": "Main"}"#.utf8).write(to: folder.appendingPathComponent("App/app.json"))
        return folder
    }

    /// The Swift files written, below the folder.
    func tree(_ folder: URL) -> [String] {
        let walk = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let path = walk?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(path) }
        }
        return files.sorted()
    }

    @Test(
        arguments: [
            (
                [],
                [
                    "Sources/Wallet/Wallet/WalletBuilder.swift", "Sources/Wallet/Wallet/WalletDataFlow.swift",
                    "Sources/Wallet/Wallet/WalletInteractor.swift",
                    "Sources/Wallet/Wallet/WalletPresenter.swift", "Sources/Wallet/Wallet/WalletView.swift",
                    "Tests/WalletTests/WalletLoadTests.swift"
                ]
            ),
            (
                ["--template", "stt"],
                [
                    "Sources/Wallet/Wallet/Assembler/WalletAssembler.swift", "Sources/Wallet/Wallet/Interactor/WalletInteractor.swift",
                    "Sources/Wallet/Wallet/Interactor/WalletInteractorProtocol.swift",
                    "Sources/Wallet/Wallet/Presenter/WalletPresenter.swift",
                    "Sources/Wallet/Wallet/View/WalletViewController.swift", "Sources/Wallet/Wallet/View/WalletViewDelegate.swift",
                    "Sources/Wallet/Wallet/WalletDataFlow.swift", "Tests/WalletTests/WalletTests.swift"
                ]
            ),
            (
                ["--template", "stt", "--custom-router", "--no-interactor"],
                [
                    "Sources/Wallet/Wallet/Assembler/WalletAssembler.swift", "Sources/Wallet/Wallet/Presenter/WalletPresenter.swift",
                    "Sources/Wallet/Wallet/Router/WalletRouter.swift", "Sources/Wallet/Wallet/Router/WalletRouterProtocol.swift",
                    "Sources/Wallet/Wallet/View/WalletViewController.swift", "Sources/Wallet/Wallet/View/WalletViewDelegate.swift",
                    "Sources/Wallet/Wallet/WalletDataFlow.swift", "Tests/WalletTests/WalletTests.swift"
                ]
            ),
            (
                ["--template", "clean-swift"],
                [
                    "Sources/Wallet/Wallet/WalletInteractor.swift", "Sources/Wallet/Wallet/WalletModels.swift",
                    "Sources/Wallet/Wallet/WalletPresenter.swift", "Sources/Wallet/Wallet/WalletRouter.swift",
                    "Sources/Wallet/Wallet/WalletViewController.swift", "Sources/Wallet/Wallet/WalletWorker.swift",
                    "Tests/WalletTests/WalletTests.swift"
                ]
            )
        ] as [([String], [String])])
    func eachBuiltInLayoutWritesItsTree(options: [String], files: [String]) async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = await scenery(["new", "scene", "Wallet", "--swift"] + options, in: folder)
        #expect(result.code == 0, "\(result.error)")
        #expect(tree(folder) == files)
        #expect(result.out.contains("add to Package.swift, in 'targets':"))
    }

    /// `--option K=V` is the long form of a template's flags, and `--use-case` names the
    /// use case the module starts with (docs/cli.md, scenery new).
    @Test func optionsAndTheFirstUseCaseAreTheTeamsToChoose() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = await scenery(
            [
                "new", "scene", "Purse", "--swift", "--template", "stt", "--option", "customRouter=true",
                "--use-case", "Refill"
            ], in: folder)
        #expect(made.code == 0, "\(made.error)")
        let purse = try String(contentsOfFile: folder.path + "/Sources/Purse/Purse/Assembler/PurseAssembler.swift", encoding: .utf8)
        #expect(purse.contains("let router = PurseRouter(navigator: navigator)"))
        let dataFlow = try FileManager.default.subpathsOfDirectory(atPath: folder.path + "/Sources/Purse").filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOfFile: folder.path + "/Sources/Purse/" + $0, encoding: .utf8) }.joined()
        #expect(dataFlow.contains("enum Refill"))
        #expect(!dataFlow.contains("enum Load"))
        let wrong = await scenery(["new", "scene", "Wallet", "--swift", "--template", "stt", "--option", "customRouter=maybe"], in: folder)
        #expect(wrong.code == 1)
        #expect(wrong.error == "error: option '--option' takes NAME=true or NAME=false, not 'customRouter=maybe'\n")
    }

    @Test func theSTTLayoutUsesNavigationRouterUnlessAskedForItsOwn() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await scenery(["new", "scene", "Wallet", "--swift", "--template", "stt"], in: folder)
        let assembler = try String(contentsOfFile: folder.path + "/Sources/Wallet/Wallet/Assembler/WalletAssembler.swift", encoding: .utf8)
        #expect(assembler.contains("let router = NavigationRouter<WalletRoute>(navigator: navigator)"))
        #expect(!assembler.contains("{{"))
        _ = await scenery(["new", "scene", "Purse", "--swift", "--template", "stt", "--custom-router", "--no-interactor"], in: folder)
        let purse = try String(contentsOfFile: folder.path + "/Sources/Purse/Purse/Assembler/PurseAssembler.swift", encoding: .utf8)
        #expect(purse.contains("let router = PurseRouter(navigator: navigator)"))
        #expect(purse.contains("interactor: PursePresenter(items: items)"))
    }

    @Test func aTeamTemplateIsCopiedEditedAndUsed() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Copied next to the app, where '--template team' finds it.
        let templates = folder.path + "/Templates/team"
        let copied = await scenery(["new", "template", templates, "--from", "yarch"], in: folder)
        #expect(copied.code == 0, "\(copied.error)")
        #expect(copied.out.hasPrefix("created \(templates)/template.json\ncreated \(templates)/sources/{{Name}}/{{Name}}DataFlow.swift\n"))
        let extra = folder.appendingPathComponent("Templates/team/sources/{{Name}}/{{Name}}Screen.swift")
        try Data("public let {{name}}Screen = \"{{Name}} in {{Module}}\"\n".utf8).write(to: extra)

        let used = await scenery(
            ["new", "scene", "Ledger", "--swift", "--template", "team", "--module", "Books"], in: folder, module: "Books")
        #expect(used.code == 0, "\(used.error)")
        #expect(
            try String(contentsOfFile: folder.path + "/Sources/Books/Ledger/LedgerScreen.swift", encoding: .utf8)
                == "public let ledgerScreen = \"Ledger in Books\"\n")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Tests/BooksTests/LedgerLoadTests.swift"))

        // A typo in a placeholder: refused with file, line and column, and nothing written.
        try Data("public let x = 1\npublic let {{nmae}}Screen = 1\n".utf8).write(to: extra)
        let refused = await scenery(["new", "scene", "Diary", "--swift", "--template", "team"], in: folder)
        #expect(refused.code == 1)
        #expect(
            refused.error == "error: team/sources/{{Name}}/{{Name}}Screen.swift:2:12: unknown placeholder 'nmae'; did you mean 'Name'?\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/App/scenes/Diary.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Sources/Diary"))

        // A file that would land outside its folder.
        try FileManager.default.removeItem(at: extra)
        let escaping = folder.appendingPathComponent("Templates/team/sources/{{Module}}")
        try FileManager.default.createDirectory(at: escaping, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: escaping.appendingPathComponent("x.swift"))
        let outside = await scenery(
            ["new", "scene", "Diary", "--swift", "--template", "team", "--module", ".."], in: folder, module: "Diary")
        #expect(outside.code == 1)
        #expect(outside.error.contains("outside its folder; nothing was written"))
    }

    @Test func unknownTemplatesAndOptionsAreRefusedWithWhatExists() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = await scenery(["new", "scene", "Wallet", "--swift", "--template", "sst"], in: folder)
        #expect(unknown.code == 1)
        #expect(unknown.error.contains("no template 'sst': not a built-in one (yarch, stt, clean-swift)"))
        #expect(unknown.error.contains("did you mean 'stt'?"))
        let option = await scenery(["new", "scene", "Wallet", "--swift", "--custom-router"], in: folder)
        #expect(option.error == "error: template 'yarch' has no option 'customRouter'; it has none\n")
        let noSwift = await scenery(["new", "scene", "Wallet", "--template", "stt"], in: folder)
        #expect(noSwift.code == 2)
        #expect(noSwift.error.contains("option '--template' shapes the Swift module, so it needs '--swift'"))
        #expect(tree(folder).isEmpty)
    }
}
