import Foundation
import SceneManifest

/// Dynamic values to and from JSON: data files, durable storage, HTTP bodies.
public enum ValueJSON {
    /// A parsed JSON value as a dynamic value; numbers exact. A number a decimal cannot hold
    /// exactly (over 38 significant digits, or beyond 10^±128) is refused, never rounded or
    /// turned into text.
    public static func value(_ json: JSONValue) throws(JSONSyntaxError) -> SceneValue {
        switch json.kind {
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .number(text):
            guard let number = DecimalText.parse(text) else {
                throw JSONSyntaxError(
                    .invalidNumber(
                        "\(text.count > 40 ? text.prefix(40) + "…" : text) is out of range: numbers keep 38 significant digits and exponents from -128 to 127"
                    ), at: json.offset)
            }
            return .number(number)
        case let .string(text): return .string(text)
        case let .array(items):
            var list: [SceneValue] = []
            list.reserveCapacity(items.count)
            for item in items { list.append(try value(item)) }
            return .list(list)
        case let .object(members):
            var record = Record()
            for member in members { record[member.key] = try value(member.value) }
            return .record(record)
        }
    }

    /// Parses JSON bytes into a dynamic value.
    public static func parse(_ bytes: [UInt8], limits: JSONParser.Limits = .init()) throws(JSONSyntaxError) -> SceneValue {
        try value(try JSONParser.parse(bytes, limits: limits))
    }

    /// Compact JSON text, fields in record order, numbers in plain digits, every one kept.
    public static func text(_ value: SceneValue) -> String {
        switch value {
        case .null: "null"
        case let .bool(flag): flag ? "true" : "false"
        case let .number(number): SceneValue.exact(number)
        case let .string(text): JSONText.quote(text)
        case let .list(items): "[" + items.map(self.text).joined(separator: ",") + "]"
        case let .record(record):
            "{" + record.fields.map { JSONText.quote($0.name) + ":" + self.text($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A Codable Swift value as a dynamic value (how typed Swift components are bridged).
    public static func encode<T: Encodable>(_ value: T) throws -> SceneValue {
        // Keys sorted: a keyed container's order is not the declaration's, and varies from run to
        // run; sorted, a value bridged from Swift shows the same in every frame and recording.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        return try parse(Array(data))
    }

    /// A dynamic value decoded into a Codable Swift type.
    public static func decode<T: Decodable>(_ type: T.Type, from value: SceneValue) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text(value).utf8))
    }
}

extension SceneValue {
    /// A record's fields, or an empty record.
    var recordValue: Record {
        if case let .record(record) = self { return record }
        return Record()
    }

    var listValue: [SceneValue]? {
        if case let .list(items) = self { return items }
        return nil
    }
}
