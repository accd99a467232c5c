/// What a restart must bring back, from the `>> stored` lines before and after it
/// (docs/explore.md#what-it-checks): each provider's line as it was, except one that could
/// not be read before — under a fault begun midway, which a restart lifts — whose value was
/// never seen, so whatever it holds after is taken as it is.
enum StoredComparison {
    /// The lines `after` should be for `before`.
    static func expected(before: [String], after: [String]) -> [String] {
        let afterByName = Dictionary(after.map { (name(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        return before.map { line in
            guard line.hasPrefix("stored \(name(of: line)): cannot be read:") else { return line }
            return afterByName[name(of: line)] ?? line
        }
    }

    /// The provider a `stored NAME: …` line is for.
    static func name(of line: String) -> String {
        String(line.dropFirst("stored ".count).prefix { $0 != ":" })
    }
}
