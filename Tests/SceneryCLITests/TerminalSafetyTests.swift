import Foundation
import Testing

@testable import SceneryCLI

// checks: docs/cli.md#output-colour-and-terminal-safety
@MainActor
@Suite struct TerminalSafetyTests {
    func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-lines-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func theReaderDiscardsTheRestOfAnOverLongLineAsItReads() throws {
        let limit = LineReader.limit
        let bytes =
            [UInt8](repeating: UInt8(ascii: "a"), count: 5_000_000) + Array("\n".utf8)
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
