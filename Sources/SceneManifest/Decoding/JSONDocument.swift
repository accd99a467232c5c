/// One parsed JSON document, which finds the JSON pointer of any of its values from the
/// value's offset. Offsets are unique in a document, and the members and elements of a
/// container are in offset order, so the value at an offset is found by going down from
/// the root into the last child that starts at or before it.
final class JSONDocument: Sendable {
    let root: JSONValue

    init(root: JSONValue) { self.root = root }

    /// The pointer of the value starting at `offset`; of its closest container when no value
    /// starts there.
    func pointer(to offset: Int) -> String {
        // Two walks down, one to measure the pointer and one to write it: one allocation.
        var length = 0
        walk(to: offset) {
            length += 1 + $0.utf8.count
        } index: {
            length += 1 + Self.digits($0)
        }
        var pointer = ""
        pointer.reserveCapacity(length)
        walk(to: offset) {
            pointer += "/"
            pointer += $0
        } index: {
            pointer += "/"
            pointer += String($0)
        }
        return pointer
    }

    /// Goes down from the root to the value at `offset`, passing each escaped key or index.
    private func walk(to offset: Int, key: (String) -> Void, index: (Int) -> Void) {
        var value = root
        while value.offset != offset {
            switch value.kind {
            case let .object(members):
                guard let last = Self.lastIndex(in: members.count, startingAtOrBefore: offset, { members[$0].value.offset }) else { return }
                key(Node.escaped(members[last].key))
                value = members[last].value
            case let .array(elements):
                guard let last = Self.lastIndex(in: elements.count, startingAtOrBefore: offset, { elements[$0].offset }) else { return }
                index(last)
                value = elements[last]
            default:
                return
            }
        }
    }

    /// The last of `count` children, in offset order, that starts at or before `offset`, found
    /// by halving: a finding in an object of 30 000 members would otherwise look at each.
    private static func lastIndex(in count: Int, startingAtOrBefore offset: Int, _ start: (Int) -> Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if start(middle) <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
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
