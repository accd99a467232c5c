import Foundation
import LineRenderer
import Testing

@testable import SceneryCLI

// checks: docs/cli.md#output-colour-and-terminal-safety
@MainActor
@Suite struct TerminalSafetyTests {
    func file(_ bytes: [UInt8]) throws -> URL {
        let url = scratchFolder.appendingPathComponent("scenery-lines-\(UUID().uuidString)")
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

    /// A frame is one write, each of its lines escaped and styled as a line alone is; a
    /// mirror (a recording) gets the same lines plain.
    @Test func aFrameIsOneWriteOfLinesEachMadeSafe() {
        var writes: [String] = []
        var mirrored: [String] = []
        let coloured = Terminal(environment: ["TERM": "xterm"], isTTY: true)
        let mirror = Console(out: { mirrored.append($0) }, error: { _ in })
        let console = Console(out: { writes.append($0) }, error: { _ in }, outTerminal: coloured).mirrored(to: mirror)
        console.frame(
            [.header("Orders"), .list(items: ["a\u{1B}[2J", "b\nc"], empty: nil), .error("bad")], renderer: LineRenderer(width: 20))
        #expect(writes.count == 1)
        var alone: [String] = []
        let lineByLine = Console(out: { alone.append($0) }, error: { _ in }, outTerminal: coloured)
        for line in LineRenderer(width: 20).render([.header("Orders"), .list(items: ["a\u{1B}[2J", "b\nc"], empty: nil)]) {
            lineByLine.line(line)
        }
        for line in LineRenderer(width: 20).render(.error("bad")) { lineByLine.line(line, as: .banner) }
        #expect(writes == [alone.joined()])
        #expect(!writes[0].contains("\u{1B}[2J"))
        #expect(mirrored.count == alone.count)
        #expect(!mirrored.joined().contains("\u{1B}["))
    }

    // checks: docs/performance.md#validation
    /// `scenery validate` writes its findings in one write, then its summary.
    @Test func validateWritesItsFindingsInOneWrite() async {
        var writes: [String] = []
        let console = Console(out: { _ in }, error: { writes.append($0) })
        #expect(await SceneryCommand.run(["validate", "/nonexistent/a.json", "/nonexistent/b.json"], console: console) == 1)
        #expect(writes.count == 2)
        #expect(writes.first?.components(separatedBy: "error[E100]").count == 3)
        #expect(writes.last == "2 errors, 0 warnings\n")
    }

    /// Findings are one write to standard error, each line escaped and styled as a finding
    /// written alone is (a hint on its own line styled alone); a mirror gets them one by one.
    @Test func findingsAreOneWriteEachMadeSafe() {
        var writes: [String] = []
        var mirrored: [String] = []
        let coloured = Terminal(environment: ["TERM": "xterm"], isTTY: true)
        let mirror = Console(out: { _ in }, error: { mirrored.append($0) })
        let console = Console(out: { _ in }, error: { writes.append($0) }, errorTerminal: coloured).mirrored(to: mirror)
        let findings = ["a.json:1:2: error[E201]: bad\n  hint: \u{1B}[2Jfix", "b.json:3:4: warning[W001]: unreachable", "é\n\nend"]
        console.errors(findings)
        #expect(writes.count == 1)
        var alone: [String] = []
        var mirroredAlone: [String] = []
        let oneByOne = Console(out: { _ in }, error: { alone.append($0) }, errorTerminal: coloured)
            .mirrored(to: Console(out: { _ in }, error: { mirroredAlone.append($0) }))
        for finding in findings { oneByOne.error(finding) }
        #expect(writes == [alone.joined()])
        #expect(!writes[0].contains("\u{1B}[2J"))
        #expect(writes[0].contains("\u{1B}["))
        #expect(mirrored == mirroredAlone)
        #expect(mirrored.count == findings.count)
        console.errors([])
        #expect(writes.count == 1)
    }

    @Test func nothingToWriteWritesNothing() {
        var writes = 0
        Console(out: { _ in writes += 1 }, error: { _ in }).lines([])
        #expect(writes == 0)
    }
}
