import Foundation
import Testing

@testable import SceneryCLI

/// `scenery new scene --swift` end to end: the module's targets go into Package.swift as it
/// names Scenery, a module that is a target already is refused, and without a Package.swift
/// (or its targets) the lines are printed with why.
// checks: docs/cli.md#scenery-new
// checks: docs/cli.md#swift-modules-and-packageswift
@MainActor
@Suite struct NewScenePackageTests {
    func text(_ url: URL, _ path: String) throws -> String { try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) }

    func package(_ text: String) throws -> URL {
        let folder = scratchFolder.appendingPathComponent("scenery-package-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        return folder
    }

    /// `new scene NAME --swift` with its files below `folder` (by absolute paths: the working
    /// directory is this repository) and Package.swift looked for there.
    func swiftScene(_ name: String, in folder: URL, _ more: [String] = []) async -> (code: Int32, out: String, error: String) {
        await runScenery(
            [
                "new", "scene", name, "--in", folder.path + "/App", "--swift", "--swift-dir", folder.path + "/Sources/\(name)",
                "--tests-dir", folder.path + "/Tests/\(name)Tests"
            ] + more, packageFolder: folder.path)
    }

    /// The `path:` arguments of the targets `swiftScene` adds.
    func paths(_ folder: URL) -> (sources: String, tests: String) {
        (", path: \"\(folder.path)/Sources/Wallet\"", ", path: \"\(folder.path)/Tests/WalletTests\"")
    }

    func app(in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/scenes"), withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 1, "name": "T", "entry": "Wallet"}"#.utf8).write(to: folder.appendingPathComponent("App/app.json"))
    }

    @Test func swiftTargetsGoIntoPackageSwiftAsItNamesScenery() async throws {
        let original = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shelf",
                dependencies: [.package(path: "../Scenery")],
                targets: [
                    .target(name: "Shelf", dependencies: [.product(name: "VIP", package: "scenery")]),
                ]
            )

            """
        let folder = try package(original)
        try app(in: folder)
        let result = await swiftScene("Wallet", in: folder)
        #expect(result.code == 0, "\(result.error)")
        #expect(
            result.out.hasSuffix("created \(folder.path)/Tests/WalletTests/WalletLoadTests.swift\nupdated \(folder.path)/Package.swift\n"))
        #expect(
            try text(folder, "Package.swift")
                == original.replacingOccurrences(
                    of: """
                                .target(name: "Shelf", dependencies: [.product(name: "VIP", package: "scenery")]),

                        """,
                    with: """
                                .target(name: "Shelf", dependencies: [.product(name: "VIP", package: "scenery")]),
                                .target(name: "Wallet", dependencies: [.product(name: "VIP", package: "scenery")], path: "\(folder.path)/Sources/Wallet"),
                                .testTarget(name: "WalletTests", dependencies: ["Wallet", .product(name: "VIP", package: "scenery"), \
                        .product(name: "VIPTesting", package: "scenery")], path: "\(folder.path)/Tests/WalletTests"),

                        """))
        // Again under the same module: refused before anything is written.
        let edited = try text(folder, "Package.swift")
        let again = await swiftScene("Purse", in: folder, ["--module", "Wallet"])
        #expect(again.code == 1)
        #expect(
            again.error == """
                error: '\(folder.path)/Package.swift' already has a target 'Wallet'; nothing was written
                  hint: give the module another name with '--module NAME'

                """)
        #expect(try text(folder, "Package.swift") == edited)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/App/scenes/Purse.json"))
    }

    @Test func withoutASceneryDependencyANoteSaysWhatToAdd() async throws {
        let folder = try package("let package = Package(\n    name: \"Shelf\",\n    targets: []\n)\n")
        try app(in: folder)
        let result = await swiftScene("Wallet", in: folder)
        #expect(result.code == 0, "\(result.error)")
        #expect(
            result.out.hasSuffix(
                """
                updated \(folder.path)/Package.swift
                note: \(folder.path)/Package.swift does not depend on Scenery yet: add .package(path: "PATH-TO-SCENERY") or \
                .package(url: "GIT-URL-OF-SCENERY", branch: "main") to its 'dependencies'; the targets call it "scenery", \
                SwiftPM's name for a folder or URL ending in 'scenery'

                """))
        #expect(
            try text(folder, "Package.swift") == """
                let package = Package(
                    name: "Shelf",
                    targets: [
                        .target(name: "Wallet", dependencies: [.product(name: "VIP", package: "scenery")]\(paths(folder).sources)),
                        .testTarget(name: "WalletTests", dependencies: ["Wallet", .product(name: "VIP", package: "scenery"), \
                .product(name: "VIPTesting", package: "scenery")]\(paths(folder).tests)),
                    ]
                )

                """)
    }

    @Test func inScenerysOwnPackageTargetsNameItsProductsPlainly() async throws {
        let folder = try package(
            "let package = Package(\n    name: \"Scenery\",\n    targets: [\n        .target(name: \"VIP\"),\n    ]\n)\n")
        try app(in: folder)
        let result = await swiftScene("Wallet", in: folder)
        #expect(result.code == 0, "\(result.error)")
        #expect(result.out.hasSuffix("updated \(folder.path)/Package.swift\n"))
        #expect(
            try text(folder, "Package.swift").contains(
                """
                        .target(name: "VIP"),
                        .target(name: "Wallet", dependencies: ["VIP"]\(paths(folder).sources)),
                        .testTarget(name: "WalletTests", dependencies: ["Wallet", "VIP", "VIPTesting"]\(paths(folder).tests)),
                    ]
                """))
    }

    @Test func whenTheTargetsCannotBeFoundTheyArePrintedWithWhy() async throws {
        let folder = try package("let package = Package(name: \"Shelf\", targets: allTargets)\n")
        try app(in: folder)
        let result = await swiftScene("Wallet", in: folder)
        #expect(result.code == 0, "\(result.error)")
        #expect(
            result.out.hasSuffix(
                """
                created \(folder.path)/Tests/WalletTests/WalletLoadTests.swift

                note: \(folder.path)/Package.swift was left as it was: its 'targets:' is not written as '[…]'
                add to Package.swift, in 'targets':
                    .target(name: "Wallet", dependencies: [.product(name: "VIP", package: "scenery")]\(paths(folder).sources)),
                    .testTarget(name: "WalletTests", dependencies: ["Wallet", .product(name: "VIP", package: "scenery"), \
                .product(name: "VIPTesting", package: "scenery")]\(paths(folder).tests)),
                and, if it does not depend on Scenery yet, add .package(path: "PATH-TO-SCENERY") or \
                .package(url: "GIT-URL-OF-SCENERY", branch: "main") to its 'dependencies'; the targets call it "scenery", \
                SwiftPM's name for a folder or URL ending in 'scenery'

                """), "\(result.out)")
        #expect(!result.out.contains("from:"), "Scenery has no released version to name")
        #expect(try text(folder, "Package.swift") == "let package = Package(name: \"Shelf\", targets: allTargets)\n")
    }
}
