// Release-build benchmarks: `swift run -c release scenery-benchmarks [ROW…|run] [--runs N]`.
// Each row times Scenery (A) against a baseline written here (B), interleaved, and checks
// they produce the same output. Speed targets are measured here, never by timed tests.
import Foundation

let rows: [(name: String, measure: @MainActor (Int) async throws -> Row)] = [
    ("cycle", typedCycleRow),
    ("cycle-async", typedCycleAsyncRow),
    ("command", commandNotificationRow),
    ("dependencies", dependencyRow),
    ("usecase", jsonUseCaseRow),
    ("usecase-ejected", ejectedUseCaseRow),
    ("diff", diffRenderRow),
    ("validate", validationRow),
    ("memory", popMemoryRow),
    ("parse", parserRow),
    ("parse-names", parserNamesRow),
    ("dates", dateParseRow),
    ("diagnostics", diagnosticsRow),
    ("collection-update", collectionUpdateRow),
    ("collection-insert", collectionInsertRow),
    ("collection-page", collectionPageRow),
    ("collection-scene", collectionSceneRow),
    ("collection-list", collectionListRow),
    ("collection-list-back", collectionListBackRow),
    ("collection-list-process", collectionListProcessRow),
    ("collection-query", collectionQueryRow),
    ("collection-query-deep", collectionQueryDeepRow),
    ("collection-seed", collectionSeedRow),
    ("collection-memory", collectionMemoryRow),
    ("startup", startupRow),
    ("transcripts", transcriptsRow),
    ("transcripts-jobs", transcriptJobsRow),
    ("push-pop", pushPopRow),
    ("push-pop-immediate", pushPopImmediateRow),
    ("lsp-edit-90", languageServerEdit90Row),
    ("lsp-edit-900", languageServerEdit900Row),
    ("lsp-completion", languageServerCompletionRow),
    ("lsp-memory", languageServerMemoryRow)
]

let arguments = Array(CommandLine.arguments.dropFirst())
var runs = 21
if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]), value > 0 {
    runs = value
}
let names = arguments.enumerated().filter { !$0.element.hasPrefix("--") && !(($0.offset > 0) && arguments[$0.offset - 1] == "--runs") }.map(
    \.element)
let known = rows.map(\.name) + ["run"]
if let unknown = names.first(where: { !known.contains($0) }) {
    FileHandle.standardError.write(Data("unknown benchmark '\(unknown)'; available: \(known.joined(separator: ", "))\n".utf8))
    exit(2)
}
do {
    if names == ["run"] {
        try await benchmarkRun(runs: runs)
    } else {
        var measured: [Row] = []
        for row in rows where names.isEmpty || names.contains(row.name) {
            measured.append(try await row.measure(runs))
        }
        printTable(measured)
        if measured.contains(where: { !$0.meetsTarget }) { exit(1) }
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
