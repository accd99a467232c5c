import Foundation
import ScenerySupport

/// The built-in functions, one method each; ``FunctionTable`` names each one's method beside
/// its declaration, so a function declared is a function implemented. Argument counts are
/// checked at load and again here (an expression evaluated unchecked must fail, not trap);
/// types are checked here and fail as values.
enum Functions {
    typealias Implementation = @Sendable (FunctionCall) throws(EvaluationError) -> SceneValue

    static func call(_ name: String, _ args: [SceneValue], format: FormatContext, at offset: Int) throws(EvaluationError) -> SceneValue {
        let call = FunctionCall(name: name, args: args, format: format, offset: offset)
        guard let spec = FunctionTable.specs[name] else {
            guard let formatter = format.formatters[name] else {
                throw call.fail("no formatter '\(name)' is registered; run the app's own executable, which registers it")
            }
            return .string(formatter(args.first ?? .null))
        }
        guard spec.arity.accepts(args.count) else {
            throw call.fail("takes \(spec.arity) argument\(spec.arity.description == "1" ? "" : "s"), not \(args.count)")
        }
        return try spec.implementation(call)
    }

    // Lists (and text, where a list function reads it as characters).

    static func count(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        switch call[0] {
        case let .list(items): return .number(Decimal(items.count))
        case let .string(value): return .number(Decimal(value.count))
        case let .record(record): return .number(Decimal(record.fields.count))
        case .null: return .number(0)
        default: throw call.fail("expects a list or text, not \(call[0].typeName)", .type)
        }
    }

    static func sum(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        var values: [Decimal] = []
        for item in try call.list(0) {
            let element = call.count > 1 ? item[try call.text(1)] : item
            guard case let .number(value) = element else { throw call.fail("cannot add \(element.typeName)", .type) }
            values.append(value)
        }
        guard let total = DecimalRange.sum(values) else { throw call.fail("the total is out of range for a decimal number", .overflow) }
        return .number(total)
    }

    static func min(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { try best(call, .orderedAscending) }
    static func max(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { try best(call, .orderedDescending) }

    /// The item that orders `wins` against every other: of one list argument, or of the arguments.
    private static func best(_ call: FunctionCall, _ wins: ComparisonResult) throws(EvaluationError) -> SceneValue {
        let items = call.count == 1 ? try call.list(0) : call.args
        var best: SceneValue?
        for item in items {
            guard let current = best else {
                best = item
                continue
            }
            if try Operations.compare(item, current, .less, at: call.offset) == wins { best = item }
        }
        return best ?? .null
    }

    static func first(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { try end(call, first: true) }
    static func last(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { try end(call, first: false) }

    private static func end(_ call: FunctionCall, first: Bool) throws(EvaluationError) -> SceneValue {
        switch call[0] {
        case let .list(items): return (first ? items.first : items.last) ?? .null
        case let .string(value): return (first ? value.first : value.last).map { .string(String($0)) } ?? .null
        case .null: return .null
        default: throw call.fail("expects a list or text, not \(call[0].typeName)", .type)
        }
    }

    static func contains(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        switch call[0] {
        case let .list(items): return .bool(items.contains(call[1]))
        case let .string(value): return .bool(textContains(value, try call.text(1)))
        case .null: return .bool(false)
        default: throw call.fail("expects a list or text, not \(call[0].typeName)", .type)
        }
    }

    /// Whether `part` is in `text`, as Foundation's `contains` finds it (an empty part is in
    /// nothing). Text of ASCII bytes but CR — one character a byte, none with another form —
    /// is searched by bytes: Foundation's search, through `CFString`, showed in every filter.
    static func textContains(_ text: String, _ part: String) -> Bool {
        var (text, part) = (text, part)
        let found: Bool? = text.withUTF8 { haystack in
            part.withUTF8 { needle -> Bool? in
                func plain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") } }
                guard plain(haystack), plain(needle) else { return nil }
                guard !needle.isEmpty, needle.count <= haystack.count else { return false }
                let first = needle[0]
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    if (1..<needle.count).allSatisfy({ haystack[start + $0] == needle[$0] }) { return true }
                }
                return false
            }
        }
        return found ?? text.contains(part)
    }

    static func join(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        let separator = try call.text(1, or: ", ")
        return .string(try call.list(0).map(\.description).joined(separator: separator))
    }

    static func `default`(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        call[0].isNull || call[0] == .string("") ? call[1] : call[0]
    }

    static func uuid(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { .string(call.format.ids.next()) }
}
