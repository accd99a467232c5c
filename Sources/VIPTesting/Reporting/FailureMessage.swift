import ScenerySupport
import VIP

/// The one shape of every test-kit failure: a headline, an Expected/Actual line diff, and
/// what to do about it.
///
/// ```
/// receive: the view model differs from the one expected
///
/// Expected/Actual:
///   ViewModel(
/// -   summary: "2 products"
/// +   summary: "1 product"
///   )
///
/// to fix: if the new result is right, update the expectation; otherwise fix the interactor or presenter
/// ```
public struct FailureMessage: Sendable, Equatable {
    public var headline: String
    public var expected: String
    public var actual: String
    public var fix: String

    public init(headline: String, expected: String, actual: String, fix: String) {
        self.headline = headline
        self.expected = expected
        self.actual = actual
        self.fix = fix
    }

    public var text: String {
        let diff =
            expected.isEmpty
            ? actual.split(separator: "\n", omittingEmptySubsequences: false).map { "+ \($0)" }.joined(separator: "\n")
            : LineDiff.render(expected: expected, actual: actual)
        return "\(headline)\n\nExpected/Actual (- expected, + actual):\n\(diff)\n\nto fix: \(fix)"
    }
}
