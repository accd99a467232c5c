import Foundation
import SceneryCLI
import Testing

@testable import catalog

/// The typed Catalog run headless by its own executable: the session loop, echo, errors and
/// terminal safety every `run` shares, over a module written in Swift.
@MainActor
@Suite struct CatalogCommandTests {
    func run(script: String, _ extra: [String] = []) async throws -> (code: Int32, out: String, error: String) {
        let file = scratchFolder.appendingPathComponent("scenery-\(UUID().uuidString).txt")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let captured = CapturedConsole()
        let code = await CatalogCommand.run(["--script", file.path] + extra, console: captured.console)
        return (code, captured.out, captured.error)
    }

    func catalog(script: [UInt8]) async throws -> (code: Int32, out: String, error: String) {
        let url = try file(script)
        defer { try? FileManager.default.removeItem(at: url) }
        let captured = CapturedConsole()
        let code = await CatalogCommand.run(["--script", url.path, "--width", "40"], console: captured.console)
        return (code, captured.out, captured.error)
    }

    func file(_ bytes: [UInt8]) throws -> URL {
        let url = scratchFolder.appendingPathComponent("scenery-lines-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func aScriptedRunEchoesEachLineBeforeItsFrame() async throws {
        let result = try await run(script: "# find phones\nsearch phone\nopen 2\nback\n", ["--width", "32"])
        #expect(result.code == 0)
        #expect(result.error == "")
        #expect(
            result.out == """
                == Catalog ==
                1. USB-C Cable             $9.99
                2. Phone Case             $19.50
                3. Pixel 8               $699.00
                4. iPhone 15             $799.00
                4 products
                > # find phones
                > search phone
                == Catalog ==
                1. Phone Case             $19.50
                2. Pixel 8               $699.00
                3. iPhone 15             $799.00
                3 products for 'phone'
                > open 2
                == Pixel 8 ==
                Price: $699.00
                Tags: phone, android
                > back
                == Catalog ==
                1. Phone Case             $19.50
                2. Pixel 8               $699.00
                3. iPhone 15             $799.00
                3 products for 'phone'

                """)
    }

    @Test func badLinesPrintAClearErrorAndTheSessionGoesOn() async throws {
        let result = try await run(script: "serach x\nopen\nsearch \"unclosed\nback\nstack\nquit\nsearch never\n", ["--width", "32"])
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.hasPrefix("error:") } == [
                "error: unknown action 'serach'; did you mean 'search'?",
                "error: 'open' takes one row number, as in 'open 2'",
                "error: unterminated \" quote",
                "error: there is no screen to go back to"
            ])
        #expect(lines.contains("Catalog"))
        #expect(!result.out.contains("> search never"))
    }

    @Test func strictModeStopsAtTheFirstBadLineWithExitOne() async throws {
        let result = try await run(script: "serach x\nsearch phone\n", ["--strict"])
        #expect(result.code == 1)
        #expect(!result.out.contains("> search phone"))
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
        let code = await CatalogCommand.run(["--script", url.path, "--strict"], console: captured.console)
        #expect(code == 1)
        #expect(!captured.out.contains("> search cable"))
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
}
