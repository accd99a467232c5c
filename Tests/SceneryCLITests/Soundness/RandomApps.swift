import Foundation

/// A small, seeded random number generator (SplitMix64): the same seed gives the same apps
/// and walks on every machine.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

/// Random apps in manifest format 1, typed so that most pass `validate --strict`, with the
/// hazards a validator must see mixed in: optional reads (a field of an optional record, a
/// list item by index, a request field left out), functions that give null for null, and
/// values landing in typed fields, route arguments, records and rules. The apps use
/// nothing from outside (no providers), so every value in them is one the app made or a
/// typed input checked where it entered.
struct RandomApp {
    /// A scalar type and whether it may be null.
    struct Kind: Hashable {
        enum Base: String, CaseIterable { case string, int, decimal, bool, date }
        var base: Base
        var optional: Bool
        var text: String { base.rawValue + (optional ? "?" : "") }
    }

    static let model = [("id", "string"), ("label", "string"), ("n", "int?"), ("at", "date?")]

    var random: SeededRandom
    /// State fields of scene A, by name.
    private(set) var state: [(name: String, kind: Kind)] = []
    private(set) var files: [String: String] = [:]
    /// Each use case of scene A with its request fields, for the walks.
    private(set) var useCases: [(name: String, request: [(name: String, kind: Kind)])] = []

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        build()
    }

    private mutating func build() {
        for index in 0..<Int.random(in: 2...5, using: &random) {
            state.append(("f\(index)", Kind(base: random.pick(Kind.Base.allCases), optional: random.chance(40))))
        }
        var useCaseTexts: [String] = []
        for index in 0..<Int.random(in: 1...4, using: &random) {
            var request: [(name: String, kind: Kind)] = []
            for field in 0..<Int.random(in: 0...2, using: &random) {
                request.append(("r\(field)", Kind(base: random.pick(Kind.Base.allCases), optional: random.chance(40))))
            }
            let name = "u\(index)"
            useCases.append((name, request))
            var steps: [String] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) { steps.append(step(request)) }
            let requestText = request.map { "\"\($0.name)\": \"\($0.kind.text)\"" }.joined(separator: ", ")
            useCaseTexts.append("\"\(name)\": { \"request\": { \(requestText) }, \"interactor\": [ \(steps.joined(separator: ", ")) ] }")
        }
        let item = random.pick([
            itemRecord([]), "\"@{state.picked}\"", "\"@{first(state.items)}\"", "\"@{state.picked ?? {id: 'a', label: 'b'}}\""
        ])
        let guardStep = random.chance(50) ? #"{ "type": "fail", "if": "@{state.picked == null}", "message": "none" }, "# : ""
        useCaseTexts.append(
            #""open": { "interactor": [ \#(guardStep){ "type": "route", "to": "B", "mode": "push", "args": { "item": \#(item), "count": "@{count(state.items)}" } } ] }"#
        )
        useCases.append(("open", []))
        let stateText = state.map { field in
            let fallback = field.kind.optional || random.chance(5) ? "" : ", \"default\": \(constantJSON(field.kind.base))"
            return "\"\(field.name)\": { \"type\": \"\(field.kind.text)\"\(fallback) }"
        }.joined(separator: ", ")
        let viewTexts = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            "{ \"type\": \"text\", \"text\": \"\(display())\" }"
        }.joined(separator: ", ")
        // Every field shown, so none is unread (W002) and each value reaches a frame.
        let everyField = state.map { "@{state.\($0.name)}" }.joined(separator: " ")
        files["app.json"] =
            #"{ "formatVersion": 1, "name": "Random", "entry": "A", "models": { "Item": { \#(Self.model.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ")) } } }"#
        files["scenes/A.json"] = """
            { "formatVersion": 1, "scene": "A",
              "state": { \(stateText), "items": { "type": "[Item]", "default": [] }, "picked": { "type": "Item?" } },
              "useCases": { \(useCaseTexts.joined(separator: ",\n")) },
              "view": [ \(viewTexts), { "type": "text", "text": "items: @{count(state.items)} \(everyField) @{state.picked.label}" }, { "type": "error" } ] }
            """
        files["scenes/B.json"] = """
            { "formatVersion": 1, "scene": "B", "args": { "item": "Item", "count": "int" },
              "useCases": { "done": { "interactor": [ { "type": "route", "mode": "back" } ] } },
              "view": [ { "type": "text", "text": "@{args.item.label} @{args.item.id} @{args.count + 1}" }, { "type": "error" } ] }
            """
    }

    /// One interactor step over the request's fields and the state.
    private mutating func step(_ request: [(name: String, kind: Kind)]) -> String {
        let condition = random.chance(25) ? ", \"if\": \"@{\(expression(.bool, optional: true, request, depth: 1))}\"" : ""
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1:
            let field = random.pick(state)
            return
                "{ \"type\": \"set\", \"path\": \"state.\(field.name)\", \"value\": \"@{\(expression(field.kind.base, optional: random.chance(30), request, depth: 2))}\"\(condition) }"
        case 2:
            let rule = expression(.bool, optional: random.chance(50), request, depth: 2)
            return "{ \"type\": \"validate\", \"rules\": [ { \"check\": \"@{\(rule)}\", \"message\": \"no\" } ] }"
        case 3:
            return "{ \"type\": \"fail\", \"if\": \"@{\(expression(.bool, optional: true, request, depth: 2))}\", \"message\": \"stop\" }"
        case 4:
            let item = random.chance(50) ? "\"@{\(itemLiteral(request))}\"" : itemRecord(request)
            return
                "{ \"type\": \"work\", \"worker\": \"append\", \"input\": \"@{state.items}\", \"args\": { \"item\": \(item) }, \"as\": \"grown\" }, "
                + "{ \"type\": \"set\", \"path\": \"state.items\", \"value\": \"@{grown}\"\(condition) }"
        case 5:
            return
                "{ \"type\": \"set\", \"path\": \"state.picked\", \"value\": \"@{\(random.pick(["first(state.items)", "last(state.items)", "state.items[\(indexExpression(request))]", "null"]))}\"\(condition) }"
        case 6:
            let order = random.pick(["asc", "desc"])
            let by = random.pick(["label", "id", "@{it.n ?? 0}", "@{it.at ?? '2026-01-01'}"])
            return
                "{ \"type\": \"work\", \"worker\": \"sort\", \"input\": \"@{state.items}\", \"args\": { \"by\": \"\(by)\", \"order\": \"\(order)\" }, \"as\": \"sorted\" }, "
                + "{ \"type\": \"set\", \"path\": \"state.items\", \"value\": \"@{sorted}\" }"
        default:
            return
                "{ \"type\": \"set\", \"path\": \"state.items\", \"where\": \"@{it.id == \(expression(.string, optional: true, request, depth: 1))}\", \"value\": \(itemRecord(request)) }"
        }
    }

    /// An index into `state.items`: sometimes checked, mostly not.
    private mutating func indexExpression(_ request: [(name: String, kind: Kind)]) -> String {
        if let int = request.first(where: { $0.kind.base == .int && !$0.kind.optional }), random.chance(60) {
            return "request.\(int.name) - 1"
        }
        return random.pick(["0", "1", "count(state.items) - 1"])
    }

    /// An Item written as a record literal, its fields from the request and the state.
    private mutating func itemLiteral(_ request: [(name: String, kind: Kind)]) -> String {
        "{id: \(expression(.string, optional: random.chance(10), request, depth: 1)), label: \(expression(.string, optional: random.chance(10), request, depth: 1)), "
            + "n: \(expression(.int, optional: true, request, depth: 1)), at: \(expression(.date, optional: true, request, depth: 1))}"
    }

    /// An Item written as a JSON object of expressions.
    private mutating func itemRecord(_ request: [(name: String, kind: Kind)]) -> String {
        "{ \"id\": \"@{\(expression(.string, optional: random.chance(10), request, depth: 1))}\", \"label\": \"@{\(expression(.string, optional: random.chance(10), request, depth: 1))}\" }"
    }

    /// Text for the view: a few expressions of any type.
    private mutating func display() -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
            "@{\(expression(random.pick(Kind.Base.allCases), optional: random.chance(50), [], depth: 2, inView: true))}"
        }.joined(separator: " ")
    }

    /// An expression of `base` — of `base?` when `optional` — over the request and the state.
    private mutating func expression(
        _ base: Kind.Base, optional: Bool, _ request: [(name: String, kind: Kind)], depth: Int,
        inView: Bool = false
    ) -> String {
        var choices: [String] = [literal(base)]
        for field in request where field.kind.base == base && (optional || !field.kind.optional) { choices.append("request.\(field.name)") }
        for field in state where field.kind.base == base && (optional || !field.kind.optional) { choices.append("state.\(field.name)") }
        if optional {
            switch base {
            case .string: choices += ["state.picked.label", "first(state.items).id", "state.items[0].label"]
            case .int: choices += ["state.picked.n", "last(state.items).n"]
            case .date: choices += ["state.picked.at"]
            default: break
            }
        }
        if depth > 0 {
            let inner = { (me: inout RandomApp, b: Kind.Base, o: Bool) in
                me.expression(b, optional: o, request, depth: depth - 1, inView: inView)
            }
            switch base {
            case .string:
                choices += [
                    "upper(\(inner(&self, .string, optional)))", "trim(\(inner(&self, .string, optional)))",
                    "\(inner(&self, .string, true)) ?? 'none'", "string(\(inner(&self, .int, false)))"
                ]
            case .int:
                choices += [
                    "count(state.items)", "\(inner(&self, .int, false)) + 1", "\(inner(&self, .int, true)) ?? 0",
                    "\(inner(&self, .int, optional)) * 2", "(\(inner(&self, .int, true)) ?? 1) - 1"
                ]
            case .decimal:
                choices += [
                    "\(inner(&self, .decimal, false)) * 2", "round(\(inner(&self, .decimal, false)), 1)",
                    "\(inner(&self, .decimal, true)) ?? 0.5"
                ]
            case .bool:
                choices += [
                    "\(inner(&self, .int, false)) > 0", "!(\(inner(&self, .bool, false)))", "\(inner(&self, .int, true)) >= 1",
                    "\(inner(&self, .int, true)) != null && \(inner(&self, .int, true)) > 0", "count(\(inner(&self, .string, true))) > 0",
                    "trim(\(inner(&self, .string, optional))) != ''",
                    "contains(\(inner(&self, .string, optional)), 'a')", "\(inner(&self, .string, true)) == null",
                    "\(inner(&self, .bool, true)) && \(inner(&self, .bool, true))"
                ]
            case .date:
                choices += ["addDays(\(inner(&self, .date, optional)), 1)", "now()"]
            }
        }
        return random.pick(choices)
    }

    private mutating func literal(_ base: Kind.Base) -> String {
        switch base {
        case .string: random.pick(["'a'", "''", "'x y'"])
        case .int: random.pick(["0", "1", "-2"])
        case .decimal: random.pick(["0.5", "2", "-1.25"])
        case .bool: random.pick(["true", "false"])
        case .date: random.pick(["'2026-01-01'", "'2026-03-29T01:30:00Z'"])
        }
    }

    private mutating func constantJSON(_ base: Kind.Base) -> String {
        switch base {
        case .string: random.pick(["\"a\"", "\"\""])
        case .int: random.pick(["0", "3"])
        case .decimal: random.pick(["0.5", "10"])
        case .bool: random.pick(["true", "false"])
        case .date: "\"2026-01-01\""
        }
    }

    /// A walk of input lines: each use case with arguments from its declared types,
    /// boundary values among them, optional fields sometimes left out; `open`, `done`, `back`.
    mutating func walk(length: Int) -> [String] {
        var lines: [String] = []
        for _ in 0..<length {
            if random.chance(10) {
                lines.append(random.pick(["done", "back"]))
                continue
            }
            let useCase = random.pick(useCases)
            var line = useCase.name
            for field in useCase.request where !(field.kind.optional && random.chance(40)) {
                line += " \(field.name)=\(typedValue(field.kind.base))"
            }
            lines.append(line)
        }
        return lines
    }

    private mutating func typedValue(_ base: Kind.Base) -> String {
        switch base {
        case .string: random.pick(["''", "a", "'  '", "\"x y\""])
        case .int: random.pick(["0", "1", "2", "-1", "99999"])
        case .decimal: random.pick(["0", "0.10", "-3.5", "12345678.9"])
        case .bool: random.pick(["true", "false"])
        case .date: random.pick(["2026-01-01", "2026-03-29T01:30:00Z", "1/2/26"])
        }
    }
}
