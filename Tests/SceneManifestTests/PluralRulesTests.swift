import Foundation
import SceneManifest
import Testing

/// Every sample number in CLDR's plurals.json selects its own category under our rules.
@Suite struct PluralRulesTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let locale: String
        let category: String
        let number: String
        var testDescription: String { "\(locale) \(number) → \(category)" }
    }

    static let samplesByLocale: [String: [Sample]] = {
        let url = Paths.cldrPlurals
        guard let data = try? Data(contentsOf: url),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let supplemental = json["supplemental"] as? [String: Any],
            let rules = supplemental["plurals-type-cardinal"] as? [String: [String: String]]
        else { return [:] }
        var result: [String: [Sample]] = [:]
        for (locale, categories) in rules {
            for (key, rule) in categories {
                let category = key.replacingOccurrences(of: "pluralRule-count-", with: "")
                for list in rule.components(separatedBy: "@").dropFirst() {
                    let items = list.split(separator: " ", maxSplits: 1).dropFirst().first ?? ""
                    for item in items.split(separator: ",") {
                        let text = item.trimmingCharacters(in: .whitespaces)
                        guard !text.isEmpty, text != "…" else { continue }
                        for number in expand(text) {
                            result[locale, default: []].append(Sample(locale: locale, category: category, number: number))
                        }
                    }
                }
            }
        }
        return result
    }()

    /// `2~16` and `0.0~0.9` stand for every number between, in steps of their last digit.
    static func expand(_ text: String) -> [String] {
        let bounds = text.components(separatedBy: "~")
        guard bounds.count == 2 else { return [text] }
        let decimals = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
        guard let low = Decimal(string: bounds[0]), let high = Decimal(string: bounds[1]) else { return [text] }
        var step = Decimal(1)
        for _ in 0..<decimals { step /= 10 }
        var numbers: [String] = []
        var current = low
        while current <= high && numbers.count < 1000 {
            numbers.append(format(current, decimals: decimals))
            current += step
        }
        return numbers
    }

    static func format(_ value: Decimal, decimals: Int) -> String {
        var text = "\(value)"
        guard decimals > 0 else { return text }
        if !text.contains(".") { text += "." }
        let have = text.split(separator: ".", omittingEmptySubsequences: false)[1].count
        return text + String(repeating: "0", count: decimals - have)
    }

    @Test func everyLocaleOfTheSourceIsCovered() {
        #expect(Self.samplesByLocale.count >= 200, "plurals.json not found at \(Paths.cldrPlurals.path)")
        let total = Self.samplesByLocale.values.map(\.count).reduce(0, +)
        #expect(total > 10_000)
    }

    @Test(arguments: samplesByLocale.keys.sorted())
    func everySampleSelectsItsCategory(locale: String) throws {
        for sample in Self.samplesByLocale[locale] ?? [] {
            let operands = try #require(PluralOperands(text: sample.number), "\(sample.number)")
            let category = PluralRules.category(of: operands, locale: sample.locale)
            #expect(category == sample.category, "\(sample.testDescription), got \(category)")
        }
    }

    @Test(arguments: [
        (1, "товар"), (2, "товара"), (5, "товаров"), (11, "товаров"), (21, "товар"), (22, "товара"), (111, "товаров")
    ])
    func russianFormsFollowCLDR(count: Int, form: String) {
        #expect(PluralRules.choose(Decimal(count), forms: ["товар", "товара", "товаров", "товара"], locale: "ru_RU") == form)
        #expect(PluralRules.choose(Decimal(count), forms: ["товар", "товара", "товаров"], locale: "ru_RU") == form)
    }

    @Test func englishHasOneAndOther() {
        #expect(PluralRules.categories(locale: "en_US") == ["one", "other"])
        #expect(PluralRules.choose(1, forms: ["product", "products"], locale: "en_US") == "product")
        #expect(PluralRules.choose(0, forms: ["product", "products"], locale: "en_US") == "products")
        #expect(PluralRules.choose(Decimal(string: "1.5")!, forms: ["product", "products"], locale: "en") == "products")
    }

    @Test func anUnknownLocaleUsesTheRootRules() {
        #expect(PluralRules.categories(locale: "xx_YY") == ["other"])
    }
}
