import ScenerySupport

/// Control characters made visible, so text from input or data cannot recolour or rewrite
/// the terminal it is shown in: ESC, NUL and the other C0 controls, DEL, the C1 controls
/// (U+0080–U+009F), and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069), which would show a line's characters in another order than they are, are
/// written as escapes; everything else is kept (the marks U+200E and U+200F too, which
/// right-to-left text uses and which reorder nothing beyond their neighbours).
///
/// ```swift
/// ControlCharacters.escaped("a\u{1B}[31mb")          // a\u{1B}[31mb, as the ten characters shown
/// ControlCharacters.escaped("\u{7F}", form: .json)    // \u007f
/// ```
public enum ControlCharacters {
    /// How an escaped character is written.
    public enum Form: Sendable {
        /// `\u{1B}`, as in a Swift string literal: for text and frames.
        case text
        /// `\u001b`, valid inside a JSON string: for JSON lines.
        case json
    }

    /// Whether `scalar` is a C0 control, DEL, a C1 control or a bidirectional override.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }

    /// `text` with every control character escaped; newlines too unless `keepingNewlines`.
    public static func escaped(_ text: String, form: Form = .text, keepingNewlines: Bool = false) -> String {
        guard holdsControl(text), text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !(keepingNewlines && scalar == "\n") else {
                result.append(scalar)
                continue
            }
            result.append(contentsOf: escape(scalar, form: form).unicodeScalars)
        }
        return String(result)
    }

    /// Whether `text` holds a control (a newline too), read from its UTF-8 bytes: a byte below
    /// 0x20 or DEL, a C1 control (C2 80–C2 9F), or a bidirectional one (E2 80 AA–AE,
    /// E2 81 A6–A9). Most text is checked here, without walking its scalars.
    public static func holdsControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var index = 0
            while index < bytes.count {
                // Eight printable ASCII bytes (0x20–0x7E) at a time are passed over whole.
                if index + 8 <= bytes.count, isPrintableASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
                if byte == 0xE2, index + 2 < bytes.count {
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    if second == 0x80, (0xAA...0xAE).contains(third) { return true }
                    if second == 0x81, (0xA6...0xA9).contains(third) { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// Whether each byte of `word` is from 0x20 to 0x7E: none has its high bit, none is below
    /// 0x20 (subtracting 0x20 from it borrows), and none is DEL (0x7F + 1 sets the high bit).
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- 0x2020_2020_2020_2020) & ~word & high
        let delete = (word &+ 0x0101_0101_0101_0101) & high
        return (word & high) | below | delete == 0
    }

    private static func escape(_ scalar: Unicode.Scalar, form: Form) -> String {
        switch form {
        case .text: return scalar.escapedAsInSwift
        case .json:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
