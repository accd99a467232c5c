import Foundation
import SceneRuntime
import VIP

/// `scenery test PATH...`: runs transcript tests and prints a unified diff for each failure.
enum TestCommand {
    static let usage = """
        USAGE: scenery test PATH... [--update] [--filter TEXT] [--timeout SECONDS]

        Runs transcripts: an app folder runs its tests/*.transcript, a folder runs the
        transcripts in it, a file runs itself. Each transcript runs against the app folder
        above its tests/ folder (or the one an '# app:' line names, relative to it), with a
        fresh state directory unless its '# args:' give one.
        Prints a unified diff per failing transcript (standard error) and a summary
        'N passed, N failed' (standard output); exit code 1 when any failed.

        OPTIONS:
          --update            Rewrite failing transcripts with what the run printed: only
                              the lines that changed, wildcards that still match kept, and
                              the width and locale the run used added to '# args:'; exit
                              code 0 when every failing transcript was rewritten
          --filter TEXT       Run only transcripts whose path contains TEXT
          --timeout SECONDS   Fail a transcript that runs longer (default 30) and go on
          --help              Show this help
        """

    static let defaultTimeout = 30

    @MainActor
    static func run(_ arguments: [String], console: Console, registry: SceneRegistry) async -> Int32 {
        let specs: [Options.Spec] = [.flag("--update"), .value("--filter"), .value("--timeout")]
        let start = Options.start(arguments, specs: specs, usage: usage, console: console) {
            (options: Options) throws(UsageError) -> Int in
            guard !options.positional.isEmpty else {
                throw UsageError("no transcripts to run", hint: "give an app folder or transcript files: 'scenery test Scenes/Shop'")
            }
            return try options.integer("--timeout", in: 1...86_400) ?? defaultTimeout
        }
        guard case let .run(options, timeout) = start else { return start.exitCode }
        var files: [String] = []
        for path in options.positional {
            let found = transcripts(at: path)
            if found.isEmpty {
                console.error("error: no transcripts at '\(path)'")
                return ExitCode.usage
            }
            files += found
        }
        if let filter = options.value("--filter") {
            files = files.filter { $0.contains(filter) }
            if files.isEmpty {
                console.error("error: no transcript path contains '\(filter)'", as: .diagnostic)
                return ExitCode.findings
            }
        }
        let update = options.flag("--update")
        var passed = 0, updated = 0, failed = 0
        for file in files {
            let run = TranscriptRun(path: file, timeout: .seconds(timeout), update: update, console: console, registry: registry)
            switch await run.run() {
            case .passed: passed += 1
            case .updated: updated += 1
            case .failed: failed += 1
            }
        }
        let summary = update ? "\(passed) passed, \(updated) updated, \(failed) failed" : "\(passed) passed, \(failed) failed"
        console.line(summary, as: failed > 0 ? .failure : .success)
        return failed > 0 ? ExitCode.findings : ExitCode.success
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
        var result: [String] = []
        var previous = ""
        for argument in arguments {
            var value = argument
            if previous == "--fixture", let equals = argument.firstIndex(of: "="), !argument[argument.index(after: equals)...].hasPrefix("/") {
                value = String(argument[...equals]) + "\(folder)/" + argument[argument.index(after: equals)...]
            } else if previous == "--state-dir", !argument.hasPrefix("/") {
                value = "\(folder)/\(argument)"
            }
            result.append(value)
            previous = argument
        }
        return result
    }
}
