import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport

/// `scenery eject APP SCENE…`: writes JSON scenes as a typed Swift module that an app's
/// own executable registers in their place (docs/eject.md).
enum EjectCommand {
    static let specs: [Options.Spec] = [
        .flag("--all", help: ["Eject every scene of the app"]),
        .value(
            "--template", "NAME",
            help: [
                "The module layout: yarch (default), stt, clean-swift, or a team's template",
                "folder whose template.json says where ejected files go"
            ]),
        .value("--module", "NAME", help: ["The Swift module's name (default: the app's name and 'Scenes', as 'ShopScenes')"]),
        .value("--output", "DIR", help: ["Where the module's folder goes (default: Sources)"]),
        .value("--tests", "DIR", help: ["Also write the app's transcripts as Swift tests of the module, in", "DIR/MODULETests"]),
        .flag("--force", help: ["Write over files that exist"]),
        .value(
            "--format-configuration", "FILE",
            help: ["The 'swift format' configuration to format the files with (default: the", "'.swift-format' above them)"]),
        .flag("--no-format", help: ["Leave the files as written, without 'swift format'"])
    ]

    static let usage = """
        USAGE: scenery eject APP SCENE... [--all] [--template NAME] [--module NAME] [--output DIR]
                             [--tests DIR] [--force] [--format-configuration FILE] [--no-format]

        Writes each scene as typed Swift in a template's layout: its DataFlow enums, an
        interactor and a presenter per use case, and a builder, in a module whose
        register(into:) an app's executable calls so that they run in place of the
        manifest's use cases. A construct eject cannot write as Swift that behaves the same
        is refused at its place, and then nothing is written. The files are formatted with
        the toolchain's 'swift format'.

        OPTIONS:
        \(Options.help(specs, column: 18))
        """

    /// - Parameter registry: the app's Swift components, which the JSON scenes run with when
    ///   `--tests` runs the transcripts.
    @MainActor
    static func run(_ arguments: [String], console: Console, registry: SceneRegistry = SceneRegistry()) async -> Int32 {
        let start = Options.start(arguments, specs: specs, usage: usage, console: console) {
            (options: Options) throws(UsageError) -> (app: String, scenes: [String]) in
            guard let app = options.positional.first else {
                throw UsageError("eject takes an app folder and the scenes to eject", hint: "as in 'scenery eject Scenes/Shop Login'")
            }
            let scenes = Array(options.positional.dropFirst())
            guard scenes.isEmpty == options.flag("--all") else {
                throw UsageError(
                    scenes.isEmpty ? "name the scenes to eject, or give --all" : "give the scenes to eject or --all, not both",
                    hint: "as in 'scenery eject Scenes/Shop Login'")
            }
            if let module = options.value("--module"), !Self.isIdentifier(module) {
                throw UsageError("'\(module)' is not a Swift module name", hint: "use letters, digits and '_', not starting with a digit")
            }
            // A scene named twice is ejected once.
            var seen: Set<String> = []
            return (app, scenes.filter { seen.insert($0).inserted })
        }
        guard case let .run(options, (path, named)) = start else { return start.exitCode }
        let report = Validator.validate(path: path)
        guard !report.hasErrors, let loaded = report.app else {
            console.errors(report.diagnostics.map(\.description))
            console.error("error: '\(path)' is not an app without errors; fix it to eject its scenes")
            return ExitCode.findings
        }
        for name in named where loaded.scenes[name] == nil {
            let hint = Suggestions.didYouMean(name, in: loaded.sceneNames).map { "; \($0)" } ?? ""
            console.error("error: '\(path)' has no scene '\(name)'\(hint)")
            return ExitCode.findings
        }
        let module = options.value("--module") ?? SwiftNames.upperCamel(loaded.app.name.filter { $0.isLetter || $0.isNumber }) + "Scenes"
        let folder = URL(fileURLWithPath: options.value("--output") ?? "Sources").appendingPathComponent(module)
        let layout: EjectLayout
        do {
            layout = try EjectLayout.find(options.value("--template") ?? "yarch", app: path)
        } catch {
            console.error("error: \(error.description); nothing was written")
            return ExitCode.findings
        }
        let ejected = EjectedModule(
            loaded: loaded, path: path, module: module, scenes: named.isEmpty ? loaded.sceneNames : named, layout: layout)
        if let configuration = options.value("--format-configuration"), !FileManager.default.fileExists(atPath: configuration) {
            console.error("error: no 'swift format' configuration at '\(configuration)'; nothing was written")
            return ExitCode.findings
        }
        guard let (files, notes) = moduleFiles(ejected, console: console) else { return ExitCode.findings }
        var targets = files.map { (url: folder.appendingPathComponent($0.name), text: $0.text) }
        var allNotes = notes
        if let tests = options.value("--tests") {
            guard let made = await testFiles(in: tests, path: path, loaded: loaded, module: module, registry: registry, console: console)
            else { return ExitCode.findings }
            targets += made.files
            allNotes += made.notes
        }
        for note in allNotes { console.line("note: \(note)") }
        guard let before = write(targets, force: options.flag("--force"), console: console) else { return ExitCode.findings }
        let problem =
            options.flag("--no-format")
            ? nil : await SwiftFormatting.format(targets.map(\.url), configuration: options.value("--format-configuration"))
        list(targets, before, console: console)
        if let problem { console.line("note: the files are left as written: \(problem)") }
        console.line(
            "note: register the scenes in the app's executable with '\(module).register(into: registry)'; its target depends on SceneRuntime, SceneManifest and VIP"
        )
        return ExitCode.success
    }

    /// The module's files and the notes on what was left out; nil, said why, when nothing
    /// is to be written: a construct refused, a layout that cannot place a file, or no scene
    /// with anything to eject.
    private static func moduleFiles(_ ejected: EjectedModule, console: Console) -> (files: [SceneEjector.File], notes: [String])? {
        let files: [SceneEjector.File], refusals: [String], notes: [String]
        do {
            (files, refusals, notes) = try ejected.files()
        } catch {
            console.error("error: \(error.description); nothing was written")
            return nil
        }
        guard refusals.isEmpty else {
            for refusal in refusals { console.error(refusal) }
            console.error(
                "error: nothing was written; \(refusals.count == 1 ? "the construct above is" : "the constructs above are") not ejected")
            return nil
        }
        guard !files.isEmpty else {
            for note in notes { console.line("note: \(note)") }
            console.error("error: no scene named has anything to eject; nothing was written")
            return nil
        }
        return (files, notes)
    }

    /// The transcripts as tests, in `tests/MODULETests`; nil, said why, when the executable
    /// lacks the app's Swift components the transcripts need.
    @MainActor
    private static func testFiles(
        in tests: String, path: String, loaded: LoadedApp, module: String, registry: SceneRegistry, console: Console
    ) async -> (files: [(url: URL, text: String)], notes: [String])? {
        // The transcripts run here against the JSON scenes: without the app's Swift
        // components their frames would be the failures of running without them.
        let missing = registry.missing(for: loaded)
        guard missing.isEmpty else {
            console.error(
                "error: --tests runs the app's transcripts, and this executable does not register its Swift components (\(missing.joined(separator: ", "))); eject with the app's own executable, as 'swift run shop eject …'; nothing was written"
            )
            return nil
        }
        let folder = "\(tests)/\(module)Tests"
        let made = await TranscriptTests(app: path, loaded: loaded, module: module, registry: registry, folder: folder).files()
        return (made.files.map { (URL(fileURLWithPath: folder).appendingPathComponent($0.name), $0.text) }, made.notes)
    }

    /// Whether `name` can name a Swift module: letters, digits and `_`, not first a digit.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }

    /// Each file written, listed once formatted: created, or with --force replaced — or
    /// unchanged when it holds what it held.
    private static func list(_ targets: [(url: URL, text: String)], _ before: [Data?], console: Console) {
        for (target, held) in zip(targets, before) {
            let state = held == nil ? "created" : held == FileManager.default.contents(atPath: target.url.path) ? "unchanged" : "replaced"
            console.line("\(state) \(target.url.relativePath)")
        }
    }

    /// Writes every file, or none when one exists already (unless `force`); gives what each
    /// held before (nil for a new one), or nil when nothing or not all could be written.
    private static func write(_ targets: [(url: URL, text: String)], force: Bool, console: Console) -> [Data?]? {
        let existing = targets.filter { FileManager.default.fileExists(atPath: $0.url.path) }
        if !force, !existing.isEmpty {
            for target in existing { console.error("error: '\(target.url.relativePath)' exists") }
            console.error("error: nothing was written; give --force to write over what exists")
            return nil
        }
        let before = targets.map { FileManager.default.contents(atPath: $0.url.path) }
        for target in targets {
            do {
                try FileManager.default.createDirectory(at: target.url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(target.text.utf8).write(to: target.url)
            } catch {
                console.error("error: cannot write '\(target.url.relativePath)': \(error.localizedDescription)")
                return nil
            }
        }
        return before
    }
}
