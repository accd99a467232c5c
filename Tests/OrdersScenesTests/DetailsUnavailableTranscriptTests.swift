// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// details-unavailable.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct DetailsUnavailableTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(
            app: OrdersScenesTranscripts.app, locale: "en_US", faults: ["orders": .fail], registry: OrdersScenesTranscripts.registry(),
            width: 60, seed: 0)
        app.exhaustivity = .off
        await app.start(at: "OrderDetails", args: .record(Record(fields: [("orderId", .string("x"))])))
        app.assertLines([
            "== Order ==",
            "[ Edit ] (disabled)",
            "[ Delete ] (disabled)",
            "[ Back ]",
            "! This order cannot be shown now (orders: failed (fault",
            "! injected with --fault))."
        ])
        await app.sendRefused("back", "there is no screen to go back to")
        await app.finish()
    }
}
