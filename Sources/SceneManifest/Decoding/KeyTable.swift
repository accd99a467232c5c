/// The keys a kind of manifest object allows and requires, made once for the kind, each
/// packed (``PackedKey``) so that a key on the tape is matched by two word compares rather
/// than made into a string and compared with each name.
///
/// A class, made once for each kind (a static table): passing it retains one reference
/// rather than one for each of its lists.
///
/// ``ManifestReader/object(_:what:keys:)`` reads an object through it: when every key is one
/// of these, none repeats and none is escaped, as in almost every object of a manifest, the
/// members are found on the tape and nothing else is made for them.
final class KeyTable: Sendable {
    /// The allowed names, in the order the reference lists them.
    let names: [String]
    let required: [String]
    private let packed: [PackedKey]
    /// The UTF-8 of each name, for comparing past the packed bytes of a long one.
    private let bytes: [[UInt8]]
    /// Each name's length in bytes.
    let lengths: [UInt8]
    /// The places in ``names`` of the required ones, in the order of ``required``; nil when a
    /// required key is not among the allowed ones, which the general reading handles.
    let requiredPlaces: [Int]?
    /// Whether keys are matched on the tape at all: not for tables too large for a word of
    /// bits, with names that are not distinct or longer than a byte counts, or with required
    /// keys not allowed.
    let matchesOnTape: Bool

    /// The most names a table matches on the tape: a bit each in a word of present keys.
    static let capacity = 32

    init(allowed: [String], required: [String] = []) {
        names = allowed
        self.required = required
        bytes = allowed.map { Array($0.utf8) }
        packed = bytes.map { $0.withUnsafeBufferPointer(PackedKey.init) }
        lengths = bytes.map { UInt8(truncatingIfNeeded: $0.count) }
        let places = required.compactMap { allowed.firstIndex(of: $0) }
        requiredPlaces = places.count == required.count ? places : nil
        matchesOnTape =
            allowed.count <= Self.capacity && Set(allowed).count == allowed.count && requiredPlaces != nil
            && bytes.allSatisfy { $0.count <= UInt8.max }
    }

    /// The place in ``names`` of the key at `position` on `tape`, or nil when it is none of them.
    func place(ofKeyAt position: Int, in tape: JSONTape) -> Int? {
        guard let key = tape.packedKey(at: position) else { return nil }
        for index in packed.indices where packed[index] == key && tape.key(at: position, packed: key, is: bytes[index]) {
            return index
        }
        return nil
    }
}

/// A type whose cases are the words a manifest key takes (a step's or a component's `type`),
/// matched on the tape as keys are, with no string made for the word read.
protocol TapeWords: RawRepresentable, CaseIterable where RawValue == String, AllCases == [Self] {
    /// The cases' words, in the order of ``allCases``.
    static var words: KeyTable { get }
}

extension TapeWords {
    /// The case `value` spells: matched on the tape when it is written without escapes, else
    /// by its decoded text; nil for anything else.
    init?(word value: JSONValue) {
        guard value.isString else { return nil }
        if let place = Self.words.place(ofKeyAt: value.position, in: value.tape) {
            self = Self.allCases[place]
        } else if let text = value.string, let match = Self(keyword: text) {
            self = match
        } else {
            return nil
        }
    }
}
