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
    let start: [String]
    let registry: SceneRegistry

    /// The transcript's text: `lines` replayed (a dead end: then `back`, which cannot leave).
    func text(_ lines: [String], _ failure: ExploreWalk.Failure, faults: [String], found: String, folder: String) async -> String {
        let start = self.start + faults.flatMap { ["--fault", $0] }
        let script = failure.absent == nil ? lines + [BuiltInAction.back.rawValue] : lines
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let output = Locked("")
        let captured = Console(out: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } })
        _ = await RunCommand.run(
            [app] + start + ["--state-dir", state.path, "--seed", "0"], console: captured, registry: registry,
            script: script.map { $0 + "\n" }.joined())
        var body = Transcript.lines(of: output.withLock { $0 })
        // The check sits in the last input's output block: absent the error's code, or (a
        // dead end) absent the refusal `back` gets.
        if let last = body.lastIndex(where: { $0.hasPrefix("> ") }) {
            let absent = failure.absent ?? body[(last + 1)...].first(where: { $0.hasPrefix("error:") }) ?? "error:"
            body.insert(">> absent \(absent)", at: last + 1)
        }
        let relative = PathText.relative(Self.absolute(app), from: Self.absolute(folder))
        var header = [
            "# explore: \(failure.property) — \(Self.oneLine(failure.detail))", "# found by: \(found)", "# app: \(relative)"
        ]
        if !start.isEmpty { header.append("# args: " + start.map { ExploreValues.words([$0]) }.joined(separator: " ")) }
        // Output whose first line starts with `#` would read as header.
        if body.first?.hasPrefix("#") == true { body.insert("...", at: 0) }
        return (header + body).joined(separator: "\n") + "\n"
    }

    nonisolated static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    nonisolated static func oneLine(_ text: String) -> String { text.split(separator: "\n").joined(separator: " ") }
}
