import Foundation
import SceneRuntime
import VIPTesting

/// What a transcript's `>> ` lines do, for a test: move the session's clock, fault a
/// provider from its next read or write on, delete a record as another session would, and assert what the durable providers hold and
/// what the frame offers (docs/testing.md#time, #faults, #state-seeds-fixtures-restarts-and-absent-lines,
/// #actions-and-dead-ends).
extension SceneTester {
    /// Moves the session's clock as `>> clock` does — `"+2h"`, `"-30m"`, `"+1d12h"`, or a time
    /// such as `"2026-03-01T09:00:00Z"`: `now()` gives the new time from then on, and the next
    /// frame shows what changed. A move it cannot read fails the test.
    public func moveClock(
        _ move: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        guard let problem = app.format.clock.move(move) else { return }
        fail(
            "moveClock: the move cannot be read", expected: "a move such as +2h, or a time", actual: problem,
            fix: "write the move as '>> clock' takes it", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Faults `provider` from its next read or write on, as `>> fault` does; nil lifts its
    /// fault (the one `faults:` gave too). An error it causes names `origin`:
    /// `orders: failed (fault injected with >> fault)`.
    public func inject(_ fault: RuntimeOptions.Fault?, on provider: String, by origin: String = ">> fault") {
        app.faults.set(fault, on: provider, by: origin)
    }

    /// Deletes the record under `key` from collection `collection` as another session on the
    /// same state folder would, as `>> delete` does: no scene is told, and the next read finds
    /// it gone. A collection the app does not have, or a record it does not hold, fails the test.
    public func delete(
        _ key: String, from collection: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        guard let problem = app.deleteAsAnotherSession(key, from: collection) else { return }
        fail(
            "delete: the record was not deleted", expected: "record '\(key)' of '\(collection)'", actual: problem,
            fix: "name a record the collection holds", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Ends the session and starts the app again on the same state folder, as `>> restart`
    /// does: at the scene `start` started at, with the faults the tester was made with and
    /// the next seed; what the durable providers hold is still there.
    public func restart(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        for entry in app.navigator.stack.reversed() { entry.screen.screenDidLeave() }
        sessions += 1
        var options = self.options
        options.seed = self.options.seed &+ UInt64(sessions)
        do {
            let next = try RuntimeApp(loaded, options: options, registry: registry)
            forgetSession()
            app = next
        } catch {
            fail(
                "restart: the app did not start again", expected: "the app on its state folder", actual: error.localizedDescription,
                fix: "check what the session before stored", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        await start(at: startedAt.scene, args: startedAt.args, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Asserts what the app's durable providers hold, as `>> stored` prints it:
    /// `stored notes: ["milk"]`, a line each.
    public func assertStored(
        _ expected: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) async {
        let actual = await app.storedLines()
        guard actual != expected else { return }
        fail(
            "assertStored: the stored values differ", expected: expected.joined(separator: "\n"),
            actual: actual.joined(separator: "\n"),
            fix: "if what is stored now is right, update the expected lines; otherwise fix the scene",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts what the frame offers to do, as `>> actions` prints it: `actions shown: add,
    /// clear, back`, the use cases only typed, and a `dead end:` line when it is one.
    public func assertActions(
        _ expected: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let actual = ActionDispatch(app: app).actionLines()
        guard actual != expected else { return }
        fail(
            "assertActions: the frame offers other actions", expected: expected.joined(separator: "\n"),
            actual: actual.joined(separator: "\n"),
            fix: "if what the frame offers now is right, update the expected lines; otherwise fix the scene",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
