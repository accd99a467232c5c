import SceneManifest
import Testing
import VIP

@testable import SceneRuntime

/// A scene keeps the `shared` record it read while the shared store's version stays the
/// same, and reads it again after any write: its own, another scene's, or Swift code's
/// straight into the store.
@MainActor
@Suite struct SharedReadsTests {
    static let files = [
        "app.json": appJSON(entry: "Home", #""shared": {"user": {"type": "string?"}}"#),
        "scenes/Home.json": #"""
        {"formatVersion": 1, "scene": "Home",
         "useCases": {"sign": {"request": {"name": "string"},
                               "interactor": [{"type": "set", "path": "shared.user", "value": "@{request.name}"}]}},
         "view": [{"type": "text", "text": "user=@{shared.user ?? 'nobody'}"}]}
        """#
    ]

    @Test func aWriteStraightIntoTheStoreIsSeenAtTheNextRead() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        #expect(test.lines() == ["user=nobody"])
        try await test.send("sign", ["name": .string("ann")])
        #expect(test.lines() == ["user=ann"])
        // As a Swift component writes it: through the store, not the scene.
        test.app.shared.store[SharedKey<SceneValue>("user", default: .null)] = .string("bob")
        #expect(test.lines() == ["user=bob"])
        #expect(test.app.sharedRecord["user"] == .string("bob"))
        test.app.shared.store.reset(SharedKey<SceneValue>("user", default: .null))
        #expect(test.lines() == ["user=nobody"])
    }
}
