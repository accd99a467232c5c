import SceneManifest

/// A struct of an ejected module, written as a team would write it by hand: public stored
/// properties and a memberwise init. One with optional fields encodes a nil as null rather
/// than leaving the key out, as the JSON scene's values have it (a view-model field set to
/// null replaces what it held).
struct SwiftStruct {
    var name: String
    var conformances: [String]
    var fields: [(json: String, type: String)]
    var doc: String?

    func lines(indent: String) -> [String] {
        let properties = fields.map { (json: $0.json, swift: SwiftNames.field($0.json), type: $0.type) }
        var lines: [String] = []
        if let doc { lines.append("\(indent)/// \(doc)") }
        lines.append("\(indent)public struct \(name): \(conformances.joined(separator: ", ")) {")
        for property in properties { lines.append("\(indent)    public var \(property.swift.swift): \(property.type)") }
        let optional = properties.contains { $0.type.hasSuffix("?") }
        let encodes = conformances.contains("Encodable") || conformances.contains("Codable")
        if properties.contains(where: \.swift.needsKey) || (optional && encodes) {
            lines += ["", "\(indent)    enum CodingKeys: String, CodingKey {"]
            for property in properties {
                lines.append("\(indent)        case \(property.swift.swift)" + (property.swift.needsKey ? " = \"\(property.json)\"" : ""))
            }
            lines.append("\(indent)    }")
        }
        if !properties.isEmpty {
            let parameters = properties.map { "\($0.swift.swift): \($0.type)" }.joined(separator: ", ")
            lines += ["", "\(indent)    public init(\(parameters)) {"]
            for property in properties { lines.append("\(indent)        self.\(property.swift.swift) = \(property.swift.swift)") }
            lines.append("\(indent)    }")
        }
        if conformances.contains("SceneValueConvertible") || conformances.contains("SceneFields") {
            lines += convertible(properties, indent: indent)
        }
        if conformances.contains("SceneFields") { lines += fieldByName(properties, indent: indent) }
        if optional && encodes {
            lines += ["", "\(indent)    public func encode(to encoder: any Encoder) throws {"]
            lines.append("\(indent)        var container = encoder.container(keyedBy: CodingKeys.self)")
            for property in properties {
                lines.append("\(indent)        try container.encode(\(property.swift.swift), forKey: .\(property.swift.swift))")
            }
            lines.append("\(indent)    }")
        }
        lines.append("\(indent)}")
        return lines
    }

    /// One field as the runtime's value, by its name in the manifest: what a worker reads of
    /// each item, with the rest of the record left unmade.
    private func fieldByName(_ properties: [(json: String, swift: (swift: String, needsKey: Bool), type: String)], indent: String)
        -> [String]
    {
        var lines = ["", "\(indent)    public func sceneField(_ name: String) -> SceneValue {", "\(indent)        switch name {"]
        for property in properties {
            lines.append("\(indent)        case \"\(SwiftExpression.escaped(property.json))\": self.\(property.swift.swift).sceneValue")
        }
        lines += ["\(indent)        default: .null", "\(indent)        }", "\(indent)    }"]
        return lines
    }

    /// The struct as the runtime's record, its fields in the order declared, and back: what
    /// the runtime shows and stores for it is in the manifest's order, field by field.
    private func convertible(_ properties: [(json: String, swift: (swift: String, needsKey: Bool), type: String)], indent: String)
        -> [String]
    {
        let fields = properties.map { "(\"\(SwiftExpression.escaped($0.json))\", \($0.swift.swift).sceneValue)" }
        var lines = [
            "", "\(indent)    public var sceneValue: SceneValue { .record(Record(fields: [\(fields.joined(separator: ", "))])) }", ""
        ]
        lines.append("\(indent)    public init?(sceneValue: SceneValue) {")
        if properties.isEmpty {
            lines.append("\(indent)        guard case .record = sceneValue else { return nil }")
        } else {
            lines.append("\(indent)        guard case .record = sceneValue,")
            for (index, property) in properties.enumerated() {
                let read =
                    "let \(property.swift.swift) = \(property.type)(sceneValue: sceneValue[\"\(SwiftExpression.escaped(property.json))\"])"
                lines.append("\(indent)            \(read)" + (index == properties.count - 1 ? "" : ","))
            }
            lines.append("\(indent)        else { return nil }")
            lines.append("\(indent)        self.init(\(properties.map { "\($0.swift.swift): \($0.swift.swift)" }.joined(separator: ", ")))")
        }
        lines.append("\(indent)    }")
        return lines
    }
}
