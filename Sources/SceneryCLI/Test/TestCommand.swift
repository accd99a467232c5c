import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport
import VIP

/// `scenery test PATH...`: runs transcript tests and prints a unified diff for each failure.
enum TestCommand {
    static let usage = """
        USAGE: scenery test PATH... [--update] [--filter TEXT] [--timeout SECONDS]
                                    [--jobs N] [--shard I/N] [--format text|junit --output FILE]
                                    [--coverage FILE] [--min-coverage PERCENT]

        Runs transcripts: an app folder runs its tests/*.transcript, a folder runs the
        transcripts in it, a file runs itself. Each transcript runs against the app folder
        above its tests/ folder (or the one an '# app:' line names, relative to it), with a
        fresh state directory unless its '# args:' give one; '# state: DIR' copies a seed
        folder into it first. In the body, '>> restart' starts the app again on the same
        state folder, and '>> absent TEXT' fails when its output block holds TEXT.
        Prints a unified diff per failing transcript (standard error) and a summary
        'N passed, N failed' (standard output); exit code 1 when any failed.

        OPTIONS:

        """ + Options.help(options, column: 22)

    /// Every option `test` takes, declared once: the parser and the usage text read it.
    static let options: [Options.Spec] = [
        .flag(
            "--update",
            help: [
                "Rewrite failing transcripts with what the run printed: only",
                "the lines that changed, wildcards that still match kept, and",
                "the width and locale the run used added to '# args:'; exit",
                "code 0 when every failing transcript was rewritten"
            ]),
        .value("--filter", "TEXT", help: ["Run only transcripts whose path contains TEXT"]),
        .value("--timeout", "SECONDS", help: ["Fail a transcript that runs longer (default 30) and go on"]),
        .value(
            "--jobs", "N",
            help: [
                "Run N transcripts at once, each in a worker process of its",
                "own (default: the number of cores); the output is the same",
                "as with --jobs 1, in the same order"
            ]),
        .value(
            "--shard", "I/N",
            help: [
                "Run the I-th of N stable shares of the transcripts, for a",
                "CI matrix of N jobs: a file always lands in the same share,",
                "and the N shares together run every transcript once"
            ]),
        .value("--format", "text|junit", help: ["With junit, also write a JUnit XML report to --output"]),
        .value("--output", "FILE", help: ["Where --format junit writes its report"]),
        .value(
            "--coverage", "FILE",
            help: [
                "Write which use cases, steps, if branches, routes,",
                "validation rules and view components the transcripts ran,",
                "as an lcov tracefile on the manifests, and print a",
                "summary per scene"
            ]),
        .value("--min-coverage", "PERCENT", help: ["Fail (exit 1) when fewer than PERCENT of those places ran"]),
        // A worker process of `--jobs`, started by Scenery itself.
        .flag("--worker")
    ]

    static let defaultTimeout = 30

    /// The settings the options give, checked against each other.
    private static func settings(_ options: Options) throws(UsageError) -> Settings {
        guard !options.positional.isEmpty else {
            throw UsageError("no transcripts to run", hint: "give an app folder or transcript files: 'scenery test Scenes/Shop'")
        }
        let format = try options.choice("--format", in: ["text", "junit"]) ?? "text"
        let output = options.value("--output")
        if format == "junit", output == nil {
            throw UsageError("'--format junit' needs '--output FILE'", hint: "for example '--format junit --output report.xml'")
        }
        if format != "junit", output != nil {
            throw UsageError("'--output' is for '--format junit'", hint: "add '--format junit'")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs: Int
        do throws(UsageError) {
            jobs = try options.integer("--jobs", in: 1...256) ?? cores
        } catch {
            throw UsageError(
                error.message, hint: "'--jobs 1' runs one transcript at a time; the default here is \(cores), the number of cores")
        }
        var minimum: Double?
        if let text = options.value("--min-coverage") {
            guard let value = Double(text), (0...100).contains(value) else {
                throw UsageError(
                    "option '--min-coverage' takes a percentage from 0 to 100, not '\(text)'", hint: "for example '--min-coverage 80'")
            }
            minimum = value
        }
        return Settings(
            timeout: try options.integer("--timeout", in: 1...86_400) ?? defaultTimeout, jobs: jobs,
            shard: try options.value("--shard").map(Shard.parse), junit: output,
            coverage: options.value("--coverage"), minimumCoverage: minimum)
    }

    struct Settings {
        var timeout: Int
        var jobs: Int
        var shard: Shard?
        var junit: String?
        var coverage: String?
        var minimumCoverage: Double?
    }

    /// - Parameter executable: this program, which `--jobs` starts as workers; without one
    ///   (a caller embedding the commands) transcripts run one at a time in this process.
    @MainActor
    static func run(_ arguments: [String], console: Console, registry: SceneRegistry, executable: String? = nil) async -> Int32 {
        let start = Options.start(arguments, specs: Self.options, usage: usage, console: console, prepare: settings)
        guard case let .run(options, settings) = start else { return start.exitCode }
        var files: [String] = []
        var keys: [String: String] = [:]
        for path in options.positional {
            let found = transcripts(at: path)
            if found.isEmpty {
                let exists = FileManager.default.fileExists(atPath: path)
                console.error(exists ? "error: no transcripts at '\(path)'" : "error: '\(path)' does not exist")
                return ExitCode.usage
            }
            for file in found { keys[file] = shardKey(of: file, foundAt: path) }
            files += found
        }
        if let filter = options.value("--filter") {
            files = files.filter { $0.contains(filter) }
            if files.isEmpty {
                console.error("error: no transcript path contains '\(filter)'", as: .diagnostic)
                return ExitCode.findings
            }
        }
        if let shard = settings.shard { files = files.filter { shard.contains(key: keys[$0] ?? $0) } }
        let update = options.flag("--update")
        let timeout = Duration.seconds(settings.timeout)
        let counting = settings.coverage != nil || settings.minimumCoverage != nil

        if options.flag("--worker") {
            await runAsWorker(files, timeout: timeout, update: update, coverage: counting, registry: registry)
            return ExitCode.success
        }

        let validated = ValidatedApps()
        let results = await run(
            files, settings, update: update, counting: counting, executable: executable, registry: registry, validated: validated,
            console: console)

        if let output = settings.junit {
            do {
                try Data(JUnitReport(results: results, shard: settings.shard).xml.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                console.error("error: cannot write the report '\(output)': \(error.localizedDescription)")
                return ExitCode.findings
            }
        }
        var belowMinimum = false
        if counting {
            guard let below = reportCoverage(of: results, settings, validated: validated, console: console) else {
                return ExitCode.findings
            }
            belowMinimum = below
        }
        let passed = results.filter { $0.outcome == .passed }.count
        let updated = results.filter { $0.outcome == .updated }.count
        let failed = results.filter { $0.outcome == .failed }.count
        if let shard = settings.shard, files.isEmpty { console.line("no transcripts fall in shard \(shard)") }
        let summary = update ? "\(passed) passed, \(updated) updated, \(failed) failed" : "\(passed) passed, \(failed) failed"
        console.line(summary, as: failed > 0 ? .failure : .success)
        return failed > 0 || belowMinimum ? ExitCode.findings : ExitCode.success
    }

    /// Runs the transcripts, printing each result as it comes: in worker processes for
    /// `--jobs` above 1, or when the executable registers Swift code of an app's own, which
    /// may stop the process (a trap, a held main thread) where a transcript stops only its
    /// worker; else one after another here.
    @MainActor
    private static func run(
        _ files: [String], _ settings: Settings, update: Bool, counting: Bool, executable: String?, registry: SceneRegistry,
        validated: ValidatedApps, console: Console
    ) async -> [TranscriptResult] {
        let timeout = Duration.seconds(settings.timeout)
        if let executable, !files.isEmpty, (settings.jobs > 1 && files.count > 1) || !registry.isEmpty {
            let workers = TestWorkers(
                executable: executable, jobs: min(settings.jobs, files.count),
                options: ["--timeout", "\(settings.timeout)"] + (update ? ["--update"] : []) + (counting ? ["--coverage", "-"] : []),
                silence: timeout + .seconds(30))
            return await workers.run(files) { $0.print(to: console) }
        }
        var results: [TranscriptResult] = []
        for file in files {
            var run = TranscriptRun(
                path: file, timeout: timeout, update: update, registry: registry, coverage: counting, validated: validated)
            if SceneryCommand.isProgram.withLock({ $0 }) { run.whenHeld = .stops }
            let result = await run.run()
            result.print(to: console)
            results.append(result)
        }
        return results
    }

    /// Prints the coverage summary and writes `--coverage`'s tracefile. Returns whether fewer
    /// places ran than `--min-coverage` asks, or nil when the tracefile could not be written.
    @MainActor
    private static func reportCoverage(
        of results: [TranscriptResult], _ settings: Settings, validated: ValidatedApps, console: Console
    ) -> Bool? {
        let report = coverage(of: results, validated: validated)
        console.lines(report.summary)
        if let file = settings.coverage {
            do {
                try Data(report.lcov.utf8).write(to: URL(fileURLWithPath: file))
            } catch {
                console.error("error: cannot write the coverage '\(file)': \(error.localizedDescription)")
                return nil
            }
        }
        guard let minimum = settings.minimumCoverage, report.percent < minimum else { return false }
        console.error(
            "error: \(String(format: "%.1f", report.percent))% of places ran, below --min-coverage \(String(format: "%g", minimum))")
        return true
    }

    /// The places of every app the transcripts ran against, with the counts of all runs added.
    @MainActor
    private static func coverage(of results: [TranscriptResult], validated: ValidatedApps) -> CoverageReport {
        var counts: [String: Int] = [:]
        for result in results {
            for (key, count) in result.coverage ?? [:] { counts[key, default: 0] += count }
        }
        var apps: [String] = []
        for app in results.compactMap(\.app) where !apps.contains(app) { apps.append(app) }
        let items = apps.flatMap { app in validated.report(for: app).app.map(CoverageMap.items(of:)) ?? [] }
        return CoverageReport(items: items, counts: counts)
    }

    /// A worker of `--jobs`: runs its files one by one and writes each result as a line
    /// of JSON on standard output, for the process that started it.
    @MainActor
    private static func runAsWorker(_ files: [String], timeout: Duration, update: Bool, coverage: Bool, registry: SceneRegistry) async {
        let encoder = JSONEncoder()
        let validated = ValidatedApps()
        for file in files {
            var run = TranscriptRun(
                path: file, timeout: timeout, update: update, registry: registry, coverage: coverage, validated: validated)
            if SceneryCommand.isProgram.withLock({ $0 }) { run.whenHeld = .reports }
            let result = await run.run()
            guard let line = try? encoder.encode(result) else { continue }
            FileHandle.standardOutput.write(line + Data("\n".utf8))
        }
    }

    /// What `--shard` hashes: the file's path below the path it was found at
    /// (`tests/buy.transcript` for `Scenes/Shop`), or its name when given itself.
    static func shardKey(of file: String, foundAt path: String) -> String {
        guard file != path, file.hasPrefix(path) else { return PathText.lastComponent(of: file) }
        return String(file.dropFirst(path.count).drop { $0 == "/" })
    }

    /// Transcript files at a path: the file, a folder's *.transcript, or an app's tests/.
    static func transcripts(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return path.hasSuffix(".transcript") ? [path] : [] }
        let folder = FileManager.default.fileExists(atPath: "\(path)/app.json") ? "\(path)/tests" : path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".transcript") }.sorted().map { "\(folder)/\($0)" }
    }

    /// File paths in `--fixture P=FILE` and `--state-dir DIR` are relative to the transcript.
    static func resolved(_ arguments: [String], relativeTo folder: String) -> [String] {
        Transcript.mappingPaths(arguments) { $0.hasPrefix("/") ? $0 : "\(folder)/\($0)" }
    }
}
