import Foundation
import ScenerySupport

/// `run --record FILE`: the session kept as a transcript that `scenery test` passes as it
/// stands — every input as `> line` (echoed as a scripted run echoes it), every frame and
/// message as printed, without colour or prompts; a header with the options that shape
/// the output (width, locale and `now` always, so a later change of defaults cannot break
/// it) and an `# app:` line unless the file sits in the app's `tests/` folder.
@MainActor
final class SessionRecording {
    let file: String
    private var text = ""
    /// What the session writes, plain: the mirror of the run's console.
    private(set) lazy var console = Console(out: { [unowned self] in text += $0 }, error: { [unowned self] in text += $0 })

    init(file: String) { self.file = file }

    /// Writes the transcript.
    /// - Parameters:
    ///   - app: the app folder run.
    ///   - arguments: the run's options that shape its output, with the effective width,
    ///     locale and `now`; `--fixture` paths as given on the command line.
    func write(app: String, arguments: [String]) throws {
        let folder = PathText.parent(of: absolute(file))
        let appFolder = absolute(app)
        var header = ["# \(PathText.baseName(of: file)) — recorded with 'scenery run --record'"]
        if PathText.normalized(folder) != PathText.normalized(appFolder + "/tests") {
            header.append("# app: \(PathText.relative(appFolder, from: folder))")
        }
        // Fixture paths as `scenery test` reads them: relative to the transcript.
        let relative = Transcript.mappingPaths(arguments) { PathText.relative(absolute($0), from: folder) }
        header.append("# args: " + relative.map(Transcript.shellQuoted).joined(separator: " "))
        let body = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        try Data((header.joined(separator: "\n") + "\n" + body).utf8).write(to: URL(fileURLWithPath: file))
    }

    private func absolute(_ path: String) -> String {
        PathText.normalized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }
}
