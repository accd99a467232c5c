import Foundation
import SceneManifest
import ScenerySupport
import VIP

/// Runs a built-in worker over a list: one method per worker, over a value that carries the
/// step's arguments, its context and how to evaluate them. Per-item arguments are evaluated
/// with the item bound as `it`; a constant text where a per-item argument is expected names
/// a field.
struct BuiltInWorkerRunner {
    typealias Evaluate = (ValueTemplate, EvaluationContext) throws(RunFailure) -> SceneValue

    let worker: BuiltInWorker
    let args: [(name: String, value: ValueTemplate)]
    let context: EvaluationContext
    let evaluate: Evaluate

    static func run(
        _ worker: BuiltInWorker, input: SceneValue, args: [(name: String, value: ValueTemplate)],
        context: EvaluationContext, evaluate: @escaping Evaluate
    ) throws(RunFailure) -> SceneValue {
        try BuiltInWorkerRunner(worker: worker, args: args, context: context, evaluate: evaluate).run(input)
    }

    func run(_ input: SceneValue) throws(RunFailure) -> SceneValue {
        let items: [SceneValue]
        switch input {
        case let .list(list): items = list
        case .null: items = []
        default:
            if worker == .count { return .number(1) }
            throw RunFailure("worker '\(worker.rawValue)' needs a list as input, not \(input.typeName)", code: DiagnosticCode.operandType)
        }
        if let chosen = try selected(items) { return .list(chosen.map { items[$0] }) }
        switch worker {
        case .filter, .remove, .sort, .search, .page: return .list(items)
        case .find:
            for item in items where try perItem("where", item).isTruthy { return item }
            return .null
        case .map:
            var mapped: [SceneValue] = []
            for item in items { mapped.append(try perItem("to", item)) }
            return .list(mapped)
        case .group: return try group(items)
        case .sum: return try sum(items)
        case .count: return .number(Decimal(items.count))
        case .unique: return try unique(items)
        case .append: return .list(items + [try once("item")])
        case .update: return try update(items)
        }
    }

    private func argument(_ name: String) -> ValueTemplate? { args.first { $0.name == name }?.value }

    private func once(_ name: String) throws(RunFailure) -> SceneValue {
        guard let template = argument(name) else { return .null }
        return try evaluate(template, context)
    }

    /// An argument that takes one of its declared words (``BuiltInWorker/Signature/choices``),
    /// or nil when left out or null.
    private func word(_ name: String) throws(RunFailure) -> String? {
        let value = try once(name)
        if value == .null { return nil }
        let words = worker.signature.choices[name] ?? []
        guard case let .string(text) = value, words.contains(text) else {
            throw RunFailure(
                "\(worker.rawValue): '\(name)' must be \(words.map { "'\($0)'" }.joined(separator: " or ")), not \(value.literal)",
                code: DiagnosticCode.badArgument)
        }
        return text
    }

    /// A per-item argument: an expression over `it`, or a field name.
    private func perItem(_ name: String, _ item: SceneValue) throws(RunFailure) -> SceneValue {
        guard let template = argument(name) else { return item }
        if case let .template(text) = template, let field = text.constant { return item[field] }
        return try evaluate(template, context.binding("it", to: item))
    }

    /// For a worker whose result is some of its items in some order — `filter`, `remove`,
    /// `sort`, `search`, `page` — the positions of the items it gives, in order; nil for the
    /// others. Typed Swift lists keep their own items by these positions (``SceneWorkers``),
    /// with no record turned back into a struct.
    func selected(_ items: [SceneValue]) throws(RunFailure) -> [Int]? {
        switch worker {
        case .filter: try choose(items, where: true)
        case .remove: try choose(items, where: false)
        case .sort: try sort(items)
        case .search: try search(items)
        case .page: try page(items)
        default: nil
        }
    }

    /// The items for which `where` is `holds`: what `filter` keeps and `remove` leaves.
    private func choose(_ items: [SceneValue], where holds: Bool) throws(RunFailure) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(items.count)
        for (index, item) in items.enumerated() where try perItem("where", item).isTruthy == holds { kept.append(index) }
        return kept
    }

    private func sort(_ items: [SceneValue]) throws(RunFailure) -> [Int] {
        let descending = try word("order") == "desc"
        var keyed: [(key: SceneValue, index: Int)] = []
        keyed.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { keyed.append((try perItem("by", item), index)) }
        var failure: RunFailure?
        keyed.sort { left, right in
            do throws(EvaluationError) {
                let order = try Self.compare(left.key, right.key)
                if order == .orderedSame { return left.index < right.index }
                return descending ? order == .orderedDescending : order == .orderedAscending
            } catch {
                failure = RunFailure("sort: \(error.message)", code: DiagnosticCode.operandType)
                return left.index < right.index
            }
        }
        if let failure { throw failure }
        return keyed.map(\.index)
    }

    private func search(_ items: [SceneValue]) throws(RunFailure) -> [Int] {
        let words = try once("text").description.lowercased().split(separator: " ").map(String.init)
        let fields = try once("fields").listValue?.map(\.description)
        return items.indices.filter { index in
            let item = items[index]
            let haystack: [String] = fields.map { names in names.flatMap { Self.texts(item[$0]) } } ?? Self.texts(item)
            return words.allSatisfy { word in haystack.contains { $0.lowercased().contains(word) } }
        }
    }

    private func page(_ items: [SceneValue]) throws(RunFailure) -> [Int] {
        // Bounded so that (page - 1) × size cannot overflow.
        let size = min(1_000_000, try Self.counting("size", try once("size"), default: 10))
        let page = min(1_000_000, try Self.counting("page", try once("page"), default: 1))
        let start = min(items.count, (page - 1) * size)
        return Array(start..<min(items.count, start + size))
    }

    private func group(_ items: [SceneValue]) throws(RunFailure) -> SceneValue {
        var groups: [(key: SceneValue, items: [SceneValue])] = []
        for item in items {
            let key = try perItem("by", item)
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].items.append(item)
            } else {
                groups.append((key, [item]))
            }
        }
        return .list(groups.map { .record(Record(["key": $0.key, "items": .list($0.items)])) })
    }

    private func sum(_ items: [SceneValue]) throws(RunFailure) -> SceneValue {
        var values: [Decimal] = []
        for item in items {
            let value = argument("of") == nil ? item : try perItem("of", item)
            guard case let .number(number) = value else {
                throw RunFailure("sum: cannot add \(value.typeName)", code: DiagnosticCode.operandType)
            }
            values.append(number)
        }
        guard let total = DecimalRange.sum(values) else {
            throw RunFailure("sum: the total is out of range for a decimal number", code: DiagnosticCode.decimalOverflow)
        }
        return .number(total)
    }

    private func unique(_ items: [SceneValue]) throws(RunFailure) -> SceneValue {
        var seen: [SceneValue] = []
        var kept: [SceneValue] = []
        for item in items {
            let key = argument("by") == nil ? item : try perItem("by", item)
            if !seen.contains(key) {
                seen.append(key)
                kept.append(item)
            }
        }
        return .list(kept)
    }

    private func update(_ items: [SceneValue]) throws(RunFailure) -> SceneValue {
        var updated: [SceneValue] = []
        for item in items {
            guard try perItem("where", item).isTruthy, case var .record(record) = item else {
                updated.append(item)
                continue
            }
            let changes = try evaluate(argument("set") ?? .constant(.null), context.binding("it", to: item))
            for field in changes.recordValue.fields { record[field.name] = field.value }
            updated.append(.record(record))
        }
        return .list(updated)
    }

    private static func texts(_ value: SceneValue) -> [String] {
        switch value {
        case let .list(items): items.flatMap(texts)
        case let .record(record): record.fields.flatMap { texts($0.value) }
        case .null: []
        default: [value.description]
        }
    }

    /// A whole number of at least 1 for a counting argument (`page`'s `size` and `page`), or
    /// `fallback` when the argument is absent or null.
    private static func counting(_ name: String, _ value: SceneValue, default fallback: Int) throws(RunFailure) -> Int {
        if value.isNull { return fallback }
        guard case let .number(number) = value, number == number.rounded(0), number >= 1 else {
            // A number that cannot be used is E504; anything else is of the wrong type, E501.
            let code = if case .number = value { DiagnosticCode.badArgument } else { DiagnosticCode.operandType }
            throw RunFailure("page: '\(name)' must be a whole number of at least 1, not \(value.literal)", code: code)
        }
        return min(number, 1_000_000).exactInt ?? 1_000_000
    }

    private static func compare(_ left: SceneValue, _ right: SceneValue) throws(EvaluationError) -> ComparisonResult {
        switch (left, right) {
        case (.null, .null): return .orderedSame
        case (.null, _): return .orderedAscending
        case (_, .null): return .orderedDescending
        case let (.number(a), .number(b)): return Decimal.order(a, b)
        case let (.string(a), .string(b)): return TextOrder.order(a, b)
        case let (.bool(a), .bool(b)): return a == b ? .orderedSame : (!a ? .orderedAscending : .orderedDescending)
        default: throw EvaluationError(.type, "cannot order \(left.typeName) and \(right.typeName)", at: 0)
        }
    }
}
