import Foundation
import Testing

/// Two real `scenery run` processes of one app on one state folder (docs/reliability.md, One
/// session per state folder): the second is refused at once, before it reads or writes,
/// with an error naming the storage and how to run beside it; once the first ends, a new
/// session runs and sees every write the first made.
// checks: docs/reliability.md#one-session-per-state-folder
@Suite struct ConcurrentSessionTests {
    static let files: [String: String] = [
        "app.json":
            #"{"formatVersion": 1, "name": "Tally", "entry": "Main", "providers": {"marks": {"type": "keyValue", "model": "[string]", "default": []}}}"#,
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main",
         "useCases": {
           "load": {"interactor": [{"type": "fetch", "provider": "marks", "as": "m"}], "response": {"n": "@{count(m)}"}, "presenter": {"n": "@{response.n}"}},
           "add": {"interactor": [{"type": "fetch", "provider": "marks", "as": "m"},
                                  {"type": "work", "worker": "append", "input": "@{m}", "args": {"item": "x"}, "as": "next"},
                                  {"type": "store", "provider": "marks", "value": "@{next}"}, {"type": "call", "useCase": "load"}]}},
         "view": [{"type": "text", "text": "marks: @{vm.n}"}, {"type": "error"}], "onAppear": ["load"]}
        """#
    ]

    @Test func aSecondSessionOnAStateFolderInUseIsRefusedAndTheFirstLosesNothing() throws {
        let app = try writeFiles(Self.files)
        let state = app.appendingPathComponent("state").path
        let first = try ScenerySession(["run", app.path, "--state-dir", state])
        defer { first.end() }
        try first.waitFor("marks: 0")
        first.type("add")
        try first.waitFor("marks: 1")

        let second = try ScenerySession(["run", app.path, "--state-dir", state])
        defer { second.end() }
        #expect(try second.exitCode() == 1)
        try second.waitFor("run beside it with a state folder of its own", in: \.error)
        #expect(second.out == "")
        #expect(second.error.contains("error: the storage '\(state)/Tally.json' is in use by another session (process "))
        #expect(second.error.contains("run beside it with a state folder of its own: --state-dir DIR"))

        first.type("add")
        try first.waitFor("marks: 2")
        first.end()
        _ = try first.exitCode()

        let third = try ScenerySession(["run", app.path, "--state-dir", state])
        defer { third.end() }
        try third.waitFor("marks: 2")
    }

    /// An app that keeps its data only in a collection is locked as one with a keyValue
    /// provider is: a second session is refused, and `--reset` does not move the live
    /// database aside under the running session.
    @Test func anAppWithOnlyACollectionIsLockedToo() throws {
        let app = try writeFiles([
            "app.json":
                #"{"formatVersion": 1, "name": "Notes", "entry": "Main", "models": {"Note": {"id": "string", "text": "string"}}, "providers": {"notes": {"type": "collection", "model": "Note"}}}"#,
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main",
             "useCases": {
               "load": {"interactor": [{"type": "fetch", "provider": "notes", "as": "all"}], "response": {"n": "@{count(all)}"}, "presenter": {"n": "@{response.n}"}},
               "add": {"request": {"text": "string"}, "interactor": [{"type": "insert", "provider": "notes", "value": {"id": "@{request.text}", "text": "@{request.text}"}}, {"type": "call", "useCase": "load"}]}},
             "view": [{"type": "text", "text": "notes: @{vm.n}"}, {"type": "error"}], "onAppear": ["load"]}
            """#
        ])
        let state = app.appendingPathComponent("state").path
        let first = try ScenerySession(["run", app.path, "--state-dir", state])
        defer { first.end() }
        try first.waitFor("notes: 0")
        first.type("add a")
        try first.waitFor("notes: 1")

        let second = try ScenerySession(["run", app.path, "--state-dir", state])
        defer { second.end() }
        #expect(try second.exitCode() == 1)
        #expect(second.error.contains("is in use by another session (process "))

        let reset = try ScenerySession(["run", app.path, "--state-dir", state, "--reset"])
        defer { reset.end() }
        #expect(try reset.exitCode() == 1)
        #expect(reset.error.contains("is in use by another session (process "))

        first.type("add b")
        try first.waitFor("notes: 2")
        first.end()
        _ = try first.exitCode()
        let third = try ScenerySession(["run", app.path, "--state-dir", state])
        defer { third.end() }
        try third.waitFor("notes: 2")
    }

    @Test func anotherStateFolderRunsBesideIt() throws {
        let app = try writeFiles(Self.files)
        let first = try ScenerySession(["run", app.path, "--state-dir", app.appendingPathComponent("a").path])
        defer { first.end() }
        try first.waitFor("marks: 0")
        let second = try ScenerySession(["run", app.path, "--state-dir", app.appendingPathComponent("b").path])
        defer { second.end() }
        try second.waitFor("marks: 0")
        second.type("add")
        try second.waitFor("marks: 1")
    }
}

/// Where `run` keeps an app's data when no `--state-dir` is given (docs/cli.md, run).
// checks: docs/cli.md#scenery-run
@Suite struct DefaultStateFolderTests {
    /// A relative XDG_STATE_HOME is ignored, as the XDG specification says.
    @Test(arguments: [
        (xdg: Optional<String>.none, under: ".local/state"), (xdg: "ABSOLUTE", under: "xdg"), (xdg: "relative/xdg", under: ".local/state")
    ])
    func theDefaultFolderFollowsHomeAndXDGStateHome(xdg: String?, under: String) throws {
        let app = try writeFiles(ConcurrentSessionTests.files)
        let home = app.appendingPathComponent("home")
        let variable = xdg.map { $0 == "ABSOLUTE" ? home.appendingPathComponent("xdg").path : $0 }
        let session = try ScenerySession(["run", app.path], environment: ["HOME": home.path, "XDG_STATE_HOME": variable])
        defer { session.end() }
        try session.waitFor("marks: 0")
        session.type("add")
        try session.waitFor("marks: 1")
        let file = home.appendingPathComponent(under).appendingPathComponent("scenery/Tally/Tally.json")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }
}

/// Runs that keep nothing in the default folder never make or claim it: a recording, a
/// seeded run, and an app that stores nothing (docs/cli.md, run).
// checks: docs/cli.md#scenery-run
@Suite struct UntouchedStateFolderTests {
    @Test(arguments: [["--record", "RECORDING"], ["--state-from", "SEED"], ["--scene", "Plain"]])
    func aRunThatKeepsNothingThereLeavesTheDefaultFolderAlone(_ options: [String]) throws {
        var files = ConcurrentSessionTests.files
        files["scenes/Plain.json"] = #"{"formatVersion": 1, "scene": "Plain", "view": [{"type": "text", "text": "plain"}]}"#
        files["seed/Tally.json"] = #"{"marks": ["x"]}"#
        let app = try writeFiles(files)
        let xdg = app.appendingPathComponent("xdg")
        var arguments =
            ["run", app.path]
            + options.map {
                $0 == "RECORDING"
                    ? app.appendingPathComponent("one.transcript").path : $0 == "SEED" ? app.appendingPathComponent("seed").path : $0
            }
        if options.first == "--scene" {
            // An app with no provider that stores: the same scene in an app of its own.
            let plain = try writeFiles([
                "app.json": #"{"formatVersion": 1, "name": "Plain", "entry": "Plain"}"#,
                "scenes/Plain.json": files["scenes/Plain.json"] ?? ""
            ])
            arguments = ["run", plain.path]
        }
        let session = try ScenerySession(arguments, environment: ["XDG_STATE_HOME": xdg.path])
        defer { session.end() }
        session.type("quit")
        #expect(try session.exitCode() == 0, "\(session.error)")
        #expect(
            !FileManager.default.fileExists(atPath: xdg.path),
            "made \((try? FileManager.default.subpathsOfDirectory(atPath: xdg.path)) ?? [])")
    }
}

/// Writes `files` (relative path → text) into a new temporary folder.
func writeFiles(_ files: [String: String]) throws -> URL {
    let folder = scratchFolder.appendingPathComponent("scenery-cli-\(UUID().uuidString)")
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return folder
}
