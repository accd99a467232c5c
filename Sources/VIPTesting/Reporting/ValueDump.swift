import Foundation

/// A multi-line, deterministic rendering of any value, so two values can be compared line by
/// line in a failure message: one field per line, collections one element per line,
/// dictionaries and sets sorted.
///
/// ```swift
/// ValueDump.render(ViewModel(rows: ["Pixel 8"], summary: "1 product"))
/// // ViewModel(
/// //   rows: [
/// //     "Pixel 8"
/// //   ],
/// //   summary: "1 product"
/// // )
/// ```
public enum ValueDump {
    public static func render(_ value: Any) -> String {
        lines(value).joined(separator: "\n")
    }

    private static func lines(_ value: Any) -> [String] {
        if let leaf = leaf(value) { return [leaf] }
        let mirror = Mirror(reflecting: value)
        // Children one per line, indented two spaces under the opener.
        func block(_ open: String, _ close: String, _ children: [(label: String?, value: Any)]) -> [String] {
            guard !children.isEmpty else { return [open + close] }
            var result = [open]
            for (index, child) in children.enumerated() {
                var childLines = lines(child.value)
                if let label = child.label { childLines[0] = "\(label): \(childLines[0])" }
                if index < children.count - 1 { childLines[childLines.count - 1] += "," }
                result += childLines.map { "  " + $0 }
            }
            return result + [close]
        }
        let children = mirror.children.map { (label: $0.label, value: $0.value) }
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = children.first else { return ["nil"] }
            return lines(wrapped.value)
        case .collection:
            return block("[", "]", children.map { (nil, $0.value) })
        case .set:
            let sorted = children.map { render($0.value) }.sorted()
            return block("Set([", "])", sorted.map { (nil, Raw(text: $0)) })
        case .dictionary:
            let pairs = children.map { pair -> (key: String, value: Any) in
                let parts = Mirror(reflecting: pair.value).children.map(\.value)
                return (parts.count == 2 ? render(parts[0]) : "?", parts.count == 2 ? parts[1] : pair.value)
            }.sorted { $0.key < $1.key }
            guard !pairs.isEmpty else { return ["[:]"] }
            return block("[", "]", pairs.map { (Optional($0.key), $0.value) })
        case .enum:
            let caseName = "\(value)".prefix { $0 != "(" }
            guard let payload = children.first else { return [".\(caseName)"] }
            let fields = Mirror(reflecting: payload.value)
            if fields.displayStyle == .tuple {
                return block(".\(caseName)(", ")", fields.children.map { (label($0.label), $0.value) })
            }
            return block(".\(caseName)(", ")", [(nil, payload.value)])
        case .tuple:
            return block("(", ")", children.map { (label($0.label), $0.value) })
        default:
            return block("\(typeName(value))(", ")", children.map { (label($0.label), $0.value) })
        }
    }

    private struct Raw { let text: String }

    private static func leaf(_ value: Any) -> String? {
        switch value {
        case let raw as Raw: raw.text
        case let text as String: text.debugDescription
        case let text as Substring: String(text).debugDescription
        case let character as Character: String(character).debugDescription
        case let number as Decimal: "\(number)"
        case let date as Date: date.formatted(.iso8601)
        case let url as URL: url.absoluteString
        case let uuid as UUID: uuid.uuidString
        case let type as Any.Type: String(reflecting: type)
        case is any BinaryInteger, is any BinaryFloatingPoint, is Bool: "\(value)"
        default: Mirror(reflecting: value).displayStyle == nil ? "\(value)" : nil
        }
    }

    // Tuple elements without labels are named ".0", ".1" by Mirror; they read better bare.
    private static func label(_ label: String?) -> String? {
        guard let label, !label.hasPrefix(".") else { return nil }
        return label
    }

    private static func typeName(_ value: Any) -> String {
        let full = String(reflecting: type(of: value))
        guard let dot = full.firstIndex(of: ".") else { return full }
        return String(full[full.index(after: dot)...])
    }
}
