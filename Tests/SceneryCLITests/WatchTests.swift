import Foundation
import ScenerySupport
import Testing

/// `scenery run --watch`, as a person uses it: the built executable runs a session fed
/// through a pipe while the test edits the app's files under it.
// checks: docs/cli.md#live-reload---watch
@Suite(.serialized) struct WatchTests {
    static let app = #"{"formatVersion": 1, "name": "Watched", "entry": "Counter", "currency": "USD"}"#
    static func counter(label: String, countType: String = "int") -> String {
        #"""
        {"formatVersion": 1, "scene": "Counter", "state": {"count": {"type": "\#(countType)", "default": 0}},
         "useCases": {"add": {"interactor": [{"type": "set", "path": "state.count", "value": "@{state.count + 1}"}]}},
         "view": [{"type": "text", "text": "\#(label): @{state.count}"}, {"type": "button", "title": "Add", "action": "add"}]}
        """#
    }

    @Test func aChangedTextIsReloadedKeepingTheStateAndABrokenChangeKeepsTheOldVersion() throws {
        let folder = try temporaryApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("scenes/Counter.json")
        let session = try ScenerySession(watching: folder)
        defer { session.end() }

        try session.waitFor("Count: 0")
        session.type("add")
        session.type("add")
        try session.waitFor("Count: 2")

        // A valid change: the scene is rebuilt, keeping its state, and its frame printed.
        try Self.counter(label: "Total").write(to: scene, atomically: true, encoding: .utf8)
        try session.waitFor("Total: 2")
        try session.waitFor("reloaded after a change to scenes/Counter.json", in: \.error)

        // A change with errors: its findings, and the session keeps the version it had.
        try #"{"formatVersion": 1, "scene": "Counter", "useCases": {"#.write(to: scene, atomically: true, encoding: .utf8)
        try session.waitFor("still running the version loaded before", in: \.error)
        #expect(session.error.contains("scenes/Counter.json:1:"))
        session.type("add")
        try session.waitFor("Total: 3")

        // Fixed again, with a field whose type changed: it starts from its default, and says so.
        try Self.counter(label: "Sum", countType: "string").replacingOccurrences(of: "@{state.count + 1}", with: "x")
            .replacingOccurrences(of: #""default": 0"#, with: #""default": "none""#).write(to: scene, atomically: true, encoding: .utf8)
        try session.waitFor("Sum: none")
        try session.waitFor("note: Counter: state.count starts again from its default: it is a number, not string", in: \.error)

        session.type("quit")
        #expect(try session.exitCode() == 0)
    }

    @Test func recordingAndWatchingAtOnceIsRefused() throws {
        let folder = try temporaryApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try ScenerySession(watching: folder, extra: ["--record", folder.appendingPathComponent("s.transcript").path])
        #expect(try session.exitCode() == 2)
        #expect(session.error.contains("'--record' and '--watch' cannot be used together"))
    }

    private func temporaryApp() throws -> URL {
        let folder = scratchFolder.appendingPathComponent("scenery-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Self.app.write(to: folder.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        try Self.counter(label: "Count").write(to: folder.appendingPathComponent("scenes/Counter.json"), atomically: true, encoding: .utf8)
        return folder
    }
}

extension ScenerySession {
    /// `scenery run APP --watch` with the app's own state folder.
    convenience init(watching app: URL, extra: [String] = []) throws {
        try self.init(["run", app.path, "--watch", "--state-dir", app.appendingPathComponent(".state").path] + extra)
    }
}
