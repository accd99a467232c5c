/// One entry for each case of an enum, made once, in the order of its cases: a declaration,
/// a key table or a signature that the decoder and the checks read for every object of every
/// file, where making it again (or `allCases`, an array made at each call) cost every time.
struct CaseTable<Case: CaseIterable & Equatable, Entry> {
    private let cases: [Case]
    private let entries: [Entry]

    init(_ make: (Case) -> Entry) {
        cases = Array(Case.allCases)
        entries = cases.map(make)
    }

    subscript(_ key: Case) -> Entry { entries[cases.firstIndex(of: key) ?? 0] }
}

extension CaseTable: Sendable where Case: Sendable, Entry: Sendable {}
