import ScenerySupport
import Testing

@Suite struct ScalarEscapeTests {
    @Test(
        arguments: [
            (Unicode.Scalar(0x0A)!, "\\u{A}"),
            (Unicode.Scalar(0x1B)!, "\\u{1B}"),
            (Unicode.Scalar(0x00)!, "\\u{0}"),
            (Unicode.Scalar(0x202E)!, "\\u{202E}")
        ] as [(Unicode.Scalar, String)])
    func writesTheScalarAsASwiftLiteralDoes(scalar: Unicode.Scalar, written: String) {
        #expect(scalar.escapedAsInSwift == written)
    }
}
