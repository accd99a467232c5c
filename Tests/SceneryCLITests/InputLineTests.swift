import Foundation
import SceneRuntime
import Testing

@testable import SceneryCLI

// checks: docs/cli.md#scenery-run
@Suite struct InputLineTests {
    @Test(arguments: [
        ("open 2", ["open", "2"]),
        ("  search   usb  c ", ["search", "usb", "c"]),
        ("login name='Ada Lovelace' pin=\"12 34\"", ["login", "name=Ada Lovelace", "pin=12 34"]),
        ("say it\\'s", ["say", "it's"]),
        ("search phone # a comment", ["search", "phone"]),
        ("tag a#b", ["tag", "a#b"]),
        ("# only a comment", []),
        ("", [])
    ])
    func splitsLikeAShell(text: String, words: [String]) throws {
        #expect(try InputLine.split(text) == words)
    }

    @Test func anUnterminatedQuoteIsAProblemNotACrash() {
        #expect(throws: InputLine.Problem.unterminatedQuote("'")) { try InputLine.split("say 'hello") }
    }
}
