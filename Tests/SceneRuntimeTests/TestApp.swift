import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import Testing
import VIP

/// Writes a small app to a temporary folder, validates it and runs it.
@MainActor
struct TestApp {
    let folder: URL
    let app: RuntimeApp

    init(
        _ files: [String: String], options: RuntimeOptions = RuntimeOptions(), registry: SceneRegistry = SceneRegistry(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        folder = try writeApp(files)
        let report = Validator.validate(path: folder.path)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(
            errors.isEmpty, "the test app has errors:\n\(errors.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation
        )
        let loaded = try #require(report.app, sourceLocation: sourceLocation)
        app = try RuntimeApp(loaded, options: options, registry: registry)
    }

    var top: JSONScene? { app.navigator.top as? JSONScene }

    /// Starts the app and waits for its first frame.
    func start(at scene: String? = nil) async throws {
        try app.start(at: scene)
        await settle()
    }

    /// Runs an action on the top scene, as the user's input does (through the one
    /// dispatcher), and waits until everything it started is done.
    func send(_ action: String, _ request: [String: SceneValue] = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let record = SceneValue.record(Record(fields: request.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        let outcome = ActionDispatch(app: app).perform(action, request: record)
        if case let .refused(refusal) = outcome { throw refusal }
        await settle()
    }

    func settle() async { await app.waitUntilSettled() }

    /// The top scene's frame.
    func lines(width: Int = 40) -> [String] {
        LineRenderer(width: width).render(top?.components() ?? [])
    }
}

/// Writes `files` (relative path → text) into a new temporary folder and returns it.
func writeApp(_ files: [String: String]) throws -> URL {
    let folder = scratchFolder.appendingPathComponent("scenery-runtime-\(UUID().uuidString)")
    for (path, content) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
    }
    return folder
}

/// The findings `validate` makes on an app of `files`.
func findings(_ files: [String: String]) throws -> [Diagnostic] {
    let folder = try writeApp(files)
    defer { try? FileManager.default.removeItem(at: folder) }
    return Validator.validate(path: folder.path).diagnostics
}

/// app.json with the given body parts.
func appJSON(entry: String = "Main", _ body: String = "") -> String {
    #"{"formatVersion": 1, "name": "T", "entry": "\#(entry)", "currency": "USD""# + (body.isEmpty ? "" : ", " + body) + "}"
}
