/// Every string of a manifest — each object's keys and each string value — with the path of
/// keys and indices to it and where its text stands: what rename finds names in.
public struct ManifestString: Sendable {
    /// One step from a JSON document's root: a key of an object, or an index of an array.
    public enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The keys and indices from the root to the string (a key's own path ends at its object).
    public let path: [Step]
    public let isKey: Bool
    /// The string's text as written between its quotes (escapes left as they are).
    public let raw: String
    /// Where its text starts: just past the opening quote.
    public let start: Int

    public init(path: [Step], isKey: Bool, raw: String, start: Int) {
        self.path = path
        self.isKey = isKey
        self.raw = raw
        self.start = start
    }

    /// Its text's bytes in the file.
    public var range: Range<Int> { start..<(start + raw.utf8.count) }

    /// The last key on the path: what a value belongs to (`"to"`), or, for a key, its object's.
    public var owner: String? {
        for step in path.reversed() { if case let .key(key) = step { return key } }
        return nil
    }

    /// Whether the path matches `pattern`: `*` is any key, `#` any index.
    public func at(_ pattern: String...) -> Bool {
        pattern.count == path.count
            && zip(pattern, path).allSatisfy { part, step in
                switch step {
                case let .key(key): part == "*" || part == key
                case .index: part == "#"
                }
            }
    }

    /// Every string of a JSON document's bytes, in order; nil when it does not parse.
    public static func all(in bytes: [UInt8]) -> [ManifestString]? {
        (try? JSONParser.parse(bytes)).map { all(in: $0, bytes: bytes) }
    }

    /// Every string of a parsed JSON document, in order; `bytes` are the document's.
    public static func all(in root: JSONValue, bytes: [UInt8]) -> [ManifestString] {
        var result: [ManifestString] = []
        func raw(at quote: Int) -> (String, Int) {
            let end = JSONText.stringEnd(in: bytes, from: quote + 1, before: bytes.count, stopsAtNewline: false)
            return (String(decoding: bytes[(quote + 1)..<end], as: UTF8.self), quote + 1)
        }
        func walk(_ value: JSONValue, _ path: [Step]) {
            switch value.kind {
            case .string:
                let (text, start) = raw(at: value.offset)
                result.append(ManifestString(path: path, isKey: false, raw: text, start: start))
            case let .object(members):
                for member in members {
                    let (text, start) = raw(at: member.keyOffset)
                    result.append(ManifestString(path: path, isKey: true, raw: text, start: start))
                    walk(member.value, path + [.key(member.key)])
                }
            case let .array(elements):
                for (index, element) in elements.enumerated() { walk(element, path + [.index(index)]) }
            default:
                break
            }
        }
        walk(root, [])
        return result
    }

    /// The byte ranges, in the string's text, of the `@{…}` expressions in it (braces of
    /// record literals inside counted, quoted text skipped).
    public var expressions: [Range<Int>] {
        let bytes = Array(raw.utf8)
        var regions: [Range<Int>] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "@"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            var depth = 1
            var end = index + 2
            var quoted = false
            while end < bytes.count, depth > 0 {
                switch bytes[end] {
                case UInt8(ascii: "'"): quoted.toggle()
                case UInt8(ascii: "{") where !quoted: depth += 1
                case UInt8(ascii: "}") where !quoted: depth -= 1
                default: break
                }
                end += 1
            }
            regions.append((index + 2)..<end)
            index = end
        }
        return regions
    }

    /// Where the first group of `pattern` (a regular expression) matches in the string's
    /// text, as file offsets: in its expressions only, or anywhere in it.
    public func matches(_ pattern: String, inExpressions: Bool) -> [Range<Int>] {
        guard let regex = try? Regex(pattern) else { return [] }
        let utf8 = raw.utf8
        var found: [Range<Int>] = []
        for region in inExpressions ? expressions : [0..<utf8.count] {
            let from = utf8.index(utf8.startIndex, offsetBy: region.lowerBound),
                to = utf8.index(utf8.startIndex, offsetBy: region.upperBound)
            for match in raw[from..<to].matches(of: regex) {
                guard match.output.count > 1, let group = match.output[1].substring else { continue }
                let lower = utf8.distance(from: utf8.startIndex, to: group.startIndex)
                let upper = utf8.distance(from: utf8.startIndex, to: group.endIndex)
                found.append((start + lower)..<(start + upper))
            }
        }
        return found
    }
}
