import Foundation
import ScenerySupport

/// How values format: the locale, the app's currency, its string tables and the clock.
///
/// Copied into every evaluation context, and so into every step, row and presentation: its
/// fields live in one shared box, copied only when a copy is changed, so a copy costs one
/// reference rather than one for each field.
public struct FormatContext: Sendable {
    private struct Fields: Sendable {
        var locale: String
        var currency: String
        var strings: [String: [String: String]]
        var appLocale: String
        var clock: SessionClock
        var timeZone: TimeZone
        var ids: IdSource
        var formatters: [String: @Sendable (SceneValue) -> String]
    }

    private var fields: CopyOnWrite<Fields>

    /// The locale in force, like `en_US` or `ru_RU`.
    public var locale: String {
        get { fields.value.locale }
        _modify { yield &fields.value.locale }
    }
    /// The app's currency code, used by `currency(x)` without a code.
    public var currency: String {
        get { fields.value.currency }
        _modify { yield &fields.value.currency }
    }
    /// String tables by locale file name: `ru_RU`, `ru`, `en`.
    public var strings: [String: [String: String]] {
        get { fields.value.strings }
        _modify { yield &fields.value.strings }
    }
    /// The app's own locale: the last place `t()` looks.
    public var appLocale: String {
        get { fields.value.appLocale }
        _modify { yield &fields.value.appLocale }
    }
    /// What `now()` reads: fixed (`--now`, scripts, transcripts) or the system's clock.
    public var clock: SessionClock {
        get { fields.value.clock }
        _modify { yield &fields.value.clock }
    }
    /// The time now, as the clock says; setting it fixes the clock there.
    public var now: Date {
        get { clock.now }
        set { clock = SessionClock(fixed: newValue) }
    }
    public var timeZone: TimeZone {
        get { fields.value.timeZone }
        _modify { yield &fields.value.timeZone }
    }
    /// Where `uuid()` takes its ids: seeded, so a seeded run makes the same ones.
    public var ids: IdSource {
        get { fields.value.ids }
        _modify { yield &fields.value.ids }
    }
    /// Formatters registered in code, by name.
    public var formatters: [String: @Sendable (SceneValue) -> String] {
        get { fields.value.formatters }
        _modify { yield &fields.value.formatters }
    }

    public init(
        locale: String = "en_US", currency: String = "USD", strings: [String: [String: String]] = [:],
        appLocale: String? = nil, now: Date = Date(timeIntervalSince1970: 0),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
    ) {
        fields = CopyOnWrite(
            Fields(
                locale: locale, currency: currency, strings: strings, appLocale: appLocale ?? locale, clock: SessionClock(fixed: now),
                timeZone: timeZone, ids: IdSource(seed: 0), formatters: [:]))
    }

    /// The tables `t()` reads, in order: `ru_RU`, then `ru`, then the app's locale and its language.
    public var lookupOrder: [String] {
        var order: [String] = []
        for candidate in [locale, Self.language(locale), appLocale, Self.language(appLocale)] where !order.contains(candidate) {
            order.append(candidate)
        }
        return order
    }

    /// The text for `key` with `{0}`, `{1}` replaced; the key itself when no table has it.
    public func translate(_ key: String, arguments: [String]) -> String {
        let template = lookupOrder.lazy.compactMap { strings[$0]?[key] }.first ?? key
        return Self.fill(template, with: arguments)
    }

    /// `{0}`, `{1}`… replaced by the arguments in one pass over the template, so text inside
    /// an argument is never read as a placeholder (and 22 arguments cannot grow to megabytes).
    static func fill(_ template: String, with arguments: [String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), rest[afterOpen..<close].allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(rest[afterOpen..<close]), arguments.indices.contains(number)
            {
                result += arguments[number]
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }

    /// Whether `locale`'s language has built-in formats (number and date tables, looked up
    /// as written: `DE_DE` has none); others format as English.
    public static func hasBuiltInFormats(_ locale: String) -> Bool {
        NumberFormat.styles[language(locale)] != nil
    }

    /// The languages with built-in formatting tables, in the reference's order; a test holds
    /// it to the number and date tables' keys.
    public static let builtInLanguages = ["en", "ru", "uk", "de", "fr", "es", "it", "pt", "pl", "ja", "zh"]

    /// `ru` for `ru_RU` (and `ru-RU`).
    public static func language(_ locale: String) -> String {
        guard let end = locale.utf8.firstIndex(where: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }) else { return locale }
        return end == locale.utf8.startIndex ? locale : String(locale[..<end])
    }
}

/// Built-in words for `yesno`.
enum Translations {
    static func yes(_ locale: String) -> String {
        ["ru": "да", "uk": "так", "de": "ja", "fr": "oui", "es": "sí", "it": "sì", "pt": "sim", "pl": "tak"][FormatContext.language(locale)]
            ?? "yes"
    }

    static func no(_ locale: String) -> String {
        ["ru": "нет", "uk": "ні", "de": "nein", "fr": "non", "es": "no", "it": "no", "pt": "não", "pl": "nie"][
            FormatContext.language(locale)] ?? "no"
    }
}
