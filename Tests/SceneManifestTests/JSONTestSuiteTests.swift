import Foundation
import SceneManifest
import Testing

/// Every case of JSONTestSuite's test_parsing: `y_` must parse, `n_` must be refused with a
/// positioned error, `i_` may go either way; none may crash or hang.
@Suite struct JSONTestSuiteTests {
    static let cases: [String] = {
        (try? FileManager.default.contentsOfDirectory(atPath: Paths.jsonTestSuite.path))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
    }()

    @Test func theSuiteIsThere() {
        #expect(Self.cases.count >= 300, "JSONTestSuite not found at \(Paths.jsonTestSuite.path)")
    }

    @Test(arguments: cases)
    func parsingCase(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Paths.jsonTestSuite.appendingPathComponent(name)))
        let result = Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
        switch name.first {
        case "y":
            if case let .failure(error) = result { Issue.record("refused a valid document: \(error) at byte \(error.offset)") }
        case "n":
            guard case let .failure(error) = result else {
                Issue.record("accepted an invalid document")
                return
            }
            #expect(error.offset >= 0 && error.offset <= bytes.count)
            #expect(error.code.family == .file)
        default:
            break
        }
    }
}
