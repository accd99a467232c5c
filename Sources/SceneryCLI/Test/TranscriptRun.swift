import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import ScenerySupport
import VIP

/// One transcript, run as `scenery run` with its inputs as a script, its output compared
/// with the transcript's (a `>> restart` line starts the app again on the same state
/// folder, with the next inputs as its script); bounded by a timeout, after which the run is cancelled and
/// abandoned so the next transcript can start. Each run has its own app instance, state
/// folder, clock and fixtures: nothing is shared between transcripts.
@MainActor
struct TranscriptRun {
    let path: String
    let timeout: Duration
    let update: Bool
    let registry: SceneRegistry
    /// Whether to count what the run exercises.
    var coverage = false
    /// Apps validated by earlier transcripts of the run.
    var validated: ValidatedApps?
    /// What the process does when the app holds the main thread past the timeout.
    var whenHeld = WhenHeld.waits

    /// A held main thread cannot be let go: only the program itself may stop over it, never a
    /// process `scenery test` runs inside.
    enum WhenHeld {
        /// Waits, as a caller embedding the commands must.
        case waits
        /// Stops the program, saying why.
        case stops
        /// Stops a `--jobs` worker, its transcript's result written first, so the run goes on.
        case reports
    }

    func run() async -> TranscriptResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = await outcome()
        let elapsed = clock.now - start
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }

    private func outcome() async -> TranscriptResult {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return fail("cannot read it")
        }
        let transcript: Transcript
        do {
            transcript = try Transcript.parse(text, path: path)
        } catch {
            return fail("'# args:' \(error.description)")
        }
        if !transcript.problems.isEmpty { return fail(transcript.problems.joined(separator: "; ")) }
        let folder = PathText.parent(of: path)
        let appPath =
            transcript.app.map { $0.hasPrefix("/") ? $0 : "\(folder.isEmpty ? "." : folder)/\($0)" }
            ?? PathText.parent(of: folder)
        let app = appPath.isEmpty ? "." : appPath
        if transcript.arguments.contains("--state-from") {
            return fail("'--state-from' is for 'scenery run'; a transcript names its seed folder in a '# state: DIR' line")
        }
        if transcript.state != nil, transcript.arguments.contains("--state-dir") {
            return fail("'# state:' seeds the transcript's fresh state folder; leave '--state-dir' out of '# args:'")
        }
        // The state folder's place; nothing is made there unless the app stores something.
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true).appendingPathComponent(
            "scenery-test-\(UUID().uuidString)")
        defer { if FileManager.default.fileExists(atPath: scratch.path) { try? FileManager.default.removeItem(at: scratch) } }
        // One script per session, given in memory: `>> restart` ends one and starts the next.
        let scripts = transcript.sessions.map { inputs in inputs.map { $0 + "\n" }.joined() }
        var arguments = [app] + TestCommand.resolved(transcript.arguments, relativeTo: folder)
        // Ids are the same on every run of a transcript: seed 0 unless its args give one; each
        // session after a `>> restart` takes the next seed, so it makes new ids, as a new
        // session of the app would.
        let (withoutSeed, seed) = Self.seed(in: arguments)
        arguments = withoutSeed
        if !transcript.arguments.contains("--state-dir") {
            let state = scratch.appendingPathComponent("state")
            if let seed = transcript.state {
                let resolved = seed.hasPrefix("/") ? seed : "\(folder.isEmpty ? "." : folder)/\(seed)"
                if let problem = StateSeed.copy(resolved, into: state, as: seed) { return fail(problem) }
            }
            arguments += ["--state-dir", state.path]
        }
        let output = Locked("")
        let captured = Console(out: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } })
        let recorder = coverage ? CoverageRecorder() : nil
        let sessionArguments = scripts.enumerated().map { index, script in
            (arguments + ["--seed", seed.map { String($0 &+ UInt64(index)) } ?? "\(index)"], script)
        }
        // A transcript's own bound can only be tighter: workers are watched with --timeout's.
        let timeout = min(transcript.timeout.map { Duration.seconds($0) } ?? self.timeout, self.timeout)
        guard await finishes(sessionArguments, within: timeout, console: captured, coverage: recorder) else {
            return fail("timed out after \(timeout.components.seconds) s")
        }
        var result = judged(transcript, Transcript.lines(of: output.withLock { $0 }), app: app)
        result.app = app
        result.coverage = recorder?.counts
        return result
    }

    private func judged(_ transcript: Transcript, _ actual: [String], app: String) -> TranscriptResult {
        let matches = transcript.matches(actual)
        let absent = transcript.absenceFailures(in: actual)
        if matches, absent.isEmpty {
            var result = TranscriptResult(path: path, outcome: .passed)
            result.say("PASS \(path)", as: .success)
            return result
        }
        // A rewrite that leaves nothing failing is an update, not a failure: it says so alone.
        if update, !matches, absent.isEmpty, case let .success(updated) = rewritten(transcript, actual, app: app) { return updated }
        var result = TranscriptResult(path: path, outcome: .failed)
        result.complain("FAIL \(path)", as: .failure)
        var reasons: [String] = []
        if !matches {
            let diff = LineDiff.unified(
                expected: transcript.expanded(against: actual), actual: actual,
                expectedName: "\(path) (expected)", actualName: "\(path) (actual)")
            result.complain(diff, as: .diff)
            result.diff = diff
            reasons.append("the output differs from the transcript")
        }
        // A `>> absent` that failed: the transcript's line, the text, the line that holds it.
        for failure in absent { result.complain(failure, as: .failure) }
        result.reason = (reasons + absent).joined(separator: "; ")
        guard update, !matches else { return result }
        // An `>> absent` that failed is kept as written: the run, not the transcript, is wrong.
        switch rewritten(transcript, actual, app: app) {
        case let .success(updated): result.messages += updated.messages
        case let .failure(problem): result.complain("error: cannot update '\(path)': \(problem.text)")
        }
        return result
    }

    /// Why a transcript could not be rewritten.
    private struct WriteProblem: Error { let text: String }

    /// The transcript rewritten to match `actual`: `updated PATH`, or why it cannot be written.
    private func rewritten(_ transcript: Transcript, _ actual: [String], app: String) -> Result<TranscriptResult, WriteProblem> {
        let used = usedArguments(transcript, app: app)
        do {
            try Data(transcript.updated(with: actual, adding: used).utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            return .failure(WriteProblem(text: error.localizedDescription))
        }
        var result = TranscriptResult(path: path, outcome: .updated)
        result.say("updated \(path)")
        return .success(result)
    }

    private func fail(_ reason: String) -> TranscriptResult { .failed(path, reason: reason) }

    /// The arguments without `--seed N` (or `--seed=N`), and N when it is a number; a seed
    /// that is not one stays in the arguments, for the run to refuse as usual.
    static func seed(in arguments: [String]) -> ([String], UInt64?) {
        var rest: [String] = []
        var seed: UInt64?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--seed", index + 1 < arguments.count, let number = UInt64(arguments[index + 1]) {
                seed = number
                index += 2
                continue
            }
            if argument.hasPrefix("--seed="), let number = UInt64(argument.dropFirst(7)) {
                seed = number
                index += 1
                continue
            }
            rest.append(argument)
            index += 1
        }
        return (rest, seed)
    }

    /// Runs the sessions one after another, `>> restart` echoed between them; false when
    /// they ran past the timeout. A late session is cancelled (its scenes leave, cancelling
    /// their work) and not waited for. Each session's app is gone when the next starts, so
    /// its claim on the state folder is released as `quit` releases it.
    private func finishes(
        _ sessions: [(arguments: [String], script: String)], within timeout: Duration, console: Console, coverage: CoverageRecorder?
    ) async -> Bool {
        let registry = self.registry
        let validated = self.validated
        let path = self.path
        let whenHeld = self.whenHeld
        // Nothing on the main thread can run to end it: the process stops at once (`_exit`).
        let held: @Sendable () -> Void = {
            let reason =
                "timed out after \(timeout.components.seconds) s, and its app still holds the main thread "
                + "(a Swift component that never lets go)"
            // A worker ends as one that has answered for all it ran, and the run goes on.
            if whenHeld == .reports, let line = try? JSONEncoder().encode(TranscriptResult.failed(path, reason: reason)) {
                FileHandle.standardOutput.write(line + Data("\n".utf8))
                _exit(ExitCode.success)
            }
            FileHandle.standardError.write(Data("FAIL \(path): \(reason); the run stops here\n".utf8))
            _exit(ExitCode.findings)
        }
        return await Deadline.finishes(within: timeout, held: whenHeld == .waits ? nil : held) {
            for (index, session) in sessions.enumerated() {
                if Task.isCancelled { break }
                if index > 0 { console.line(Transcript.restart) }
                _ = await RunCommand.run(
                    session.arguments, console: console, registry: registry, coverage: coverage, validated: validated,
                    script: session.script)
            }
        }
    }

    /// The `--width` and `--locale` the run used, for `--update` to record when the
    /// transcript does not give them, so it keeps passing when defaults change.
    private func usedArguments(_ transcript: Transcript, app: String) -> [String] {
        func gives(_ option: String) -> Bool { transcript.arguments.contains { $0 == option || $0.hasPrefix(option + "=") } }
        var result: [String] = []
        if !gives("--width") { result += ["--width", "\(LineRenderer.defaultWidth)"] }
        if !gives("--locale"), let locale = (validated?.report(for: app) ?? Validator.validate(path: app)).appDefinition?.locale {
            result += ["--locale", locale]
        }
        return result
    }
}
