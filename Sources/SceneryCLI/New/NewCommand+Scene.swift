import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport

/// `scenery new scene NAME`: the scene's file, wired in from another scene with `--from`,
/// and its Swift module with `--swift`. Everything that could refuse is decided before the
/// first file is written.
extension NewCommand {
    @MainActor
    static func newScene(_ name: String, options: Options, console: Console, registry: SceneRegistry) async -> Int32 {
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
            ("\(folder)/\(name).json", SceneTemplates.manifest(name, schema: SceneTemplates.schemaPath(from: folder)))
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
        var wired: (path: String, bytes: [UInt8])?
        if let app, let from = options.value("--from") {
            guard let edit = wiring(name, from: from, app: app, title: options.value("--button") ?? name, console: console) else {
                return ExitCode.findings
            }
            wired = edit
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
        let passing = wired != nil ? await passingTranscripts(of: app ?? ".", registry: registry) : []
        guard write(files, console: console) else { return ExitCode.findings }
        if let wired {
            guard update(wired.path, with: wired.bytes, console: console) else { return ExitCode.findings }
            await recordAgain(passing, registry: registry, console: console)
        }
        if let package, !carryOut(package, console: console) { return ExitCode.findings }
        if let app, wired == nil { noteIfUnreachable(name, in: app, console: console) }
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

    /// SCENE.json with a route to `name` and the button that takes it; nil after saying why not.
    static func wiring(
        _ name: String, from scene: String, app: String, title: String,
        console: Console
    ) -> (path: String, bytes: [UInt8])? {
        let path = "\(app)/scenes/\(scene).json"
        guard let data = FileManager.default.contents(atPath: path) else {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(app)/scenes")) ?? []
            let scenes = names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
            console.error("error: '\(app)' has no scene '\(scene)' to route from; nothing was written")
            if let hint = Suggestions.didYouMean(scene, in: scenes) {
                console.error("  hint: \(hint)")
            } else if !scenes.isEmpty {
                console.error("  hint: its scenes are \(scenes.map { "'\($0)'" }.joined(separator: ", "))")
            }
            return nil
        }
        let bytes = Array(data)
        do {
            return (path, try SceneWiring(scene: name, title: title).wired(bytes))
        } catch {
            switch error {
            case let .syntax(syntax):
                let (line, column) = SourceFile(path: path, bytes: bytes).location(of: syntax.offset)
                console.error("\(path):\(line):\(column): error[\(syntax.code)]: \(syntax.description)")
                console.error("error: '\(scene)' must parse before it can route to '\(name)'; nothing was written")
            case .notAnObject:
                console.error("error: '\(path)' is not a scene: it holds no JSON object; nothing was written")
            case let .notAnObjectAt(key):
                console.error("error: the '\(key)' of '\(path)' is not an object; nothing was written")
            case .noView:
                console.error(
                    "error: '\(scene)' has no view (it is a controller), so no button can route to '\(name)'; nothing was written")
                console.error("  hint: give '--from' a scene with a view")
            case .viewNotAnArray:
                console.error("error: the 'view' of '\(path)' is not an array; nothing was written")
            case let .taken(useCase):
                console.error("error: '\(scene)' already has a use case '\(useCase)'; nothing was written")
                console.error("  hint: '--from' adds one named after the new scene: rename that one, or name the scene another way")
            }
            return nil
        }
    }

    /// The app's transcripts that pass now, before SCENE changes.
    @MainActor
    static func passingTranscripts(of app: String, registry: SceneRegistry) async -> [String] {
        var passing: [String] = []
        let validated = ValidatedApps()
        for file in TestCommand.transcripts(at: app) {
            let result = await TranscriptRun(
                path: file, timeout: .seconds(TestCommand.defaultTimeout), update: false,
                registry: registry, validated: validated
            ).run()
            if result.outcome == .passed { passing.append(file) }
        }
        return passing
    }

    /// Runs again the transcripts that passed before SCENE got its button, recording those
    /// whose frames of SCENE now show it; one that failed before is left as it was.
    @MainActor
    static func recordAgain(_ files: [String], registry: SceneRegistry, console: Console) async {
        let validated = ValidatedApps()
        for file in files {
            let result = await TranscriptRun(
                path: file, timeout: .seconds(TestCommand.defaultTimeout), update: true,
                registry: registry, validated: validated
            ).run()
            switch result.outcome {
            case .passed: break
            case .updated: console.line("updated \(file)")
            case .failed: console.line("note: '\(file)' no longer passes and was left as it was; 'scenery test \(file)' shows why")
            }
        }
    }

    /// A `note:` when nothing in the app routes to the new scene, so `validate --strict`
    /// (W001) does not come as a surprise, with the command that writes a scene wired in.
    static func noteIfUnreachable(_ name: String, in app: String, console: Console) {
        let report = Validator.validate(path: app)
        guard report.diagnostics.contains(where: { $0.code == .unreachableScene && $0.file.hasSuffix("/\(name).json") }) else { return }
        let entry = report.appDefinition?.entry.value
        let from = entry.flatMap { $0 == name ? nil : $0 } ?? "SCENE"
        console.line(
            "note: nothing routes to '\(name)' yet, so 'scenery validate --strict \(app)' fails (W001); "
                + "'scenery new scene \(name) --in \(app) --from \(from)' writes it wired in, with a route and a button in \(from)")
    }
}
