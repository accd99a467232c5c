import Foundation
import Testing

@testable import SceneManifest

/// `date(x, style)` in every language with a built-in table: CLDR's Gregorian `dateFormats`
/// and month names, a plain space where CLDR has a no-break one.
@Suite struct DateFormatTests {
    // checks: docs/manifest.md#functions
    @Test(arguments: [
        ("en", "2026-01-02", "1/2/26", "Jan 2, 2026", "January 2, 2026"),
        ("en", "2026-09-30", "9/30/26", "Sep 30, 2026", "September 30, 2026"),
        ("ru", "2026-01-02", "02.01.2026", "2 янв. 2026 г.", "2 января 2026 г."),
        ("ru", "2026-09-30", "30.09.2026", "30 сент. 2026 г.", "30 сентября 2026 г."),
        ("ru", "2026-03-08", "08.03.2026", "8 мар. 2026 г.", "8 марта 2026 г."),
        ("uk", "2026-01-02", "02.01.26", "2 січ. 2026 р.", "2 січня 2026 р."),
        ("uk", "2026-09-30", "30.09.26", "30 вер. 2026 р.", "30 вересня 2026 р."),
        ("de", "2026-01-02", "02.01.26", "02.01.2026", "2. Januar 2026"),
        ("de", "2026-09-30", "30.09.26", "30.09.2026", "30. September 2026"),
        ("de", "2026-03-08", "08.03.26", "08.03.2026", "8. März 2026"),
        ("fr", "2026-01-02", "02/01/2026", "2 janv. 2026", "2 janvier 2026"),
        ("fr", "2026-09-30", "30/09/2026", "30 sept. 2026", "30 septembre 2026"),
        ("es", "2026-01-02", "2/1/26", "2 ene 2026", "2 de enero de 2026"),
        ("es", "2026-09-30", "30/9/26", "30 sept 2026", "30 de septiembre de 2026"),
        ("it", "2026-01-02", "02/01/26", "2 gen 2026", "2 gennaio 2026"),
        ("it", "2026-09-30", "30/09/26", "30 set 2026", "30 settembre 2026"),
        ("pt", "2026-01-02", "02/01/2026", "2 de jan. de 2026", "2 de janeiro de 2026"),
        ("pt", "2026-09-30", "30/09/2026", "30 de set. de 2026", "30 de setembro de 2026"),
        ("pl", "2026-01-02", "2.01.2026", "2 sty 2026", "2 stycznia 2026"),
        ("pl", "2026-09-30", "30.09.2026", "30 wrz 2026", "30 września 2026"),
        ("ja", "2026-01-02", "2026/01/02", "2026/01/02", "2026年1月2日"),
        ("ja", "2026-09-30", "2026/09/30", "2026/09/30", "2026年9月30日"),
        ("zh", "2026-01-02", "2026/1/2", "2026年1月2日", "2026年1月2日"),
        ("zh", "2026-09-30", "2026/9/30", "2026年9月30日", "2026年9月30日")
    ])
    func everyLanguageWritesEachStyle(language: String, day: String, short: String, medium: String, long: String) throws {
        let date = try #require(DateFormat.parse(day))
        #expect(Self.format(date, "short", language) == short)
        #expect(Self.format(date, "medium", language) == medium)
        #expect(Self.format(date, "long", language) == long)
    }

    // checks: docs/manifest.md#functions
    /// Every month's names, in each table: twelve, and the day's month is the one named.
    @Test(arguments: Array(DateLocale.tables.keys).sorted())
    func everyTableNamesTwelveMonths(language: String) throws {
        let table = try #require(DateLocale.tables[language])
        #expect(table.abbreviated.count == 12)
        #expect(table.wide.count == 12)
        for month in 1...12 {
            let date = try #require(DateFormat.parse("2026-\(month < 10 ? "0" : "")\(month)-15"))
            let long = try #require(Self.format(date, "long", language))
            #expect(long.contains(table.wide[month - 1]) || !table.long.contains("MMMM"), "\(language) \(month): \(long)")
        }
    }

    // checks: docs/manifest.md#functions
    /// A region takes its language's table; a language without one writes English.
    @Test(arguments: [
        ("de_AT", "2. Januar 2026"), ("pt_BR", "2 de janeiro de 2026"), ("zh_Hans_CN", "2026年1月2日"), ("fr-CA", "2 janvier 2026"),
        ("sv_SE", "January 2, 2026"), ("", "January 2, 2026")
    ])
    func regionsUseTheirLanguage(locale: String, long: String) throws {
        let date = try #require(DateFormat.parse("2026-01-02"))
        #expect(Self.format(date, "long", locale) == long)
    }

    static func format(_ date: Date, _ style: String, _ locale: String) -> String? {
        DateFormat.format(date, style: style, locale: locale, timeZone: TimeZone(identifier: "UTC") ?? .current)
    }
}

/// The built-in languages the docs list are the ones with number and date tables.
// checks: docs/manifest.md#functions
@Suite struct BuiltInLanguageTests {
    @Test func theListIsTheTablesKeys() {
        #expect(Set(FormatContext.builtInLanguages) == Set(NumberFormat.styles.keys))
        #expect(Set(FormatContext.builtInLanguages) == Set(DateLocale.tables.keys))
        #expect(FormatContext.hasBuiltInFormats("de_AT"))
        #expect(!FormatContext.hasBuiltInFormats("DE_DE"))
    }
}
