import SceneManifest

/// One line on each function of the expression language, for completion and hover: the
/// summary each function is declared with (``FunctionTable/specs``).
enum FunctionDocs {
    static let lines: [String: String] = FunctionTable.specs.mapValues(\.summary)
}
