import SceneManifest
import Testing

/// `phone(s)` groups a number the way its locale writes it (docs/manifest.md, Functions).
// checks: docs/manifest.md#functions
@Suite struct PhoneFormatTests {
    @Test(arguments: [
        ("5551234567", "en_US", "(555) 123-4567"),
        ("15551234567", "en_US", "+1 (555) 123-4567"),
        ("89991234567", "ru_RU", "+7 999 123-45-67"),
        ("9991234567", "ru_RU", "+7 999 123-45-67"),
        ("0441234567", "uk_UA", "+380 44 123 45 67"),
        ("+380 44 123 4567", "uk_UA", "+380 44 123 45 67"),
        ("+380441234567", "en_US", "+380 44 123 45 67"),
        ("5551234567", "uk_UA", "5551234567"),
        ("12", "en_US", "12")
    ])
    func numbersAreGroupedForTheirLocale(text: String, locale: String, expected: String) {
        #expect(PhoneFormat.format(text, locale: locale) == expected)
    }
}
