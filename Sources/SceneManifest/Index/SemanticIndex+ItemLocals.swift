/// The items of lists that expressions walk, in a scene file: a presenter field's
/// `{"each": …, "as": "t", "value": …}` declares `t` for its `value`, and a `set` or `remove`
/// step with `where` declares `it` — at its `path` — for its `where` (and a `set`'s `value`).
extension SemanticIndex {
    func itemLocals(_ strings: [ManifestString], in file: String) -> [SymbolOccurrence] {
        var found: [SymbolOccurrence] = []
        // The objects that declare an item, by their path: what each declares, and where.
        var declared: [[ManifestString.Step]: (name: String, at: Int, keys: Set<String>)] = [:]
        let values = strings.filter { !$0.isKey }
        let byPath = Dictionary(values.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for string in values {
            guard let owner = string.owner else { continue }
            let object = Array(string.path.dropLast())
            if owner == "as", byPath[object + [.key("each")]] != nil {
                declared[object] = (string.raw, string.start, ["value"])
                found.append(
                    SymbolOccurrence(
                        .itemLocal(string.raw, file: file, at: string.start), file: file, range: string.range, isDeclaration: true))
            } else if owner == "path", let type = byPath[object + [.key("type")]].flatMap({ StepType(rawValue: $0.raw) }),
                byPath[object + [.key("where")]] != nil
            {
                let keys = Set(["where", "value"].filter { type.seesEachItem(under: $0) })
                guard !keys.isEmpty else { continue }
                declared[object] = ("it", string.start, keys)
                found.append(
                    SymbolOccurrence(.itemLocal("it", file: file, at: string.start), file: file, range: string.range, isDeclaration: true))
            }
        }
        guard !declared.isEmpty else { return found }
        for string in values where string.raw.contains("@{") {
            // The innermost declaring object the string is under, through one of its item's keys.
            for length in stride(from: string.path.count - 1, through: 0, by: -1) {
                let object = Array(string.path.prefix(length))
                guard let local = declared[object], case let .key(key) = string.path[length], local.keys.contains(key) else { continue }
                let pattern = "(?:^|[^A-Za-z0-9_.'])(\(local.name))(?![A-Za-z0-9_'(])"
                for range in string.matches(pattern, inExpressions: true) {
                    found.append(SymbolOccurrence(.itemLocal(local.name, file: file, at: local.at), file: file, range: range))
                }
                break
            }
        }
        return found
    }
}
