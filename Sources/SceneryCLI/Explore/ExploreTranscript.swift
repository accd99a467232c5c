import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport

/// A failure found by explore, written as a transcript that `scenery test` fails on today:
/// the session's output as `scenery run` prints it for the lines, with the property broken
/// as a comment, and a check that fails where the property does.
@MainActor
struct ExploreTranscript {
    let app: String
    /// The options every walk ran with, as given (paths from the working folder), for the replay.
    let start: [String]
    /// The same for the transcript's `# args:` (a fixture's file relative to the transcript).
    let header: [String]
    let registry: SceneRegistry

    /// The transcript's text for `lines` replayed with `faults`, from `other` when the walk
    /// started there:
    /// - an error: `>> absent (CODE)` in the output block of the line that shows it;
    /// - a dead end: then `>> actions`, and `>> absent dead end:` under it;
    /// - a restart: `>> stored`, `>> restart`, `>> stored` expecting what the first showed;
    /// - a hang: the output up to the line that hung, that line, and a `# timeout:` line.
    func text(
        _ lines: [String], _ failure: ExploreWalk.Failure, faults: [String], from other: ExploreWalk.Start?, found: String,
        folder: String
    ) async -> String {
        let walkOptions = (other?.options ?? []) + faults.flatMap { ["--fault", $0] }
        let start = self.start + walkOptions
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var body: [String]
        switch failure.check {
        case let .absent(text):
            body = await output(lines, start: start, state: state)
            absent(text, in: &body)
        case .deadEnd:
            body = await output(lines + [SessionLoop.actionsLine], start: start, state: state)
            // It fails while `>> actions` says the frame is a dead end, and passes once it is not.
            let deadEnd = String(ActionDispatch.deadEndLine.prefix { $0 != ":" }) + ":"
            body.insert(">> absent \(deadEnd)", at: body.lastIndex(of: SessionLoop.actionsLine).map { $0 + 1 } ?? body.count)
        case .restart:
            body = await output(lines + [SessionLoop.storedLine], start: start, state: state)
            // What was stored at the end of these lines: what the app started again must hold.
            let before = body.lastIndex(of: SessionLoop.storedLine).map { Array(body[($0 + 1)...]) } ?? []
            // The session after a `>> restart` takes the next seed, as `scenery test` gives it.
            let again = await output([SessionLoop.storedLine], start: start, state: state, seed: 1)
            // What the second session shows, up to its `>> stored`; then what should be there.
            let after = again.drop { $0 != SessionLoop.storedLine }.dropFirst()
            body +=
                [Transcript.restart] + again.prefix { $0 != SessionLoop.storedLine } + [SessionLoop.storedLine]
                + StoredComparison.expected(before: before, after: Array(after))
        case .hang, .crash:
            // The line that hung or stopped the app is the walk's last; what it shows is not known.
            body = lines.isEmpty ? [] : await output(lines.dropLast(), start: start, state: state) + ["> " + lines[lines.count - 1]]
        }
        let relative = PathText.relative(PathText.absolute(app), from: PathText.absolute(folder))
        var header = [
            "# explore: \(failure.property) — \(Self.oneLine(failure.detail))", "# found by: \(found)", "# app: \(relative)"
        ]
        let args = self.header + walkOptions
        if !args.isEmpty { header.append("# args: " + args.map { ExploreValues.words([$0]) }.joined(separator: " ")) }
        if case let .hang(seconds) = failure.check { header.append("\(Transcript.timeoutPrefix) \(seconds)") }
        // Output whose first line starts with `#` would read as header.
        if body.first?.hasPrefix("#") == true { body.insert("...", at: 0) }
        return (header + body).joined(separator: "\n") + "\n"
    }

    /// What `scenery run` prints for `lines` as a script, on the state folder `state`.
    private func output(_ lines: [String], start: [String], state: URL, seed: Int = 0) async -> [String] {
        let output = Locked("")
        let captured = Console(out: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } })
        _ = await RunCommand.run(
            [app] + start + ["--state-dir", state.path, "--seed", "\(seed)"], console: captured, registry: registry,
            script: lines.map { $0 + "\n" }.joined())
        return Transcript.lines(of: output.withLock { $0 })
    }

    /// `>> absent TEXT` in the output block of the last input, or of the first frame when
    /// the failure shows before any.
    private func absent(_ text: String, in body: inout [String]) {
        body.insert(">> absent \(text)", at: body.lastIndex(where: { $0.hasPrefix("> ") }).map { $0 + 1 } ?? 0)
    }

    nonisolated static func oneLine(_ text: String) -> String { text.split(separator: "\n").joined(separator: " ") }
}
