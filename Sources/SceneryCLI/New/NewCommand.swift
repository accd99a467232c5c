import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport
import VIP

/// `scenery new app NAME` and `scenery new scene NAME`: files that validate, run and pass
/// their tests as written. Never overwrites anything.
enum NewCommand {
    static let usage = """
        USAGE: scenery new app NAME
               scenery new scene NAME [--in APP [--from SCENE [--button TITLE]]]
                                 [--swift [--template yarch|stt|clean-swift|PATH] [--custom-router]
                                 [--no-interactor] [--option K=true|false]... [--use-case NAME]]
                                 [--module NAME] [--swift-dir DIR] [--tests-dir DIR]
               scenery new template NAME --from yarch|stt|clean-swift|PATH

        'new app NAME' creates the folder NAME: NAME/app.json, an entry scene
        (NAME/scenes/Home.json) and NAME/tests/home.transcript, which passes at once
        ('scenery test NAME'). The app is named after the folder. Refuses an existing NAME.

        'new scene NAME' writes APP/scenes/NAME.json (or NAME.json here, without --in): a
        scene with a use case, a presenter and a view, which validates. With --from SCENE,
        also wires it in: SCENE gets a use case that pushes NAME and a button that takes
        it, and the app's transcripts that passed are recorded again with the button. With
        --swift, also writes a typed Swift module for the scene, laid out as its template
        says, and a test of its interactor–presenter pair, both compiling as written, and
        adds their targets to ./Package.swift (or prints them, when it cannot). Refuses to
        overwrite any file.

        'new template NAME --from yarch' copies a template into Templates/NAME (or the
        folder NAME, when it holds a '/'), for a team to edit; '--template NAME' then finds
        it there, or next to the app given with --in.

        OPTIONS (new scene):
          --in APP          The app folder to add the scene to
          --from SCENE      Route to the new scene from SCENE: a use case and a button
          --button TITLE    The title of that button (default: the scene's name)
          --swift           Also write the Swift module and its test, and add their
                            targets to ./Package.swift
          --template T      The module's layout: yarch (default), stt, clean-swift, or a
                            team template's name or folder
          --custom-router   stt: write the module's own Router/ (default: NavigationRouter)
          --no-interactor   stt: leave Interactor/ out; the presenter does its work
          --option K=V      Set a template's option K to true or false (repeatable)
          --use-case NAME   The use case the module starts with (default Load)
          --module NAME     The Swift module the code goes in (default: the scene name)
          --swift-dir DIR   Where the Swift file goes (default: Sources/MODULE)
          --tests-dir DIR   Where the test goes (default: Tests/MODULETests)
          --help            Show this help
        """

    static let kinds = ["app", "scene", "template"]
    static let sceneOptions = ["--in", "--button", "--swift", "--module", "--swift-dir", "--tests-dir"] + templateOptions
    /// The options that shape the Swift a template writes: only with `--swift`.
    static let templateOptions = ["--template", "--custom-router", "--no-interactor", "--option", "--use-case"]

    enum Request {
        case app(folder: String, name: String)
        case scene(name: String)
        case template(name: String, from: String)
    }

    @MainActor
    static func run(_ arguments: [String], console: Console, registry: SceneRegistry) async -> Int32 {
        let specs: [Options.Spec] = [
            .value("--in"), .flag("--swift"), .value("--module"), .value("--swift-dir"), .value("--tests-dir"),
            .value("--template"), .flag("--custom-router"), .flag("--no-interactor"),
            .value("--option", repeatable: true), .value("--use-case"), .value("--from"), .value("--button")
        ]
        let start = Options.start(arguments, specs: specs, usage: usage, console: console) {
            (options: Options) throws(UsageError) -> Request in
            guard let kind = options.positional.first, kinds.contains(kind) else {
                throw UsageError.unknown("thing to create", options.positional.first ?? "", choices: kinds)
            }
            guard options.positional.count == 2 else {
                throw UsageError(
                    "new \(kind) takes one name",
                    hint: [
                        "app": "as in 'scenery new app Todo'",
                        "template": "as in 'scenery new template team --from stt'"
                    ][kind]
                        ?? "as in 'scenery new scene Wishlist --in Scenes/Shop'")
            }
            let name = options.positional[1]
            if kind == "app", options.value("--from") != nil {
                throw UsageError(
                    "option '--from' is for 'new scene' and 'new template'",
                    hint: "as in 'scenery new scene Details --in Todo --from Home'")
            }
            if kind == "template" {
                guard let from = options.value("--from") else {
                    throw UsageError("'new template' needs '--from'", hint: "start from a built-in one: --from yarch, stt or clean-swift")
                }
                if let option = sceneOptions.first(where: options.flag) {
                    throw UsageError("option '\(option)' is for 'new scene'", hint: "'new template' takes a name and '--from'")
                }
                return .template(name: name, from: from)
            }
            if kind == "scene", !options.flag("--swift"), let option = templateOptions.first(where: options.flag) {
                throw UsageError("option '\(option)' shapes the Swift module, so it needs '--swift'")
            }
            if kind == "scene", options.flag("--from"), !options.flag("--in") {
                throw UsageError(
                    "option '--from' names a scene of an app, so it needs '--in APP'",
                    hint: "as in 'scenery new scene Details --in Todo --from Home'")
            }
            if kind == "scene", options.flag("--button"), !options.flag("--from") {
                throw UsageError(
                    "option '--button' titles the button '--from' adds, so it needs '--from'",
                    hint: "as in 'scenery new scene Details --in Todo --from Home --button \"More\"'")
            }
            if kind == "app" {
                if let option = sceneOptions.first(where: options.flag) {
                    throw UsageError(
                        "option '\(option)' is for 'new scene'", hint: "'new app' takes only the folder, as in 'scenery new app Todo'")
                }
                let appName = PathText.lastComponent(of: name)
                guard ManifestNames.isAppName(appName) else {
                    throw UsageError(
                        "'\(appName)' is not an app name", hint: "use letters, digits, '-' and '_', starting with a letter, like 'Todo'")
                }
                return .app(folder: name, name: appName)
            }
            guard ManifestNames.isTypeName(name) else {
                throw UsageError(
                    "'\(name)' is not a scene name", hint: "use letters and digits, starting with a capital letter, like 'Wishlist'")
            }
            return .scene(name: name)
        }
        guard case let .run(options, request) = start else { return start.exitCode }
        switch request {
        case let .app(folder, name):
            return newApp(folder: folder, name: name, console: console)
        case let .scene(name):
            return await newScene(name, options: options, console: console, registry: registry)
        case let .template(name, from):
            return newTemplate(name, from: from, console: console)
        }
    }

    static func newTemplate(_ name: String, from: String, console: Console) -> Int32 {
        let folder = name.contains("/") ? name : "Templates/\(name)"
        guard !FileManager.default.fileExists(atPath: folder) else {
            console.error("error: '\(folder)' already exists; nothing was written")
            return ExitCode.findings
        }
        let template: ModuleTemplate
        do {
            template = try ModuleTemplate.find(from, app: nil)
        } catch {
            console.error("error: \(error)")
            return ExitCode.findings
        }
        guard write(template.files(inFolder: folder), console: console) else { return ExitCode.findings }
        console.line("next: edit it, then 'scenery new scene NAME --swift --template \(name.contains("/") ? folder : name)'", as: .success)
        return ExitCode.success
    }

    /// The Swift files of scene `name` from its template, with their paths.
    static func swiftFiles(
        _ name: String, module: String, sources: String, tests: String,
        options: Options
    ) throws(TemplateError) -> [(path: String, text: String)] {
        let template = try ModuleTemplate.find(options.value("--template") ?? "yarch", app: options.value("--in"))
        var given: [String: Bool] = [:]
        if options.flag("--custom-router") { given["customRouter"] = true }
        if options.flag("--no-interactor") { given["interactor"] = false }
        for pair in options.all("--option") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = ["true": true, "false": false][parts[1]] else {
                throw TemplateError("option '--option' takes NAME=true or NAME=false, not '\(pair)'")
            }
            given[parts[0]] = value
        }
        let useCase = options.value("--use-case") ?? "Load"
        guard ManifestNames.isTypeName(useCase) else {
            throw TemplateError(
                "'\(useCase)' is not a use case name for Swift: use letters and digits, starting with a capital letter, like 'Load'")
        }
        let rendered = try template.render(
            values: ModuleTemplate.values(name: name, module: module, useCase: useCase),
            flags: template.flags(given))
        return rendered.map { file in ("\(file.root == .sources ? sources : tests)/\(file.path)", file.text) }
    }

    static func newApp(folder: String, name: String, console: Console) -> Int32 {
        guard !FileManager.default.fileExists(atPath: folder) else {
            console.error("error: '\(folder)' already exists; nothing was written")
            return ExitCode.findings
        }
        let entry = AppTemplates.entryScene
        let files: [(path: String, text: String)] = [
            ("\(folder)/app.json", AppTemplates.app(name, schema: SceneTemplates.schemaPath(from: folder, file: "app.schema.json"))),
            ("\(folder)/scenes/\(entry).json", SceneTemplates.manifest(entry, schema: SceneTemplates.schemaPath(from: "\(folder)/scenes"))),
            ("\(folder)/tests/home.transcript", AppTemplates.transcript)
        ]
        guard write(files, console: console) else { return ExitCode.findings }
        console.line("next: 'scenery run \(folder)' to try it, 'scenery test \(folder)' to test it", as: .success)
        return ExitCode.success
    }

    static func write(_ files: [(path: String, text: String)], console: Console) -> Bool {
        do {
            for file in files {
                try FileManager.default.createDirectory(atPath: PathText.parent(of: file.path), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: file.path), options: .withoutOverwriting)
                console.line("created \(file.path)")
            }
            return true
        } catch {
            console.error("error: cannot write: \(error.localizedDescription)")
            return false
        }
    }
}

enum ManifestNames {
    /// A name that works both as a scene file name and as a Swift type name.
    static func isTypeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// A name for an app folder and its state directory: ASCII letters, digits, `-`, `_`.
    static func isAppName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }
    }
}
