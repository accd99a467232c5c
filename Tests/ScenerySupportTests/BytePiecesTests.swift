import Foundation
import ScenerySupport
import Testing

@Suite struct BytePiecesTests {
    @Test(
        arguments: [
            ("a.b.c", ["a", "b", "c"]),
            ("a..b", ["a", "", "b"]),
            ("", [""]),
            (".", ["", ""]),
            ("no dot", ["no dot"]),
            ("état.nom", ["état", "nom"]),
            // A combining mark after the dot joins it into one character, but the dot's byte is cut at.
            ("a.\u{301}b", ["a", "\u{301}b"])
        ] as [(String, [String])])
    func cutsAtEveryDotByte(text: String, pieces: [String]) {
        #expect(text.pieces(separatedBy: UInt8(ascii: ".")) == pieces)
        var seen: [String] = []
        text.forEachPiece(separatedBy: UInt8(ascii: ".")) { seen.append(String(decoding: $0, as: UTF8.self)) }
        #expect(seen == pieces)
    }

    @Test func aBridgedStringIsCutTheSameWay() {
        let bridged = NSString(string: "one\ntwo\n") as String
        #expect(bridged.pieces(separatedBy: UInt8(ascii: "\n")) == ["one", "two", ""])
    }
}
