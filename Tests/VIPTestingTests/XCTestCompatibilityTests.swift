import XCTest
import VIP
import VIPTesting

/// The harness reports through XCTest when an XCTestCase runs it.
final class XCTestCompatibilityTests: XCTestCase {
    @MainActor
    func testTheHarnessRunsUnderXCTest() async {
        let store = TestStore(interactor: GreetingInteractor(suffix: ProviderStub(.value("!"))), presenter: GreetingPresenter())
        await store.send(.init(name: "Ada"))
        await store.receive(.init(isLoading: true))
        await store.receive(.init(text: "Hello, Ada!"))
        await store.finish()
    }
}
