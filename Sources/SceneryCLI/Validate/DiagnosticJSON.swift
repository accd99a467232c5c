import SceneManifest

/// Findings as a JSON array of objects with `severity code message file line column pointer hint`.
enum DiagnosticJSON {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "[]" }
        return "[\n" + diagnostics.map { "  " + object($0) }.joined(separator: ",\n") + "\n]"
    }

    /// One finding as a one-line JSON object.
    static func object(_ item: Diagnostic) -> String {
        let fields: [(String, String)] = [
            ("severity", JSONText.quote(item.severity.rawValue)), ("code", JSONText.quote(item.code.rawValue)),
            ("message", JSONText.quote(item.message)),
            ("file", JSONText.quote(item.file)), ("line", "\(item.line)"), ("column", "\(item.column)"),
            ("pointer", JSONText.quote(item.pointer)), ("hint", item.hint.map(JSONText.quote) ?? "null")
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

}
