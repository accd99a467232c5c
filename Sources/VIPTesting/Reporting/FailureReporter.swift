import Testing
import XCTest

/// Where test-kit failures go. The default reports to whichever framework runs the test:
/// Swift Testing when a `@Test` is running, XCTest otherwise.
///
/// Tests of the kit itself pass a reporter that collects messages instead.
public struct FailureReporter: Sendable {
    private let report: @Sendable (String, CallSite) -> Void

    public init(_ report: @escaping @Sendable (String, CallSite) -> Void) { self.report = report }

    /// Swift Testing's `Issue.record` inside a `@Test`, `XCTFail` inside an `XCTestCase`.
    public static let automatic = FailureReporter { message, site in
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: site.fileID, filePath: site.filePath, line: Int(site.line), column: Int(site.column)))
        } else {
            XCTFail(message, file: site.filePathLiteral, line: site.line)
        }
    }

    package func callAsFunction(_ message: String, at site: CallSite) { report(message, site) }
}
