import Foundation
import SceneManifest
import Testing

@testable import SceneryCLI

/// Strict-clean means it runs (docs/manifest.md, Types): an app that passes `validate
/// --strict` never fails at run time on a value it made itself. Random apps (``RandomApp``)
/// that pass are walked with random typed input; a runtime type failure — E501 (null or a
/// wrong type given to an operation), E510 (a route refused), E513 (a value that does not
/// fit its declared type) — is a validator bug. A failure is shrunk to the fewest input
/// lines that still show it, and reported with the app and the walk.
///
/// CI runs a fixed range of seeds; `SCENERY_SOUNDNESS_SEEDS=N` (and `…_FROM=K`) runs more.
// checks: docs/manifest.md#types
@MainActor
@Suite struct StrictCleanRunsTests {
    static let failureCodes: Set<String> = ["E501", "E510", "E513"]

    static var seeds: Range<UInt64> {
        let environment = ProcessInfo.processInfo.environment
        let from = environment["SCENERY_SOUNDNESS_FROM"].flatMap(UInt64.init) ?? 0
        let count = environment["SCENERY_SOUNDNESS_SEEDS"].flatMap(UInt64.init) ?? 400
        return from..<(from + count)
    }

    @Test func aStrictCleanAppNeverFailsOnAValueItMade() async throws {
        var clean = 0, walked = 0
        for seed in Self.seeds {
            var app = RandomApp(seed: seed)
            let folder = try writeFiles(app.files)
            defer { try? FileManager.default.removeItem(at: folder) }
            let report = Validator.validate(path: folder.path)
            guard !report.diagnostics.contains(where: { $0.severity == .error || $0.severity == .warning }) else {
                if ProcessInfo.processInfo.environment["SCENERY_SOUNDNESS_SHOW"] != nil {
                    print("FINDINGS \(seed): " + report.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: " ;; "))
                }
                continue
            }
            clean += 1
            let walk = app.walk(length: 14)
            guard let failure = try await Self.failure(of: walk, in: folder) else {
                walked += walk.count
                continue
            }
            let shrunk = try await Self.shrink(walk, in: folder)
            Issue.record(
                """
                seed \(seed): a strict-clean app failed at run time on a value it made: \(failure)
                walk (shrunk): \(shrunk.joined(separator: " | "))
                scenes/A.json:
                \(app.files["scenes/A.json"] ?? "")
                """)
        }
        // The generator must keep making apps that validate clean, or the property tests nothing.
        #expect(clean >= Self.seeds.count / 5, "only \(clean) of \(Self.seeds.count) random apps were strict-clean")
        #expect(walked > 0)
    }

    /// The first runtime type failure the walk shows, or nil.
    static func failure(of walk: [String], in folder: URL) async throws -> String? {
        let state = folder.appendingPathComponent("state-\(UUID().uuidString)")
        let script = folder.appendingPathComponent("walk-\(UUID().uuidString).txt")
        try Data((walk.joined(separator: "\n") + "\n").utf8).write(to: script)
        defer {
            try? FileManager.default.removeItem(at: state)
            try? FileManager.default.removeItem(at: script)
        }
        let run = await runScenery([
            "run", folder.path, "--script", script.path, "--format", "json", "--state-dir", state.path, "--seed", "0"
        ])
        for line in run.out.split(separator: "\n") {
            guard let data = line.data(using: .utf8),
                let frame = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            if let error = frame["error"] as? [String: Any], let code = error["code"] as? String, failureCodes.contains(code) {
                return error["banner"] as? String ?? code
            }
            for text in frame["lines"] as? [String] ?? [] where failureCodes.contains(where: { text.contains("(\($0))") }) {
                return text
            }
        }
        return nil
    }

    /// The walk with every line it can do without while the failure still shows.
    static func shrink(_ walk: [String], in folder: URL) async throws -> [String] {
        var lines = walk
        var index = lines.count - 1
        while index >= 0 {
            var shorter = lines
            shorter.remove(at: index)
            if try await failure(of: shorter, in: folder) != nil { lines = shorter }
            index -= 1
        }
        return lines
    }
}
