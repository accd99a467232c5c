import Foundation
import ScenerySupport

/// What `now()` reads: the system's clock, for a person's session at a terminal, or a
/// fixed time (`--now`, a script, a transcript) that only moves when told
/// (`>> clock +2h`), so scripted output is the same every time. Shared by every copy of
/// the app's ``FormatContext``.
public final class SessionClock: Sendable {
    /// nil: the system's clock.
    private let fixed: Locked<Date?>
    /// What moving the system's clock adds to it.
    private let offset = Locked<TimeInterval>(0)

    /// A clock fixed at `time`, or the system's when `time` is nil.
    public init(fixed time: Date?) { fixed = Locked(time) }

    /// The time now: the fixed time, or the system's to the second.
    public var now: Date {
        if let time = fixed.withLock({ $0 }) { return time }
        let system = Date().addingTimeInterval(offset.withLock { $0 })
        return Date(timeIntervalSince1970: system.timeIntervalSince1970.rounded(.down))
    }

    /// Whether the clock is fixed.
    public var isFixed: Bool { fixed.withLock { $0 != nil } }

    /// Moves the clock by `seconds` (back when negative).
    public func advance(by seconds: TimeInterval) {
        let moved = fixed.withLock { time -> Bool in
            guard let current = time else { return false }
            time = current.addingTimeInterval(seconds)
            return true
        }
        if !moved { offset.withLock { $0 += seconds } }
    }

    /// Sets a fixed clock to `time`.
    public func set(_ time: Date) { fixed.withLock { $0 = time } }

    /// What a clock directive says (`+2h`, `-30m`, `+1d12h`, `+45s`, or an ISO-8601 time),
    /// done; nil when done, else why it cannot be.
    public func move(_ text: String) -> String? {
        if text.first?.isNumber == true {
            // A time of day needs its zone: without one it would be read as midnight.
            let time = text.split(separator: "T", maxSplits: 1).dropFirst().first
            if let time, !time.contains(where: { "Z+-".contains($0) }) {
                return "'\(text)' has no zone: write it as 2026-01-01T09:00:00Z or with its offset, 2026-01-01T09:00:00+01:00"
            }
            if let moment = DateFormat.parse(text) {
                set(moment)
                return nil
            }
        }
        guard let seconds = Self.seconds(text) else {
            return "'\(text)' is not a move of the clock: write +2h, -30m, +1d12h, +45s, or a time like 2026-01-01T09:00:00Z"
        }
        advance(by: seconds)
        return nil
    }

    /// `+1d12h30m15s` as seconds; nil when it is not one.
    static func seconds(_ text: String) -> TimeInterval? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        var total: TimeInterval = 0
        var digits = ""
        var sawUnit = false
        for character in text.dropFirst() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            let unit: TimeInterval
            switch character {
            case "d": unit = 86_400
            case "h": unit = 3_600
            case "m": unit = 60
            case "s": unit = 1
            default: return nil
            }
            guard let count = Double(digits), digits.count <= 9 else { return nil }
            total += count * unit
            digits = ""
            sawUnit = true
        }
        guard sawUnit, digits.isEmpty else { return nil }
        return sign == "-" ? -total : total
    }
}
