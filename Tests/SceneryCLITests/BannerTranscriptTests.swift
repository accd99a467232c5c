import Foundation
import Testing

/// A transcript recorded when only the first line of a wrapped banner started with `! `
/// still passes; `--update` rewrites it in today's layout (docs/manifest.md, View components).
// checks: docs/manifest.md#view-components
@MainActor
@Suite struct BannerTranscriptTests {
    static let files: [String: String] = [
        "app.json": #"{"formatVersion": 1, "name": "Banner", "entry": "Main"}"#,
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main",
         "useCases": {"go": {"interactor": [{"type": "fail", "message": "this message is far too long to fit on one line of the frame"}]}},
         "view": [{"type": "header", "text": "Main"}, {"type": "error"}]}
        """#
    ]

    @Test func anEarlierBannerLayoutStillPassesAndUpdateWritesTodays() async throws {
        let app = try writeFiles(Self.files)
        let earlier = """
            # args: --width 24
            == Main ==
            > go
            == Main ==
            ! this message is far
            too long to fit on one
            line of the frame

            """
        let file = app.appendingPathComponent("tests/old.transcript")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(earlier.utf8).write(to: file)
        let passed = await runScenery(["test", file.path])
        #expect(passed.out == "PASS \(file.path)\n1 passed, 0 failed\n")

        // A wrong word is still a failure in either layout.
        try Data(earlier.replacingOccurrences(of: "far", with: "much").utf8).write(to: file)
        #expect(await runScenery(["test", file.path]).code == 1)

        #expect(await runScenery(["test", file.path, "--update"]).code == 0)
        let updated = try String(contentsOf: file, encoding: .utf8)
        #expect(
            updated.hasSuffix(
                """
                ! this message is far
                ! too long to fit on one
                ! line of the frame

                """))
    }
}

/// A built-in worker's failure fails a `--strict` run, as every manifest fault does
/// (docs/cli.md, scenery run: `--strict`).
// checks: docs/cli.md#scenery-run
@MainActor
@Suite struct WorkerFailureStrictTests {
    @Test func aWorkerFailureExitsOneUnderStrictWithItsPosition() async throws {
        let app = try writeFiles([
            "app.json":
                #"{"formatVersion": 1, "name": "Pages", "entry": "Main", "providers": {"n": {"type": "inline", "value": [1, 2, 3]}}}"#,
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main",
             "useCases": {"go": {"request": {"size": "int"}, "interactor": [{"type": "fetch", "provider": "n", "as": "all"},
               {"type": "work", "worker": "page", "input": "@{all}", "args": {"size": "@{request.size}"}, "as": "p"}]}},
             "view": [{"type": "header", "text": "Main"}, {"type": "error"}]}
            """#
        ])
        let script = app.appendingPathComponent("steps")
        try Data("go 0\n".utf8).write(to: script)
        let run = await runScenery(["run", app.path, "--script", script.path, "--strict"])
        #expect(run.code == 1)
        #expect(
            run.error.contains(
                "scenes/Main.json:3:4: error[E504]: page: 'size' must be a whole number of at least 1, not 0\n  note: in Main.go, step 2 (work)"
            ))
    }
}
