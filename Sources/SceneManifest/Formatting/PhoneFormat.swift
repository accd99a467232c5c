import Foundation

/// Phone numbers, grouped the way the locale writes them; anything that is not a known
/// shape comes back as it was given.
public enum PhoneFormat {
    public static func format(_ text: String, locale: String) -> String {
        let digits = text.filter(\.isASCII).filter(\.isNumber)
        let language = FormatContext.language(locale)
        func group(_ national: Substring, _ sizes: [Int]) -> [String] {
            var rest = national
            return sizes.map { size in
                defer { rest = rest.dropFirst(size) }
                return String(rest.prefix(size))
            }
        }
        if language == "uk" || text.hasPrefix("+380") {
            // Ukraine: 0XX XXX XX XX at home, +380 XX XXX XX XX from abroad.
            let national: Substring
            if digits.count == 12, digits.hasPrefix("380") {
                national = digits.dropFirst(3)
            } else if digits.count == 10, digits.first == "0" {
                national = digits.dropFirst()
            } else {
                return text
            }
            let parts = group(national, [2, 3, 2, 2])
            return "+380 \(parts[0]) \(parts[1]) \(parts[2]) \(parts[3])"
        }
        if language == "ru" || (text.hasPrefix("+7") && digits.count == 11) {
            let national: Substring
            if digits.count == 11, digits.first == "7" || digits.first == "8" {
                national = digits.dropFirst()
            } else if digits.count == 10 {
                national = Substring(digits)
            } else {
                return text
            }
            let parts = group(national, [3, 3, 2, 2])
            return "+7 \(parts[0]) \(parts[1])-\(parts[2])-\(parts[3])"
        }
        if digits.count == 10 || (digits.count == 11 && digits.first == "1") {
            let national = digits.suffix(10)
            let parts = group(national, [3, 3, 4])
            return (digits.count == 11 ? "+1 " : "") + "(\(parts[0])) \(parts[1])-\(parts[2])"
        }
        return text
    }
}
