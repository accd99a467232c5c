/// A Package.swift read as text (``SwiftCode``): its `Package(` call, the names of its
/// targets, its `.product` and `.package` calls, and the edit that adds targets at the end of
/// `targets: [`, laid out as the targets before them, with every other byte kept.
///
/// ```swift
/// let manifest = PackageManifest(text)
/// let edited = try manifest.addingTargets([#".target(name: "Wallet")"#])
/// ```
struct PackageManifest {
    /// Why the targets cannot be added by an edit.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case packageCalls(Int)
        case targetsArguments(Int)
        case targetsNotAnArray
        case unclosed

        var description: String {
            switch self {
            case .packageCalls(0): "it has no 'Package(' call"
            case let .packageCalls(count): "it has \(count) 'Package(' calls"
            case .targetsArguments(0): "its 'Package(' call has no 'targets:'"
            case let .targetsArguments(count): "its 'Package(' call has \(count) 'targets:'"
            case .targetsNotAnArray: "its 'targets:' is not written as '[…]'"
            case .unclosed: "a bracket in it is never closed"
            }
        }
    }

    /// An argument of a call: its label (empty when it has none), where it starts and where
    /// its value starts.
    struct Argument: Equatable {
        let label: String
        let start: Int
        let value: Int
    }

    let code: SwiftCode

    init(_ text: String) { code = SwiftCode(text) }

    init(bytes: [UInt8]) { code = SwiftCode(bytes: bytes) }

    private var bytes: [UInt8] { code.bytes }

    // MARK: - Reading

    /// The offset of the `(` of the one `Package(` call.
    func packageCall() throws(Failure) -> Int {
        let calls = calls(of: "Package", member: false)
        guard calls.count == 1 else { throw Failure.packageCalls(calls.count) }
        guard code.closing(calls[0]) != nil else { throw Failure.unclosed }
        return calls[0]
    }

    /// The package's `name:`, when it is a plain string.
    var name: String? {
        guard let call = try? packageCall() else { return nil }
        return string(argument: "name", ofCallAt: call)
    }

    /// The `name:` of every element of `targets: [`.
    var targetNames: [String] {
        guard let targets = try? targetsArray(), let items = items(in: targets.open) else { return [] }
        return items.elements.compactMap { element in
            guard let call = (element.lowerBound..<element.upperBound).first(where: { code.isCode($0) && bytes[$0] == UInt8(ascii: "(") })
            else { return nil }
            return string(argument: "name", ofCallAt: call)
        }
    }

    /// `.product(name: N, package: P)` calls, anywhere: (N, P).
    var products: [(name: String, package: String)] {
        calls(of: "product", member: true).compactMap { call in
            guard let name = string(argument: "name", ofCallAt: call), let package = string(argument: "package", ofCallAt: call) else {
                return nil
            }
            return (name, package)
        }
    }

    /// The `path:` or `url:` of every `.package(…)` call: ("path", P) or ("url", U).
    var packageDependencies: [(kind: String, location: String)] {
        calls(of: "package", member: true).compactMap { call in
            for kind in ["path", "url"] {
                if let location = string(argument: kind, ofCallAt: call) { return (kind, location) }
            }
            return nil
        }
    }

    /// The arguments of the call whose `(` is at `open`.
    func arguments(ofCallAt open: Int) -> [Argument] {
        (items(in: open)?.elements ?? []).map { element in
            var end = element.lowerBound
            while end < element.upperBound, SwiftCode.isIdentifier(bytes[end]) { end += 1 }
            let colon = code.skippingTrivia(from: end)
            guard end > element.lowerBound, colon < element.upperBound, bytes[colon] == UInt8(ascii: ":"), code.isCode(colon) else {
                return Argument(label: "", start: element.lowerBound, value: element.lowerBound)
            }
            return Argument(
                label: String(decoding: bytes[element.lowerBound..<end], as: UTF8.self), start: element.lowerBound,
                value: code.skippingTrivia(from: colon + 1))
        }
    }

    private func string(argument label: String, ofCallAt open: Int) -> String? {
        arguments(ofCallAt: open).first { $0.label == label }.flatMap { code.stringLiteral(at: $0.value) }
    }

    /// The `(` of every call of `name` in code: `name(` or, for a member, `.name(`.
    private func calls(of name: String, member: Bool) -> [Int] {
        code.occurrences(of: name).compactMap { start in
            let before = code.skippingTriviaBackward(before: start)
            let isMember = before >= 0 && bytes[before] == UInt8(ascii: ".") && code.isCode(before)
            guard isMember == member else { return nil }
            let open = code.skippingTrivia(from: start + name.utf8.count)
            return open < bytes.count && bytes[open] == UInt8(ascii: "(") && code.isCode(open) ? open : nil
        }
    }

    /// The items between the bracket at `open` and the one closing it, split at its own
    /// commas: each from its first byte to its last that is neither whitespace nor comment.
    /// `trailingComma` is the offset of a comma after the last item.
    func items(in open: Int) -> (elements: [Range<Int>], trailingComma: Int?, close: Int)? {
        guard let close = code.closing(open) else { return nil }
        var elements: [Range<Int>] = []
        var depth = 0, start = open + 1
        var lastComma: Int?
        func flush(upTo end: Int) -> Bool {
            let first = code.skippingTrivia(from: start)
            guard first < end else { return false }
            elements.append(first..<(code.skippingTriviaBackward(before: end) + 1))
            return true
        }
        for index in (open + 1)..<close where code.isCode(index) {
            let byte = bytes[index]
            if SwiftCode.opens(byte) {
                depth += 1
            } else if SwiftCode.closes(byte) {
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                _ = flush(upTo: index)
                start = index + 1
                lastComma = index
            }
        }
        let last = flush(upTo: close)
        return (elements, last ? nil : lastComma, close)
    }

    /// The `[` of `targets:` in the `Package(` call, and the offset of the label.
    func targetsArray() throws(Failure) -> (open: Int, label: Int) {
        let call = try packageCall()
        let targets = arguments(ofCallAt: call).filter { $0.label == "targets" }
        guard targets.count == 1 else { throw Failure.targetsArguments(targets.count) }
        let open = targets[0].value
        guard open < bytes.count, bytes[open] == UInt8(ascii: "["), code.isCode(open) else { throw Failure.targetsNotAnArray }
        // The literal is the whole argument: `[…] + more` is not.
        guard let close = code.closing(open) else { throw Failure.unclosed }
        let next = code.skippingTrivia(from: close + 1)
        guard next < bytes.count, bytes[next] == UInt8(ascii: ",") || bytes[next] == UInt8(ascii: ")") else {
            throw Failure.targetsNotAnArray
        }
        return (open, targets[0].start)
    }

    // MARK: - Editing

    /// The text with `lines` (each a target, without a comma) added at the end of
    /// `targets: [`: one a line with the indentation of the last target (or inline, when it
    /// shares its line), with a comma after each as the last target has one or not; in an
    /// empty array, one a line, indented a step deeper than `targets:`, each with a comma.
    /// Line ends are the file's (`\r\n` when it has them).
    func addingTargets(_ lines: [String]) throws(Failure) -> [UInt8] {
        let (open, label) = try targetsArray()
        guard let items = items(in: open) else { throw Failure.unclosed }
        let (elements, trailingComma, close) = (items.elements, items.trailingComma, items.close)
        let newline = bytes.indices.dropLast().contains { bytes[$0] == 13 && bytes[$0 + 1] == 10 } ? "\r\n" : "\n"
        var edits: [(offset: Int, text: String)] = []
        if let last = elements.last {
            let indent = indentation(before: last.lowerBound)
            let anchor = trailingComma.map { $0 + 1 } ?? last.upperBound
            if trailingComma == nil { edits.append((last.upperBound, ",")) }
            let comma = trailingComma == nil ? "" : ","
            if let indent {
                let body = lines.map { newline + indent + $0 }.joined(separator: ",")
                edits.append((lineEndAfterTrivia(from: anchor), body + comma))
            } else {
                edits.append((anchor, " " + lines.joined(separator: ", ") + comma))
            }
        } else {
            let base = indentation(ofLineAt: label)
            let inner = base + step(from: base)
            let body = lines.map { newline + inner + $0 + "," }.joined()
            let inside = bytes[(open + 1)..<close]
            if inside.allSatisfy({ $0 == 32 || $0 == 9 }) {
                edits.append((open + 1, body + newline + base))
                return splice(edits, replacing: (open + 1)..<close)
            }
            edits.append((lineEndAfterTrivia(from: open + 1), body))
        }
        return splice(edits, replacing: nil)
    }

    /// The bytes with each text inserted at its offset (in order), and `replacing` removed.
    private func splice(_ edits: [(offset: Int, text: String)], replacing removed: Range<Int>?) -> [UInt8] {
        var result: [UInt8] = []
        var position = 0
        // Sorted by offset; edits at one offset keep their order.
        let ordered = edits.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        for edit in ordered {
            result += bytes[position..<edit.offset]
            result += Array(edit.text.utf8)
            position = edit.offset
        }
        if let removed, removed.lowerBound >= position { position = removed.upperBound }
        result += bytes[position...]
        return result
    }

    /// The whitespace before `offset` on its line, when only whitespace is there.
    private func indentation(before offset: Int) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] != 10 { start -= 1 }
        let prefix = bytes[start..<offset]
        return prefix.allSatisfy { $0 == 32 || $0 == 9 } ? String(decoding: prefix, as: UTF8.self) : nil
    }

    /// The leading whitespace of the line that holds `offset`.
    private func indentation(ofLineAt offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != 10 { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 32 || bytes[end] == 9 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// One step of indentation past `base`: what the `Package(` line's indentation grows by
    /// to reach `base`, or four spaces.
    private func step(from base: String) -> String {
        guard let call = try? packageCall() else { return "    " }
        let outer = indentation(ofLineAt: call)
        return base.count > outer.count && base.hasPrefix(outer) ? String(base.dropFirst(outer.count)) : "    "
    }

    /// The end of the line at `offset` when only spaces and comments follow it there (so
    /// what is inserted goes after a trailing comment), else `offset`.
    private func lineEndAfterTrivia(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 || byte == 13 { return code.kinds[index] == .comment ? offset : index }
            guard code.kinds[index] == .comment || byte == 32 || byte == 9 else { return offset }
            index += 1
        }
        return offset
    }
}
