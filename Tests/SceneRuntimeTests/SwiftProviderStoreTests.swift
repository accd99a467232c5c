import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport
import Testing
import VIP

/// A `swift` provider is writable (docs/manifest.md, Providers; Interactor steps, `store`):
/// one registered as a `WritableProvider` takes a `store`, the value decoded to its type;
/// one registered as a plain `Provider` refuses it with the one message every store path
/// gives.
// checks: docs/manifest.md#providers
// checks: docs/manifest.md#interactor-steps
@MainActor
@Suite struct SwiftProviderStoreTests {
    /// Notes kept in memory, as a Swift team's store might keep them in a database.
    final class Notes: WritableProvider, Sendable {
        let kept = Locked<[String]>([])
        func fetch(_ query: [String: String]) async throws -> [String] { kept.withLock { $0 } }
        func store(_ value: [String], for query: [String: String]) async throws { kept.withLock { $0 = value } }
    }

    struct ReadOnlyNotes: Provider {
        func fetch(_ query: [String: String]) async throws -> [String] { [] }
    }

    static let files: [String: String] = [
        "app.json": appJSON(#""providers": {"notes": {"type": "swift", "name": "Notes"}}"#),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main",
         "useCases": {
           "load": {"interactor": [{"type": "fetch", "provider": "notes", "as": "n"}], "response": {"n": "@{n}"}, "presenter": {"n": "@{join(response.n, ', ')}"}},
           "add": {"request": {"text": "string"}, "interactor": [
             {"type": "fetch", "provider": "notes", "as": "n"},
             {"type": "work", "worker": "append", "input": "@{n}", "args": {"item": "@{request.text}"}, "as": "next"},
             {"type": "store", "provider": "notes", "value": "@{next}"}, {"type": "call", "useCase": "load"}]},
           "spoil": {"interactor": [{"type": "store", "provider": "notes", "value": 5}]}},
         "view": [{"type": "text", "text": "notes: @{vm.n}"}, {"type": "error"}], "onAppear": ["load"]}
        """#
    ]

    /// The app started with `notes` registered as its Swift provider.
    func started(with notes: Notes) async throws -> TestApp {
        let registry = SceneRegistry()
        registry.register(provider: "Notes", notes)
        let test = try TestApp(Self.files, registry: registry)
        try await test.start()
        return test
    }

    @Test func aWritableSwiftProviderTakesAStore() async throws {
        let notes = Notes()
        let test = try await started(with: notes)
        try await test.send("add", ["text": .string("milk")])
        try await test.send("add", ["text": .string("eggs")])
        #expect(test.lines() == ["notes: milk, eggs"])
        #expect(notes.kept.withLock { $0 } == ["milk", "eggs"])
    }

    @Test func aValueThatDoesNotDecodeIsRefusedAndNothingStored() async throws {
        let notes = Notes()
        let test = try await started(with: notes)
        try await test.send("add", ["text": .string("milk")])
        try await test.send("spoil")
        #expect(test.top?.errors.first?.hasPrefix("value stored into provider 'Notes' does not fit Array<String>") == true)
        #expect(notes.kept.withLock { $0 } == ["milk"])
    }

    /// A fixture on a writable Swift provider is where it starts (docs/cli.md, scenery run):
    /// reads before any store give the fixture, and stores go to the state folder under the
    /// provider's name, as a keyValue provider's do; the registered provider is not asked.
    @Test func aFixtureSeedsAWritableSwiftProviderWhoseStoresGoToTheStateFolder() async throws {
        let notes = Notes()
        let registry = SceneRegistry()
        registry.register(provider: "Notes", notes)
        let scratch = scratchFolder.appendingPathComponent("swift-fixture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let fixture = scratch.appendingPathComponent("notes.json")
        try Data(#"["from fixture"]"#.utf8).write(to: fixture)
        var options = RuntimeOptions()
        options.fixtures["notes"] = fixture
        options.stateDirectory = scratch.appendingPathComponent("state")
        let test = try TestApp(Self.files, options: options, registry: registry)
        try await test.start()
        #expect(test.lines() == ["notes: from fixture"])
        try await test.send("add", ["text": .string("milk")])
        #expect(test.lines() == ["notes: from fixture, milk"])
        #expect(notes.kept.withLock { $0 }.isEmpty)
        let stored = try String(contentsOf: scratch.appendingPathComponent("state/T.json"), encoding: .utf8)
        #expect(stored.contains("milk"))
        #expect(try String(contentsOf: fixture, encoding: .utf8) == #"["from fixture"]"#)
    }

    /// Under an executable that does not register it, a store says what is missing, as a
    /// fetch does (docs/cli.md, Apps with Swift components).
    // checks: docs/cli.md#apps-with-swift-components
    @Test func anUnregisteredSwiftProviderSaysItIsNotRegisteredOnAStoreToo() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        try await test.send("spoil")
        #expect(
            test.top?.errors == [
                "provider 'notes' is registered in code as 'Notes', and this executable does not register it; run the app's own executable"
            ])
    }

    @Test func aReadOnlySwiftProviderRefusesAStoreInOneWording() async throws {
        let registry = SceneRegistry()
        registry.register(provider: "Notes", ReadOnlyNotes())
        let test = try TestApp(Self.files, registry: registry)
        try await test.start()
        try await test.send("add", ["text": .string("milk")])
        #expect(
            test.top?.errors == [
                "notes: cannot be written: only keyValue providers, and Swift providers registered as a WritableProvider, take a store"
            ])
    }
}
