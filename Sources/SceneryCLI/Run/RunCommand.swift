import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import ScenerySupport

/// `scenery run`: runs an app (or one scene file) headless, reading action lines from a
/// script or standard input and printing a frame after each.
enum RunCommand {
    /// Every option `run` takes, declared once: the parser, the usage text and a
    /// recording's `# args:` read this list.
    static let options: [Options.Spec] = [
        .value("--scene", "NAME", help: ["Start at this scene instead of the entry scene"], recorded: true),
        .value(
            "--arg", "K=V", repeatable: true,
            help: ["Give the starting scene its argument K (repeatable);", "values are read as the types its 'args' declare"],
            recorded: true),
        .value("--script", "FILE", help: ["Read input lines from FILE instead of standard input"]),
        .value("--width", "N", help: ["Render frames N characters wide (12–500, default 60)"]),
        .value("--render", "full|diff", help: ["Print whole frames (default) or only the lines that changed"], recorded: true),
        .value("--format", "text|json", help: ["Frames as text (default) or one JSON object per frame"], recorded: true),
        .flag("--trace", help: ["Also print requests, responses and routes"], recorded: true),
        .value("--locale", "ID", help: ["Format and translate for this locale (e.g. ru_RU)"]),
        .value(
            "--now", "ISO-8601",
            help: ["The time now() is (default: when a session at a terminal", "starts; a script's is 2026-01-01T00:00:00Z)"]),
        .value("--tz", "ZONE", help: ["Show dates and begin days in this IANA time zone", "(default the app's timeZone, or UTC)"]),
        .value("--seed", "N", help: ["Make uuid() ids from seed N, the same every run", "(default a random seed)"]),
        .value("--env", "K=V", repeatable: true, help: ["Set an env value (repeatable)"], recorded: true),
        .value("--state-dir", "DIR", help: ["Where keyValue providers keep data", "(default ~/.local/state/scenery/APP)"]),
        .flag(
            "--reset",
            help: [
                "Start from empty saved state: the app's files in its state",
                "folder are moved to STATE/reset-STAMP/ (nothing deleted)"
            ]),
        .value(
            "--state-from", "DIR",
            help: ["Start from a fresh temporary state folder holding a copy", "of DIR's files (APP.json); DIR itself is never written"]),
        .value("--fixture", "P=FILE", repeatable: true, help: ["Serve provider P from a JSON file (repeatable)"], recorded: true),
        .value(
            "--fault", "P=fail|fail-store|delay:MS", repeatable: true,
            help: ["Make provider P fail, fail its stores only, or wait", "(repeatable)"], recorded: true),
        .flag("--strict", help: ["Exit 1 on a bad input line or a runtime error"], recorded: true),
        .flag(
            "--watch",
            help: [
                "Reload the app when its manifests, string tables or data",
                "files change: the scenes on the stack are rebuilt keeping",
                "their state, the top one's onAppear runs again and its",
                "frame is printed; a change with errors prints them and",
                "the session keeps the version it had"
            ]),
        .value(
            "--record", "FILE",
            help: [
                "Also write the session as a transcript that 'scenery",
                "test FILE' passes: inputs as '> line', frames as",
                "printed, the width, locale, --now, --seed and fixtures in",
                "'# args:', a --state-from as '# state:'; runs from an",
                "empty (or seeded) state folder, as tests do;",
                "written as the session goes, so Ctrl-C keeps it too"
            ]),
        .flag("--overwrite", help: ["Let '--record' replace an existing file"])
    ]

    static let usage = """
        USAGE: scenery run APP|SCENE.json [options]

        Runs scenes headless. Input lines are 'ACTION [ARGS]' (positional in the request's
        order, or name=value; shell-style quotes), plus help, back, state, stack and quit;
        '#' starts a comment. When input is not a terminal, each line is echoed as '> line'
        before the frame it produces, so a scripted run's output reads as a transcript.

        OPTIONS:

        """ + Options.help(options, column: 24)

    @MainActor
    /// - Parameters:
    ///   - coverage: counts what the run exercises (`scenery test --coverage`).
    ///   - validated: apps validated already, shared by the transcripts of a test run.
    /// - Parameter script: the input lines, given in memory (a transcript's), in place of
    ///   `--script` or standard input.
    static func run(
        _ arguments: [String], console: Console, registry: SceneRegistry = SceneRegistry(),
        coverage: CoverageRecorder? = nil, validated: ValidatedApps? = nil, script: String? = nil
    ) async -> Int32 {
        let start = Options.start(arguments, specs: Self.options, usage: usage, console: console) { (_: Options) throws(UsageError) in }
        guard case let .run(options, _) = start else { return start.exitCode }
        do {
            let width = try options.integer("--width", in: 12...500) ?? LineRenderer.defaultWidth
            let input = try script.map(LineSource.lines) ?? options.value("--script").map(LineSource.script(at:)) ?? .standardInput()
            guard options.positional.count == 1, let path = options.positional.first else {
                throw UsageError(
                    options.positional.isEmpty ? "nothing to run" : "run takes one app or scene file",
                    hint: "give an app folder, as in 'scenery run Scenes/Shop'")
            }
            let render = SceneSession.Render(rawValue: try options.choice("--render", in: ["full", "diff"]) ?? "full") ?? .full
            let format = SceneSession.Format(rawValue: try options.choice("--format", in: ["text", "json"]) ?? "text") ?? .text
            guard FileManager.default.fileExists(atPath: path) else { throw missingApp(path) }
            guard let loaded = validatedApp(path, validated, console, json: format == .json, options, interactive: input.isInteractive)
            else { return ExitCode.findings }
            let startName = options.value("--scene") ?? loaded.app.entry.value
            guard let startScene = loaded.scenes[startName] else {
                throw UsageError.unknown("scene", startName, choices: loaded.sceneNames)
            }
            let args = try SceneArguments.record(options.all("--arg"), for: startScene)
            var runtimeOptions = try self.runtimeOptions(options, providers: loaded.app.providers.keys.sorted())
            // A person's session runs at the time it starts; a script's at the fixed default,
            // so its output is the same every time.
            if options.value("--now") == nil, input.isInteractive { runtimeOptions.now = Self.startOfSession() }
            try checkStateOptions(options)
            let recordTo = options.value("--record")
            // A person's clock moves, unless the session is recorded: a recording replays at
            // the time it started, as its `# args:` say.
            runtimeOptions.liveNow = options.value("--now") == nil && input.isInteractive && recordTo == nil
            let seed = options.value("--state-from")
            // A recording, and a seeded run, keep their state in a folder of their own, removed
            // when the session ends; only a run that keeps its state in the default folder claims it.
            let scratch: URL? =
                recordTo != nil || seed != nil
                ? FileManager.default.temporaryDirectory.appendingPathComponent(
                    "scenery-\(recordTo != nil ? "record" : "seeded")-\(UUID().uuidString)") : nil
            if let scratch {
                runtimeOptions.stateDirectory = scratch
            } else if !useStateFolder(&runtimeOptions, of: loaded, path, options, console) {
                return ExitCode.findings
            }
            runtimeOptions.coverage = coverage
            defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
            if let seed, let scratch, let problem = StateSeed.copy(seed, into: scratch, as: seed) {
                throw UsageError(problem, hint: "give a folder holding the files a state folder holds, such as '\(loaded.app.name).json'")
            }
            let app: RuntimeApp
            do {
                app = try RuntimeApp(loaded, options: runtimeOptions, registry: registry)
            } catch {
                console.error("error: \(error.localizedDescription)")
                return ExitCode.findings
            }
            // Made before the session starts, so a bad path costs nothing; written as it goes.
            let recording = try recordTo.map { file throws(UsageError) in
                try recordingTo(file, path, width: width, runtimeOptions, appLocale: loaded.app.locale, options)
            }
            let interrupt = recording?.endOnInterrupt(
                say: { [console] in console.error($0, as: .plain) },
                cleanUp: { [scratch] in if let scratch { try? FileManager.default.removeItem(at: scratch) } })
            defer { interrupt?.cancel() }
            let session = SceneSession(
                app: app, width: width, render: render, format: format, trace: options.flag("--trace"),
                strict: options.flag("--strict"), console: recording.map { console.mirrored(to: $0.console) } ?? console)
            let watch =
                options.flag("--watch")
                ? watching(
                    path, session: session, options: runtimeOptions, registry: registry,
                    console: console, interactive: input.isInteractive) : nil
            let code = await session.run(input, startAt: startName, args: args, watch: watch)
            return recording.map { finish($0, code, console) } ?? code
        } catch {
            console.error("\(error)")
            return ExitCode.usage
        }
    }

    /// The app at `path`, validated, or nil when it has errors. Findings that stop the run are
    /// always shown; warnings, and a locale without built-in formats, only to a person at a
    /// terminal, so a scripted run's output stays a transcript.
    @MainActor
    private static func validatedApp(
        _ path: String, _ validated: ValidatedApps?, _ console: Console, json: Bool, _ options: Options, interactive: Bool
    ) -> LoadedApp? {
        let report = validated?.report(for: path) ?? Validator.validate(path: path)
        let refused = report.hasErrors || report.app == nil
        if refused || interactive { console.findings(report.diagnostics, json: json) }
        if let warning = options.value("--locale").flatMap(localeWarning), interactive { console.error(warning) }
        guard !refused, let loaded = report.app else {
            console.error("error: '\(path)' has errors; fix them, then run it again")
            return nil
        }
        return loaded
    }

    /// A path that names nothing: what is beside it that could be meant (an app folder of a
    /// close name, here or under `Scenes/`).
    static func missingApp(_ path: String) -> UsageError {
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent()
        var candidates: [String] = []
        for folder in [parent, parent.appendingPathComponent("Scenes")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names
            where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent("app.json").path) {
                let relative = folder == parent ? name : "Scenes/\(name)"
                candidates.append(path.contains("/") ? parent.appendingPathComponent(relative).relativePath : relative)
            }
        }
        // A scene file misspelt in a folder that is there: the files beside it.
        if url.pathExtension == "json", let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) {
            candidates += names.filter { $0.hasSuffix(".json") }.map { parent.appendingPathComponent($0).relativePath }
        }
        let close =
            candidates.first { URL(fileURLWithPath: $0).lastPathComponent.lowercased() == url.lastPathComponent.lowercased() }
            .map { "did you mean '\($0)'?" } ?? Suggestions.didYouMean(path, in: candidates)
        return UsageError(
            "no app folder or scene file at '\(path)'",
            hint: close ?? "give an app folder (with app.json) or a scene file, as in 'scenery run Scenes/Shop'")
    }

    /// The warning for a `--locale` without built-in formats, or nil.
    static func localeWarning(_ locale: String) -> String? {
        guard !FormatContext.hasBuiltInFormats(locale) else { return nil }
        return "warning: no built-in formats for locale '\(locale)'; numbers, money and dates show as in English "
            + "(built in: \(FormatContext.builtInLanguages.joined(separator: " ")))"
    }

    /// `--watch`: the app's folder (with a scene file, the app around it) and the fixture
    /// files, polled; a change reloads the app in `session`.
    private static func watching(
        _ path: String, session: SceneSession, options: RuntimeOptions, registry: SceneRegistry,
        console: Console, interactive: Bool
    ) -> SessionLoop.Watch {
        let root = FileWatcher.root(of: path)
        let live = LiveReload(path: path, root: root, options: options, registry: registry, console: console, interactive: interactive)
        let watcher = FileWatcher(paths: [root] + options.fixtures.values.map(\.path).sorted())
        return SessionLoop.Watch(watcher: watcher) { changed in await live.reload(session, changed: changed) }
    }

    /// Now, to the second: what a session at a terminal takes as `now`, and its recording's `--now`.
    static func startOfSession() -> Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }

    /// `--record FILE`: the recording, its `# args:` the settings the run used and the
    /// options that shape its output.
    @MainActor
    private static func recordingTo(
        _ file: String, _ path: String, width: Int, _ runtimeOptions: RuntimeOptions, appLocale: String, _ options: Options
    ) throws(UsageError) -> SessionRecording {
        let used =
            [
                "--width", "\(width)", "--locale", runtimeOptions.locale ?? appLocale,
                "--now", options.value("--now") ?? ISODate.internetText(runtimeOptions.now),
                "--seed", "\(runtimeOptions.seed)"
            ] + (options.value("--tz").map { ["--tz", $0] } ?? []) + options.recorded(Self.options)
        return try SessionRecording(
            file: file, app: path, arguments: used, seed: options.value("--state-from"), overwrite: options.flag("--overwrite"))
    }

    /// Ends a recording: says where it is, or fails the run when it could not be written.
    @MainActor
    private static func finish(_ recording: SessionRecording, _ code: Int32, _ console: Console) -> Int32 {
        if let failure = recording.finish() {
            console.error("error: cannot write the recording '\(recording.file)': \(failure)")
            return ExitCode.findings
        }
        console.error(recording.recorded(), as: .plain)
        return code
    }

    /// A run that keeps its state in a folder of the user's (the default one, or
    /// `--state-dir`): picks it, empties it for `--reset`, and words the advice a storage file
    /// that cannot be read gives. False when `--reset` could not move the state aside.
    private static func useStateFolder(
        _ runtimeOptions: inout RuntimeOptions, of loaded: LoadedApp, _ path: String, _ options: Options, _ console: Console
    ) -> Bool {
        let name = loaded.app.name
        // An app that stores nothing makes no folder of its own.
        if runtimeOptions.stateDirectory == nil, loaded.app.providers.values.contains(where: \.mayStore) {
            runtimeOptions.stateDirectory = defaultStateFolder(appName: name, appRoot: loaded.root.path)
        }
        if options.flag("--reset"), let folder = runtimeOptions.stateDirectory {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyyMMdd-HHmmss"
            do {
                if let aside = try StateFolder.reset(folder, appName: name, stamp: formatter.string(from: Date())) {
                    console.error(
                        "reset: the saved state of '\(name)' was moved to \(aside.path); delete that folder when you no longer need it")
                } else {
                    console.error("reset: '\(name)' has no saved state in \(folder.path)")
                }
            } catch {
                console.error("error: \(error.localizedDescription)")
                return false
            }
        } else if options.flag("--reset") {
            console.error("reset: '\(name)' keeps no saved state: it declares no keyValue, collection or swift provider")
        }
        // A storage file that cannot be read says how to start over, as typed here.
        let command = ["scenery", "run", path] + (options.value("--state-dir").map { ["--state-dir", $0] } ?? []) + ["--reset"]
        runtimeOptions.resetAdvice =
            "or start over with '\(command.map(Transcript.shellQuoted).joined(separator: " "))', "
            + "which moves the saved state aside and deletes nothing"
        return true
    }
}
