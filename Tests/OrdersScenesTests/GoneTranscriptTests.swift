// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// gone.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct GoneTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(
            app: OrdersScenesTranscripts.app, locale: "en_US", registry: OrdersScenesTranscripts.registry(), width: 60,
            fixtureFiles: ["orders": URL(fileURLWithPath: OrdersScenesTranscripts.app).appendingPathComponent("tests/seeds/two.json")],
            seed: 0)
        app.exhaustivity = .off
        await app.start(at: "OrderDetails", args: .record(Record(fields: [("orderId", .string("gone"))])))
        app.assertLines([
            "== Order ==",
            "[ Edit ] (disabled)",
            "[ Delete ] (disabled)",
            "[ Back ]",
            "! This order no longer exists."
        ])
        await app.sendRefused("back", "there is no screen to go back to")
        await app.finish()
    }
}
