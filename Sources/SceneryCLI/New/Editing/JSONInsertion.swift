import SceneManifest

/// Insertions into JSON a person wrote, at offsets the parser recorded (``JSONValue``): an
/// item goes in as the last of an object or array, or before one of its items, laid out as
/// its neighbours are — on a line of its own with their indentation, or inline after a
/// comma — and every other byte stays as it was. Line ends are the file's (`\r\n` when it
/// has them).
///
/// ```swift
/// let json = JSONInsertion(bytes: Array(#"{"a": [1, 2]}"#.utf8))
/// let root = try JSONParser.parse(json.bytes)
/// json.applying([json.appending("3", to: root["a"]!, anchor: 1)]) // {"a": [1, 2, 3]}
/// ```
struct JSONInsertion {
    /// Text to put at `offset`, in place of the `removing` bytes there.
    struct Edit: Equatable {
        let offset: Int
        var removing = 0
        let text: String
    }

    let bytes: [UInt8]
    let newline: String

    init(bytes: [UInt8]) {
        self.bytes = bytes
        newline = bytes.indices.dropLast().contains { bytes[$0] == 13 && bytes[$0 + 1] == 10 } ? "\r\n" : "\n"
    }

    /// Adds `item` (a member, `"key": value`, or an element) as the last item of `container`.
    /// - Parameter anchor: where the member holding the container starts (its key), which
    ///   lays out an empty container: on lines of its own when the anchor starts its line.
    func appending(_ item: String, to container: JSONValue, anchor: Int) -> Edit {
        let close = closing(container.offset)
        guard let last = starts(of: container).last else {
            if let base = indentation(before: anchor) {
                let inner = base + unit
                return Edit(
                    offset: container.offset + 1, removing: close - container.offset - 1,
                    text: newline + inner + item + newline + base)
            }
            return Edit(offset: container.offset + 1, removing: close - container.offset - 1, text: " " + item + " ")
        }
        var end = close
        while end > 0, isWhitespace(bytes[end - 1]) { end -= 1 }
        if let indent = indentation(before: last) { return Edit(offset: end, text: "," + newline + indent + item) }
        return Edit(offset: end, text: ", " + item)
    }

    /// Puts `item` before the item of a container that starts at `start`.
    func inserting(_ item: String, before start: Int) -> Edit {
        if let indent = indentation(before: start) { return Edit(offset: start, text: item + "," + newline + indent) }
        return Edit(offset: start, text: item + ", ")
    }

    /// The bytes with the edits made; edits must not overlap.
    func applying(_ edits: [Edit]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.offset > $1.offset }) {
            result.replaceSubrange(edit.offset..<(edit.offset + edit.removing), with: Array(edit.text.utf8))
        }
        return result
    }

    /// Where each item of an object (its key) or an array starts.
    func starts(of container: JSONValue) -> [Int] {
        container.members?.map(\.keyOffset) ?? container.elements?.map(\.offset) ?? []
    }

    /// The offset of the `}` or `]` that closes the object or array at `open`: brackets in
    /// strings skipped. The text parsed, so it has one.
    func closing(_ open: Int) -> Int {
        var depth = 0, index = open
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return bytes.count
    }

    /// The whitespace before `offset` on its line, when only whitespace is there.
    private func indentation(before offset: Int) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] != 10 { start -= 1 }
        let prefix = bytes[start..<offset]
        return prefix.allSatisfy { $0 == 32 || $0 == 9 } ? String(decoding: prefix, as: UTF8.self) : nil
    }

    /// One step of the file's indentation: that of its first indented line, or two spaces.
    private var unit: String {
        var index = 0
        while index < bytes.count {
            if index == 0 || bytes[index - 1] == 10 {
                var end = index
                while end < bytes.count, bytes[end] == 32 || bytes[end] == 9 { end += 1 }
                if end > index, end < bytes.count, !isWhitespace(bytes[end]) { return String(decoding: bytes[index..<end], as: UTF8.self) }
            }
            index += 1
        }
        return "  "
    }

    private func isWhitespace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
}
