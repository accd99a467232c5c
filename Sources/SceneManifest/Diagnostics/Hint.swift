/// A finding's hint: its text, and — for a misspelt name — the name it most likely meant,
/// from which the finding's fix-it is made. Written as text where there is nothing to fix
/// (`hint: "declare it under 'request'"`); ``didYouMean(_:_:)`` makes one that fixes.
public struct Hint: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A misspelt name, and the name to put in its place.
    public struct Replacement: Sendable, Equatable {
        public let wrong: String
        public let right: String
    }

    public var text: String
    public var replacement: Replacement?

    public init(_ text: String, replacing wrong: String? = nil, with right: String? = nil) {
        self.text = text
        if let wrong, let right { replacement = Replacement(wrong: wrong, right: right) }
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }

    public var description: String { text }
}

/// A finding's fix: one edit or more, in the finding's own file, as byte ranges and the text
/// to put there. The language server offers each as a quick fix.
public struct FixIt: Sendable, Equatable {
    public struct Edit: Sendable, Equatable {
        public let range: Range<Int>
        public let text: String
    }

    /// What the fix does, as an editor's menu says it: `Change 'prodcts' to 'products'`.
    public let title: String
    public let edits: [Edit]

    /// The fix for a misspelt name in the token at `offset` of `bytes` (a JSON string, or the
    /// text inside one): the name's bytes there replaced; nil when the token does not hold it.
    static func replacing(_ replacement: Hint.Replacement, at offset: Int, in bytes: [UInt8]) -> FixIt? {
        guard offset >= 0, offset < bytes.count else { return nil }
        // The token: a string to its closing quote, else up to the next delimiter.
        var end = offset + (bytes[offset] == UInt8(ascii: "\"") ? 1 : 0)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != 10 {
            if bytes[offset] != UInt8(ascii: "\""), " \t\r,:{}[]()".utf8.contains(bytes[end]) { break }
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        let wrong = Array(replacement.wrong.utf8)
        guard !wrong.isEmpty, let found = bytes[offset..<min(end, bytes.count)].firstRange(of: wrong) else { return nil }
        return FixIt(
            title: "Change '\(replacement.wrong)' to '\(replacement.right)'",
            edits: [Edit(range: found, text: replacement.right)])
    }
}
