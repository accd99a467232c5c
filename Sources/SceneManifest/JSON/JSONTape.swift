/// The flat record of one parsed document: an entry for every value and every object key, in
/// source order, each container followed by its contents. ``JSONValue``s are views into it,
/// and strings, numbers and child lists are made only when asked for — building a tree of
/// values up front was most of a parse's time and nearly all of its allocations.
///
/// Immutable once the scanner hands it over; `@unchecked Sendable` because its entries are a
/// raw buffer no one writes after that.
final class JSONTape: @unchecked Sendable {
    enum Tag: UInt8 {
        case null, `false`, `true`, number, string, array, object
    }

    /// One value or key in eight bytes: half the memory to write and read of a wider entry.
    /// `extent` is a string's or number's length in bytes (quotes included), or the position
    /// of the entry after a container's contents.
    struct Entry {
        /// The offset in bits 4 and up (documents are at most 256 MiB), then whether a string
        /// has a backslash escape, which must be decoded rather than copied, then the tag.
        private var word: UInt32
        var extent: UInt32

        init(_ tag: Tag, offset: Int, extent: Int, escaped: Bool) {
            word = UInt32(truncatingIfNeeded: offset) << 4 | (escaped ? 8 : 0) | UInt32(tag.rawValue)
            self.extent = UInt32(truncatingIfNeeded: extent)
        }

        var tag: Tag { Tag(rawValue: UInt8(word & 7)) ?? .null }
        var escaped: Bool { word & 8 != 0 }
        var offset: Int { Int(word >> 4) }
        var isContainer: Bool { word & 7 >= Tag.array.rawValue }
    }

    /// The largest document a tape can record: 256 MiB, the most an HTTP body may be.
    static let maxBytes = 1 << 28

    let source: [UInt8]
    private let entries: UnsafeMutablePointer<Entry>
    let count: Int

    /// Takes ownership of `entries`, which holds `count` initialised entries.
    init(source: [UInt8], entries: UnsafeMutablePointer<Entry>, count: Int) {
        self.source = source
        self.entries = entries
        self.count = count
    }

    deinit { entries.deallocate() }

    subscript(position: Int) -> Entry {
        precondition(position >= 0 && position < count, "a JSON value's position is inside its tape")
        return entries[position]
    }

    /// The position of the value after the one at `position`, skipping a container's contents.
    func next(after position: Int) -> Int {
        let entry = self[position]
        return entry.isContainer ? Int(entry.extent) : position + 1
    }

    /// The members or elements of the container at `position`, in order: each one's key
    /// (an object's member) and value positions; none for a scalar.
    func children(of position: Int) -> Children {
        let entry = self[position]
        return Children(
            tape: self, cursor: position + 1, end: entry.isContainer ? Int(entry.extent) : position + 1, isObject: entry.tag == .object)
    }

    /// How many members or elements the container at `position` has.
    func childCount(of position: Int) -> Int {
        var count = 0
        for _ in children(of: position) { count += 1 }
        return count
    }

    /// A container's children, stepping over each one's own contents on the tape.
    struct Children: Sequence, IteratorProtocol {
        let tape: JSONTape
        var cursor: Int
        let end: Int
        let isObject: Bool

        mutating func next() -> (key: Int?, value: Int)? {
            guard cursor < end else { return nil }
            let child = isObject ? (key: Optional(cursor), value: cursor + 1) : (key: nil, value: cursor)
            cursor = tape.next(after: child.value)
            return child
        }
    }

    /// The text of the string or number token at `position`: a string's without its quotes.
    func withToken<Result, Failure: Error>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        let entry = self[position]
        let quote = entry.tag == .string ? 1 : 0
        let start = entry.offset + quote
        let end = entry.offset + Int(entry.extent) - quote
        return try source.withUnsafeBufferPointer { (buffer) throws(Failure) in try body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
        }
    }

    /// The string at `position`, its escapes decoded.
    func string(at position: Int) -> String {
        let escaped = self[position].escaped
        return withToken(at: position) { text in
            escaped ? JSONUnescaping.decode(text) : String(decoding: text, as: UTF8.self)
        }
    }

    /// Whether the string at `position` is `key`, compared without making a string when it has
    /// no escapes.
    func string(at position: Int, equals key: String) -> Bool {
        let entry = self[position]
        guard !entry.escaped else { return string(at: position) == key }
        let start = entry.offset + 1, count = Int(entry.extent) - 2
        // A native string's bytes are read where they are; iterating `utf8` costs an index
        // step per byte.
        var key = key
        return key.withUTF8 { key in
            guard key.count == count else { return false }
            return source.withUnsafeBufferPointer { source in
                var offset = 0
                while offset < count, source[start + offset] == key[offset] { offset += 1 }
                return offset == count
            }
        }
    }
}

/// Growable storage for a tape's entries while the scanner fills it: a raw buffer, as an
/// array's append costs a uniqueness and capacity check the scanner's hot loop cannot afford.
struct JSONTapeBuilder {
    private(set) var entries: UnsafeMutablePointer<JSONTape.Entry>
    private var capacity: Int
    private(set) var count = 0

    /// `byteCount` bounds how many entries a document can have: every value takes a byte.
    init(byteCount: Int) {
        capacity = max(16, byteCount / 8)
        entries = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ tag: JSONTape.Tag, offset: Int, length: Int = 0, escaped: Bool = false) -> Int {
        if count == capacity { grow() }
        (entries + count).initialize(to: JSONTape.Entry(tag, offset: offset, extent: length, escaped: escaped))
        count += 1
        return count - 1
    }

    /// Records where a container's contents end.
    mutating func close(_ position: Int) {
        entries[position].extent = UInt32(truncatingIfNeeded: count)
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<JSONTape.Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }

    /// Frees the entries of a document that did not parse.
    func discard() { entries.deallocate() }
}
