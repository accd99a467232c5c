import Foundation
import SceneManifest
import SceneRuntime

/// A small, fast generator with a seed: the same seed gives the same walks on every
/// machine (SplitMix64).
struct ExploreRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count`; `count` must be positive.
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// The input lines explore types: an action's word and arguments made from the declared
/// types — boundary values, empty text, null where optional, rows past the end.
enum ExploreValues {
    /// Values a person might type for each type, plain and at the edges.
    static let samples: [String: [String]] = [
        "string": [
            "", "a", "Ada", "ada@example.com", "  padded  ", "Zoë", String(repeating: "x", count: 120), "0", "-1", "+1 415 555 0123"
        ],
        "int": ["0", "1", "-1", "2", "3", "10", "999999", "2147483648"],
        "decimal": ["0", "0.01", "1", "-1", "9.99", "0.005", "1000000"],
        "bool": ["true", "false"],
        "date": ["2026-01-01", "2026-03-29T02:30:00Z", "2026-10-25T01:30:00Z", "1970-01-01", "2038-01-19"]
    ]

    /// What a walk knows beyond the declared types: the keys of records the app holds, and
    /// the patterns the scene's `validate` rules check a use case's request fields with.
    struct Hints {
        var keys: [String] = []
        /// By request path: `request.code`.
        var patterns: [String: [String]] = [:]
    }

    /// The line that works `offer`, or nil when it takes a value no one can type (a list or
    /// a record that is not optional).
    static func line(for offer: ActionOffer, _ hints: Hints = Hints(), _ random: inout ExploreRandom) -> String? {
        switch offer.kind {
        case .button, .back:
            return offer.word
        case let .row(rows):
            // Mostly rows that exist; sometimes one past the end, or 0.
            let row = random.below(6) == 0 ? random.pick([0, rows + 1]) : random.below(max(rows, 1)) + 1
            return "\(offer.word) \(row)"
        case let .input(type, options):
            if let options {
                let choices = options + ["", "\(options.count + 1)"]
                return input(offer.word, random.pick(choices))
            }
            if let rules = offer.rules, !rules.isEmpty {
                // Mostly a value the input's rules let through; else one at their edge.
                if random.below(4) != 0, let valid = valid(type, rules, &random) { return input(offer.word, valid) }
                if random.below(2) == 0, let edge = edge(rules, &random) { return input(offer.word, edge) }
            }
            guard let value = value(type ?? .optional(.string), &random) else { return offer.word }
            return input(offer.word, value ?? "")
        case let .useCase(fields):
            var arguments: [String] = []
            for field in fields {
                guard let value = hinted(field, hints, &random) ?? value(field.type, &random) else { return nil }
                // A field left out leaves out the ones after it too, as a person typing stops.
                guard let value else { break }
                arguments.append(argument(value, for: field.name))
            }
            return words([offer.word] + arguments)
        }
    }

    /// A value of `type` as typed: `.some(nil)` leaves an optional out; nil when the type
    /// cannot be typed.
    static func value(_ type: TypeRef, _ random: inout ExploreRandom) -> String?? {
        switch type {
        case let .optional(wrapped):
            if random.below(4) == 0 { return .some(nil) }
            return value(wrapped, &random) ?? .some(nil)
        case .list, .model:
            return nil
        default:
            return .some(random.pick(samples[type.description] ?? [""]))
        }
    }

    /// A request field's value from what the walk knows, some of the time: mostly text a
    /// `validate` rule's pattern matches (else that text a character short), or, for text, the
    /// key of a record that exists; nil for a value of its declared type instead.
    private static func hinted(_ field: ActionOffer.Field, _ hints: Hints, _ random: inout ExploreRandom) -> String?? {
        if let patterns = hints.patterns["request.\(field.name)"], random.below(4) != 0,
            let text = PatternSample.text(random.pick(patterns), &random)
        {
            return .some(random.below(4) == 0 && !text.isEmpty ? String(text.dropLast()) : text)
        }
        if [.string, .optional(.string)].contains(field.type), !hints.keys.isEmpty, random.below(2) == 0 {
            return .some(random.pick(hints.keys))
        }
        return nil
    }

    /// Whether a value of `type` can be typed on a line: not a list or a record.
    static func canType(_ type: TypeRef) -> Bool {
        switch type {
        case let .optional(wrapped): canType(wrapped)
        case .list, .model: false
        default: true
        }
    }

    /// A value of `type` that `rules` let through, checked by the rules themselves; nil when
    /// none was found in a few tries.
    static func valid(_ type: TypeRef?, _ rules: InputRules, _ random: inout ExploreRandom) -> String? {
        let base = type.map(Self.base) ?? .string
        for _ in 0..<6 {
            let candidate: String
            if let pattern = rules.pattern, let text = PatternSample.text(pattern, &random) {
                candidate = text
            } else if rules.min != nil || rules.max != nil {
                let low = rules.min ?? ((rules.max ?? 0) - 10)
                let high = rules.max ?? (low + 100)
                candidate = SceneValue.number(random.pick([low, high, low + 1, high - 1])).description
            } else if rules.minLength != nil || rules.maxLength != nil {
                // A few lengths near the least allowed: a bound of millions needs no text that long.
                let low = min(rules.minLength ?? 1, Self.longest)
                let high = max(min(rules.maxLength ?? (low + 12), low + 12), low)
                candidate = String(repeating: "x", count: random.pick([low, min(low + 1, high), high]))
            } else {
                candidate = random.pick((samples[base.description] ?? ["a"]).filter { !$0.isEmpty })
            }
            let value: SceneValue =
                [.int, .decimal].contains(base)
                ? Decimal(string: candidate).map(SceneValue.number) ?? .string(candidate) : .string(candidate)
            if rules.problem(with: value) == nil { return candidate }
        }
        return nil
    }

    /// A value just outside `rules`: nothing, a pattern's text one short, a number past a
    /// bound, text a character too long.
    static func edge(_ rules: InputRules, _ random: inout ExploreRandom) -> String? {
        var edges: [String] = []
        if rules.required { edges.append("") }
        if let pattern = rules.pattern, let text = PatternSample.text(pattern, &random), !text.isEmpty {
            edges.append(String(text.dropLast()))
        }
        if let low = rules.min { edges.append(SceneValue.number(low - 1).description) }
        if let high = rules.max { edges.append(SceneValue.number(high + 1).description) }
        if let longest = rules.maxLength, longest < Self.longest { edges.append(String(repeating: "x", count: longest + 1)) }
        return edges.isEmpty ? nil : random.pick(edges)
    }

    /// The longest text explore types: a rule allowing more is not tried past its edge.
    static let longest = 10_000

    private static func base(_ type: TypeRef) -> TypeRef {
        if case let .optional(wrapped) = type { return base(wrapped) }
        return type
    }

    /// An input's line: its word and the value, by name when the value would read as a name
    /// (`kv kv=abc=12`).
    static func input(_ word: String, _ value: String) -> String { words([word, argument(value, for: word)]) }

    /// A value as typed for field `name`: as it is, or `name=value` when it would otherwise
    /// read as another field's name and value (`abc=12`, quoted or not, sets a field `abc`).
    static func argument(_ value: String, for name: String) -> String {
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
            value[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return value }
        return "\(name)=\(value)"
    }

    /// Words joined into a line as a shell would read them: quoted when empty or when they
    /// hold a space, quote, backslash or `#` (a `'` inside as `'\''`).
    static func words(_ words: [String]) -> String {
        words.map { $0.isEmpty ? "''" : Transcript.shellQuoted($0) }.joined(separator: " ")
    }
}
