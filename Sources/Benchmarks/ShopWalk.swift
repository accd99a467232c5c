import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime

/// Runs the shop's buying walk in process, rendering every frame, as `scenery run` does.
@MainActor
func shopWalk(_ loaded: LoadedApp, state: URL) async throws -> Int {
    var options = RuntimeOptions()
    options.stateDirectory = state
    let app = try RuntimeApp(loaded, options: options)
    let renderer = LineRenderer(width: 60)
    let dispatch = ActionDispatch(app: app)
    try app.start()
    await app.waitUntilSettled()
    var frames = 0
    let script = [
        "email ada@example.com", "login", "load sale", "open 1", "add", "back", "open 2", "add", "cart",
        "checkout", "phone +1 555 123 4567", "pay", "back", "back", "orders", "back", "sort", "load phone"
    ]
    for text in script {
        guard let line = try InputLine.parse(text) else { continue }
        _ = dispatch.perform(line)
        await app.waitUntilSettled()
        if let top = app.navigator.top as? JSONScene { frames += renderer.render(top.components()).isEmpty ? 0 : 1 }
    }
    return frames
}

/// The shop walk's median time and the process's peak memory.
@MainActor
func benchmarkRun(runs: Int) async throws {
    let report = Validator.validate(path: "Scenes/Shop")
    guard let loaded = report.app, !report.hasErrors else {
        throw BenchmarkFailure.setup("run the benchmark from the project root: Scenes/Shop is needed")
    }
    let clock = ContinuousClock()
    var samples: [Double] = []
    var frames = 0
    for _ in 0..<runs {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-\(UUID().uuidString)")
        let start = clock.now
        frames = try await shopWalk(loaded, state: state)
        samples.append(microseconds(clock.now - start) / 1000)
        try? FileManager.default.removeItem(at: state)
    }
    let milliseconds = samples.sorted()[runs / 2]
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = usage.ru_maxrss / 1024  // Linux reports kilobytes, macOS bytes.
    #else
        getrusage(RUSAGE_SELF, &usage)
        let peak = usage.ru_maxrss / 1_048_576
    #endif
    print(
        String(
            format: "shop walk: 18 actions, %d frames, %d runs, median %.2f ms (%.3f ms per action)", frames, runs, milliseconds,
            milliseconds / 18))
    print("peak memory (max RSS): \(peak) MiB")
}
