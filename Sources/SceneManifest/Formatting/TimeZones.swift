import Foundation

/// IANA time zones by name, as `timeZone` in app.json and `--tz` give them.
public enum TimeZones {
    /// The zone named `name`, or nil when there is none by that name. `UTC` always exists,
    /// even where the system has no time zone data.
    public static func zone(_ name: String) -> TimeZone? {
        if name == "UTC" || name == "GMT" { return TimeZone(secondsFromGMT: 0) }
        // Foundation also reads abbreviations and offsets ("EST", "GMT+2"); only IANA names
        // with a region are taken, so an app means the same zone on every system.
        guard name.contains("/"), known.contains(name) else { return nil }
        return TimeZone(identifier: name)
    }

    /// Every zone name the system knows, for did-you-mean.
    public static let known: [String] = TimeZone.knownTimeZoneIdentifiers.sorted()

    /// The zone a mistyped name most likely means: one whose city is the name (`Berlin`,
    /// `new york` → `Europe/Berlin`, `America/New_York`), else the closest name.
    public static func suggestion(for name: String) -> String? { hint(for: name)?.text }

    /// ``suggestion(for:)`` with the zone to put in the name's place, when there is one.
    static func hint(for name: String) -> Hint? {
        let city = name.replacingOccurrences(of: " ", with: "_").lowercased()
        let byCity = known.filter { $0.split(separator: "/").last.map { $0.lowercased() == city } ?? false }.sorted()
        if byCity.count == 1 { return Hint(didYouMean(byCity[0]), replacing: name, with: byCity[0]) }
        if !byCity.isEmpty { return Hint("did you mean " + byCity.map { "'\($0)'" }.joined(separator: " or ") + "?") }
        return didYouMean(name, known)
    }
}
