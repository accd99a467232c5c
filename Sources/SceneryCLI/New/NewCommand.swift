import Foundation
import VIP
import SceneManifest
import ScenerySupport

/// `scenery new app NAME` and `scenery new scene NAME`: files that validate, run and pass
/// their tests as written. Never overwrites anything.
enum NewCommand {
    static let usage = """
        USAGE: scenery new app NAME
               scenery new scene NAME [--in APP] [--swift] [--module NAME] [--swift-dir DIR] [--tests-dir DIR]

        'new app NAME' creates the folder NAME: NAME/app.json, an entry scene
        (NAME/scenes/Home.json) and NAME/tests/home.transcript, which passes at once
        ('scenery test NAME'). The app is named after the folder. Refuses an existing NAME.

        'new scene NAME' writes APP/scenes/NAME.json (or NAME.json here, without --in): a
        scene with a use case, a presenter and a view, which validates. With --swift, also
        writes a typed Swift module for the scene and a test of its interactor–presenter
        pair, both compiling as written, and prints the lines to add to Package.swift.
        Refuses to overwrite any file.

        OPTIONS (new scene):
          --in APP          The app folder to add the scene to
          --swift           Also write the Swift module and its test
          --module NAME     The Swift module the code goes in (default: the scene name)
          --swift-dir DIR   Where the Swift file goes (default: Sources/MODULE)
          --tests-dir DIR   Where the test goes (default: Tests/MODULETests)
          --help            Show this help
        """

    static let kinds = ["app", "scene"]
    static let sceneOptions = ["--in", "--swift", "--module", "--swift-dir", "--tests-dir"]

    enum Request {
        case app(folder: String, name: String)
        case scene(name: String)
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let specs: [Options.Spec] = [.value("--in"), .flag("--swift"), .value("--module"), .value("--swift-dir"), .value("--tests-dir")]
        let start = Options.start(arguments, specs: specs, usage: usage, console: console) {
            (options: Options) throws(UsageError) -> Request in
            guard let kind = options.positional.first, kinds.contains(kind) else {
                throw UsageError.unknown("thing to create", options.positional.first ?? "", choices: kinds)
            }
            guard options.positional.count == 2 else {
                throw UsageError("new \(kind) takes one name",
                                 hint: kind == "app" ? "as in 'scenery new app Todo'" : "as in 'scenery new scene Wishlist --in Scenes/Shop'")
            }
            let name = options.positional[1]
            if kind == "app" {
                if let option = sceneOptions.first(where: options.flag) {
                    throw UsageError("option '\(option)' is for 'new scene'", hint: "'new app' takes only the folder, as in 'scenery new app Todo'")
                }
                let appName = PathText.lastComponent(of: name)
                guard ManifestNames.isAppName(appName) else {
                    throw UsageError("'\(appName)' is not an app name", hint: "use letters, digits, '-' and '_', starting with a letter, like 'Todo'")
                }
                return .app(folder: name, name: appName)
            }
            guard ManifestNames.isTypeName(name) else {
                throw UsageError("'\(name)' is not a scene name", hint: "use letters and digits, starting with a capital letter, like 'Wishlist'")
            }
            return .scene(name: name)
        }
        guard case let .run(options, request) = start else { return start.exitCode }
        switch request {
        case let .app(folder, name):
            return newApp(folder: folder, name: name, console: console)
        case let .scene(name):
            return newScene(name, options: options, console: console)
        }
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
            ("\(folder)/tests/home.transcript", AppTemplates.transcript),
        ]
        guard write(files, console: console) else { return ExitCode.findings }
        console.line("next: 'scenery run \(folder)' to try it, 'scenery test \(folder)' to test it", as: .success)
        return ExitCode.success
    }

    static func newScene(_ name: String, options: Options, console: Console) -> Int32 {
        if let app = options.value("--in"), !FileManager.default.fileExists(atPath: "\(app)/app.json") {
            console.error("error: '\(app)' is not an app: it has no app.json; nothing was written")
            console.error("  hint: create one with 'scenery new app \(app)', or give the folder that holds app.json")
            return ExitCode.findings
        }
        let folder = options.value("--in").map { "\($0)/scenes" } ?? "."
        let module = options.value("--module") ?? name
        let sources = options.value("--swift-dir") ?? "Sources/\(module)"
        let tests = options.value("--tests-dir") ?? "Tests/\(module)Tests"
        var files: [(path: String, text: String)] = [
            ("\(folder)/\(name).json", SceneTemplates.manifest(name, schema: SceneTemplates.schemaPath(from: folder))),
        ]
        if options.flag("--swift") {
            files.append(("\(sources)/\(name).swift", SceneTemplates.swiftModule(name)))
            files.append(("\(tests)/\(name)Tests.swift", SceneTemplates.swiftTest(name, module: module)))
        }
        if let existing = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            console.error("error: '\(existing.path)' already exists; nothing was written")
            return ExitCode.findings
        }
        guard write(files, console: console) else { return ExitCode.findings }
        if options.flag("--swift") {
            console.line("")
            console.lines(SceneTemplates.packageLines(module: module, sources: sources, tests: tests))
        }
        return ExitCode.success
    }

    private static func write(_ files: [(path: String, text: String)], console: Console) -> Bool {
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
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }
}
