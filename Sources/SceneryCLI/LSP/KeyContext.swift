import SceneManifest

/// The object key the cursor is in, and what kind of manifest object holds it, read from the
/// text alone (the containers from the file's start to the cursor) so that half-typed JSON
/// still completes: `"useCases": {"load": {"interactor": [{"type": "fetch", "pr|` is a key
/// of a fetch step.
struct KeyContext {
    typealias Step = ManifestString.Step

    /// The keys and indices from the root to the object holding the key.
    let path: [Step]
    /// The key as typed up to the cursor, and as written in full.
    let prefix: String
    let key: String
    /// What the object is, when the path names a kind of manifest object.
    let place: ManifestKeys.Place?

    /// Nil unless the cursor is inside a string that is an object's key.
    init?(text: DocumentText, offset: Int, isApp: Bool) {
        let scan = Self.scan(text.bytes, upTo: offset)
        guard let open = scan.open, case let .object(objectStart, nil)? = scan.frames.last else { return nil }
        let bytes = text.bytes
        let close = JSONText.stringEnd(in: bytes, from: open, before: bytes.count, stopsAtNewline: true)
        prefix = String(decoding: bytes[open..<min(offset, bytes.count)], as: UTF8.self)
        key = String(decoding: bytes[open..<close], as: UTF8.self)
        path = scan.frames.dropLast().compactMap { frame in
            switch frame {
            case let .object(_, key): key.map(Step.key)
            case let .array(index): .index(index)
            }
        }
        place = Self.place(of: path, type: Self.typeValue(ofObjectAt: objectStart, in: bytes), isApp: isApp)
    }

    /// The containers open at `offset`, outermost first, and where the string the cursor is
    /// in starts, if it is in one.
    private static func scan(_ bytes: [UInt8], upTo offset: Int) -> (frames: [Frame], open: Int?) {
        let offset = min(offset, bytes.count)
        let quote = UInt8(ascii: "\"")
        var frames: [Frame] = []
        var pending: Range<Int>?  // the last string, a key if a ':' follows
        var index = 0
        var open: Int?
        while index < offset {
            switch bytes[index] {
            case quote:
                let start = index + 1
                index = JSONText.stringEnd(in: bytes, from: start, before: offset, stopsAtNewline: false)
                if index >= offset {
                    open = start
                    break
                }
                pending = start..<index
            case UInt8(ascii: ":"):
                if case let .object(start, _)? = frames.last, let pending {
                    frames[frames.count - 1] = .object(start: start, key: String(decoding: bytes[pending], as: UTF8.self))
                }
                pending = nil
            case UInt8(ascii: ","):
                switch frames.last {
                case let .object(start, _)?: frames[frames.count - 1] = .object(start: start, key: nil)
                case let .array(count)?: frames[frames.count - 1] = .array(count + 1)
                case nil: break
                }
                pending = nil
            case UInt8(ascii: "{"):
                frames.append(.object(start: index, key: nil))
                pending = nil
            case UInt8(ascii: "["):
                frames.append(.array(0))
                pending = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = frames.popLast()
                pending = nil
            default: break
            }
            if open != nil { break }
            index += 1
        }
        return (frames, open)
    }

    private enum Frame {
        case object(start: Int, key: String?)
        case array(Int)
    }

    /// The kind of object at `path`: `*` stands for any key (a name), `#` for any index.
    static func place(of path: [Step], type: String?, isApp: Bool) -> ManifestKeys.Place? {
        let places: [([String], ManifestKeys.Place)] =
            isApp
            ? [
                ([], .app), (["providers", "*"], .provider(type: type)), (["shared", "*"], .field),
                (["workers", "*"], .declaration), (["formatters", "*"], .declaration)
            ]
            : [
                ([], .scene), (["state", "*"], .field), (["useCases", "*"], .useCase),
                (["useCases", "*", "interactor", "#"], .step(type: type)),
                (["useCases", "*", "interactor", "#", "rules", "#"], .rule),
                (["useCases", "*", "presenter", "*"], .listField),
                (["view", "#"], .component(type: type))
            ]
        let path = isApp ? path : Self.collapsingHandlers(path)
        return places.first { pattern, _ in
            pattern.count == path.count
                && zip(pattern, path).allSatisfy { part, step in
                    switch step {
                    case let .key(key): part == "*" || part == key
                    case .index: part == "#"
                    }
                }
        }?.1
    }

    /// A path into a step of an `onError` handler, however deep, as the path of a step: the
    /// keys a handler's step allows are a step's.
    static func collapsingHandlers(_ path: [Step]) -> [Step] {
        guard path.count > 4, path[0] == .key("useCases"), path[2] == .key("interactor") else { return path }
        var index = 4
        while index + 1 < path.count, path[index] == .key("onError"), case .index = path[index + 1] { index += 2 }
        return Array(path.prefix(4)) + path[index...]
    }

    /// The string value of the `"type"` member of the object starting at `start`, looking
    /// at its own members only (not those of objects inside it).
    static func typeValue(ofObjectAt start: Int, in bytes: [UInt8]) -> String? {
        let quote = UInt8(ascii: "\"")
        var depth = 0
        var index = start
        var lastString: Range<Int>?
        var afterTypeKey = false
        while index < bytes.count {
            switch bytes[index] {
            case quote:
                let begin = index + 1
                index = JSONText.stringEnd(in: bytes, from: begin, before: bytes.count, stopsAtNewline: false)
                let string = begin..<index
                if afterTypeKey { return String(decoding: bytes[string], as: UTF8.self) }
                lastString = string
            case UInt8(ascii: ":"):
                afterTypeKey = depth == 1 && lastString.map { bytes[$0].elementsEqual("type".utf8) } == true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                afterTypeKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return nil }
            case UInt8(ascii: ","):
                afterTypeKey = false
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
