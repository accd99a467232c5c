import Foundation
import SceneRuntime
import VIP

/// `scenery test PATH...`: runs transcript tests and prints a unified diff for each failure.
enum TestCommand {
    static let usage = """
        USAGE: scenery test PATH... [--update] [--filter TEXT]

        Runs transcripts: an app folder runs its tests/*.transcript, a folder runs the
        transcripts in it, a file runs itself. Each transcript runs against the app folder
        above its tests/ folder (or the one an '# app:' line names, relative to it), with a
        fresh state directory unless its '# args:' give one.
        Prints a unified diff per failing transcript and a summary 'N passed, N failed';
        exit code 1 when any failed.

        OPTIONS:
          --update        Rewrite failing transcripts with what the run printed
          --filter TEXT   Run only transcripts whose path contains TEXT
          --help          Show this help
        """

    @MainActor
    static func run(_ arguments: [String], console: Console, registry: SceneRegistry) async -> Int32 {
        let start = Options.start(arguments, specs: [.flag("--update"), .value("--filter")], usage: usage, console: console) {
            (options: Options) throws(UsageError) in
            guard !options.positional.isEmpty else {
                throw UsageError("no transcripts to run", hint: "give an app folder or transcript files: 'scenery test Scenes/Shop'")
            }
        }
        guard case let .run(options, _) = start else { return start.exitCode }
        var files: [String] = []
        for path in options.positional {
            let found = transcripts(at: path)
            if found.isEmpty {
                console.error("error: no transcripts at '\(path)'")
                return ExitCode.usage
            }
            files += found
        }
        if let filter = options.value("--filter") { files = files.filter { $0.contains(filter) } }
        var passed = 0, failed = 0
        for file in files {
            if await runOne(file, update: options.flag("--update"), console: console, registry: registry) {
                passed += 1
            } else {
                failed += 1
            }
        }
        console.line("\(passed) passed, \(failed) failed")
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

    @MainActor
    static func runOne(_ path: String, update: Bool, console: Console, registry: SceneRegistry) async -> Bool {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            console.line("FAIL \(path): cannot read it")
            return false
        }
        let transcript: Transcript
        do {
            transcript = try Transcript.parse(text, path: path)
        } catch {
            console.line("FAIL \(path): '# args:' \(error.description)")
            return false
        }
        let folder = (path as NSString).deletingLastPathComponent
        let app = transcript.app.map { $0.hasPrefix("/") ? $0 : "\(folder.isEmpty ? "." : folder)/\($0)" }
            ?? (folder as NSString).deletingLastPathComponent
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("input")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try Data((transcript.inputs.joined(separator: "\n") + "\n").utf8).write(to: script)
        } catch {
            console.line("FAIL \(path): cannot write its input: \(error.localizedDescription)")
            return false
        }
        var arguments = [app.isEmpty ? "." : app] + resolved(transcript.arguments, relativeTo: (path as NSString).deletingLastPathComponent)
            + ["--script", script.path]
        if !transcript.arguments.contains("--state-dir") { arguments += ["--state-dir", scratch.appendingPathComponent("state").path] }
        let output = Locked("")
        let captured = Console(out: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } })
        _ = await RunCommand.run(arguments, console: captured, registry: registry)
        var actual = output.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if actual.last == "" { actual.removeLast() }
        if transcript.matches(actual) {
            console.line("PASS \(path)")
            return true
        }
        console.line("FAIL \(path)")
        console.line(LineDiff.unified(expected: transcript.expanded(against: actual), actual: actual, expectedName: "\(path) (expected)", actualName: "\(path) (actual)"))
        if update {
            do {
                try Data(transcript.updated(with: actual).utf8).write(to: URL(fileURLWithPath: path))
                console.line("updated \(path)")
            } catch {
                console.line("cannot update \(path): \(error.localizedDescription)")
            }
        }
        return false
    }
}
