import Foundation

/// Paths to the project's files and to the shared conformance data beside the project.
enum Paths {
    /// The project root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
    static let jsonTestSuite = shared.appendingPathComponent("data/JSONTestSuite/test_parsing")
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}
