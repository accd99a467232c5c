/// One parsed JSON document, which finds the JSON pointer of any of its values from the
/// value's offset. Offsets are unique in a document, and the members and elements of a
/// container are in offset order, so the value at an offset is found by going down from
/// the root into the last child that starts at or before it.
final class JSONDocument: Sendable {
    let root: JSONValue

    init(root: JSONValue) { self.root = root }

    /// The pointer of the value starting at `offset`; of its closest container when no value
    /// starts there.
    func pointer(to offset: Int) -> String { Self.pointer(from: root, to: offset) }

    /// The pointer of the value starting at `offset` in the document whose root is `root`.
    static func pointer(from root: JSONValue, to offset: Int) -> String {
        // Two walks down, one to measure the pointer and one to write it: one allocation.
        var length = 0
        walk(from: root, to: offset) {
            length += 1 + $0.utf8.count
        } index: {
            length += 1 + Self.digits($0)
        }
        var pointer = ""
        pointer.reserveCapacity(length)
        walk(from: root, to: offset) {
            pointer += "/"
            pointer += $0
        } index: {
            pointer += "/"
            pointer += String($0)
        }
        return pointer
    }

    /// Goes down from the root to the value at `offset`, passing each escaped key or index.
    /// It steps over each container's earlier children on the tape, reading only offsets.
    private static func walk(from root: JSONValue, to offset: Int, key: (String) -> Void, index: (Int) -> Void) {
        let tape = root.tape
        var position = root.position
        while tape[position].offset != offset {
            // The last child (a member's value) that starts at or before `offset`.
            var found: (key: Int?, value: Int, index: Int)?
            for (number, child) in tape.children(of: position).enumerated() {
                guard tape[child.value].offset <= offset else { break }
                found = (child.key, child.value, number)
            }
            guard let found else { return }
            if let name = found.key { key(Node.escaped(tape.string(at: name))) } else { index(found.index) }
            position = found.value
        }
    }

    private static func digits(_ number: Int) -> Int {
        var count = 1
        var rest = number / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}
