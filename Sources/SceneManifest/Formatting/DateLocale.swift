/// A language's date patterns and month names, from Unicode CLDR's Gregorian calendar:
/// `dateFormats` short, medium and long, and the months' `format` names, abbreviated and
/// wide, in the grammatical form a date uses (genitive in Russian, Ukrainian and Polish:
/// `2 января 2026 г.`). A no-break space in CLDR's patterns is a plain space here, as in
/// numbers, so what Scenery prints can be typed.
///
/// ```swift
/// DateLocale.tables["de"]?.long   // "d. MMMM y"
/// ```
struct DateLocale: Sendable {
    let short: String
    let medium: String
    let long: String
    /// January first.
    let abbreviated: [String]
    let wide: [String]
    /// The three patterns read into their parts once: a list of 2 000 dates read a pattern
    /// for every date.
    let shortParts: [DateFormat.PatternPart]
    let mediumParts: [DateFormat.PatternPart]
    let longParts: [DateFormat.PatternPart]

    init(short: String, medium: String, long: String, abbreviated: [String], wide: [String]) {
        (self.short, self.medium, self.long, self.abbreviated, self.wide) = (short, medium, long, abbreviated, wide)
        (shortParts, mediumParts, longParts) = (DateFormat.parts(of: short), DateFormat.parts(of: medium), DateFormat.parts(of: long))
    }

    static let english = DateLocale(
        short: "M/d/yy", medium: "MMM d, y", long: "MMMM d, y",
        abbreviated: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        wide: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"])

    /// By language (`de` for `de_DE` and `de_AT` alike).
    static let tables: [String: DateLocale] = [
        "en": english,
        "ru": DateLocale(
            short: "dd.MM.y", medium: "d MMM y 'г'.", long: "d MMMM y 'г'.",
            abbreviated: ["янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."],
            wide: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"]),
        "uk": DateLocale(
            short: "dd.MM.yy", medium: "d MMM y 'р'.", long: "d MMMM y 'р'.",
            abbreviated: ["січ.", "лют.", "бер.", "квіт.", "трав.", "черв.", "лип.", "серп.", "вер.", "жовт.", "лист.", "груд."],
            wide: [
                "січня", "лютого", "березня", "квітня", "травня", "червня", "липня", "серпня", "вересня", "жовтня", "листопада", "грудня"
            ]),
        "de": DateLocale(
            short: "dd.MM.yy", medium: "dd.MM.y", long: "d. MMMM y",
            abbreviated: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
            wide: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]),
        "fr": DateLocale(
            short: "dd/MM/y", medium: "d MMM y", long: "d MMMM y",
            abbreviated: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
            wide: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"]),
        "es": DateLocale(
            short: "d/M/yy", medium: "d MMM y", long: "d 'de' MMMM 'de' y",
            abbreviated: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
            wide: [
                "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"
            ]),
        "it": DateLocale(
            short: "dd/MM/yy", medium: "d MMM y", long: "d MMMM y",
            abbreviated: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
            wide: [
                "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre",
                "dicembre"
            ]),
        "pt": DateLocale(
            short: "dd/MM/y", medium: "d 'de' MMM 'de' y", long: "d 'de' MMMM 'de' y",
            abbreviated: ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."],
            wide: [
                "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"
            ]),
        "pl": DateLocale(
            short: "d.MM.y", medium: "d MMM y", long: "d MMMM y",
            abbreviated: ["sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sie", "wrz", "paź", "lis", "gru"],
            wide: [
                "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada",
                "grudnia"
            ]),
        "ja": DateLocale(
            short: "y/MM/dd", medium: "y/MM/dd", long: "y年M月d日",
            abbreviated: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
            wide: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"]),
        "zh": DateLocale(
            short: "y/M/d", medium: "y年M月d日", long: "y年M月d日",
            abbreviated: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
            wide: ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"])
    ]
}
