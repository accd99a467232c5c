import Foundation

/// What a form's submit checks of the value a bound input holds
/// (docs/manifest.md#rules-on-inputs): it is given, matches a pattern, lies between bounds,
/// or has a length between bounds. An empty value is only `required`'s concern.
public struct InputRules: Sendable {
    public var required = false
    /// A regular expression the whole value must match.
    public var pattern: String?
    public var min: Decimal?
    public var max: Decimal?
    public var minLength: Int?
    public var maxLength: Int?
    /// The text shown under the input when any rule fails, instead of the rule's own.
    public var message: Template?
    /// Where each rule's key is written, for the checks of its type.
    public var offsets: [String: Int] = [:]

    public init() {}

    /// The rules' keys, as an input declares them.
    public static let keys = ["required", "pattern", "min", "max", "minLength", "maxLength", "message"]

    public var isEmpty: Bool { !required && pattern == nil && min == nil && max == nil && minLength == nil && maxLength == nil }

    /// The first rule `value` breaks, as the text shown for it; nil when it keeps them all.
    public func problem(with value: SceneValue) -> String? {
        let text: String? = if case let .string(text) = value { text } else { nil }
        let blank = value.isNull || text.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } == true
        if blank { return required ? "required" : nil }
        if let pattern, let text, !Self.wholly(text, matches: pattern) { return "not in the form expected" }
        if case let .number(number) = value {
            if let min, number < min { return "at least \(Self.text(min))" }
            if let max, number > max { return "at most \(Self.text(max))" }
        }
        if let text {
            if let minLength, text.count < minLength { return "at least \(minLength) \(minLength == 1 ? "character" : "characters")" }
            if let maxLength, text.count > maxLength { return "at most \(maxLength) \(maxLength == 1 ? "character" : "characters")" }
        }
        return nil
    }

    /// Whether `pattern` is a regular expression a rule can use.
    public static func isPattern(_ pattern: String) -> Bool { pattern.isEmpty || (try? NSRegularExpression(pattern: pattern)) != nil }

    /// Whether all of `text` matches `pattern`, as an HTML input's `pattern` does.
    static func wholly(_ text: String, matches pattern: String) -> Bool {
        guard !pattern.isEmpty else { return text.isEmpty }
        guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static func text(_ number: Decimal) -> String { SceneValue.number(number).description }
}
