// Release-build benchmarks: `swift run -c release scenery-benchmarks [json|run] [--runs N]`.
// Speed targets are measured here, never asserted by timed tests.
import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime

@MainActor
func median(_ samples: [Duration]) -> Duration { samples.sorted()[samples.count / 2] }

@MainActor
func measure(runs: Int, _ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    var samples: [Duration] = []
    for _ in 0..<runs { samples.append(try clock.measure(body)) }
    return median(samples)
}

/// A deterministic catalog document of about `bytes` bytes: objects, strings with escapes and
/// non-ASCII text, exact decimals, arrays, booleans and nulls — what manifests and data hold.
func catalogDocument(bytes target: Int) -> [UInt8] {
    var text = "{\"formatVersion\": 1, \"products\": [\n"
    var index = 0
    while text.utf8.count < target {
        if index > 0 { text += ",\n" }
        text += """
              {"id": "p\(index)", "name": "Product \(index) — \\"special\\" édition", "price": \(index % 1000).\(index % 100),
               "tags": ["tag\(index % 7)", "tag\(index % 11)", "sale"], "inStock": \(index % 2 == 0), "rating": null,
               "dimensions": {"width": \(index % 50), "height": 1.5e2, "unit": "cm\\u00b2"}}
            """
        index += 1
    }
    text += "\n]}\n"
    return Array(text.utf8)
}

@MainActor
func benchmarkJSON(runs: Int) throws {
    let document = catalogDocument(bytes: 2 << 20)
    let data = Data(document)
    let megabytes = Double(document.count) / 1_048_576
    // Warm up both, and check they agree that the document is valid.
    _ = try JSONParser.parse(document, limits: .init(maxBytes: 64 << 20))
    _ = try JSONSerialization.jsonObject(with: data)

    let ours = try measure(runs: runs) { _ = try JSONParser.parse(document, limits: .init(maxBytes: 64 << 20)) }
    let foundation = try measure(runs: runs) { _ = try JSONSerialization.jsonObject(with: data) }
    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    print(String(format: "document: %.2f MB, %d runs, median times", megabytes, runs))
    print(String(format: "JSONParser (Scenery):        %8.2f ms  %7.1f MB/s", seconds(ours) * 1000, megabytes / seconds(ours)))
    print(String(format: "JSONSerialization (Foundation): %5.2f ms  %7.1f MB/s", seconds(foundation) * 1000, megabytes / seconds(foundation)))
    print(String(format: "ratio: Scenery takes %.2f× Foundation's time (below 1 is faster)", seconds(ours) / seconds(foundation)))
}

/// Runs the shop's buying walk in process, rendering every frame, as `scenery run` does.
@MainActor
func shopWalk(_ loaded: LoadedApp, state: URL) async throws -> Int {
    var options = RuntimeOptions()
    options.stateDirectory = state
    let app = try RuntimeApp(loaded, options: options)
    let renderer = LineRenderer(width: 60)
    func settle() async { await app.waitUntilSettled() }
    try app.start()
    await settle()
    var frames = 0
    let script = ["email ada@example.com", "login", "load sale", "open 1", "add", "back", "open 2", "add", "cart",
                  "checkout", "phone +1 555 123 4567", "pay", "back", "back", "orders", "back", "sort", "load phone"]
    for text in script {
        guard let line = try InputLine.parse(text), let scene = app.navigator.top as? JSONScene else { continue }
        if line.action == "back" {
            try app.navigator.back()
        } else if let useCase = scene.definition.useCase(line.action) {
            try scene.perform(line.action, request: try RequestCoercion.request(line.arguments, for: useCase.request, action: line.action))
        }
        await settle()
        if let top = app.navigator.top as? JSONScene { frames += renderer.render(top.components()).isEmpty ? 0 : 1 }
    }
    return frames
}

@MainActor
func benchmarkRun(runs: Int) async throws {
    let report = Validator.validate(path: "Scenes/Shop")
    guard let loaded = report.app, !report.hasErrors else {
        FileHandle.standardError.write(Data("run the benchmark from the project root: Scenes/Shop is needed\n".utf8))
        exit(1)
    }
    let clock = ContinuousClock()
    var samples: [Duration] = []
    var frames = 0
    for _ in 0..<runs {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-bench-\(UUID().uuidString)")
        let start = clock.now
        frames = try await shopWalk(loaded, state: state)
        samples.append(clock.now - start)
        try? FileManager.default.removeItem(at: state)
    }
    let time = median(samples)
    let milliseconds = Double(time.components.seconds) * 1000 + Double(time.components.attoseconds) / 1e15
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    print(String(format: "shop walk: 18 actions, %d frames, %d runs, median %.2f ms (%.3f ms per action)", frames, runs, milliseconds, milliseconds / 18))
    // Linux reports kilobytes, macOS bytes.
    #if os(Linux)
    print("peak memory (max RSS): \(usage.ru_maxrss / 1024) MiB")
    #else
    print("peak memory (max RSS): \(usage.ru_maxrss / 1_048_576) MiB")
    #endif
}

let arguments = Array(CommandLine.arguments.dropFirst())
var runs = 15
if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]), value > 0 {
    runs = value
}
let suite = arguments.first { !$0.hasPrefix("--") && Int($0) == nil } ?? "json"
switch suite {
case "json":
    try benchmarkJSON(runs: runs)
case "run":
    try await benchmarkRun(runs: runs)
default:
    FileHandle.standardError.write(Data("unknown benchmark '\(suite)'; available: json, run\n".utf8))
    exit(2)
}
