/// A JSON value of a document, whose JSON pointer is found when asked for.
///
/// Most values are read and never reported: building each one's pointer as the reader went
/// down the tree was a good part of validating a scene.
struct Node {
    let value: JSONValue
    /// Where the document's root is on the value's tape: where its pointer is found from.
    /// A position, not a document object, so a node copies with one reference, its tape's.
    let root: Int

    /// The root of a document.
    init(root: JSONValue) {
        value = root
        self.root = root.position
    }

    private init(value: JSONValue, root: Int) {
        self.value = value
        self.root = root
    }

    var pointer: String { JSONDocument.pointer(from: JSONValue(value.tape, position: root), to: value.offset) }

    var offset: Int { value.offset }

    /// A member's or element's value, in the same document.
    func child(_ value: JSONValue) -> Node { Node(value: value, root: root) }

    /// A key as a JSON pointer token (RFC 6901): `~` as `~0`, `/` as `~1`.
    static func escaped(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        var token = ""
        for character in key.unicodeScalars {
            switch character {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.unicodeScalars.append(character)
            }
        }
        return token
    }
}

/// Finds the members of an object whose key an earlier member already has: by looking back
/// while the object is small, as manifest objects are, and through a hash set past that.
private struct RepeatedKeys {
    let members: [JSONValue.Member]
    var seen: Set<String>?

    init(_ members: [JSONValue.Member]) {
        self.members = members
        if members.count > 16 { seen = Set(minimumCapacity: members.count) }
    }

    /// Whether member `index` repeats an earlier key; members must be asked about in order.
    mutating func isRepeat(_ index: Int) -> Bool {
        let key = members[index].key
        if seen != nil { return !seen!.insert(key).inserted }
        return members[..<index].contains { $0.key == key }
    }

}

/// Reads manifest JSON into the model, reporting every mistake to its sink instead of stopping:
/// wrong types, unknown and missing keys, bad names, and expression errors at the offending token.
final class ManifestReader {
    var sink: DiagnosticSink
    /// Every `state.FIELD` and `args.FIELD` an expression in this file reads, for unused-field warnings.
    var stateFieldsRead: Set<String> = []

    /// Counts a state field as read where no expression names it: an input bound to it shows it.
    func noteStateFieldRead(_ field: String) { stateFieldsRead.insert(field) }
    /// How many expressions read so far hold an arithmetic or ordering operation: a step or
    /// component read without one needs no operand check (``OperandCheck``).
    var operationsRead = 0
    var argsFieldsRead: Set<String> = []
    /// Every `t('key', …)` with a literal key, with where it stands, for translation checks.
    var translationKeys: [Located<String>] = []

    /// The source parsed again, for ``pointer(to:)``.
    var reparsed: JSONDocument?
    /// Whether a step or a view component that might route could not be read: where the
    /// scene routes is then not all known, and no scene is said to be unreachable (one
    /// mistake, one finding).
    var droppedParts = false

    init(source: SourceFile) { sink = DiagnosticSink(source: source) }

    /// A copy to run checks into after decoding, keeping this reader as decoding left it:
    /// the same findings so far and fields read, so the checks see what they would see here,
    /// and this reader can be copied again when they must run again.
    func copy() -> ManifestReader {
        let copy = ManifestReader(source: source)
        copy.sink = sink
        copy.stateFieldsRead = stateFieldsRead
        copy.argsFieldsRead = argsFieldsRead
        copy.translationKeys = translationKeys
        copy.reparsed = reparsed
        copy.droppedParts = droppedParts
        return copy
    }

    /// The pointer of the value at `offset`, for a finding made after decoding, when the
    /// parsed document is gone: the source is parsed again, which only a finding pays for.
    /// Keeping every scene's document until the cross checks end would cost more.
    func pointer(to offset: Int) -> String {
        if reparsed == nil, let root = try? JSONParser.parse(source.bytes, limits: Validator.limits) { reparsed = JSONDocument(root: root) }
        return reparsed?.pointer(to: offset) ?? ""
    }

    /// The pointer a finding about `located` gives.
    func pointer<Wrapped>(of located: Located<Wrapped>) -> String { pointer(to: located.valueOffset) }

    var source: SourceFile { sink.source }

    func error(_ code: DiagnosticCode, _ message: String, at offset: Int, _ pointer: String, hint: Hint? = nil) {
        sink.error(code, message, at: offset, pointer: pointer, hint: hint)
    }

    func warning(_ code: DiagnosticCode, _ message: String, at offset: Int, _ pointer: String, hint: Hint? = nil) {
        sink.warning(code, message, at: offset, pointer: pointer, hint: hint)
    }

    // MARK: - Shapes

    /// The object at `node` with its keys checked: unknown keys (E201, with a did-you-mean),
    /// duplicates (E210) and missing required keys (E202, at the object's `{`).
    /// `$schema` and keys starting with `x-` are always allowed.
    func object(_ node: Node, what: @autoclosure () -> String, allowed: [String], required: [String] = []) -> ObjectNode? {
        guard case let .object(members) = node.value.kind else {
            error(.wrongType, "\(what()) must be an object, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        // Keys a misspelt key was taken for: a missing key already explained by its typo
        // ('acton' for 'action') is not reported twice.
        var misspelt: Set<String> = []
        var repeated = RepeatedKeys(members)
        // nil while every member so far is kept: then the object's own array serves.
        var kept: [JSONValue.Member]?
        // By index, the key alone read: copying each member retained and released its value.
        for index in members.indices {
            let key = members[index].key
            var keep = false
            if repeated.isRepeat(index) {
                error(.duplicateKey, "duplicate key '\(key)'", at: members[index].keyOffset, node.child(members[index].value).pointer)
            } else if Self.isExtensionKey(key) {
                // Allowed everywhere, and not read.
            } else if allowed.contains(where: { ObjectNode.same($0, key) }) {
                // A manifest object allows a dozen keys at most: a scan beats hashing them.
                keep = true
            } else {
                let closest = closestName(key, allowed)
                if let closest { misspelt.insert(closest) }
                error(
                    .unknownKey, "unknown key '\(key)' in \(what())", at: members[index].keyOffset,
                    node.child(members[index].value).pointer,
                    hint: closest.map { Hint(didYouMean($0), replacing: key, with: $0) }
                        ?? "allowed: \(allowed.map { "'\($0)'" }.joined(separator: ", "))")
            }
            if keep {
                kept?.append(members[index])
            } else if kept == nil {
                kept = Array(members[..<index])
            }
        }
        for key in required where !members.contains(where: { ObjectNode.same($0.key, key) }) && !misspelt.contains(key) {
            missingKey(key, in: node, what: what())
        }
        return ObjectNode(node: node, members: kept ?? members)
    }

    /// The object at `node` with its keys checked against `keys` as
    /// ``object(_:what:allowed:required:)`` checks them. When every key is allowed, once and
    /// unescaped, the keys are found on the tape (``KeyTable``) and only missing ones can be
    /// reported; otherwise the object is read as that function reads it, for its findings.
    func object(_ node: Node, what: @autoclosure () -> String, keys: KeyTable) -> ObjectNode? {
        guard keys.matchesOnTape, let found = Self.keysOnTape(node, keys) else {
            return object(node, what: what(), allowed: keys.names, required: keys.required)
        }
        for (index, place) in (keys.requiredPlaces ?? []).enumerated() where found.present & 1 << place == 0 {
            missingKey(keys.required[index], in: node, what: what())
        }
        return found.object
    }

    /// The object's keys matched on the tape, or nil when one is not allowed, repeats, is
    /// escaped, or there are more than an ``ObjectNode`` holds (or the value is no object).
    private static func keysOnTape(_ node: Node, _ keys: KeyTable) -> (object: ObjectNode, present: UInt32)? {
        let tape = node.value.tape
        guard tape[node.value.position].tag == .object else { return nil }
        var present: UInt32 = 0
        var places = SIMD16<UInt8>.zero, positions = SIMD16<UInt32>.zero, lengths = SIMD16<UInt8>.zero
        var count = 0
        for child in tape.children(of: node.value.position) {
            guard let key = child.key, count < ObjectNode.capacity, let place = keys.place(ofKeyAt: key, in: tape),
                present & 1 << place == 0
            else { return nil }
            present |= 1 << place
            places[count] = UInt8(place)
            positions[count] = UInt32(key)
            lengths[count] = keys.lengths[place]
            count += 1
        }
        let object = ObjectNode(node: node, names: keys.names, places: places, positions: positions, lengths: lengths, count: count)
        return (object, present)
    }

    /// E202 for `key`, missing from the object at `node` (at its `{`).
    private func missingKey(_ key: String, in node: Node, what: String) {
        error(
            .missingKey, "missing key '\(key)' in \(what)", at: node.offset, node.pointer,
            hint: key == "formatVersion" ? "add \"formatVersion\": 1 (the manifest format this Scenery reads)" : nil)
    }

    /// An object used as a map from names to values (models, providers, use cases…): any key
    /// is allowed, duplicates are reported.
    func map(_ node: Node, what: @autoclosure () -> String) -> [(key: String, keyOffset: Int, node: Node)] {
        guard case let .object(members) = node.value.kind else {
            error(.wrongType, "\(what()) must be an object, not \(node.value.kindName)", at: node.offset, node.pointer)
            return []
        }
        return distinctMembers(node, members, skippingExtensionKeys: true)
    }

    /// `$schema` and keys starting with `x-`: allowed in every object, and not read.
    static func isExtensionKey(_ key: String) -> Bool {
        // By bytes: this runs for every member of every object, and `hasPrefix` compares characters.
        var bytes = key.utf8.makeIterator()
        switch bytes.next() {
        case UInt8(ascii: "x"): return bytes.next() == UInt8(ascii: "-")
        case UInt8(ascii: "$"): return key == "$schema"
        default: return false
        }
    }

    /// The members of the object at `node`, each repeated key reported (E210) and left out,
    /// and extension keys too where they are not data.
    func distinctMembers(
        _ node: Node, _ members: [JSONValue.Member],
        skippingExtensionKeys: Bool = false
    ) -> [(key: String, keyOffset: Int, node: Node)] {
        var repeated = RepeatedKeys(members)
        var result: [(key: String, keyOffset: Int, node: Node)] = []
        result.reserveCapacity(members.count)
        for (index, member) in members.enumerated() {
            let child = node.child(member.value)
            guard !repeated.isRepeat(index) else {
                error(.duplicateKey, "duplicate key '\(member.key)'", at: member.keyOffset, child.pointer)
                continue
            }
            if skippingExtensionKeys && Self.isExtensionKey(member.key) { continue }
            result.append((member.key, member.keyOffset, child))
        }
        return result
    }

    func array(_ node: Node, what: @autoclosure () -> String) -> [Node]? {
        guard let elements = node.value.mapElements(node.child) else {
            error(.wrongType, "\(what()) must be an array, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        return elements
    }

    func string(_ node: Node, what: @autoclosure () -> String) -> String? {
        guard case let .string(text) = node.value.kind else {
            error(.wrongType, "\(what()) must be a string, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        return text
    }

    func bool(_ node: Node, what: @autoclosure () -> String) -> Bool? {
        guard case let .bool(value) = node.value.kind else {
            error(.wrongType, "\(what()) must be true or false, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        return value
    }

    func integer(_ node: Node, what: @autoclosure () -> String, range: ClosedRange<Int>) -> Int? {
        guard case let .number(text) = node.value.kind, let number = Int(text), range.contains(number) else {
            error(
                .wrongType, "\(what()) must be a whole number from \(range.lowerBound) to \(range.upperBound)", at: node.offset,
                node.pointer)
            return nil
        }
        return number
    }

    /// A name: letters, digits and `_`, starting with a letter or `_`.
    func name(_ node: Node, what: @autoclosure () -> String) -> Located<String>? {
        nameText(node, what: what()).map { Located($0, offset: node.offset) }
    }

    /// A name checked like ``name(_:what:)``, where where it stands is not kept.
    func nameText(_ node: Node, what: @autoclosure () -> String) -> String? {
        guard let text = string(node, what: what()) else { return nil }
        guard Self.isName(text) else {
            error(
                .invalidName, "\(what()) '\(text)' is not a valid name", at: node.offset, node.pointer,
                hint: "use letters, digits and '_', starting with a letter")
            return nil
        }
        return text
    }

    /// A key of a map used as a name (a use case, a model field), checked like ``name(_:what:)``.
    func checkName(_ key: String, at offset: Int, _ pointer: @autoclosure () -> String, what: @autoclosure () -> String) -> Bool {
        guard Self.isName(key) else {
            error(
                .invalidName, "\(what()) '\(key)' is not a valid name", at: offset, pointer(),
                hint: "use letters, digits and '_', starting with a letter")
            return false
        }
        return true
    }

    static func isName(_ text: String) -> Bool { isName(bytes: text.utf8) }

    /// Whether `bytes` spell a name: a letter or `_`, then letters, digits and `_`.
    static func isName(bytes: some Collection<UInt8>) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// One of a fixed set of words (E205 with a did-you-mean).
    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, what: @autoclosure () -> String, as type: T.Type) -> T?
    where T.RawValue == String {
        word(node, what: what(), as: type)
    }

    /// One of the words of `type`, found on the tape when it is one of them as written.
    func choice<T: TapeWords>(_ node: Node, what: @autoclosure () -> String, as type: T.Type) -> T? {
        T(word: node.value) ?? word(node, what: what(), as: type)
    }

    private func word<T: RawRepresentable & CaseIterable>(_ node: Node, what: @autoclosure () -> String, as type: T.Type) -> T?
    where T.RawValue == String {
        guard let text = string(node, what: what()) else { return nil }
        guard let value = T(keyword: text) else {
            let choices = T.allCases.map(\.rawValue)
            error(
                .unknownWord, "unknown \(what()) '\(text)'", at: node.offset, node.pointer,
                hint: didYouMean(text, choices) ?? "choose one of: \(choices.map { "'\($0)'" }.joined(separator: ", "))")
            return nil
        }
        return value
    }

    /// A declared type (E207 for bad syntax, E306 for an unknown model).
    func type(_ node: Node, models: Set<String>?) -> TypeRef? {
        guard let text = string(node, what: "a type") else { return nil }
        switch TypeRef.parse(text) {
        case let .failure(problem):
            error(
                .invalidType, "invalid type '\(text)': \(problem.message)", at: offsetInString(node, problem.offset), node.pointer,
                hint: "types are string, int, decimal, bool, date, [T], T? or a model name")
            return nil
        case let .success(type):
            if let models {
                for name in type.modelNames where !models.contains(name) {
                    let position = text.range(of: name).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
                    let builtIn = "the built-in types are " + TypeRef.primitives.joined(separator: ", ")
                    let meant = TypeRef.commonNames[name.lowercased()] ?? closestName(name, models.union(TypeRef.primitives))
                    let hint =
                        meant.map { Hint("\(didYouMean($0)) \(builtIn)", replacing: name, with: $0) }
                        ?? Hint("\(builtIn); declare '\(name)' under 'models' in app.json to use it")
                    error(.unknownModel, "unknown model '\(name)'", at: offsetInString(node, position), node.pointer, hint: hint)
                }
            }
            return type
        }
    }

}

extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// The case written `text`. A scan of the cases: `init(rawValue:)` switches over strings,
    /// which makes each case's text anew to compare, and every step and component pays it.
    init?(keyword text: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == text }) else { return nil }
        self = match
    }
}
