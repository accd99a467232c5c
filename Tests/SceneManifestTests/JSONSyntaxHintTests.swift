import Testing

@testable import SceneManifest

/// The common JSON mistakes get a hint that says how to fix them.
@Suite struct JSONSyntaxHintTests {
    @Test(arguments: [
        (#"{"a": [1, 2, ]}"#, "remove the comma before it: JSON allows no trailing comma"),
        (#"{"a": 1, }"#, "remove the comma before it: JSON allows no trailing comma"),
        ("{\n  // note\n  \"a\": 1}", "JSON has no comments; keep a note under a key that starts with 'x-'"),
        (#"{"a": 'b'}"#, "JSON strings take double quotes"),
        ("{\"a\": 1\n \"b\": 2}", "a comma is missing before it")
    ])
    func commonMistakesGetAHint(text: String, hint: String) throws {
        let bytes = Array(text.utf8)
        do {
            _ = try JSONParser.parse(bytes)
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(JSONSyntaxHint.hint(for: error, in: bytes) == hint)
        }
    }

    @Test func otherErrorsGetNone() throws {
        let bytes = Array(#"{"a": tru}"#.utf8)
        do {
            _ = try JSONParser.parse(bytes)
        } catch {
            #expect(JSONSyntaxHint.hint(for: error, in: bytes) == nil)
        }
    }
}
