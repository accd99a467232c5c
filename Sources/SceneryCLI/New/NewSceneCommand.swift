import Foundation
import SceneManifest

/// `scenery new scene NAME`: a scene manifest that validates, and with `--swift` a typed
/// module — DataFlow, Interactor, Presenter, Builder — with a test that uses VIPTesting.
/// It never overwrites a file.
enum NewSceneCommand {
    static let usage = """
        USAGE: scenery new scene NAME [--in APP] [--swift] [--module NAME] [--swift-dir DIR] [--tests-dir DIR]

        Writes APP/scenes/NAME.json (or NAME.json here, without --in): a scene with a use case,
        a presenter and a view, which validates. With --swift, also writes a typed Swift module
        for the scene and a test of its interactor–presenter pair, both compiling as written.
        Refuses to overwrite any file.

        OPTIONS:
          --in APP          The app folder to add the scene to
          --swift           Also write the Swift module and its test
          --module NAME     The Swift module the code goes in (default: the scene name)
          --swift-dir DIR   Where the Swift file goes (default: Sources/MODULE)
          --tests-dir DIR   Where the test goes (default: Tests/MODULETests)
          --help            Show this help
        """

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let specs: [Options.Spec] = [.value("--in"), .flag("--swift"), .value("--module"), .value("--swift-dir"), .value("--tests-dir")]
        let start = Options.start(arguments, specs: specs, usage: usage, console: console) {
            (options: Options) throws(UsageError) -> String in
            guard options.positional.first == "scene" else {
                throw UsageError.unknown("thing to create", options.positional.first ?? "", choices: ["scene"])
            }
            guard options.positional.count == 2 else { throw UsageError("new scene takes one name", hint: "as in 'scenery new scene Wishlist --in Scenes/Shop'") }
            let name = options.positional[1]
            guard ManifestNames.isTypeName(name) else {
                throw UsageError("'\(name)' is not a scene name", hint: "use letters and digits, starting with a capital letter, like 'Wishlist'")
            }
            return name
        }
        guard case let .run(options, name) = start else { return start.exitCode }
        let folder = options.value("--in").map { "\($0)/scenes" } ?? "."
        let module = options.value("--module") ?? name
        var files: [(path: String, text: String)] = [
            ("\(folder)/\(name).json", SceneTemplates.manifest(name, schema: SceneTemplates.schemaPath(from: folder))),
        ]
        if options.flag("--swift") {
            files.append(("\(options.value("--swift-dir") ?? "Sources/\(module)")/\(name).swift", SceneTemplates.swiftModule(name)))
            files.append(("\(options.value("--tests-dir") ?? "Tests/\(module)Tests")/\(name)Tests.swift", SceneTemplates.swiftTest(name, module: module)))
        }
        if let existing = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            console.error("error: '\(existing.path)' already exists; nothing was written")
            return ExitCode.findings
        }
        do {
            for file in files {
                try FileManager.default.createDirectory(atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: file.path))
                console.line("created \(file.path)")
            }
        } catch {
            console.error("error: cannot write: \(error.localizedDescription)")
            return ExitCode.findings
        }
        return ExitCode.success
    }
}

enum ManifestNames {
    /// A name that works both as a scene file name and as a Swift type name.
    static func isTypeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
