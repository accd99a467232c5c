import Foundation
import ScenerySupport

/// The placeholders of module templates, in file names and contents: `{{Name}}` is a
/// value; `{{#flag}}…{{/flag}}` keeps its text when the option `flag` is on and
/// `{{^flag}}…{{/flag}}` when it is off (as in Mustache). A section tag alone on its line
/// takes the line with it, so templates can stay readable. `{{` always starts a tag.
enum TemplateText {
    struct Failure: Error, Equatable {
        let message: String
        /// 1-based, in the text given.
        let line: Int
        let column: Int
    }

    private enum Token {
        case text(Substring)
        case value(String, at: String.Index)
        case open(String, inverted: Bool, at: String.Index)
        case close(String, at: String.Index)
    }

    /// `text` with its tags replaced. Every name must be among `values` or `flags`.
    static func render(_ text: String, values: [String: String], flags: [String: Bool]) throws(Failure) -> String {
        var output = ""
        // The sections open around the current point, and whether their text is kept.
        var sections: [(name: String, keeps: Bool, at: String.Index)] = []
        for token in try tokens(text) {
            let keeping = sections.allSatisfy(\.keeps)
            switch token {
            case let .text(piece):
                if keeping { output += piece }
            case let .value(name, at):
                guard let value = values[name] else { throw unknown(name, in: text, at: at, values: values, flags: flags) }
                if keeping { output += value }
            case let .open(name, inverted, at):
                guard let flag = flags[name] else { throw unknown(name, in: text, at: at, values: values, flags: flags) }
                sections.append((name, flag != inverted, at))
            case let .close(name, at):
                guard let last = sections.popLast() else {
                    throw failure("'{{/\(name)}}' closes no section", in: text, at: at)
                }
                guard last.name == name else {
                    throw failure("'{{/\(name)}}' closes '{{#\(last.name)}}', which needs '{{/\(last.name)}}'", in: text, at: at)
                }
            }
        }
        if let open = sections.last { throw failure("'{{#\(open.name)}}' is never closed with '{{/\(open.name)}}'", in: text, at: open.at) }
        return output
    }

    private static func tokens(_ text: String) throws(Failure) -> [Token] {
        var result: [Token] = []
        var rest = text.startIndex
        var textStart = text.startIndex
        while let open = text.range(of: "{{", range: rest..<text.endIndex) {
            guard let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) else {
                throw failure("'{{' is never closed with '}}'", in: text, at: open.lowerBound)
            }
            let inside = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let sigil = inside.first
            let name = String(sigil == "#" || sigil == "^" || sigil == "/" ? inside.dropFirst() : inside[...])
                .trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw failure(
                    "'{{\(inside)}}' is not a placeholder: use {{Name}}, {{#option}}, {{^option}} or {{/option}}", in: text,
                    at: open.lowerBound)
            }
            var tagStart = open.lowerBound
            var tagEnd = close.upperBound
            // A section tag alone on its line takes the whole line.
            if sigil == "#" || sigil == "^" || sigil == "/" {
                let lineStart = text[..<open.lowerBound].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
                let lineEnd = text[close.upperBound...].firstIndex(of: "\n")
                if text[lineStart..<open.lowerBound].allSatisfy({ $0 == " " || $0 == "\t" }),
                    text[close.upperBound..<(lineEnd ?? text.endIndex)].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" })
                {
                    tagStart = lineStart
                    tagEnd = lineEnd.map(text.index(after:)) ?? text.endIndex
                }
            }
            if textStart < tagStart { result.append(.text(text[textStart..<tagStart])) }
            switch sigil {
            case "#": result.append(.open(name, inverted: false, at: open.lowerBound))
            case "^": result.append(.open(name, inverted: true, at: open.lowerBound))
            case "/": result.append(.close(name, at: open.lowerBound))
            default: result.append(.value(name, at: open.lowerBound))
            }
            rest = tagEnd
            textStart = tagEnd
        }
        if textStart < text.endIndex { result.append(.text(text[textStart...])) }
        return result
    }

    private static func unknown(
        _ name: String, in text: String, at index: String.Index,
        values: [String: String], flags: [String: Bool]
    ) -> Failure {
        let known = (Array(values.keys) + Array(flags.keys)).sorted()
        let hint =
            Suggestions.closest(to: name, in: known).map { "; did you mean '\($0)'?" }
            ?? "; the placeholders are " + known.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return failure("unknown placeholder '\(name)'" + hint, in: text, at: index)
    }

    private static func failure(_ message: String, in text: String, at index: String.Index) -> Failure {
        let before = text[..<index]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return Failure(message: message, line: line, column: column)
    }
}
