/// An object's members, after its keys were checked, in one of two forms:
/// - found on the tape through the object kind's ``KeyTable``, when every key is one it
///   allows, once, unescaped: for each key, its place among the table's names and where it
///   is on the tape, held in the node itself, with no string or array made for the members;
/// - otherwise the members that passed the checks, as ``ManifestReader/object(_:what:keys:)``
///   made them while reporting the others.
struct ObjectNode {
    let node: Node
    /// The members kept, in the second form.
    private let members: [JSONValue.Member]
    /// Whether the object is in the first form.
    let isOnTape: Bool
    /// The table's names, in the first form; empty in the second.
    private let names: [String]
    /// Each present key's place among ``names`` and its position on the tape, in source
    /// order: `count` of them.
    private let places: SIMD16<UInt8>
    private let positions: SIMD16<UInt32>
    /// Each present key's length in bytes, compared before its name: most names asked for
    /// differ in length from most keys present.
    private let lengths: SIMD16<UInt8>
    private let count: Int

    /// The most keys an object read in the first form has.
    static let capacity = 16

    /// The second form.
    init(node: Node, members: [JSONValue.Member]) {
        self.node = node
        self.members = members
        isOnTape = false
        names = []
        places = .zero
        positions = .zero
        lengths = .zero
        count = 0
    }

    /// The first form: `places[i]` is the place in `names` of the key at `positions[i]`, whose
    /// length is `lengths[i]`.
    init(node: Node, names: [String], places: SIMD16<UInt8>, positions: SIMD16<UInt32>, lengths: SIMD16<UInt8>, count: Int) {
        self.node = node
        members = []
        isOnTape = true
        self.names = names
        self.places = places
        self.positions = positions
        self.lengths = lengths
        self.count = count
    }

    subscript(key: String) -> Node? {
        if !isOnTape { return members.first { Self.same($0.key, key) }.map { node.child($0.value) } }
        return keyPosition(key).map { node.child(JSONValue(node.value.tape, position: $0 + 1)) }
    }

    func keyOffset(_ key: String) -> Int {
        if !isOnTape { return members.first { Self.same($0.key, key) }?.keyOffset ?? node.offset }
        return keyPosition(key).map { node.value.tape[$0].offset } ?? node.offset
    }

    /// Where the key `key` is on the tape, in the first form.
    private func keyPosition(_ key: String) -> Int? {
        let length = key.utf8.count
        for index in 0..<count where Int(lengths[index]) == length && names[Int(places[index])] == key {
            return Int(positions[index])
        }
        return nil
    }

    /// Whether a key is `name`, one of the format's ASCII names, as JSON compares keys and as
    /// `value["key"]` on the tape does: byte for byte. Lengths first, as a key is looked for
    /// among a dozen names, most of another length; then `==`, which for strings of the same
    /// length, one of them ASCII, holds only when their bytes are the same (the characters
    /// canonically equal to an ASCII one, such as the Kelvin sign, take more bytes).
    static func same(_ left: String, _ right: String) -> Bool {
        left.utf8.count == right.utf8.count && left == right
    }

    /// The members with their values as nodes, in source order, for decoding each one.
    var entries: [(key: String, keyOffset: Int, node: Node)] {
        if !isOnTape { return members.map { ($0.key, $0.keyOffset, node.child($0.value)) } }
        let tape = node.value.tape
        return (0..<count).map { index in
            let position = Int(positions[index])
            return (names[Int(places[index])], tape[position].offset, node.child(JSONValue(tape, position: position + 1)))
        }
    }
}
