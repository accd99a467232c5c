import Foundation
import Testing

/// The shapes the sources keep, as docs/architecture.md#house-shapes states them: no file
/// over 400 lines, no function over 80, and every `@unchecked Sendable` saying why in the
/// comment above it. (Formatting is `swift format lint --strict` in CI.)
// checks: docs/architecture.md#house-shapes
@Suite struct HouseShapesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under Sources, as its path below the package and its lines.
    static func sources() throws -> [(path: String, lines: [Substring])] {
        let folder = root.appendingPathComponent("Sources")
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return try (paths ?? []).sorted().map { path in
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            return ("Sources/" + path, text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    @Test func noFileIsOver400Lines() throws {
        let long = try Self.sources().filter { $0.lines.count > 400 }.map { "\($0.path): \($0.lines.count) lines" }
        #expect(long.isEmpty, "\(long)")
    }

    @Test func noFunctionIsOver80Lines() throws {
        var long: [String] = []
        for (path, lines) in try Self.sources() {
            for (start, length) in Self.functions(in: lines) where length > 80 {
                long.append("\(path):\(start + 1): \(length) lines")
            }
        }
        #expect(long.isEmpty, "\(long)")
    }

    @Test func everyUncheckedSendableSaysWhy() throws {
        var silent: [String] = []
        for (path, lines) in try Self.sources() {
            for (index, line) in lines.enumerated()
            where line.contains("@unchecked Sendable") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("/") {
                let above = lines[max(0, index - 8)..<index]
                if !above.contains(where: { $0.contains("//") && $0.contains("@unchecked") }) { silent.append("\(path):\(index + 1)") }
            }
        }
        #expect(silent.isEmpty, "no comment above says why: \(silent)")
    }

    /// The measure itself: a function is counted from its declaration to its closing brace.
    @Test func theMeasureCountsAFunctionToItsClosingBrace() {
        let lines: [Substring] = ["struct S {", "    func f() {", "        let s = \"}\"", "        g { }", "    }", "}"]
        #expect(Self.functions(in: lines).map(\.length) == [4])
    }

    /// Each `func`, `init` or `subscript` with a body: its first line and how many lines it
    /// spans. Braces in string literals and comments do not count.
    static func functions(in lines: [Substring]) -> [(start: Int, length: Int)] {
        let declaration =
            /^\s*(@\w+(\([^)]*\))?\s+)*((public|package|private|fileprivate|internal|static|override|mutating|nonisolated|final|convenience|@discardableResult)\s+)*(func |init[?(<]|subscript)/
        var found: [(Int, Int)] = []
        for (index, line) in lines.enumerated() where line.firstMatch(of: declaration) != nil {
            var depth = 0, opened = false, end = index
            scan: while end < lines.count {
                for character in code(of: lines[end]) {
                    if character == "{" {
                        depth += 1
                        opened = true
                    } else if character == "}" {
                        depth -= 1
                    }
                }
                if opened && depth <= 0 { break scan }
                if !opened && end > index + 15 { break scan }
                end += 1
            }
            if opened { found.append((index, end - index + 1)) }
        }
        return found
    }

    /// A line without its string literals and its `//` comment.
    static func code(of line: Substring) -> String {
        var result = "", inString = false, escaped = false
        var characters = line.makeIterator()
        var previous: Character?
        while let character = characters.next() {
            defer { previous = character }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" {
                inString = true
                continue
            }
            if character == "/", previous == "/" {
                result.removeLast()
                break
            }
            result.append(character)
        }
        return result
    }
}
