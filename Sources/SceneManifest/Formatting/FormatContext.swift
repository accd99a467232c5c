import Foundation

/// How values format: the locale, the app's currency, its string tables and the clock.
///
/// Copied into every evaluation context, and so into every step, row and presentation: its
/// fields live in one shared box, copied only when a copy is changed, so a copy costs one
/// reference rather than one for each field.
public struct FormatContext: Sendable {
    // `@unchecked Sendable`: its fields are Sendable values, and it is changed only through
    // `FormatContext`'s setters, on a box no other context holds (`unique()`).
    private final class Storage: @unchecked Sendable {
        var locale: String
        var currency: String
        var strings: [String: [String: String]]
        var appLocale: String
        var clock: SessionClock
        var timeZone: TimeZone
        var ids: IdSource
        var formatters: [String: @Sendable (SceneValue) -> String]

        init(
            locale: String, currency: String, strings: [String: [String: String]], appLocale: String, clock: SessionClock,
            timeZone: TimeZone, ids: IdSource, formatters: [String: @Sendable (SceneValue) -> String]
        ) {
            self.locale = locale
            self.currency = currency
            self.strings = strings
            self.appLocale = appLocale
            self.clock = clock
            self.timeZone = timeZone
            self.ids = ids
            self.formatters = formatters
        }

        func copy() -> Storage {
            Storage(
                locale: locale, currency: currency, strings: strings, appLocale: appLocale, clock: clock, timeZone: timeZone,
                ids: ids, formatters: formatters)
        }
    }

    private var storage: Storage

    /// The box, made this context's own before a change.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The locale in force, like `en_US` or `ru_RU`.
    public var locale: String {
        get { storage.locale }
        set { unique().locale = newValue }
    }
    /// The app's currency code, used by `currency(x)` without a code.
    public var currency: String {
        get { storage.currency }
        set { unique().currency = newValue }
    }
    /// String tables by locale file name: `ru_RU`, `ru`, `en`.
    public var strings: [String: [String: String]] {
        get { storage.strings }
        set { unique().strings = newValue }
    }
    /// The app's own locale: the last place `t()` looks.
    public var appLocale: String {
        get { storage.appLocale }
        set { unique().appLocale = newValue }
    }
    /// What `now()` reads: fixed (`--now`, scripts, transcripts) or the system's clock.
    public var clock: SessionClock {
        get { storage.clock }
        set { unique().clock = newValue }
    }
    /// The time now, as the clock says; setting it fixes the clock there.
    public var now: Date {
        get { clock.now }
        set { clock = SessionClock(fixed: newValue) }
    }
    public var timeZone: TimeZone {
        get { storage.timeZone }
        set { unique().timeZone = newValue }
    }
    /// Where `uuid()` takes its ids: seeded, so a seeded run makes the same ones.
    public var ids: IdSource {
        get { storage.ids }
        set { unique().ids = newValue }
    }
    /// Formatters registered in code, by name.
    public var formatters: [String: @Sendable (SceneValue) -> String] {
        get { storage.formatters }
        set { unique().formatters = newValue }
    }

    public init(
        locale: String = "en_US", currency: String = "USD", strings: [String: [String: String]] = [:],
        appLocale: String? = nil, now: Date = Date(timeIntervalSince1970: 0),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
    ) {
        storage = Storage(
            locale: locale, currency: currency, strings: strings, appLocale: appLocale ?? locale, clock: SessionClock(fixed: now),
            timeZone: timeZone, ids: IdSource(seed: 0), formatters: [:])
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
