import SceneManifest
import SceneRuntime

/// `scenery run --watch`: what a session does when its app's files change.
@MainActor
struct LiveReload {
    /// What was given to `run`: the app folder or scene file, and the folder watched.
    let path: String
    let root: String
    let options: RuntimeOptions
    let registry: SceneRegistry
    let console: Console
    /// Warnings are shown to a person at a terminal; errors always.
    let interactive: Bool

    /// Validates the app again. With errors, prints them and keeps the session on the
    /// version loaded before; otherwise runs the new version in its place, keeping the
    /// stack and what still fits, and prints its frame.
    func reload(_ session: SceneSession, changed: [String]) async {
        let names = changed.map(relative).joined(separator: ", ")
        let report = Validator.validate(path: path)
        let refused = report.hasErrors || report.app == nil
        if refused || interactive { console.findings(report.diagnostics, json: session.format == .json) }
        guard !refused, let loaded = report.app else {
            return keepRunning(session, changed, "the change to \(names) has errors")
        }
        let notes: [String]
        do {
            notes = try await session.adopt(RuntimeApp(loaded, options: options, registry: registry))
        } catch {
            return keepRunning(session, changed, "the changed app cannot start: \(error.localizedDescription)")
        }
        if session.format == .json {
            console.json(#"{"reload":{"changed":\#(list(changed.map(relative))),"notes":\#(list(notes))}}"#)
        }
        console.error("reloaded after a change to \(names)", as: .plain)
        for note in notes { console.error("  note: \(note)", as: .plain) }
        session.printFrame()
    }

    private func keepRunning(_ session: SceneSession, _ changed: [String], _ reason: String) {
        if session.format == .json {
            console.json(#"{"reload":{"changed":\#(list(changed.map(relative))),"error":\#(JSONText.quote(reason))}}"#)
        }
        console.error("error: \(reason); still running the version loaded before")
    }

    /// A changed file's path below the watched folder.
    private func relative(_ file: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    private func list(_ texts: [String]) -> String { ValueJSON.text(.list(texts.map(SceneValue.string))) }
}
