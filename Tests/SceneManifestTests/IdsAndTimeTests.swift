import Foundation
import SceneManifest
import Testing

// checks: docs/manifest.md#ids-and-time
@Suite struct IdsAndTimeTests {
    @Test func theSameSeedMakesTheSameIdsAndEveryIdIsAVersionFourUUID() {
        let first = IdSource(seed: 0), again = IdSource(seed: 0), other = IdSource(seed: 1)
        let ids = (0..<1000).map { _ in first.next() }
        #expect(ids == (0..<1000).map { _ in again.next() })
        #expect(Set(ids).count == 1000)
        #expect(other.next() != ids[0])
        for id in ids {
            #expect(UUID(uuidString: id) != nil, "\(id)")
            #expect(Array(id)[14] == "4")
            #expect("89ab".contains(Array(id)[19]))
        }
        #expect(ids[0] == "e220a839-7b1d-4daf-ae78-9e6aa1b965f4")
    }

    @Test(arguments: [
        ("6/29/07", "en_US", "2007-06-29"), ("6/29/2007", "en_US", "2007-06-29"), ("12/31/45", "en_US", "2045-12-31"),
        ("1/1/47", "en_US", "1947-01-01"), ("29.06.07", "de_DE", "2007-06-29"), ("29/06/2007", "fr_FR", "2007-06-29"),
        ("29.06.2007", "ru_RU", "2007-06-29"), ("2007/06/29", "ja_JP", "2007-06-29"), ("29/6/07", "es_ES", "2007-06-29")
    ])
    func aDayTypedInTheLocalesShortStyleIsRead(text: String, locale: String, day: String) {
        #expect(ShortDate.day(text, locale: locale, pivotYear: 2026) == day)
    }

    @Test(arguments: [
        ("2/30/26", "en_US"), ("13/1/26", "en_US"), ("6/29", "en_US"), ("6-29-07", "en_US"), ("29/06/07", "en_US"),
        ("6/29/7", "en_US"), ("soon", "en_US"), ("6/29/07 at noon", "en_US")
    ])
    func anythingElseIsNotADay(text: String, locale: String) {
        #expect(ShortDate.day(text, locale: locale, pivotYear: 2026) == nil)
    }

    @Test func addingKeepsTheTimeOfDayInTheAppsZoneAcrossAChangeOfClocks() throws {
        let paris = try #require(TimeZones.zone("Europe/Paris"))
        #expect(DateArithmetic.adding(days: 1, months: 0, to: "2026-03-28T12:00:00Z", in: paris) == "2026-03-29T11:00:00Z")
        #expect(
            DateArithmetic.adding(days: 1, months: 0, to: "2026-03-28T12:00:00Z", in: try #require(TimeZones.zone("UTC")))
                == "2026-03-29T12:00:00Z")
        #expect(DateArithmetic.adding(days: 0, months: 1, to: "2026-01-31", in: paris) == "2026-02-28")
        #expect(DateArithmetic.adding(days: -1, months: 0, to: "2026-03-01", in: paris) == "2026-02-28")
        #expect(DateArithmetic.startOfDay("2026-03-28T23:30:00Z", in: paris) == "2026-03-29")
        #expect(DateArithmetic.daysBetween("2026-03-01", "2026-01-01", in: paris) == -59)
        #expect(TimeZones.zone("Europe/Pari") == nil)
        #expect(TimeZones.zone("EST") == nil)
    }

    @Test func aCountOfDaysOutOfRangeIsAnErrorNotACrash() throws {
        for count in ["-9223372036854775808", "9223372036854775807", "100001", "1.5"] {
            let template = try ExpressionParser.template("@{addDays('2026-01-01', \(count))}")
            guard case let .failure(error) = Evaluator.evaluate(template, in: EvaluationContext()) else {
                Issue.record("addDays by \(count) gave a value")
                continue
            }
            #expect(error.message.contains("whole number from -100000 to 100000"), "\(error.message)")
        }
    }

    @Test func timesCompareAsMomentsAndDaysAsText() throws {
        func holds(_ text: String) throws -> Bool {
            try Evaluator.evaluate(try ExpressionParser.template("@{\(text)}"), in: EvaluationContext()).get() == .bool(true)
        }
        #expect(try holds("'2026-01-01T10:00:00+02:00' < '2026-01-01T09:00:00Z'"))
        #expect(try holds("'2026-01-02' > '2026-01-01T23:00:00Z'"))
        #expect(try holds("'2026-01-09' < '2026-01-10'"))
        #expect(try holds("'b' > 'a'"))
    }
}
