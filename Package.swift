// swift-tools-version: 6.0
// Scenery: a VIP/YARCH use-case engine with JSON-driven scenes. No package dependencies.
import PackageDescription

let package = Package(
    name: "Scenery",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "VIP", targets: ["VIP"]),
        .library(name: "SceneryStorage", targets: ["SceneryStorage"]),
        .library(name: "VIPTesting", targets: ["VIPTesting"]),
        .library(name: "SceneTesting", targets: ["SceneTesting"]),
        .library(name: "SceneManifest", targets: ["SceneManifest"]),
        .library(name: "SceneRuntime", targets: ["SceneRuntime"]),
        .library(name: "LineRenderer", targets: ["LineRenderer"]),
        .library(name: "SceneryCLI", targets: ["SceneryCLI"]),
        .executable(name: "scenery", targets: ["scenery"]),
    ],
    targets: [
        // Small pieces every layer shares (did-you-mean, line diffs, paths, a lock), at
        // `package` access: none of it is API.
        .target(name: "ScenerySupport"),
        // Storage: key-value JSON files, SQLite collections with units of work, the session
        // lock; the system's SQLite loaded at run time.
        .target(name: "SceneryStorage", dependencies: ["ScenerySupport"]),
        // The typed core: roles of the VIP cycle; knows nothing of JSON scenes. It re-exports
        // SceneryStorage, which lived here, so `import VIP` code builds as it did.
        .target(name: "VIP", dependencies: ["SceneryStorage", "ScenerySupport"]),
        // Test kit for typed modules: harnesses and doubles for interactor–presenter pairs.
        .target(name: "VIPTesting", dependencies: ["VIP", "SceneryStorage", "ScenerySupport"]),
        // Test kit for JSON scenes: a scene driven by its actions, its frames and view model asserted.
        .target(name: "SceneTesting", dependencies: ["VIP", "VIPTesting", "SceneManifest", "SceneRuntime", "LineRenderer", "ScenerySupport"]),
        // Scene manifests: span-tracking JSON, the model, expressions, the validator.
        .target(name: "SceneManifest", dependencies: ["ScenerySupport"]),
        // The JSON scene runtime, built on VIP: builders, interactors, presenters, providers,
        // workers, navigation and the registry of Swift components.
        .target(name: "SceneRuntime", dependencies: ["VIP", "SceneryStorage", "SceneManifest", "LineRenderer", "ScenerySupport"]),
        // The view layer: components to lines at a width, full and diff renders.
        .target(name: "LineRenderer", dependencies: ["ScenerySupport"]),
        // A worked example of a typed module built only on VIP.
        .target(name: "CatalogExample", dependencies: ["VIP"], path: "Sources/Examples/Catalog"),
        // The typed example run headless from input lines (`swift run catalog`), with the
        // session loop and renderer the JSON runtime uses.
        .executableTarget(name: "catalog", dependencies: ["CatalogExample", "SceneryCLI", "SceneRuntime", "LineRenderer", "VIP", "ScenerySupport"],
                          path: "Sources/Examples/CatalogApp"),
        // Commands as a library, so an app can embed them in its own executable.
        .target(name: "SceneryCLI", dependencies: ["VIP", "SceneryStorage", "SceneManifest", "SceneRuntime", "LineRenderer", "ScenerySupport"]),
        // The thin executable; see `staticRuntime` below.
        .executableTarget(name: "scenery", dependencies: ["SceneryCLI"], linkerSettings: staticRuntime),
        // The Shop sample's Swift components and its own executable (`swift run shop run Scenes/Shop`).
        .target(name: "ShopComponents", dependencies: ["SceneRuntime", "SceneManifest", "VIP"], path: "Sources/Examples/ShopComponents"),
        .executableTarget(name: "shop", dependencies: ["SceneryCLI", "SceneRuntime", "ShopComponents"], path: "Sources/Examples/ShopApp"),
        // Shop scenes as `scenery eject` writes them, and an executable that runs them (docs/eject.md).
        .target(name: "ShopScenes", dependencies: ["SceneRuntime", "SceneManifest", "VIP"], path: "Sources/Examples/ShopScenes"),
        .target(name: "OrdersScenes", dependencies: ["SceneRuntime", "SceneManifest", "VIP"], path: "Sources/Examples/OrdersScenes"),
        .executableTarget(name: "ejected", dependencies: ["SceneryCLI", "SceneRuntime", "ShopComponents", "ShopScenes", "OrdersScenes"], path: "Sources/Examples/EjectedApp"),
        // The benchmark catalog's scene as `scenery eject` writes it, for the eject row.
        .target(name: "BenchScenes", dependencies: ["SceneRuntime", "SceneManifest", "VIP"]),
        // Release-build benchmarks (`swift run -c release scenery-benchmarks`).
        // libFuzzer targets (Tests/Fuzz/run TARGET SECONDS builds them with -D FUZZING and the
        // fuzzer and address sanitizers); built plainly, a replayer of saved inputs.
        .executableTarget(name: "scenery-fuzz", dependencies: ["VIP", "SceneManifest", "SceneRuntime", "SceneryCLI", "ScenerySupport"],
                          path: "Tests/Fuzz/Targets"),
        // An app executable with a planted crash in Swift, for the tests of `explore`'s crash check.
        .executableTarget(name: "planted", dependencies: ["SceneryCLI", "SceneRuntime"], path: "Tests/Planted"),
        .executableTarget(name: "scenery-benchmarks", dependencies: ["VIP", "SceneryStorage", "SceneManifest", "SceneRuntime", "LineRenderer", "BenchScenes"],
                          path: "Sources/Benchmarks"),

        .testTarget(name: "ScenerySupportTests", dependencies: ["ScenerySupport", "VIPTesting"]),
        .testTarget(name: "VIPTests", dependencies: ["VIP", "VIPTesting", "ScenerySupport"]),
        .testTarget(name: "SceneryStorageTests", dependencies: ["SceneryStorage", "VIP", "VIPTesting", "ScenerySupport"]),
        .testTarget(name: "VIPTestingTests", dependencies: ["VIP", "VIPTesting", "ScenerySupport"]),
        .testTarget(name: "SceneTestingTests", dependencies: ["SceneTesting", "VIPTesting", "VIP", "SceneManifest", "SceneRuntime"]),
        // Fixtures: conformance data (JSONTestSuite, CLDR plurals) read from disk by path.
        .testTarget(name: "SceneManifestTests", dependencies: ["SceneManifest", "VIPTesting"], exclude: ["Fixtures"]),
        .testTarget(name: "SceneRuntimeTests", dependencies: ["SceneRuntime", "SceneManifest", "VIP", "SceneryStorage", "ShopComponents"]),
        .testTarget(name: "LineRendererTests", dependencies: ["LineRenderer", "VIPTesting"]),
        .testTarget(name: "CatalogExampleTests", dependencies: ["CatalogExample", "catalog", "SceneryCLI", "VIP", "VIPTesting", "ScenerySupport"]),
        // `scenery` itself: `test --jobs` starts it as workers; `planted`, for explore's crash check.
        .testTarget(name: "SceneryCLITests", dependencies: ["SceneryCLI", "ScenerySupport", "scenery", "planted", "ShopComponents"], exclude: ["Fixtures", "Contract"]),
        // The sample apps' transcripts as tests of their ejected scenes (`scenery eject --tests Tests`, docs/eject.md).
        .testTarget(name: "OrdersScenesTests", dependencies: ["OrdersScenes", "SceneTesting", "SceneRuntime", "SceneManifest"]),
        .testTarget(name: "ShopScenesTests", dependencies: ["ShopScenes", "ShopComponents", "SceneTesting", "SceneRuntime", "SceneManifest"]),
    ],
    swiftLanguageModes: [.v6]
)

/// A release build on Linux links the Swift runtime and Foundation into `scenery`, as
/// `--static-swift-stdlib` does: resolving their symbols at every start was most of what it
/// took to start beyond a hello world (docs/performance.md#start-up). The libraries named are
/// those this toolchain's static Foundation needs, so other toolchains link as they always did.
var staticRuntime: [LinkerSetting] {
    #if compiler(>=6.3) && !compiler(>=6.4)
        let libraries = [
            "Foundation", "FoundationEssentials", "FoundationInternationalization", "CoreFoundation", "_FoundationCShims",
            "_FoundationCollections", "_FoundationICU", "stdc++", "swiftSynchronization"
        ]
        let group = ["--start-group"] + libraries.map { "-l" + $0 } + ["--end-group"]
        return [.unsafeFlags(["-static-stdlib"] + group.flatMap { ["-Xlinker", $0] }, .when(platforms: [.linux], configuration: .release))]
    #else
        return []
    #endif
}
