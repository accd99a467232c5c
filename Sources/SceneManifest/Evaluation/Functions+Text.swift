import Foundation

/// Text functions, and the ones that make text for people: translations, plurals, yes/no.
extension Functions {
    static func matches(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .bool(false) }
        let subject = try call.text(0), pattern = try call.text(1)
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            throw call.fail("'\(pattern)' is not a regular expression", .pattern)
        }
        return .bool(regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil)
    }

    static func upper(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { try mapText(call) { $0.uppercased() } }
    static func lower(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { try mapText(call) { $0.lowercased() } }
    static func trim(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        try mapText(call) { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
    static func capitalize(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        try mapText(call) { $0.prefix(1).uppercased() + $0.dropFirst() }
    }

    static func phone(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        try mapText(call) { PhoneFormat.format($0, locale: call.format.locale) }
    }

    /// The first argument's text changed by `change`; null stays null.
    private static func mapText(_ call: FunctionCall, _ change: (String) -> String) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        return .string(change(try call.text(0)))
    }

    static func truncate(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        let value = try call.text(0)
        guard let limit = try call.number(1).exactInt, limit >= 1 else {
            throw call.fail("the length must be a whole number of at least 1")
        }
        return .string(value.count <= limit ? value : String(value.prefix(limit - 1)) + "…")
    }

    static func mask(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        if call[0].isNull { return .null }
        let value = try call.text(0)
        guard let keep = (try call.optionalNumber(1) ?? 4).rounded(0).exactInt, keep >= 0 else {
            throw call.fail("the number of characters to keep must be a whole number of at least 0")
        }
        return .string(String(repeating: "•", count: Swift.max(0, value.count - keep)) + value.suffix(keep))
    }

    static func string(_ call: FunctionCall) throws(EvaluationError) -> SceneValue { .string(call[0].description) }

    static func plural(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        let count = try call.number(0)
        var forms = call.args.dropFirst().map(\.description)
        if forms.count == 1, forms[0].contains("|") {
            forms = forms[0].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        }
        return .string(PluralRules.choose(count, forms: forms, locale: call.format.locale))
    }

    static func yesno(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        let yes = try call.text(1, or: Translations.yes(call.format.locale))
        let no = try call.text(2, or: Translations.no(call.format.locale))
        return .string(call[0].isTruthy ? yes : no)
    }

    static func t(_ call: FunctionCall) throws(EvaluationError) -> SceneValue {
        .string(call.format.translate(try call.text(0), arguments: call.args.dropFirst().map(\.description)))
    }
}
