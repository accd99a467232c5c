import Foundation

/// Paths to the project's files and to the conformance data the tests carry in `Fixtures/`.
enum Paths {
    /// The project root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// JSONTestSuite's parsing cases (MIT, `Fixtures/JSONTestSuite/LICENSE`).
    static let jsonTestSuite = fixtures.appendingPathComponent("JSONTestSuite/test_parsing")
    /// CLDR's cardinal plural rules with sample numbers (Unicode License V3, `Fixtures/cldr/LICENSE`).
    static let cldrPlurals = fixtures.appendingPathComponent("cldr/plurals.json")
}
