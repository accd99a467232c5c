import Foundation
import SceneRuntime
import ShopComponents
import Testing

@testable import SceneryCLI

/// `scenery explore`: apps with one planted defect that no transcript of their own reaches
/// are each found within a small budget and written as a short transcript `scenery test`
/// fails on; the sample apps come out clean; the same seed gives the same walks.
@MainActor
@Suite struct ExploreCommandTests {
    static let root = EjectCommandTests.root

    /// An app in a new temporary folder: `app.json` and its scenes by name.
    func app(_ name: String, entry: String, _ scenes: [String: String]) throws -> URL {
        let folder = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)/\(name)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "\#(name)", "entry": "\#(entry)"}"#.utf8).write(
            to: folder.appendingPathComponent("app.json"))
        for (scene, text) in scenes { try Data(text.utf8).write(to: folder.appendingPathComponent("scenes/\(scene).json")) }
        return folder
    }

    /// A save that divides by the name's length: an empty name is the manifest's failure.
    static let emptyName = """
        {"formatVersion": 1, "scene": "Profile",
         "state": {"name": {"type": "string?"}, "saved": {"type": "string?"}},
         "useCases": {"save": {"interactor": [{"type": "set", "path": "state.saved", "value": "share @{100 / count(state.name ?? '')}"}]}},
         "view": [{"type": "text", "text": "Saved: @{state.saved ?? 'nothing'}"},
                  {"type": "input", "label": "Name", "bind": "state.name", "word": "name"},
                  {"type": "button", "title": "Save", "action": "save"}]}
        """

    func explore(_ app: URL, _ extra: [String] = []) async -> (result: (code: Int32, out: String, error: String), output: URL) {
        let output = app.deletingLastPathComponent().appendingPathComponent("found")
        return (await runScenery(["explore", app.path, "--output", output.path, "--walks", "40"] + extra), output)
    }

    /// The transcripts explore wrote, by file name.
    func transcripts(_ folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            found[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return found
    }

    /// The planted apps (Fixtures/Explore): each has one defect its own transcript does not
    /// reach, which explore finds in a small budget and writes as a transcript of at most 8
    /// actions that `scenery test` fails on.
    nonisolated static let planted: [(app: String, options: [String], file: String, marker: String)] = [
        ("EmptyName", [], "no-runtime-error-1.transcript", "(E502)"),
        ("Stock", [], "invariants-hold-1.transcript", "(E514)"),
        ("Finish", [], "no-dead-end-1.transcript", ">> actions\n>> absent dead end:\n"),
        ("Offline", ["--faults"], "no-dead-end-1.transcript", "# args: --fault profile="),
        ("Notes", ["--restart"], "what-was-stored-survives-a-restart-1.transcript", ">> stored"),
        // A note deleted, and the "last opened" route still naming it.
        ("Recent", [], "no-runtime-error-1.transcript", "(E513)"),
        // A read that fails after the first one worked: only a fault begun midway shows it.
        ("Midway", ["--faults"], "no-dead-end-1.transcript", ">> fault notes=fail"),
        // A redeem that divides by zero once a code passes the pattern its `validate` checks.
        ("Voucher", [], "no-runtime-error-1.transcript", "(E502)"),
        // A split that divides by the notes it finds: only another session deleting the note
        // shown makes them none. `{app}` is the copied app's folder.
        ("Vanish", ["--faults", "--fixture", "notes={app}/tests/seeds/two.json"], "no-runtime-error-1.transcript", ">> delete notes n")
    ]

    // checks: docs/explore.md#what-it-checks
    // checks: docs/explore.md#what-it-writes
    @Test(arguments: planted)
    func aPlantedDefectIsFoundAndWrittenAsAShortFailingTranscript(app: String, options: [String], file: String, marker: String)
        async throws
    {
        let source = Self.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/\(app)")
        let own = await runScenery(["test", source.path])
        #expect(own.code == 0, "the app's own transcripts pass: \(own.out)")
        let folder = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(app))
        let copied = folder.appendingPathComponent(app)
        let (result, output) = await explore(copied, options.map { $0.replacingOccurrences(of: "{app}", with: copied.path) })
        #expect(result.code == 1, "\(result.out)\(result.error)")
        let written = try transcripts(output)
        #expect(Array(written.keys) == [file], "\(result.out)")
        let transcript = try #require(written[file])
        let actions = transcript.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(actions.count <= 8, "\(transcript)")
        #expect(transcript.contains(marker), "\(transcript)")
        #expect(transcript.hasPrefix("# explore: "))
        #expect(result.out.contains("1 failure\n"))
        // `scenery test` fails on it today, at the check explore wrote.
        let test = await runScenery(["test", output.appendingPathComponent(file).path])
        #expect(test.code == 1, "\(test.out)")
        // At the check explore wrote: an absent text that appeared, or what was stored.
        #expect((test.out + test.error).contains(app == "Notes" ? "+stored notes: []" : "appeared:"), "\(test.out)\(test.error)")
    }

    /// The Shop is explored with its Swift components, as its own executable has them.
    // checks: docs/explore.md#explore-an-app
    // checks: docs/explore.md#progress-and-the-summary
    @Test(arguments: ["Shop", "Orders"])
    func theSampleAppsComeOutClean(app: String) async throws {
        let output = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        let registry = SceneRegistry()
        if app == "Shop" { ShopComponents.register(into: registry) }
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(
            ["explore", Self.root.appendingPathComponent("Scenes/\(app)").path, "--walks", "30", "--time", "600", "--output", output.path],
            console: captured.console, registry: registry)
        let result = (code: code, out: captured.out, error: captured.error)
        #expect(result.code == 0, "\(result.out)\(result.error)")
        // What no walk reached, a line a manifest, then the summary.
        let lines = result.out.split(separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("not reached: scenes/") && $0.contains(" at ") }, "\(result.out)")
        #expect(lines.last?.hasPrefix("explored ") == true)
        #expect(result.out.contains(" 30 walks, "))
        #expect(result.out.hasSuffix(", 0 failures\n"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    // checks: docs/explore.md#explore-an-app
    @Test func theSameSeedGivesTheSameWalks() async throws {
        let folder = try app("Names", entry: "Profile", ["Profile": Self.emptyName])
        let first = await explore(folder, ["--seed", "7"])
        let firstTranscripts = try transcripts(first.output)
        try FileManager.default.removeItem(at: first.output)
        let second = await explore(folder, ["--seed", "7"])
        #expect(first.result.out == second.result.out)
        #expect(firstTranscripts == (try transcripts(second.output)))
    }

    /// An app that cannot start, and one whose Swift components the executable lacks, are
    /// refused before any walk, with nothing written.
    // checks: docs/explore.md#explore-an-app
    @Test func anAppThatCannotRunAsItWouldIsRefused() async throws {
        let output = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        let offline = Self.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/Offline").path
        let missing = await runScenery(["explore", offline, "--fixture", "profile=\(output.path)/none.json", "--output", output.path])
        #expect(missing.code == 1)
        #expect(missing.error.hasPrefix("error: cannot read fixture '\(output.path)/none.json' for provider 'profile'"), "\(missing.error)")
        let shop = await runScenery(["explore", Self.root.appendingPathComponent("Scenes/Shop").path, "--output", output.path])
        #expect(shop.code == 1)
        #expect(shop.error.contains("does not register the app's Swift components (formatter 'tierBadge'"), "\(shop.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A value with an apostrophe is typed quoted as a shell quotes it, so a choice whose
    /// option holds one is still chosen.
    // checks: docs/explore.md#explore-an-app
    @Test func valuesWithQuotesAreTypedAsTheyRead() async throws {
        let folder = try app(
            "Quotes", entry: "Main",
            [
                "Main": """
                {"formatVersion": 1, "scene": "Main", "state": {"when": {"type": "string?"}, "n": {"type": "decimal?"}},
                 "useCases": {"save": {"interactor": [{"type": "set", "path": "state.n", "value": "@{count(state.when ?? '') == 10 ? 1 / 0 : 1}"}]}},
                 "view": [{"type": "choice", "label": "When", "bind": "state.when", "options": ["don't care", "now"]},
                          {"type": "button", "title": "Save", "action": "save"}]}
                """
            ])
        let (result, output) = await explore(folder)
        #expect(result.code == 1, "\(result.out)\(result.error)")
        let transcript = try #require(try transcripts(output).values.first)
        // Only the option with the apostrophe breaks the save (shrinking then types its number).
        #expect(transcript.contains("> when 1\n"), "\(transcript)")
        #expect(ExploreValues.words(["when", "don't care"]) == "when 'don'\\''t care'")
        #expect(try InputLine.split(ExploreValues.words(["when", "don't care", ""])) == ["when", "don't care", ""])
        let test = await runScenery([
            "test",
            try #require(
                try FileManager.default.contentsOfDirectory(atPath: output.path).first.map { output.appendingPathComponent($0).path })
        ])
        #expect((test.out + test.error).contains("appeared:"), "\(test.out)\(test.error)")
    }

    /// `--jobs 2` starts two workers of the executable; added up, they find what a serial
    /// run finds, and write the same transcripts.
    // checks: docs/explore.md#explore-an-app
    @Test(.timeLimit(.minutes(2))) func jobsFindWhatASerialRunFinds() async throws {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "scenery")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the scenery executable first")
        let source = Self.root.appendingPathComponent("Tests/SceneryCLITests/Fixtures/Explore/Stock")
        let folder = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("Stock"))
        let app = folder.appendingPathComponent("Stock").path
        let serial = await runScenery(["explore", app, "--walks", "30", "--output", folder.appendingPathComponent("one").path])
        let jobs = await runScenery(
            ["explore", app, "--walks", "30", "--jobs", "2", "--output", folder.appendingPathComponent("two").path], executable: binary.path
        )
        #expect(jobs.code == serial.code)
        #expect(jobs.out.replacingOccurrences(of: "/two/", with: "/one/") == serial.out, "\(jobs.out)\(jobs.error)")
        #expect(try transcripts(folder.appendingPathComponent("two")) == (try transcripts(folder.appendingPathComponent("one"))))
    }

    // checks: docs/explore.md#explore-an-app
    // checks: docs/cli.md#scenery-explore
    // checks: docs/explore.md#what-is-not-there-yet
    @Test(arguments: [
        (["--jobs", "0"], "--jobs takes a whole number of at least 1, not '0'"),
        (["--worker", "3/2"], "--worker takes K/N, not '3/2'"),
        (["--arg", "id=1"], "id"),
        (["--time", "0"], "--time takes a whole number of at least 1, not '0'"),
        (["--walks", "0"], "--walks takes a whole number of at least 1, not '0'"),
        (["--scene", "Profle"], "did you mean 'Profile'?"),
        (["--steps", "many"], "--steps takes a whole number of at least 1, not 'many'")
    ])
    func badOptionsAreUsageErrors(options: [String], message: String) async throws {
        let folder = try app("Names", entry: "Profile", ["Profile": Self.emptyName])
        let result = await runScenery(["explore", folder.path] + options)
        #expect(result.code == 2)
        #expect(result.error.contains(message), "\(result.error)")
    }

    /// A transcript already in the output folder is never written over: the same one again is
    /// listed as already there, and one of someone's keeps its place while the finding takes
    /// the next number.
    // checks: docs/explore.md#what-it-writes
    @Test func aFileInTheOutputFolderIsNeverWrittenOver() async throws {
        let folder = try app("Names", entry: "Profile", ["Profile": Self.emptyName])
        let (first, output) = await explore(folder)
        let file = output.appendingPathComponent("no-runtime-error-1.transcript")
        #expect(first.out.contains("written to \(file.path)\n"), "\(first.out)")
        let (again, _) = await explore(folder)
        #expect(again.out.contains("already in \(file.path)\n"), "\(again.out)")
        try Data("# kept\n".utf8).write(to: file)
        let (third, _) = await explore(folder)
        #expect(third.out.contains("written to \(output.path)/no-runtime-error-2.transcript\n"), "\(third.out)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "# kept\n")
    }

    /// `--scene` naming a scene other than the entry starts where a route brings a person:
    /// its `route back` ends the walk rather than failing (E510), and with nothing to do it is
    /// no dead end; naming the entry, a scene with nothing to do is one.
    // checks: docs/explore.md#explore-an-app
    @Test func aSceneNamedByTheSceneOptionHasOneBelowUnlessItIsTheEntry() async throws {
        let home =
            #"{"formatVersion": 1, "scene": "Home", "useCases": {"open": {"interactor": [{"type": "route", "to": "Item", "args": {"id": "a"}}]}}, "view": [{"type": "button", "title": "Open", "action": "open"}]}"#
        let item =
            #"{"formatVersion": 1, "scene": "Item", "args": {"id": "string"}, "useCases": {"done": {"interactor": [{"type": "route", "mode": "back"}]}}, "view": [{"type": "text", "text": "Item @{args.id}"}, {"type": "button", "title": "Done", "action": "done"}, {"type": "error"}]}"#
        let quiet = #"{"formatVersion": 1, "scene": "Quiet", "view": [{"type": "text", "text": "Nothing here"}]}"#
        let folder = try app("Pushed", entry: "Home", ["Home": home, "Item": item, "Quiet": quiet])
        let (done, _) = await explore(folder, ["--scene", "Item", "--arg", "id=x"])
        #expect(done.code == 0, "\(done.out)\(done.error)")
        // Each walk ends at its first Done: one action a walk.
        #expect(done.out.contains(": 40 walks, 40 actions, "), "\(done.out)")
        let (quietly, _) = await explore(folder, ["--scene", "Quiet"])
        #expect(quietly.code == 0, "\(quietly.out)\(quietly.error)")
        let entry = try app("Still", entry: "Quiet", ["Quiet": quiet])
        let (stuck, _) = await explore(entry, ["--scene", "Quiet"])
        #expect(stuck.code == 1 && stuck.out.contains("FAIL no dead end: 'Quiet'"), "\(stuck.out)\(stuck.error)")
    }
}

/// On the samples, explore reaches at least the places their own transcripts reach, with
/// the options those transcripts use (the Orders' fixture and faults; the Shop's Swift
/// components): walks started at the other scenes reach the stale ids, and faults begun
/// midway the errors after data was read.
@MainActor
@Suite struct ExploreReachTests {
    /// `N` of "… (N/ALL)" in a summary line: places reached, or run.
    func places(_ output: String, after marker: String) -> Int? {
        guard let line = output.split(separator: "\n").last(where: { $0.contains(marker) }),
            let open = line.lastIndex(of: "("), let slash = line[open...].firstIndex(of: "/")
        else { return nil }
        return Int(line[line.index(after: open)..<slash])
    }

    // checks: docs/explore.md#explore-an-app
    // checks: docs/explore.md#faults
    @Test(arguments: [
        ("Orders", ["--walks", "100", "--faults", "--fixture", "orders=FOLDER/tests/seeds/two.json"]),
        ("Shop", ["--walks", "500"])
    ])
    func theSamplesReachWhatTheirTranscriptsReach(app: String, options: [String]) async throws {
        let path = ExploreCommandTests.root.appendingPathComponent("Scenes/\(app)").path
        let registry = SceneRegistry()
        if app == "Shop" {
            ShopComponents.register(into: registry)
            ShopComponents.registerScenes(into: registry)
        }
        let output = scratchFolder.appendingPathComponent("scenery-explore-\(UUID().uuidString)")
        let explored = CapturedConsole()
        let code = await SceneryCommand.run(
            ["explore", path, "--time", "600", "--output", output.path] + options.map { $0.replacingOccurrences(of: "FOLDER", with: path) },
            console: explored.console, registry: registry)
        #expect(code == 0, "\(explored.out)\(explored.error)")
        let tested = CapturedConsole()
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        _ = await SceneryCommand.run(
            ["test", path, "--coverage", output.appendingPathComponent("tested.info").path, "--timeout", "600"],
            console: tested.console, registry: registry)
        let reached = try #require(places(explored.out, after: "% of places reached"), "\(explored.out)")
        let run = try #require(places(tested.out, after: "% of places run"), "\(tested.out)")
        #expect(reached >= run, "\(explored.out)\n\(tested.out)")
        if app == "Orders" { #expect(explored.out.contains("100.0% of places reached (61/61), 0 failures"), "\(explored.out)") }
    }
}
