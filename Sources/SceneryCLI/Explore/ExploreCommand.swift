import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import ScenerySupport

/// `scenery explore APP`: walks the app by itself, headless and deterministic, checks every
/// frame, and writes each failure it finds, shrunk, as a transcript (docs/explore.md).
enum ExploreCommand {
    static let specs: [Options.Spec] =
        [
            .value("--scene", "NAME", help: ["Start every walk at this scene (default: the app's entry)"]),
            .value("--arg", "NAME=VALUE", repeatable: true, help: ["An argument of the starting scene (repeatable)"]),
            .value("--walks", "N", help: ["How many walks (default 100)"]),
            .value("--steps", "N", help: ["The most actions in a walk (default 20)"]),
            .value("--seed", "N", help: ["The walks' seed; the same seed gives the same walks (default 0)"]),
            .value("--time", "SECONDS", help: ["Stop starting walks after this long (default 60)"]),
            .flag("--faults", help: ["Make one provider fail, or its stores fail, in half the walks"]),
            .flag("--restart", help: ["End each walk by starting the app again: what was stored must still be there"]),
            .value("--hang", "SECONDS", help: ["An action whose work takes longer is a hang (default 5)"]),
            .value("--jobs", "N", help: ["Spread the walks over N worker processes (default 1)"]),
            // A worker's share of `--jobs`: only Scenery itself passes it.
            .value("--worker", "K/N"),
            // A worker's journal, the walk it goes on after (one it stopped on before), and a
            // walk it replays for its parent: only Scenery itself passes them.
            .value("--journal", "FILE"), .value("--after", "WALK"), .value("--replay", "FILE"),
            .value("--output", "DIR", help: ["Where failing transcripts go (default: explore)"])
        ] + RunCommand.options.filter { sessionOptions.contains($0.name) }

    /// What shapes every walk's session, as `scenery run` takes it, and goes into each
    /// transcript's `# args:`.
    static let sessionOptions = ["--locale", "--now", "--tz", "--env", "--fixture", "--fault"]

    static let usage = """
        USAGE: scenery explore APP [--scene NAME] [--arg NAME=VALUE]... [--walks N] [--steps N]
                               [--seed N] [--time SECONDS] [--faults] [--restart] [--hang SECONDS]
                               [--jobs N] [--output DIR]
                               [--locale ID] [--now ISO-8601] [--tz ZONE] [--env K=V]...
                               [--fixture P=FILE]... [--fault P=fail|fail-store|delay:MS]...

        Walks the app by itself: from the starting scene, each step picks an action the frame
        offers (a button, an input with a value, a list's row, a use case with arguments made
        from its request's types, back) and checks the frame it leads to: no runtime error
        (E5xx), no dead end, no hang, no crash. Each failure is shrunk to its fewest actions and written as a
        transcript that 'scenery test' fails on today; failures with one cause are written once.
        Exits 1 when it finds any.

        OPTIONS:
        \(Options.help(specs, column: 22))
        """

    struct Budget {
        var walks = 100
        var steps = 20
        var seed: UInt64 = 0
        var seconds = 60.0
        var faults = false
        var jobs = 1
        /// A worker's share: walks `index`, `index + of`, …
        var worker: (index: Int, of: Int)?
        /// The walk a worker started again goes on after: the one it stopped on.
        var after = -1

        /// The walks this process runs.
        var indices: [Int] {
            (worker.map { Array(stride(from: $0.index, to: walks, by: $0.of)) } ?? Array(0..<walks)).filter { $0 > after }
        }
    }

    /// - Parameter executable: this program, which `--jobs` starts as workers; without one the
    ///   walks run in this process.
    @MainActor
    static func run(_ arguments: [String], console: Console, registry: SceneRegistry, executable: String? = nil) async -> Int32 {
        let start = Options.start(arguments, specs: specs, usage: usage, console: console) {
            (options: Options) throws(UsageError) -> (app: String, budget: Budget) in
            guard options.positional.count == 1, let app = options.positional.first else {
                throw UsageError("explore takes one app folder", hint: "as in 'scenery explore Scenes/Shop'")
            }
            return (app, try budget(options))
        }
        guard case let .run(options, (path, budget)) = start else { return start.exitCode }
        let report = Validator.validate(path: path)
        guard !report.hasErrors, let loaded = report.app else {
            console.errors(report.diagnostics.map(\.description))
            console.error("error: '\(path)' has errors; fix them to explore it")
            return ExitCode.findings
        }
        var walk: ExploreWalk
        do {
            walk = try self.walk(loaded, options, registry: registry)
        } catch {
            console.error("\(error)")
            return ExitCode.usage
        }
        // Walks would only show what a run without them shows: that they are missing.
        let missing = registry.missing(for: loaded)
        guard missing.isEmpty else {
            console.error(
                "error: this executable does not register the app's Swift components (\(missing.joined(separator: ", "))); explore it with the app's own executable, as 'swift run shop explore …'"
            )
            return ExitCode.findings
        }
        // An app that cannot start is told as `run` tells it, not found on every walk.
        if let problem = walk.startProblem() {
            console.error("error: \(problem)")
            return ExitCode.findings
        }
        walk.keys = await walk.startingKeys()
        walk.checked = CheckedPatterns.of(loaded)
        walk.journal = options.value("--journal").flatMap { ExploreJournal(path: $0) }
        var explorer = Explorer(walk: walk, budget: budget, console: console)
        let atTerminal = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        explorer.showsProgress = budget.worker == nil && atTerminal
        let found: Explorer.Found
        if budget.worker != nil {
            return await work(explorer, budget, options, console: console)
        } else if let executable {
            // Walks run in worker processes, one even for --jobs 1, so a crash stops a worker
            // and not explore: the parent replays the walk it stopped on, and writes it.
            let jobs = min(budget.jobs, budget.walks)
            // Each worker is given the time left, started again or not.
            let arguments = without(arguments, ["--jobs", "--time"])
            var workers = ExploreWorkers(
                executable: executable, jobs: jobs, arguments: arguments, seconds: budget.seconds, quiet: Double(walk.hang + 3))
            if atTerminal { workers.progress = { text in console.aside(text) } }
            switch await workers.run(walks: budget.walks) {
            case var .success(added):
                added.failures += await ExploreCrashes(
                    executable: executable, arguments: arguments, explorer: explorer, quiet: Double(walk.hang + 3)
                ).findings(added.crashes, without: added.failures)
                added.failures.sort { $0.walk < $1.walk }
                found = added
            case let .failure(error):
                console.error("error: \(error.message)")
                return ExitCode.findings
            }
        } else {
            found = await explorer.explore(budget.indices)
        }
        // The program that makes the walks again: this one, `scenery` or an app's own (`shop`).
        let program = executable.map { PathText.lastComponent(of: $0) } ?? "scenery"
        guard await write(found, of: path, options, budget, program: program, registry: registry, console: console) else {
            return ExitCode.findings
        }
        console.lines(found.unreached(loaded))
        console.line(found.summary(path, places: found.places(loaded)))
        return found.failures.isEmpty ? ExitCode.success : ExitCode.findings
    }

    /// A worker's part: its share of the walks, written for the parent as JSON — or, with
    /// `--replay`, one walk's lines taken again, to see whether they stop it.
    @MainActor
    private static func work(_ explorer: Explorer, _ budget: Budget, _ options: Options, console: Console) async -> Int32 {
        if let replay = options.value("--replay") {
            guard let data = FileManager.default.contents(atPath: replay),
                let request = try? JSONDecoder().decode(ExploreCrashes.Replay.self, from: data)
            else { return ExitCode.usage }
            _ = await explorer.replay(request.walk, request.lines)
            return ExitCode.success
        }
        // Each walk's findings a line, written as it ends: a crash loses none before it.
        _ = await explorer.explore(budget.indices) { added in
            if let data = try? JSONEncoder().encode(added) { console.line(String(decoding: data, as: UTF8.self)) }
        }
        return ExitCode.success
    }

    /// The walks' budget, as the options give it.
    private static func budget(_ options: Options) throws(UsageError) -> Budget {
        var budget = Budget()
        budget.walks = try number(options, "--walks", default: 100, least: 1, most: 1_000_000)
        budget.steps = try number(options, "--steps", default: 20, least: 1, most: 10_000)
        budget.seed = UInt64(try number(options, "--seed", default: 0, least: 0, most: Int.max))
        budget.seconds = Double(try number(options, "--time", default: 60, least: 1, most: 31_536_000))
        budget.faults = options.flag("--faults")
        budget.jobs = try number(options, "--jobs", default: 1, least: 1, most: 64)
        if let share = options.value("--worker") {
            let parts = share.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 2, parts[1] > 0, (0..<parts[1]).contains(parts[0]) else {
                throw UsageError("--worker takes K/N, not '\(share)'", hint: "it is passed by 'explore --jobs' to its workers")
            }
            budget.worker = (parts[0], parts[1])
        }
        budget.after = try number(options, "--after", default: -1, least: -1, most: Int.max)
        return budget
    }

    /// A walk from the starting scene with its arguments, in sessions shaped as `run`'s options shape them.
    @MainActor
    private static func walk(_ loaded: LoadedApp, _ options: Options, registry: SceneRegistry) throws(UsageError) -> ExploreWalk {
        let startName = options.value("--scene") ?? loaded.app.entry.value
        guard let scene = loaded.scenes[startName] else { throw UsageError.unknown("scene", startName, choices: loaded.sceneNames) }
        let args = try SceneArguments.record(options.all("--arg"), for: scene)
        var session = try RunCommand.runtimeOptions(options, providers: loaded.app.providers.keys.sorted())
        // Ids come from seed 0, as in the transcripts explore writes.
        session.seed = 0
        var walk = ExploreWalk(
            options: session, loaded: loaded, registry: registry, start: startName, args: args,
            renderer: LineRenderer(width: LineRenderer.defaultWidth), restart: options.flag("--restart"))
        walk.hang = try number(options, "--hang", default: walk.hang, least: 1, most: 600)
        if options.value("--scene") == nil {
            // Scenes whose every required arg can be typed: a list or a record cannot.
            walk.otherStarts = loaded.sceneNames.compactMap { loaded.scenes[$0] }.filter { scene in
                scene.name != startName && scene.args.allSatisfy { $0.type.isOptional || ExploreValues.canType($0.type) }
            }
        }
        return walk
    }

    /// Writes each failure's transcript and lists it; false when one cannot be written.
    @MainActor
    private static func write(
        _ found: Explorer.Found, of path: String, _ options: Options, _ budget: Budget, program: String, registry: SceneRegistry,
        console: Console
    ) async -> Bool {
        let folder = options.value("--output") ?? "explore"
        let start = (options.value("--scene").map { ["--scene", $0] } ?? []) + options.all("--arg").flatMap { ["--arg", $0] }
        let writer = ExploreTranscript(
            app: path, start: start + sessionArguments(options, relativeTo: nil),
            header: start + sessionArguments(options, relativeTo: folder), registry: registry)
        // What shapes a walk, so the line names the run that makes it again.
        let shaping =
            (options.value("--steps").map { ["--steps", $0] } ?? []) + (budget.faults ? ["--faults"] : [])
            + (options.flag("--restart") ? ["--restart"] : []) + (options.value("--hang").map { ["--hang", $0] } ?? []) + start
            + sessionArguments(options, relativeTo: nil)
        let command = ([program, "explore", path] + shaping + ["--seed", "\(budget.seed)"]).map { ExploreValues.words([$0]) }
            .joined(separator: " ")
        for (index, failure) in found.failures.enumerated() {
            let name = failure.failure.property.replacingOccurrences(of: " ", with: "-")
            let actions = { (count: Int) in "\(count) action\(count == 1 ? "" : "s")" }
            let text = await writer.text(
                failure.lines, failure.failure, faults: failure.faults, from: failure.start,
                found:
                    "\(command), walk \(failure.walk + 1), shrunk from \(actions(failure.original)) to \(failure.lines.count)",
                folder: folder)
            // A file already there is never written over: the same finding is already in it,
            // or it is someone's (a finding kept, updated, as a test), and the next number is free.
            var number = index + 1
            var file: String { "\(folder)/\(name)-\(number).transcript" }
            var already = false
            while let there = FileManager.default.contents(atPath: file) {
                if there == Data(text.utf8) {
                    already = true
                    break
                }
                number += 1
            }
            if !already {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .withoutOverwriting)
                } catch {
                    console.error("error: cannot write '\(file)': \(error.localizedDescription)")
                    return false
                }
            }
            console.line("FAIL \(failure.failure.property): \(ExploreTranscript.oneLine(failure.failure.detail))")
            console.line("  \(actions(failure.lines.count)), \(already ? "already in" : "written to") \(file)")
        }
        return true
    }

    /// The arguments without the options `names` (`--jobs N` or `--jobs=N`), for the workers.
    private static func without(_ arguments: [String], _ names: [String]) -> [String] {
        var result: [String] = []
        var skip = false
        for argument in arguments {
            if skip {
                skip = false
            } else if names.contains(argument) {
                skip = true
            } else if !names.contains(where: { argument.hasPrefix($0 + "=") }) {
                result.append(argument)
            }
        }
        return result
    }

    /// The session options given: as given when `folder` is nil, else for a transcript in
    /// `folder`, a fixture's file relative to it.
    private static func sessionArguments(_ options: Options, relativeTo folder: String?) -> [String] {
        var result: [String] = []
        for name in ["--locale", "--now", "--tz"] { if let value = options.value(name) { result += [name, value] } }
        for pair in options.all("--env") { result += ["--env", pair] }
        for pair in options.all("--fixture") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let given = parts.count == 2 ? parts[1] : ""
            let file = folder.map { PathText.relative(PathText.absolute(given), from: PathText.absolute($0)) } ?? given
            result += ["--fixture", "\(parts[0])=\(file)"]
        }
        for pair in options.all("--fault") { result += ["--fault", pair] }
        return result
    }

    private static func number(_ options: Options, _ name: String, default value: Int, least: Int, most: Int) throws(UsageError)
        -> Int
    {
        guard let text = options.value(name) else { return value }
        guard let number = Int(text), number >= least else {
            throw UsageError("\(name) takes a whole number of at least \(least), not '\(text)'", hint: "as in '\(name) \(value)'")
        }
        guard number <= most else { throw UsageError("\(name) takes at most \(most), not \(text)", hint: "as in '\(name) \(value)'") }
        return number
    }
}
