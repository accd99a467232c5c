import SceneManifest

/// Writes a scene's view as Swift: each component as a call on `SceneLines`, which shows
/// it as the manifest's view does, its values as typed Swift over the scene's args, state,
/// shared fields and view model, and its `if` and its groups' as `if`s around it (a group's
/// once, for all its children, as the view works it out once a frame).
struct ViewWriter {
    let scope: SwiftScope
    /// Names the body of `draw` gives a meaning; a local spelt like one is renamed.
    private static let taken = EjectNames.taken.union(SwiftNames.reserved).union(EjectNames.runtimeNames).union(["view", "SceneLines"])

    /// A statement of `draw(_:into:)` at its top level: a component, or a group with all of
    /// its own, and what the first component is called (its word, or its type).
    struct Block {
        var lines: [String] = []
        var name = ""
    }

    /// The body of `draw(_:into:)`: a statement per component, nested in its groups' `if`s.
    func write(_ view: [ComponentDefinition]) throws(EjectRefusal) -> [Block] {
        var blocks: [Block] = []
        var lines: [String] = []
        var open: [Template] = []
        for component in view {
            var shared = 0
            while shared < open.count, shared < component.groups.count, Self.same(open[shared], component.groups[shared]) { shared += 1 }
            while open.count > shared {
                open.removeLast()
                lines.append(indent(open.count) + "}")
            }
            if open.isEmpty {
                if !lines.isEmpty { blocks[blocks.count - 1].lines = lines }
                lines = []
                blocks.append(Block(name: Self.name(of: component)))
            }
            for group in component.groups[shared...] {
                lines += try holds(group, at: component.offset).map { indent(open.count) + $0 }
                open.append(group)
            }
            var statement = try self.statement(component)
            if let condition = component.condition {
                statement = try holds(condition, at: component.offset) + statement.map { "    " + $0 } + ["}"]
            }
            lines += statement.map { indent(open.count) + $0 }
        }
        while !open.isEmpty {
            open.removeLast()
            lines.append(indent(open.count) + "}")
        }
        if !lines.isEmpty { blocks[blocks.count - 1].lines = lines }
        return blocks
    }

    /// What a component is called in the name of the function that draws it and those after.
    private static func name(of component: ComponentDefinition) -> String {
        switch component.kind {
        case let .input(_, _, action, binding): binding?.word.value ?? action?.value ?? component.typeName
        case let .choice(_, binding): binding.word.value
        case let .button(_, action, _, _, _): action.value
        case let .list(_, _, action?, _): action.value + "List"
        default: component.typeName
        }
    }

    /// Whether two groups' `if`s are one group's: the same place in the file.
    private static func same(_ one: Template, _ other: Template) -> Bool {
        guard let origin = one.origin else { return false }
        return origin == other.origin
    }

    private func indent(_ depth: Int) -> String { String(repeating: "    ", count: depth) }

    /// `if view.holds({ … }) {`, left open.
    private func holds(_ condition: Template, at offset: Int) throws(EjectRefusal) -> [String] {
        let closure = try self.closure(condition, at: offset, .condition)
        return ("if view.holds(" + closure + ") {").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The call that adds one component.
    private func statement(_ component: ComponentDefinition) throws(EjectRefusal) -> [String] {
        let at = component.offset
        let call: String
        switch component.kind {
        case let .header(text):
            call = "view.header " + (try closure(text, at: at, .text))
        case let .text(text):
            call = "view.text " + (try closure(text, at: at, .text))
        case let .list(items, empty, action, _):
            var arguments = ["items: " + (try closure(items, at: at, .value))]
            if let empty { arguments.append("empty: " + (try closure(empty, at: at, .text))) }
            if let action { arguments.append("action: " + Self.quoted(action.value)) }
            call = "view.list(" + arguments.joined(separator: ", ") + ")"
        case let .input(label, value, action, binding):
            var arguments = ["label: " + (try closure(label, at: at, .text))]
            if let value, value.origin == nil, case let .binary(.coalesce, bound, _)? = value.single?.kind {
                // No `value`: the input shows what its path holds, or nothing.
                arguments.append("value: " + (try shown(bound)))
            } else {
                arguments.append(
                    "value: " + (try value.map { (template) throws(EjectRefusal) in try closure(template, at: at, .text) } ?? "{ \"\" }"))
            }
            arguments.append("word: " + ((binding?.word.value ?? action?.value).map(Self.quoted) ?? "nil"))
            if binding != nil { arguments.append("bound: true") }
            call = "view.input(" + arguments.joined(separator: ", ") + ")"
        case let .choice(label, binding):
            guard let options = binding.options else { throw EjectRefusal(offset: at, reason: "a choice without options is not ejected") }
            call =
                "view.choice(label: " + (try closure(label, at: at, .text)) + ", word: " + Self.quoted(binding.word.value) + ", path: "
                + Self.quoted(binding.path.value) + ", options: " + (try closure(options, at: at, .value)) + ")"
        case let .button(title, action, enabled, _, _):
            var arguments = ["title: " + (try closure(title, at: at, .text)), "action: " + Self.quoted(action.value)]
            if let enabled { arguments.append("enabled: " + (try closure(enabled, at: at, .condition))) }
            call = "view.button(" + arguments.joined(separator: ", ") + ")"
        case .error:
            call = "view.errors()"
        case let .loading(text):
            call =
                try text.map { (template) throws(EjectRefusal) in "view.loading " + (try closure(template, at: at, .text)) }
                ?? "view.loading()"
        case .divider:
            call = "view.divider()"
        }
        return call.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private enum Kind { case text, condition, value }

    /// A closure giving a template's value as text, as a condition, or as it is; the reads
    /// it makes first are its own lines, so nothing is read unless the component needs it.
    private func closure(_ template: Template, at offset: Int, _ kind: Kind) throws(EjectRefusal) -> String {
        let prelude = Prelude(names: Prelude.Names(Self.taken))
        let expression = SwiftExpression(scope: scope, prelude: prelude)
        let value = try expression.template(template, at: offset)
        var code: String
        switch kind {
        case .text: code = value.type == .string ? SwiftExpression.bare(value) : SwiftExpression.text(value)
        case .condition:
            code = SwiftExpression.bare(
                SwiftValue(code: expression.condition(value), type: .bool, parenthesized: value.parenthesized && value.type == .bool))
        case .value:
            guard !value.isNull else { throw EjectRefusal(offset: template.origin ?? offset, reason: "a list of null has no type") }
            code = SwiftExpression.bare(value)
        }
        if value.throwing { code = "try " + code }
        var lines = prelude.lines
        // `let x = …` then `return x` reads as `return …`.
        if let last = lines.last, last.hasPrefix("let \(code) = ") {
            code = String(last.dropFirst("let \(code) = ".count))
            lines.removeLast()
        }
        if lines.isEmpty { return "{ \(code) }" }
        return (["{"] + lines.map { "    " + $0 } + ["    return \(code)", "}"]).joined(separator: "\n")
    }

    /// A closure giving what a bound input's path holds as text, or nothing for null.
    private func shown(_ path: Expression) throws(EjectRefusal) -> String {
        let prelude = Prelude(names: Prelude.Names(Self.taken))
        let value = try SwiftExpression(scope: scope, prelude: prelude).expression(path)
        let code =
            switch value.type {
            case .string?: value.code
            case .optional(.string)?: "\(value.code) ?? \"\""
            case let type? where type.isOptional: "\(value.code).map { SceneFunctions.text($0) } ?? \"\""
            default: SwiftExpression.text(value)
            }
        let lines = prelude.lines.map { "    " + $0 }
        return (["{"] + lines + ["    return \(value.throwing ? "try " : "")\(code)", "}"]).joined(separator: "\n")
    }

    static func quoted(_ text: String) -> String { "\"\(SwiftExpression.escaped(text))\"" }
}

/// The types of a scene's view model as its view reads them: each field as its presenters
/// give it, optional, since a field no presenter has given yet is null. A field two use
/// cases give as different types, and every field when a presenter is in Swift, has none.
struct ViewModelTypes {
    private(set) var types: [String: TypeRef] = [:]
    private(set) var swift: [String: String] = [:]
    private(set) var problems: [String: String] = [:]
    private var rows: [String: SwiftStruct] = [:]
    private var givers: [String: String] = [:]

    private var isUnknown = false

    mutating func add(_ fields: [(json: String, swift: String, type: TypeRef, row: SwiftStruct?)], from useCase: String) {
        for field in fields where !isUnknown && problems[field.json] == nil {
            guard let known = swift[field.json], let giver = givers[field.json] else {
                types[field.json] = field.type.isOptional ? field.type : .optional(field.type)
                swift[field.json] = field.swift.hasSuffix("?") ? field.swift : field.swift + "?"
                rows[field.json] = field.row
                givers[field.json] = useCase
                continue
            }
            // Rows of two use cases' structs with the same fields read as the first's.
            let sameRows = field.row.map(Self.signature) != nil && field.row.map(Self.signature) == rows[field.json].map(Self.signature)
            if known == (field.swift.hasSuffix("?") ? field.swift : field.swift + "?") || sameRows { continue }
            types[field.json] = nil
            swift[field.json] = nil
            problems[field.json] = "'\(giver)' and '\(useCase)' give it different types"
        }
    }

    /// A presenter in Swift gives fields whose types are not known before running.
    mutating func unknown(because useCase: String) {
        guard !isUnknown else { return }
        isUnknown = true
        types = [:]
        swift = [:]
        problems = ["": "the presenter of '\(useCase)' is in Swift, so the view model's types are not known before running"]
    }

    private static func signature(_ row: SwiftStruct) -> [String] { row.fields.map { "\($0.json): \($0.type)" } }
}
