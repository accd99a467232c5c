import BenchScenes
import SceneRuntime

// The eject row: the catalog's `load` as `scenery eject` writes it (Sources/BenchScenes),
// registered in place of the manifest's, against the same hand-written typed module the
// JSON row measures.

@MainActor
func ejectedUseCaseRow(runs: Int) async throws -> Row {
    let registry = SceneRegistry()
    BenchScenes.register(into: registry)
    return try await catalogUseCaseRow(
        "Ejected use case (the JSON row's `load` as `scenery eject` writes it)", scene: "the ejected `load` (`BenchScenes`)",
        registry: registry, runs: runs)
}
