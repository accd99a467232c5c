import SceneManifest
import ScenerySupport

/// Renaming a model's field: the check that the renamed app validates as well, on the
/// server's own incremental validation of the app.
extension LanguageServer {
    /// What the app would newly be found to have wrong with the edits made (a read of a
    /// record's field typed where rename could not follow it), or nil when nothing: the
    /// validator checks the rename before it is offered.
    func renameLeaves(_ byFile: [String: [Range<Int>]], newName: String, root: String) -> String? {
        var edited = documents.mapValues(\.bytes)
        for (file, ranges) in byFile {
            var bytes = text(of: file).bytes
            for range in Set(ranges).sorted(by: { $0.lowerBound > $1.lowerBound }) {
                bytes.replaceSubrange(range, with: Array(newName.utf8))
            }
            edited[file] = bytes
        }
        let current = InMemoryFiles(documents.mapValues(\.bytes), over: disk)
        let validation = validations[root] ?? AppValidation(folder: root)
        // The app as it is (the files an edit leaves as they are cost nothing), as it would
        // be, and as it is again, so the server's validation stays the one of what is open.
        let before = validation.validate(files: current).diagnostics
        let after = validation.validate(files: InMemoryFiles(edited, over: disk)).diagnostics
        _ = validation.validate(files: current)
        var counts: [String: Int] = [:]
        for finding in before { counts[finding.code.rawValue, default: 0] += 1 }
        let new = after.filter { finding in
            counts[finding.code.rawValue, default: 0] -= 1
            return counts[finding.code.rawValue, default: 0] < 0
        }
        guard !new.isEmpty else { return nil }
        let places = new.prefix(3).map { "\(PathText.relative($0.file, from: root)):\($0.line):\($0.column): \($0.message)" }
        return "renaming would leave \(new.count == 1 ? "a place" : "\(new.count) places") it cannot follow: "
            + places.joined(separator: "; ")
            + " — rename \(new.count == 1 ? "it" : "them") by hand, or first make the app validate"
    }
}
