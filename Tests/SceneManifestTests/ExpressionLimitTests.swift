import Foundation
import SceneManifest
import Testing

/// Expressions are bounded in depth (E410) and length (E411), so no parser, checker or
/// evaluator walk can run out of stack on what a manifest holds.
@Suite struct ExpressionLimitTests {
    static let tooDeep: [(String, String)] = [
        ("parentheses", String(repeating: "(", count: 600) + "1" + String(repeating: ")", count: 600)),
        ("a sum", (0..<100).map { _ in "1" }.joined(separator: "+")),
        ("nots", String(repeating: "!", count: 100) + "true"),
        ("a path", "state" + String(repeating: ".a", count: 100)),
        ("pipes", "1" + String(repeating: "|abs", count: 100)),
        ("lists", String(repeating: "[", count: 200) + String(repeating: "]", count: 200)),
        ("conditionals", (0..<100).map { _ in "true ? 1 : " }.joined() + "0"),
        ("negations", String(repeating: "-", count: 100) + "1")
    ]

    @Test(arguments: tooDeep)
    func tooDeepIsE410(name: String, text: String) {
        #expect(throws: ExpressionError.self) { try ExpressionParser.expression(text) }
        do {
            _ = try ExpressionParser.expression(text)
        } catch {
            #expect(error.code == .expressionTooDeep, "\(name): \(error.message)")
        }
    }

    @Test(arguments: [
        ("4000 terms", (0..<4000).map { _ in "1" }.joined(separator: "+")),
        ("300 k path", "state" + String(repeating: ".a", count: 150_000)),
        ("100 k pipes", "1" + String(repeating: "|abs", count: 100_000)),
        ("20 k lists", String(repeating: "[", count: 20_000)),
        ("6 000 nots", String(repeating: "!", count: 6_000) + "true")
    ])
    func tooLongIsE411(name: String, text: String) {
        do {
            _ = try ExpressionParser.expression(text)
            Issue.record("\(name) parsed")
        } catch {
            #expect(error.code == .expressionTooLong, "\(name): \(error.message)")
        }
    }

    @Test func atTheLimitItParses() throws {
        let sum = (0..<64).map { _ in "1" }.joined(separator: "+")
        #expect(try ExpressionParser.expression(sum).depth == 64)
        let nested = String(repeating: "(", count: 62) + "1" + String(repeating: ")", count: 62)
        #expect(try ExpressionParser.expression(nested).depth == 1)
    }

    /// Through the whole validator: a finding at the expression, never a crash.
    @Test func validateReportsADeepExpressionAtItsPosition() throws {
        let folder = scratchFolder.appendingPathComponent("scenery-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = String(repeating: "(", count: 600) + "1" + String(repeating: ")", count: 600)
        let file = folder.appendingPathComponent("Main.json")
        try Data(#"{"formatVersion": 1, "scene": "Main", "view": [{"type": "text", "text": "@{\#(deep)}"}]}"#.utf8).write(to: file)
        let report = Validator.validate(path: file.path)
        #expect(report.diagnostics.map(\.code.rawValue) == ["E410"])
        #expect(report.diagnostics.first?.line == 1)
    }
}
