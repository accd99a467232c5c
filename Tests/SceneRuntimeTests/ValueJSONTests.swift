import Foundation
import SceneManifest
import SceneRuntime
import Testing

/// Data read from files, storage and HTTP keeps numbers exact or refuses them: never
/// rounded, never turned into text.
@Suite struct ValueJSONTests {
    @Test(arguments: [("[1e999999]", 1), (#"{"a": [0, -1e-999]}"#, 10), ("[123456789012345678901234567890123456789]", 1)])
    func aNumberNoDecimalHoldsIsRefusedWhereItStands(text: String, offset: Int) {
        #expect(throws: JSONSyntaxError.self) { try ValueJSON.parse(Array(text.utf8)) }
        do {
            _ = try ValueJSON.parse(Array(text.utf8))
        } catch {
            #expect(error.code == .invalidNumber)
            #expect(error.offset == offset)
            #expect(error.description.hasSuffix("is out of range: numbers keep 38 significant digits and exponents from -128 to 127"))
        }
    }

    /// Found by the json fuzz target: 123e65 written back in plain digits has 66 digits,
    /// 63 of them trailing zeros, which add no precision and must not make it text.
    @Test(arguments: [
        "123e65", "1" + String(repeating: "0", count: 70), "0.000000000000000000000000000000000000000000001", "-0", "0e999999"
    ])
    func bigAndSmallNumbersSurviveARoundTrip(text: String) throws {
        let value = try ValueJSON.parse(Array("[\(text)]".utf8))
        guard case let .list(items) = value, case .number = items.first else {
            Issue.record("\(text) is not a number: \(value)")
            return
        }
        #expect(try ValueJSON.parse(Array(ValueJSON.text(value).utf8)) == value)
    }

    /// Data nests 256 levels (the reader's default); the 257th is E105.
    @Test func dataDepth() throws {
        func nested(_ levels: Int) -> [UInt8] {
            Array((String(repeating: "[", count: levels) + String(repeating: "]", count: levels)).utf8)
        }
        #expect(throws: Never.self) { try ValueJSON.parse(nested(256)) }
        #expect(throws: JSONSyntaxError(.tooDeep(limit: 256), at: 256)) { try ValueJSON.parse(nested(257)) }
    }
}
