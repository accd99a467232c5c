import Foundation
import Testing

@testable import SceneManifest

/// Dates shown by arithmetic on days give the components Foundation's calendar gives, in
/// zones with and without daylight saving, around their changes and across centuries.
@Suite struct DateComponentsTests {
    @Test func theArithmeticAgreesWithTheCalendar() throws {
        let zones = [
            "UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe", "America/St_Johns"
        ]
        var generator = SystemRandomNumberGenerator()
        var moments: [Double] = [0, -1, 86_399, 86_400, 951_782_400, 1_711_846_800, 1_711_850_400, 4_102_444_800]
        // 1600-01-01, 1900-03-01, 2000-02-29 and a leap second's neighbourhood, then random ones.
        moments += [-11_676_096_000, -2_203_891_200, 951_782_400, 1_483_228_799, 1_483_228_800]
        for _ in 0..<2_000 { moments.append(Double(Int64.random(in: -60_000_000_000...8_000_000_000, using: &generator))) }
        for name in zones {
            let zone = try #require(TimeZone(identifier: name))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for moment in moments {
                let date = Date(timeIntervalSince1970: moment)
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
                let fast = DateFormat.components(of: date, in: zone)
                #expect(
                    fast.year == parts.year && fast.month == parts.month && fast.day == parts.day && fast.hour == parts.hour
                        && fast.minute == parts.minute,
                    "\(name) \(moment): \(fast) against \(parts)")
            }
        }
    }

    @Test func beforeTheGregorianYearsTheDaysAreJulianAsTheCalendarsAre() throws {
        // 1582-10-04 (Julian) was followed by 1582-10-15 (Gregorian).
        let zone = try #require(TimeZone(identifier: "UTC"))
        let date = Date(timeIntervalSince1970: -12_219_292_800)  // 1582-10-15T00:00:00Z
        #expect(DateFormat.components(of: date, in: zone).day == 15)
        #expect(DateFormat.components(of: date.addingTimeInterval(-86_400), in: zone).day == 4)
    }
}
