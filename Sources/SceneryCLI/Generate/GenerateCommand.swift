import Foundation
import SceneManifest

/// `scenery generate swift SCENE.json`: the typed DataFlow enums of every use case of a
/// scene, so a team can move a JSON scene into Swift.
enum GenerateCommand {
    static let usage = """
        USAGE: scenery generate swift SCENE.json [--output FILE]

        Prints Swift for a scene: a caseless enum named after the scene, with a DataFlow enum
        per use case holding Codable Request, Response and ViewModel structs. Request fields
        have their declared types; response and view-model fields have the types their
        expressions give, through model paths, list items and optionals, where they can be
        known, and the scene's own Codable 'Value' otherwise. A scene inside an app also gets
        the models it uses, in a 'Models' namespace.

        OPTIONS:
          --output FILE   Write to FILE instead of standard output
          --help          Show this help
        """

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let start = Options.start(arguments, specs: [.value("--output")], usage: usage, console: console) {
            (options: Options) throws(UsageError) -> String in
            guard options.positional.first == "swift" else {
                throw UsageError.unknown("generator", options.positional.first ?? "", choices: ["swift"])
            }
            guard options.positional.count == 2 else {
                throw UsageError(
                    "generate swift takes one scene file", hint: "as in 'scenery generate swift Scenes/Shop/scenes/Catalog.json'")
            }
            return options.positional[1]
        }
        guard case let .run(options, path) = start else { return start.exitCode }
        let report = Validator.validate(path: path)
        guard !report.hasErrors, let scene = report.sceneDefinition(at: path) else {
            console.errors(report.diagnostics.map(\.description))
            console.error("error: '\(path)' has errors; fix them to generate Swift")
            return ExitCode.findings
        }
        let source = SwiftGenerator(app: report.appDefinition, scene: scene, command: "scenery generate swift \(path)").source()
        if let output = options.value("--output") {
            do {
                try Data(source.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                console.error("error: cannot write '\(output)': \(error.localizedDescription)")
                return ExitCode.findings
            }
        } else {
            console.line(source)
        }
        return ExitCode.success
    }
}
