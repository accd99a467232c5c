/// Text a regular expression of an input's `pattern` rule matches, made to fill the input
/// with a value its rule lets through: classes (`[0-9]`, `[^@ ]`, `\d`, `\w`, `\s`, `.`),
/// groups and alternatives, and the quantifiers `?`, `*`, `+` and `{n,m}`. Anything else
/// gives nil, and the caller falls back to plain values; what this makes is checked by the
/// rule itself before it is typed.
enum PatternSample {
    /// Characters a negated class or `.` picks from.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")

    indirect enum Node {
        case sequence([Node])
        case choice([Node])
        case characters([Character])
        case repeated(Node, min: Int, max: Int)
    }

    static func text(_ pattern: String, _ random: inout ExploreRandom) -> String? {
        var parser = Parser(characters: Array(pattern))
        guard let node = parser.alternatives(), parser.index == parser.characters.count else { return nil }
        var text = ""
        generate(node, into: &text, &random)
        return text
    }

    private static func generate(_ node: Node, into text: inout String, _ random: inout ExploreRandom) {
        switch node {
        case let .sequence(nodes): for node in nodes { generate(node, into: &text, &random) }
        case let .choice(nodes): generate(random.pick(nodes), into: &text, &random)
        case let .characters(characters): if !characters.isEmpty { text.append(random.pick(characters)) }
        case let .repeated(node, min, max):
            for _ in 0..<(min + random.below(max - min + 1)) { generate(node, into: &text, &random) }
        }
    }

    struct Parser {
        let characters: [Character]
        var index = 0

        init(characters: [Character]) { self.characters = characters }

        var current: Character? { index < characters.count ? characters[index] : nil }

        mutating func alternatives() -> Node? {
            var options: [Node] = []
            while true {
                guard let sequence = sequence() else { return nil }
                options.append(sequence)
                guard current == "|" else { break }
                index += 1
            }
            return options.count == 1 ? options[0] : .choice(options)
        }

        mutating func sequence() -> Node? {
            var nodes: [Node] = []
            while let character = current, character != "|", character != ")" {
                guard let atom = atom() else { return nil }
                guard let quantified = quantified(atom) else { return nil }
                nodes.append(quantified)
            }
            return .sequence(nodes)
        }

        mutating func atom() -> Node? {
            guard let character = current else { return nil }
            index += 1
            switch character {
            case "(":
                if current == "?" {
                    guard index + 1 < characters.count, characters[index + 1] == ":" else { return nil }
                    index += 2
                }
                guard let inner = alternatives(), current == ")" else { return nil }
                index += 1
                return inner
            case "[": return characterClass()
            case ".": return .characters(PatternSample.alphabet)
            case "^", "$": return .sequence([])
            case "\\": return escape().map(Node.characters)
            case "*", "+", "?", "{", "}", "]": return nil
            default: return .characters([character])
            }
        }

        /// The characters `\x` stands for.
        mutating func escape() -> [Character]? {
            guard let character = current else { return nil }
            index += 1
            switch character {
            case "d": return Array("0123456789")
            case "w": return Array("abcxyzABC0123_")
            case "s": return [" "]
            case "D", "W", "S", "b", "B": return nil
            default: return [character]
            }
        }

        mutating func characterClass() -> Node? {
            var negated = false
            if current == "^" {
                negated = true
                index += 1
            }
            var members: [Character] = []
            var first = true
            while let character = current, character != "]" || first {
                first = false
                index += 1
                var item: [Character]
                if character == "\\" {
                    guard let escaped = escape() else { return nil }
                    item = escaped
                } else {
                    item = [character]
                }
                // A range, `a-z`: not when `-` is last.
                if item.count == 1, current == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                    let end = characters[index + 1]
                    index += 2
                    guard let low = item[0].unicodeScalars.first?.value, let high = end.unicodeScalars.first?.value, low <= high,
                        high - low < 512
                    else { return nil }
                    item = (low...high).compactMap { Unicode.Scalar($0).map(Character.init) }
                }
                members += item
            }
            guard current == "]" else { return nil }
            index += 1
            return .characters(negated ? PatternSample.alphabet.filter { !members.contains($0) } : members)
        }

        mutating func quantified(_ atom: Node) -> Node? {
            var node = atom
            guard let character = current else { return node }
            switch character {
            case "?": node = .repeated(atom, min: 0, max: 1)
            case "*": node = .repeated(atom, min: 0, max: 3)
            case "+": node = .repeated(atom, min: 1, max: 4)
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return nil }
                let bounds = String(characters[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(bounds.first ?? ""), bounds.count <= 2 else { return nil }
                let high = bounds.count == 2 ? (bounds[1].isEmpty ? low + 3 : Int(bounds[1])) : low
                // Counts past a few hundred make text no input needs to be tried with.
                guard let high, high >= low, low <= 256 else { return nil }
                node = .repeated(atom, min: low, max: min(high, low + 3))
                index = close
            default: return node
            }
            index += 1
            // A lazy or possessive mark changes what matches first, not what may match.
            if current == "?" || current == "+" { index += 1 }
            return node
        }
    }
}
