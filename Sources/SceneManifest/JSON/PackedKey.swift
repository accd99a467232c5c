/// An object key's first sixteen bytes as two words, and its length: what a key on the tape is
/// matched by against the few names a manifest object allows (``KeyTable``), with no string
/// made for it. Two keys of sixteen bytes or fewer are the same exactly when their packed
/// forms are; longer ones agree on these and must be compared byte by byte past them.
struct PackedKey: Hashable {
    let low: UInt64
    let high: UInt64
    let length: Int

    /// The packed form of `bytes`: byte `i` of the first sixteen in bits `8 * (i % 8)` and up
    /// of `low` or `high`, the rest zero.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var words: (UInt64, UInt64) = (0, 0)
        for (index, byte) in bytes.prefix(16).enumerated() {
            if index < 8 { words.0 |= UInt64(byte) << (8 * index) } else { words.1 |= UInt64(byte) << (8 * (index - 8)) }
        }
        self.init(low: words.0, high: words.1, length: bytes.count)
    }

    /// The same as ``init(_:)`` on `count` bytes at `start`, read a word at a time: `end` is
    /// where readable bytes stop, so a word read past the key stays inside the buffer.
    @inline(__always)
    init(_ base: UnsafePointer<UInt8>, start: Int, count: Int, end: Int) {
        guard start + 16 <= end else {
            self.init(UnsafeBufferPointer(start: base + start, count: count))
            return
        }
        let first = ByteWords.load(base, at: start), second = ByteWords.load(base, at: start + 8)
        self.init(
            low: count >= 8 ? first : first & Self.mask(count), high: count >= 16 ? second : count <= 8 ? 0 : second & Self.mask(count - 8),
            length: count)
    }

    private init(low: UInt64, high: UInt64, length: Int) {
        self.low = low
        self.high = high
        self.length = length
    }

    /// The low `count` bytes of a word (`count` below 8).
    @inline(__always)
    private static func mask(_ count: Int) -> UInt64 { (1 << (8 * UInt64(count))) &- 1 }
}

extension JSONTape {
    /// The packed form of the key at `position`, or nil when it holds an escape, whose bytes
    /// are not its text.
    func packedKey(at position: Int) -> PackedKey? {
        let entry = self[position]
        guard !entry.escaped else { return nil }
        let start = entry.offset + 1, count = Int(entry.extent) - 2
        return source.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return PackedKey(base, start: start, count: count, end: buffer.count)
        }
    }

    /// Whether the key at `position`, packed as `packed`, is `name`: beyond the packed
    /// sixteen bytes, the rest compared one by one.
    func key(at position: Int, packed: PackedKey, is name: [UInt8]) -> Bool {
        guard packed.length > 16 else { return true }
        let start = self[position].offset + 1
        return source.withUnsafeBufferPointer { buffer in
            for index in 16..<packed.length where buffer[start + index] != name[index] { return false }
            return true
        }
    }
}

/// A key the format names, packed once, for finding it among an object's members with no
/// string made for each member's key.
struct FormatKey: Sendable {
    let text: String
    let packed: PackedKey

    /// `text` must be at most sixteen bytes, as the packed form holds all of it then.
    init(_ text: String) {
        precondition(text.utf8.count <= 16, "a format key packs whole")
        self.text = text
        packed = Array(text.utf8).withUnsafeBufferPointer(PackedKey.init)
    }

    static let type = FormatKey("type")
}

extension JSONValue {
    /// The value of the member `key`, if this is an object that has it: found as
    /// `self[key.text]` finds it, escaped keys decoded.
    subscript(key: FormatKey) -> JSONValue? {
        for child in tape.children(of: position) {
            guard let name = child.key else { continue }
            if let packed = tape.packedKey(at: name) {
                if packed == key.packed { return JSONValue(tape, position: child.value) }
            } else if tape.string(at: name) == key.text {
                return JSONValue(tape, position: child.value)
            }
        }
        return nil
    }
}

extension JSONValue {
    /// Whether this is the string `text`, compared on the tape with no string made.
    func isString(_ text: String) -> Bool { tape[position].tag == .string && tape.string(at: position, equals: text) }
}
