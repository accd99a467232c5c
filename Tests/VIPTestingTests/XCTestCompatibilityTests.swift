import VIP
import VIPTesting
import XCTest

/// The harness reports through XCTest when an XCTestCase runs it: a passing test passes,
/// and a failing assertion reaches XCTest as a failure, at the test's own line.
final class XCTestCompatibilityTests: XCTestCase {
    /// Failures XCTest recorded while `capturing` is set, instead of failing this test.
    private var captured: [(description: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    @MainActor
    func testTheHarnessRunsUnderXCTest() async {
        let store = TestStore(interactor: GreetingInteractor(suffix: ProviderStub(.value("!"))), presenter: GreetingPresenter())
        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.receive(.init(text: "Hello, Ada!"))
        await store.finish()
    }

    @MainActor
    func testAFailingAssertionReachesXCTestAsAFailureAtItsLine() async {
        let store = TestStore(interactor: GreetingInteractor(suffix: ProviderStub(.value("!"))), presenter: GreetingPresenter())
        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        capturing = true
        let line = #line + 1
        await store.receive(.init(text: "Hello, Grace!"))
        capturing = false
        await store.finish()

        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertTrue(
            captured.first?.description.contains("receive: the view model differs from the one expected") == true,
            captured.first?.description ?? "no failure reached XCTest")
    }
}
