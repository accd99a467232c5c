import Foundation
import Testing
@testable import SceneryCLI

@MainActor
@Suite struct TerminalSafetyTests {
    func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-lines-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    func catalog(script: [UInt8]) async throws -> (code: Int32, out: String, error: String) {
        let url = try file(script)
        defer { try? FileManager.default.removeItem(at: url) }
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(["run", "--example", "catalog", "--script", url.path, "--width", "40"], console: captured.console)
        return (code, captured.out, captured.error)
    }

    @Test func anOverLongLineIsAnErrorAndTheSessionGoesOn() async throws {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        let result = try await catalog(script: Array("search phone\n".utf8) + long + Array("\nsearch cable\n".utf8))
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("error: input line is too long (100000 bytes; the limit is 64 KiB); it was skipped"))
        #expect(lines.last { $0.hasPrefix("> ") } == "> search cable")
        #expect(!result.out.contains("xxxx"))
    }

    @Test func underStrictAnOverLongLineExitsOne() async throws {
        let url = try file(Array(String(repeating: "y", count: 70_000).utf8) + Array("\nsearch cable\n".utf8))
        let captured = CapturedConsole()
        let code = await SceneryCommand.run(["run", "--example", "catalog", "--script", url.path, "--strict"], console: captured.console)
        #expect(code == 1)
        #expect(!captured.out.contains("> search cable"))
    }

    @Test func theReaderDiscardsTheRestOfAnOverLongLineAsItReads() throws {
        let limit = LineReader.limit
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 5_000_000) + Array("\n".utf8)
            + [UInt8](repeating: UInt8(ascii: "b"), count: limit) + Array("\r\nlast".utf8)
        let url = try file(bytes)
        let reader = LineReader(descriptor: open(url.path, O_RDONLY), closesOnDeinit: true)
        #expect(reader.next() == .tooLong(bytes: 5_000_000))
        #expect(reader.next() == .text(String(repeating: "b", count: limit)), "a line of exactly 64 KiB is accepted")
        #expect(reader.next() == .text("last"))
        #expect(reader.next() == nil)
        // Never more than one line at the limit and one chunk in memory.
        #expect(reader.peakHeldBytes <= limit + 1 + LineReader.chunkSize)
    }

    @Test func invalidUTF8IsAnErrorForThatLineOnly() throws {
        let url = try file([0x66, 0xFF, 0x6F, 0x0A] + Array("ok\n".utf8))
        let reader = LineReader(descriptor: open(url.path, O_RDONLY), closesOnDeinit: true)
        #expect(reader.next() == .notUTF8)
        #expect(reader.next() == .text("ok"))
    }

    @Test func controlCharactersInInputShowEscapedInEchoesErrorsAndFrames() async throws {
        let result = try await catalog(script: Array("search \u{1B}[2Jphone\n\u{1B}]0;pwned\u{7}\nopen \u{9B}1\n".utf8))
        #expect(result.code == 0)
        #expect(result.out.contains(#"> search \u{1B}[2Jphone"#))
        #expect(result.out.contains(#"0 products for '\u{1B}[2Jphone'"#))
        #expect(result.out.contains(#"error: unknown action '\u{1B}]0;pwned\u{7}'; try 'help'"#))
        #expect(result.out.contains(#"> open \u{9B}1"#))
        #expect(!(result.out + result.error).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    }

    @Test func usageErrorsQuotingArgumentsAreEscaped() async {
        let captured = CapturedConsole()
        #expect(await SceneryCommand.run(["\u{1B}[31mrun"], console: captured.console) == 2)
        #expect(captured.error.hasPrefix(#"error: unknown subcommand '\u{1B}[31mrun'"#))
    }

    @Test func jsonLinesEscapeControlsTheJSONWay() {
        var written = ""
        let console = Console(out: { written += $0 }, error: { _ in })
        console.json(#"{"input":"a\#u{7F}b"}"#)
        #expect(written == #"{"input":"a\u007fb"}"# + "\n")
    }
}
