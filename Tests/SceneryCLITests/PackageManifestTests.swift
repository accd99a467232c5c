import Foundation
import ScenerySupport
import Testing

@testable import SceneryCLI

/// How `scenery new scene --swift` reads and edits a Package.swift: code told from comments
/// and strings, the one `targets: [` of the `Package(` call found, and targets added where
/// they go with every other byte kept.
// checks: docs/cli.md#scenery-new
// checks: docs/cli.md#swift-modules-and-packageswift
@Suite struct PackageManifestTests {
    // MARK: - SwiftCode

    /// The bytes of `text` that are code, the others as spaces: what the scanner sees.
    func codeOnly(_ text: String) -> String {
        let code = SwiftCode(text)
        return String(decoding: code.bytes.indices.map { code.kinds[$0] == .code ? code.bytes[$0] : 32 }, as: UTF8.self)
    }

    @Test(arguments: [
        // Line and nested block comments.
        ("a // ] b\nc", "a       \nc"),
        ("a /* x /* ] */ y ] */ b", "a                     b"),
        // Strings, escaped quotes, brackets in them.
        (#"f("]", "a\"[")"#, #"f(   ,       )"#),
        // Raw strings: a quote inside does not end them, nor does an escape start.
        (##"x #"a"]\"# y"##, "x          y"),
        // Multi-line strings hold quotes and brackets.
        ("s = \"\"\"\n ] \" [\n\"\"\" + t", "s =                + t"),
        // An interpolation is code, its strings are strings.
        (#""a\(f("]"))b" + c"#, #"    f(   )    + c"#),
        // `#if` is code.
        ("#if os(Linux)\n#endif", "#if os(Linux)\n#endif"),
        // A string left open ends at its line.
        ("\"open [\nx]", "       \nx]")
    ])
    func codeIsToldFromCommentsAndStrings(text: String, expected: String) {
        #expect(codeOnly(text) == expected)
    }

    @Test func bracketsCloseAmongCodeOnly() {
        let text = #"f("]", /* ] */ [1, "(", g(2)]) // )"#
        let code = SwiftCode(text)
        let close = code.closing(1)
        #expect(close == text.utf8.count - 6)
        #expect(code.closing(15) == text.utf8.count - 7)
        #expect(code.closing(0) == nil, "not a bracket")
        #expect(SwiftCode("f(").closing(1) == nil, "never closed")
    }

    @Test func identifiersAndStringLiteralsAreFoundWhole() {
        let code = SwiftCode(#"targets // targets"# + "\n" + #"let x = "targets"; subtargets; targets2; targets"#)
        #expect(code.occurrences(of: "targets") == [0, 60])
        let literal = SwiftCode(#"a: "VIP", b: "x\"y", c: """"#)
        #expect(literal.stringLiteral(at: 3) == "VIP")
        #expect(literal.stringLiteral(at: 13) == nil, "escapes are not read")
        #expect(literal.stringLiteral(at: 24) == nil, "nor multi-line strings")
        #expect(literal.stringLiteral(at: 0) == nil)
    }

    // MARK: - Reading a manifest

    static let shelf = """
        // swift-tools-version: 6.0
        // A package with "targets: [" in a comment, and brackets in strings.
        import PackageDescription

        let note = "targets: [ ]"
        let package = Package(
            name: "Shelf",
            products: [.library(name: "Shelf", targets: ["Shelf"])],
            dependencies: [
                .package(url: "https://example.com/team/Scenery.git", branch: "main"), // ] in a comment
                .package(path: "../Other"),
            ],
            targets: [
                .target(name: "Shelf", dependencies: [.product(name: "VIP", package: "scenery")], path: "Sources/[Shelf]"),
                /* .target(name: "Old"), */
                .testTarget(
                    name: "ShelfTests",
                    dependencies: ["Shelf"]
                ),
            ]
        )

        """

    @Test func itReadsNamesProductsAndDependencies() throws {
        let manifest = PackageManifest(Self.shelf)
        #expect(manifest.name == "Shelf")
        #expect(manifest.targetNames == ["Shelf", "ShelfTests"])
        #expect(manifest.products.map { "\($0.name)@\($0.package)" } == ["VIP@scenery"])
        #expect(
            manifest.packageDependencies.map { "\($0.kind) \($0.location)" }
                == ["url https://example.com/team/Scenery.git", "path ../Other"])
        let arguments = manifest.arguments(ofCallAt: try manifest.packageCall()).map(\.label)
        #expect(arguments == ["name", "products", "dependencies", "targets"])
    }

    // MARK: - Adding targets

    static let lines = [#".target(name: "Wallet")"#, #".testTarget(name: "WalletTests", dependencies: ["Wallet"])"#]

    func added(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        String(decoding: try PackageManifest(text).addingTargets(Self.lines), as: UTF8.self)
    }

    @Test func targetsGoAfterTheLastWithItsIndentationAndTrailingComma() throws {
        let edited = try added(Self.shelf)
        let tail = """
                    .testTarget(
                        name: "ShelfTests",
                        dependencies: ["Shelf"]
                    ),
                    .target(name: "Wallet"),
                    .testTarget(name: "WalletTests", dependencies: ["Wallet"]),
                ]
            )

            """
        let head = Self.shelf.components(separatedBy: "        .testTarget(\n")[0]
        #expect(edited == head + tail)
        #expect(edited.hasPrefix(head) && head.hasSuffix("/* .target(name: \"Old\"), */\n"))
    }

    @Test(arguments: [
        // No trailing comma: one goes after the last target, none after the new ones.
        (
            "targets: [\n    .target(name: \"A\")\n]",
            "targets: [\n    .target(name: \"A\"),\n    .target(name: \"Wallet\"),\n    .testTarget(name: \"WalletTests\", dependencies: [\"Wallet\"])\n]"
        ),
        // A comment after the last target stays on its line.
        (
            "targets: [\n    .target(name: \"A\"), // the app\n]",
            "targets: [\n    .target(name: \"A\"), // the app\n    .target(name: \"Wallet\"),\n    .testTarget(name: \"WalletTests\", dependencies: [\"Wallet\"]),\n]"
        ),
        (
            "targets: [\n    .target(name: \"A\") // the app\n]",
            "targets: [\n    .target(name: \"A\"), // the app\n    .target(name: \"Wallet\"),\n    .testTarget(name: \"WalletTests\", dependencies: [\"Wallet\"])\n]"
        ),
        // Inline targets stay inline.
        (
            "targets: [.target(name: \"A\")]",
            "targets: [.target(name: \"A\"), .target(name: \"Wallet\"), .testTarget(name: \"WalletTests\", dependencies: [\"Wallet\"])]"
        ),
        // An empty array opens onto lines of its own, a step deeper than 'targets:'.
        (
            "targets: []",
            "targets: [\n    .target(name: \"Wallet\"),\n    .testTarget(name: \"WalletTests\", dependencies: [\"Wallet\"]),\n]"
        ),
        (
            "targets: [\n]",
            "targets: [\n    .target(name: \"Wallet\"),\n    .testTarget(name: \"WalletTests\", dependencies: [\"Wallet\"]),\n]"
        ),
        (
            "targets: [ // none yet\n]",
            "targets: [ // none yet\n    .target(name: \"Wallet\"),\n    .testTarget(name: \"WalletTests\", dependencies: [\"Wallet\"]),\n]"
        )
    ])
    func targetsFollowTheLayoutTheyFind(targets: String, expected: String) throws {
        let text =
            "let package = Package(\n    name: \"P\",\n"
            + targets.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }.joined(separator: "\n") + "\n)\n"
        let want =
            "let package = Package(\n    name: \"P\",\n"
            + expected.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }.joined(separator: "\n") + "\n)\n"
        #expect(try added(text) == want)
    }

    @Test func crlfLineEndsAreKept() throws {
        let text = "let package = Package(\r\n    name: \"P\",\r\n    targets: [\r\n        .target(name: \"A\"),\r\n    ]\r\n)\r\n"
        #expect(
            try added(text) == "let package = Package(\r\n    name: \"P\",\r\n    targets: [\r\n        .target(name: \"A\"),\r\n"
                + "        .target(name: \"Wallet\"),\r\n        .testTarget(name: \"WalletTests\", dependencies: [\"Wallet\"]),\r\n    ]\r\n)\r\n"
        )
    }

    @Test(
        arguments: [
            ("import PackageDescription\n", PackageManifest.Failure.packageCalls(0)),
            ("let a = Package(name: \"A\", targets: [])\nlet b = Package(name: \"B\", targets: [])", .packageCalls(2)),
            ("let p = Package(name: \"P\", products: [.library(name: \"P\", targets: [\"P\"])])", .targetsArguments(0)),
            ("let p = Package(name: \"P\", targets: all)", .targetsNotAnArray),
            ("let p = Package(name: \"P\", targets: [] + more)", .targetsNotAnArray),
            ("let p = Package(name: \"P\", targets: [.target(name: \"A\")]", .unclosed)
        ] as [(String, PackageManifest.Failure)])
    func whatCannotBeFoundUnambiguouslyIsRefused(text: String, failure: PackageManifest.Failure) {
        #expect(throws: failure) { try PackageManifest(text).addingTargets(Self.lines) }
    }

    // MARK: - What `new scene --swift` adds

    @Test func targetsNameScenerysProductsAsThePackageDoes() {
        #expect(
            NewCommand.targetLines(module: "Wallet", sources: "Sources/Wallet", tests: "Tests/WalletTests", scenery: "scenery") == [
                #".target(name: "Wallet", dependencies: [.product(name: "VIP", package: "scenery")])"#,
                #".testTarget(name: "WalletTests", dependencies: ["Wallet", .product(name: "VIP", package: "scenery"), .product(name: "VIPTesting", package: "scenery")])"#
            ])
        // In Scenery's own package, by plain name; `path:` where the folders are not the defaults.
        #expect(
            NewCommand.targetLines(module: "Wallet", sources: "Src/W", tests: "T/W", scenery: nil) == [
                #".target(name: "Wallet", dependencies: ["VIP"], path: "Src/W")"#,
                #".testTarget(name: "WalletTests", dependencies: ["Wallet", "VIP", "VIPTesting"], path: "T/W")"#
            ])
    }

    @Test func scenerysIdentityIsWhatTheFileAlreadyCallsIt() throws {
        func identity(_ dependencies: String, targets: String = "", folder: String = "/nowhere") -> String? {
            NewCommand.sceneryIdentity(
                of: PackageManifest("let p = Package(name: \"P\", dependencies: [\(dependencies)], targets: [\(targets)])"),
                folder: folder)
        }
        #expect(
            identity("", targets: #".target(name: "A", dependencies: [.product(name: "VIPTesting", package: "my-scenery")])"#)
                == "my-scenery")
        #expect(identity(#".package(url: "https://example.com/x/Scenery.git", branch: "main")"#) == "scenery")
        #expect(identity(#".package(path: "../scenery/")"#) == "scenery")
        #expect(identity(#".package(path: "../other")"#) == nil)
        // A folder of another name that holds Scenery's package.
        let folder = scratchFolder.appendingPathComponent("scenery-identity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Checkout"), withIntermediateDirectories: true)
        try Data("let package = Package(\n    name: \"Scenery\"\n)\n".utf8).write(
            to: folder.appendingPathComponent("Checkout/Package.swift"))
        #expect(identity(#".package(path: "Checkout")"#, folder: folder.path) == "checkout")
    }
}
