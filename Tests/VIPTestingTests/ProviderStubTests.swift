import ScenerySupport
import Testing
import VIP
import VIPTesting

@Suite struct ProviderStubTests {
    @Test func answersTheScriptInOrderThenTheFallback() async throws {
        let stub = ProviderStub<Int, String>(.value("one"), .failure(NamesUnavailable()))
        stub.always(.value("again"))

        #expect(try await stub.fetch(1) == "one")
        await #expect(throws: NamesUnavailable.self) { try await stub.fetch(2) }
        #expect(try await stub.fetch(3) == "again")
        #expect(stub.queries == [1, 2, 3])
    }

    @Test func aDelayNeedsAClock() async {
        let stub = ProviderStub<Void, Int>(.delayed(.seconds(1), .value(1)))
        await #expect(throws: ProviderStubError.delayWithoutClock) { try await stub.fetch() }
    }
}
