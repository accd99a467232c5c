import Testing
import VIP
import VIPTesting

/// The writable provider double: what was stored is what is fetched, and failures come
/// where the test puts them.
// checks: docs/testing.md#1-a-typed-pair-teststore
@Suite struct ProviderDoubleTests {
    struct DiskFull: Error {}
    struct Offline: Error {}

    /// An interactor's save: read the list, add, write it back.
    static func add(_ name: String, to names: some WritableProvider<Void, [String]>) async throws {
        let all = try await names.fetch(())
        try await names.store(all + [name], for: ())
    }

    @Test func storesAreFetchedBackAndRecorded() async throws {
        let names = ProviderDouble<Void, [String]>([])
        try await Self.add("Ada", to: names)
        try await Self.add("Grace", to: names)
        #expect(try await names.fetch(()) == ["Ada", "Grace"])
        #expect(names.stored.map(\.value) == [["Ada"], ["Ada", "Grace"]])
        #expect(names.queries.count == 3)
        #expect(names.value == ["Ada", "Grace"])
    }

    @Test func injectedFailuresKeepNothingAndStopWhenCleared() async throws {
        let names = ProviderDouble<Void, [String]>(["Ada"])
        names.failStores(with: DiskFull())
        await #expect(throws: DiskFull.self) { try await Self.add("Grace", to: names) }
        #expect(names.value == ["Ada"])
        #expect(names.stored.isEmpty)
        names.failStores(with: nil)
        names.failFetches(with: Offline())
        await #expect(throws: Offline.self) { try await names.fetch(()) }
        names.failFetches(with: nil)
        try await Self.add("Grace", to: names)
        #expect(names.value == ["Ada", "Grace"])
    }

    @Test func aFetchBeforeAnyStoreWithoutAnInitialValueIsAnError() async {
        let names = ProviderDouble<Void, [String]>()
        await #expect(throws: ProviderDoubleError.nothingStored) { try await names.fetch(()) }
    }
}
