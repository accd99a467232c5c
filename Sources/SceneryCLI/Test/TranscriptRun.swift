import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import VIP
import ScenerySupport

/// One transcript, run as `scenery run` with its inputs as a script, its output compared
/// with the transcript's; bounded by a timeout, after which the run is cancelled and
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
        let folder = PathText.parent(of: path)
        let appPath = transcript.app.map { $0.hasPrefix("/") ? $0 : "\(folder.isEmpty ? "." : folder)/\($0)" }
            ?? PathText.parent(of: folder)
        let app = appPath.isEmpty ? "." : appPath
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("input")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try Data(transcript.inputs.map { $0 + "\n" }.joined().utf8).write(to: script)
        } catch {
            return fail("cannot write its input: \(error.localizedDescription)")
        }
        var arguments = [app] + TestCommand.resolved(transcript.arguments, relativeTo: folder) + ["--script", script.path]
        if !transcript.arguments.contains("--state-dir") { arguments += ["--state-dir", scratch.appendingPathComponent("state").path] }
        let output = Locked("")
        let captured = Console(out: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } })
        let recorder = coverage ? CoverageRecorder() : nil
        guard await finishes(arguments, console: captured, coverage: recorder) else {
            return fail("timed out after \(timeout.components.seconds) s")
        }
        var result = judged(transcript, Transcript.lines(of: output.withLock { $0 }), app: app)
        result.app = app
        result.coverage = recorder?.counts
        return result
    }

    private func judged(_ transcript: Transcript, _ actual: [String], app: String) -> TranscriptResult {
        if transcript.matches(actual) {
            var result = TranscriptResult(path: path, outcome: .passed)
            result.say("PASS \(path)", as: .success)
            return result
        }
        var result = TranscriptResult(path: path, outcome: .failed)
        result.complain("FAIL \(path)", as: .failure)
        let diff = LineDiff.unified(expected: transcript.expanded(against: actual), actual: actual,
                                    expectedName: "\(path) (expected)", actualName: "\(path) (actual)")
        result.complain(diff, as: .diff)
        result.reason = "the output differs from the transcript"
        result.diff = diff
        guard update else { return result }
        let used = usedArguments(transcript, app: app)
        do {
            try Data(transcript.updated(with: actual, adding: used).utf8).write(to: URL(fileURLWithPath: path))
            result.say("updated \(path)")
            result.outcome = .updated
        } catch {
            result.complain("error: cannot update '\(path)': \(error.localizedDescription)")
        }
        return result
    }

    private func fail(_ reason: String) -> TranscriptResult { .failed(path, reason: reason) }

    /// Runs the session; false when it ran past the timeout. A late session is cancelled
    /// (its scenes leave, cancelling their work) and not waited for.
    private func finishes(_ arguments: [String], console: Console, coverage: CoverageRecorder?) async -> Bool {
        let registry = self.registry
        let validated = self.validated
        let work = Task { @MainActor in
            await RunCommand.run(arguments, console: console, registry: registry, coverage: coverage, validated: validated)
        }
        let timeout = self.timeout
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let pending = Locked<CheckedContinuation<Bool, Never>?>(continuation)
            let finish: @Sendable (Bool) -> Void = { done in
                pending.withLock { waiting in
                    waiting?.resume(returning: done)
                    waiting = nil
                }
            }
            let timer = Task {
                do {
                    try await Task.sleep(for: timeout)
                    finish(false)
                } catch {}
            }
            Task {
                _ = await work.value
                timer.cancel()
                finish(true)
            }
        }
        if !finished { work.cancel() }
        return finished
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
