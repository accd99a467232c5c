import Foundation
import ScenerySupport

/// `scenery new scene NAME`: the scene's file, and its Swift module with `--swift`.
/// Everything that could refuse is decided before the first file is written.
extension NewCommand {
    static func newScene(_ name: String, options: Options, console: Console) -> Int32 {
        let app = options.value("--in")
        if let app, !FileManager.default.fileExists(atPath: "\(app)/app.json") {
            console.error("error: '\(app)' is not an app: it has no app.json; nothing was written")
            console.error("  hint: create one with 'scenery new app \(app)', or give the folder that holds app.json")
            return ExitCode.findings
        }
        let folder = app.map { "\($0)/scenes" } ?? "."
        let module = options.value("--module") ?? name
        let sources = options.value("--swift-dir") ?? "Sources/\(module)"
        let tests = options.value("--tests-dir") ?? "Tests/\(module)Tests"
        var files: [(path: String, text: String)] = [
            ("\(folder)/\(name).json", SceneTemplates.manifest(name, schema: SceneTemplates.schemaPath(from: folder))),
        ]
        if options.flag("--swift") {
            do {
                files += try swiftFiles(name, module: module, sources: sources, tests: tests, options: options)
            } catch {
                console.error("error: \(error)")
                return ExitCode.findings
            }
        }
        if let existing = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            console.error("error: '\(existing.path)' already exists; nothing was written")
            return ExitCode.findings
        }
        var package: PackagePlan?
        if options.flag("--swift") {
            do {
                package = try packagePlan(module: module, sources: sources, tests: tests)
            } catch {
                console.error(error.description)
                return ExitCode.findings
            }
        }
        guard write(files, console: console) else { return ExitCode.findings }
        if let package, !carryOut(package, console: console) { return ExitCode.findings }
        return ExitCode.success
    }

    /// Writes `bytes` over the file at `path` and says so.
    static func update(_ path: String, with bytes: [UInt8], console: Console) -> Bool {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            console.line("updated \(path)")
            return true
        } catch {
            console.error("error: cannot write '\(path)': \(error.localizedDescription)")
            return false
        }
    }
}
