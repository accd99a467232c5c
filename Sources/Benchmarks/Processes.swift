import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import VIP

// Whole processes and whole scenes: `scenery run` starting and quitting against a Foundation
// hello world, `scenery test` over thousands of transcripts (one process, then `--jobs 2`),
// and a JSON scene pushed, loaded and popped against a typed screen doing the same.

/// Runs `executable` with `arguments` in `folder`, output discarded; fails on a non-zero exit.
func runProcess(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw BenchmarkFailure.setup("\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }
    return process.terminationStatus
}

/// A Foundation hello world, compiled optimized with the toolchain's `swiftc`.
func helloWorld(in folder: URL) throws -> String {
    let source = folder.appendingPathComponent("hello.swift")
    try Data("import Foundation\nprint(\"hello \\(Date().timeIntervalSince1970 > 0)\")\n".utf8).write(to: source)
    let binary = folder.appendingPathComponent("hello").path
    let swiftc =
        ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let swiftc else { throw BenchmarkFailure.setup("swiftc is not on PATH: the start-up row compiles a hello world with it") }
    _ = try runProcess(swiftc, ["-O", source.path, "-o", binary])
    return binary
}

@MainActor
func startupRow(runs: Int) async throws -> Row {
    let scenery = try sceneryExecutable()
    let app = try GeneratedApp.write([
        "app.json": #"{ "formatVersion": 1, "name": "Hello", "entry": "Main" }"#,
        "scenes/Main.json": #"{ "formatVersion": 1, "scene": "Main", "view": [ { "type": "header", "text": "Hello" } ] }"#,
        "quit.txt": "quit\n"
    ])
    defer { GeneratedApp.remove(app) }
    let hello = try helloWorld(in: app)
    let state = app.appendingPathComponent("state").path
    return try await compare(
        "`scenery run` of a one-scene app, started and quit", runs: runs, target: .ratio(1.5),
        a: Side(name: "`scenery run APP --script quit.txt`: the app read and validated, its first frame printed, `quit`", repeats: 10) {
            try spawnAndWait(scenery, ["run", app.path, "--state-dir", state, "--script", app.appendingPathComponent("quit.txt").path])
            return true
        },
        b: Side(name: "a Foundation hello world (`swiftc -O`), started and ended", repeats: 10) {
            try spawnAndWait(hello, [])
            return true
        })
}

/// An app of `scenes` scenes, each counting its taps and linking to the next, with `count`
/// transcripts: each opens a scene, taps twice, goes on, taps once.
func transcriptApp(scenes: Int, transcripts count: Int) -> [String: String] {
    var files = ["app.json": #"{ "formatVersion": 1, "name": "Walk", "entry": "S0" }"#]
    for index in 0..<scenes {
        files["scenes/S\(index).json"] = """
            { "formatVersion": 1, "scene": "S\(index)", "state": { "n": { "type": "int", "default": 0 } },
              "useCases": { "bump": { "interactor": [ { "type": "set", "path": "state.n", "value": "@{state.n + 1}" } ] } },
              "view": [ { "type": "header", "text": "Scene \(index)" }, { "type": "text", "text": "n @{state.n}" },
                        { "type": "button", "title": "Bump", "action": "bump" },
                        { "type": "button", "title": "Next", "route": { "to": "S\((index + 1) % scenes)" }, "word": "next" } ] }
            """
    }
    func frame(_ scene: Int, _ taps: Int) -> String { "== Scene \(scene) ==\nn \(taps)\n[ Bump ]\n[ Next ]\n" }
    for number in 0..<count {
        let (scene, next) = (number % scenes, (number + 1) % scenes)
        files["tests/t\(number).transcript"] =
            "# args: --width 60 --locale en_US --now 2026-01-01T00:00:00Z --seed 0 --scene S\(scene)\n" + frame(scene, 0)
            + "> bump\n" + frame(scene, 1) + "> bump\n" + frame(scene, 2) + "> next\n" + frame(next, 0) + "> bump\n" + frame(next, 1)
    }
    return files
}

@MainActor
func transcriptsRow(runs: Int) async throws -> Row {
    let scenery = try sceneryExecutable()
    let large = try GeneratedApp.write(transcriptApp(scenes: 200, transcripts: 2_000))
    let small = try GeneratedApp.write(transcriptApp(scenes: 200, transcripts: 200))
    defer {
        GeneratedApp.remove(large)
        GeneratedApp.remove(small)
    }
    let row = try await compare(
        "`scenery test`, per transcript, of a 200-scene app, one at a time", runs: max(3, runs / 3),
        target: .linear(microseconds: 1000, ratio: 1.5),
        a: Side(name: "`scenery test APP --jobs 1` over 2 000 transcripts (4 actions each), ÷ 2 000") {
            try spawnAndWait(scenery, ["test", large.path, "--jobs", "1"])
            return true
        },
        b: Side(name: "the same over 200 transcripts, ÷ 200: start-up and validation weigh ten times more") {
            try spawnAndWait(scenery, ["test", small.path, "--jobs", "1"])
            return true
        })
    return row.perUnit(a: 2_000, b: 200)
}

@MainActor
func transcriptJobsRow(runs: Int) async throws -> Row {
    let scenery = try sceneryExecutable()
    let app = try GeneratedApp.write(transcriptApp(scenes: 200, transcripts: 2_000))
    defer { GeneratedApp.remove(app) }
    return try await compare(
        "`scenery test --jobs 2` against `--jobs 1`, 2 000 transcripts", runs: max(3, runs / 3), target: .ratio(0.55),
        a: Side(name: "`scenery test APP --jobs 2`: two worker processes") {
            try spawnAndWait(scenery, ["test", app.path, "--jobs", "2"])
            return true
        },
        b: Side(name: "`scenery test APP --jobs 1`") {
            try spawnAndWait(scenery, ["test", app.path, "--jobs", "1"])
            return true
        })
}

@MainActor
func pushPopRow(runs: Int) async throws -> Row {
    try await pushPopRow(runs: runs, immediate: false)
}

/// The push and pop row against a typed screen whose interactor is an `ImmediateInteractor`:
/// the JSON scene's use case runs with no task, and so does this one.
@MainActor
func pushPopImmediateRow(runs: Int) async throws -> Row {
    try await pushPopRow(runs: runs, immediate: true)
}

@MainActor
private func pushPopRow(runs: Int, immediate: Bool) async throws -> Row {
    let (loaded, root) = try GeneratedApp.loaded(
        [
            "app.json": #"{ "formatVersion": 1, "name": "Walk", "entry": "Home" }"#,
            "scenes/Home.json": #"""
            { "formatVersion": 1, "scene": "Home", "view": [ { "type": "button", "title": "Search", "route": { "to": "Search" }, "word": "search" } ] }
            """#,
            "scenes/Search.json": #"""
            { "formatVersion": 1, "scene": "Search", "onAppear": ["search"],
              "useCases": { "search": {
                "interactor": [ { "type": "work", "worker": "filter", "input": ["Pixel 8", "Phone Case"], "args": { "where": "@{contains(it, 'P')}" }, "as": "names" } ],
                "response": { "names": "@{names}" },
                "presenter": { "rows": { "each": "@{response.names}", "as": "n", "value": "@{n}" } } } },
              "view": [ { "type": "list", "items": "@{vm.rows}", "empty": "None" } ] }
            """#
        ], what: "the push and pop benchmark app")
    defer { GeneratedApp.remove(root) }
    let app = try RuntimeApp(loaded, options: RuntimeOptions())
    try app.start()
    await app.waitUntilSettled()
    guard let search = try InputLine.parse("search") else { throw BenchmarkFailure.setup("cannot read the line 'search'") }
    let navigator = Navigator()
    navigator.start(with: SearchScreen())
    let metric = "a scene pushed, its `onAppear` load run and shown, then popped" + (immediate ? ", against an immediate screen" : "")
    return try await compare(
        metric, runs: runs, target: .ratio(3),
        a: Side(
            name:
                "a JSON scene: `search` pressed (a route), its `onAppear` use case filters two names into rows, then `back` (no render on either side)",
            repeats: 200
        ) {
            _ = ActionDispatch(app: app).perform(search)
            // Its load suspends nowhere: it has run when the push returns, as the typed one has.
            guard let scene = app.navigator.top as? JSONScene else { return -1 }
            if scene.isBusy { await app.waitUntilSettled() }
            let rows = scene.viewModel["rows"] == .list([.string("Pixel 8"), .string("Phone Case")]) ? 2 : -1
            try app.back()
            return rows
        },
        b: immediate
            ? typedPushPop(ImmediateSearchScreen.init, on: navigator, name: "(an `ImmediateInteractor`, no task)")
            : typedPushPop(SearchScreen.init, on: navigator, name: "(an `async` interactor, in a task)"))
}

/// The typed side of the push and pop rows: a screen made by `make`, pushed, its use case
/// run on appear, then popped. Generic, so neither screen is reached through a cast.
@MainActor
private func typedPushPop<S: SearchShowing>(_ make: @escaping @MainActor () -> S, on navigator: Navigator, name: String) -> Side<Int> {
    Side(name: "a typed screen: pushed, its use case run on appear through `UseCase.send`, then popped \(name)", repeats: 200) {
        let screen = make()
        try navigator.push(screen)
        let rows = screen.display.last?.rows == ["1. Pixel 8", "2. Phone Case"] ? 2 : -1
        try navigator.back()
        return rows
    }
}

/// Starts `executable` with `arguments` through `posix_spawn` and waits for it: Foundation's
/// `Process` costs tens of milliseconds a start on Linux, more than the programs measured.
func spawnAndWait(_ executable: String, _ arguments: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else { throw BenchmarkFailure.setup("cannot start \(executable): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else {
        throw BenchmarkFailure.setup("\(executable) \(arguments.joined(separator: " ")) exited with status \(status)")
    }
}
