import Foundation
import SceneManifest
import Testing

/// Each manifest limit, at the limit (accepted) and one past it (its error code).
@Suite struct ManifestLimitTests {
    /// A manifest of exactly 4 MiB parses; one byte more is E106.
    @Test func size() throws {
        let limit = Validator.limits.maxBytes
        func manifest(_ size: Int) -> [UInt8] {
            let head = Array(#"{"x": ""#.utf8), tail = Array(#""}"#.utf8)
            return head + [UInt8](repeating: UInt8(ascii: "a"), count: size - head.count - tail.count) + tail
        }
        #expect(throws: Never.self) { try JSONParser.parse(manifest(limit), limits: Validator.limits) }
        #expect(throws: JSONSyntaxError(.tooLarge(bytes: limit + 1, limit: limit), at: 0)) {
            try JSONParser.parse(manifest(limit + 1), limits: Validator.limits)
        }
    }

    /// 64 levels of nesting parse; the 65th is E105 at the bracket that opens it.
    @Test func depth() throws {
        let limit = Validator.limits.maxDepth
        func nested(_ levels: Int) -> [UInt8] {
            Array((String(repeating: "[", count: levels) + String(repeating: "]", count: levels)).utf8)
        }
        #expect(throws: Never.self) { try JSONParser.parse(nested(limit), limits: Validator.limits) }
        do {
            _ = try JSONParser.parse(nested(limit + 1), limits: Validator.limits)
            Issue.record("65 levels parsed")
        } catch {
            #expect(error.code == .tooDeep)
            #expect(error.offset == limit)
        }
    }

    /// 38 significant digits are kept exactly; 39 are E211 in a manifest and in an expression.
    @Test func numberDigits() throws {
        let digits = "12345678901234567890123456789012345678"
        #expect(DecimalText.parse(digits) != nil)
        #expect(DecimalText.parse(digits + "9") == nil)
        #expect(throws: Never.self) { try ExpressionParser.expression(digits) }
        #expect(throws: ExpressionError.self) { try ExpressionParser.expression(digits + "9") }
    }
}
