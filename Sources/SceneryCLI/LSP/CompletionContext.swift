/// What surrounds the cursor in a manifest's text, read from the bytes alone so that
/// half-typed JSON still completes: an open `@{` expression, or the string value being
/// typed and the key it belongs to.
struct CompletionContext {
    let text: DocumentText
    let offset: Int

    private var bytes: [UInt8] { text.bytes }

    /// The expression text from its `@{` to the cursor, when the cursor is inside one.
    var expressionPrefix: String? {
        var index = offset - 1
        while index > 0 {
            if bytes[index] == UInt8(ascii: "}") || bytes[index] == 10 { return nil }
            if bytes[index] == UInt8(ascii: "{"), bytes[index - 1] == UInt8(ascii: "@") {
                return String(decoding: bytes[(index + 1)..<offset], as: UTF8.self)
            }
            index -= 1
        }
        return nil
    }

    /// The key and the typed part of the string value the cursor is in: `("provider", "prod")`
    /// for `"provider": "prod|`.
    var partialValue: (key: String, prefix: String)? {
        guard let open = openingQuote else { return nil }
        guard let key = key(before: open) else { return nil }
        return (key, String(decoding: bytes[(open + 1)..<offset], as: UTF8.self))
    }

    /// Whether the cursor is among interactor steps rather than view components: whichever
    /// of the two keys was written last before it.
    var inInteractor: Bool {
        let before = String(decoding: bytes[..<offset], as: UTF8.self)
        let interactor = before.range(of: "\"interactor\"", options: .backwards)?.lowerBound
        let view = before.range(of: "\"view\"", options: .backwards)?.lowerBound
        switch (interactor, view) {
        case let (i?, v?): return i > v
        case (_?, nil): return true
        default: return false
        }
    }

    /// The `"` that opens the string the cursor is in, on its line.
    private var openingQuote: Int? {
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
        var open: Int?
        var index = lineStart
        while index < offset {
            if bytes[index] == UInt8(ascii: "\\"), open != nil {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\"") { open = open == nil ? index : nil }
            index += 1
        }
        return open
    }

    /// The key whose value starts at `quote`: `"key": ` just before it.
    private func key(before quote: Int) -> String? {
        var index = quote - 1
        while index >= 0, bytes[index] == 32 || bytes[index] == 9 { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: ":") else { return nil }
        index -= 1
        while index >= 0, bytes[index] == 32 || bytes[index] == 9 { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let end = index
        index -= 1
        while index >= 0, bytes[index] != UInt8(ascii: "\"") { index -= 1 }
        guard index >= 0 else { return nil }
        return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
    }

    /// The identifier around `offset`.
    static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }

    static func word(in bytes: [UInt8], at offset: Int) -> String {
        var start = min(offset, bytes.count), end = min(offset, bytes.count)
        while start > 0, isWord(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isWord(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
