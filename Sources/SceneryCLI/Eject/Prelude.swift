import SceneManifest

/// What a statement computes before it: the reads and calls of its expressions, each bound
/// to a `let` named for what it holds, in the order the runtime evaluates them, so that the
/// statement itself reads plainly. A value the runtime computes only sometimes — the right
/// side of `&&`, `||` and `??`, a branch of `?:` — stays in place, so it is still computed
/// only then.
final class Prelude {
    /// The names taken in the function being written, shared by its statements' preludes.
    final class Names {
        var taken: Set<String>
        /// The name `unique` gave last.
        private(set) var lastTaken = ""
        init(_ taken: Set<String> = EjectNames.taken.union(SwiftNames.reserved).union(EjectNames.runtimeNames)) { self.taken = taken }

        /// `base`, or `base2`, `base3`… when taken; then taken.
        func unique(_ base: String) -> String {
            // A keyword's name gets a suffix rather than backquotes, so a number can follow it.
            let plain = base.filter { $0 != "`" }
            var candidate = SwiftNames.keywords.contains(plain) || plain.isEmpty ? plain + "Value" : plain
            let stem = candidate
            var number = 2
            while taken.contains(candidate) {
                candidate = "\(stem)\(number)"
                number += 1
            }
            taken.insert(candidate)
            lastTaken = candidate
            return candidate
        }
    }

    let names: Names
    private(set) var lines: [String] = []
    /// Above zero inside a value the runtime computes only sometimes.
    var lazyDepth = 0
    /// Values bound already, by their code: reading the same field or calling the same
    /// function on the same values again within one step gives the same value (nothing
    /// writes in between), so it is read once. `now()` and `uuid()` give a new value each time.
    private var known: [String: SwiftValue] = [:]
    static let fresh: Set<String> = ["SceneFunctions.call(\"now\"", "SceneFunctions.call(\"uuid\""]

    init(names: Names) { self.names = names }

    /// A prelude for a block inside this one's statement (a closure, a branch): its own
    /// lines, the same names, and the values bound before it, which the block sees.
    func nested() -> Prelude {
        let prelude = Prelude(names: names)
        prelude.known = known
        return prelude
    }

    /// The lines so far, handed over; the values they bind stay known.
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }

    /// `code` bound to a new `let`, or left in place inside a lazy value.
    func bind(_ code: String, named base: String, type: TypeRef?, throwing: Bool) -> SwiftValue {
        guard lazyDepth == 0 else { return SwiftValue(code: "(\(code))", type: type, throwing: throwing, parenthesized: true) }
        if let value = known[code] { return value }
        let name = names.unique(base)
        lines.append("let \(name) = \(throwing ? "try " : "")\(code)")
        let value = SwiftValue(code: name, type: type)
        if !Self.fresh.contains(where: { code.hasPrefix($0) }) { known[code] = value }
        return value
    }

    /// `body` with the values computed only sometimes marked so.
    func lazily<T>(_ body: () throws(EjectRefusal) -> T) throws(EjectRefusal) -> T {
        lazyDepth += 1
        defer { lazyDepth -= 1 }
        return try body()
    }
}
