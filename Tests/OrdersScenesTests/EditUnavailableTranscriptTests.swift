// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// edit-unavailable.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct EditUnavailableTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(
            app: OrdersScenesTranscripts.app, locale: "en_US", faults: ["orders": .fail], registry: OrdersScenesTranscripts.registry(),
            width: 60, seed: 0)
        app.exhaustivity = .off
        await app.start(at: "OrderForm", args: .record(Record(fields: [("orderId", .string("x"))])))
        app.assertLines([
            "== Edit order ==",
            "First name: []  > firstName",
            "Last name: []  > lastName",
            "Email: []  > email",
            "Phone: []  > phone",
            "Street: []  > street",
            "City: []  > city",
            "ZIP: []  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "Card: []  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back",
            "! This order cannot be edited now (orders: failed (fault",
            "! injected with --fault))."
        ])
        await app.sendRefused("back", "there is no screen to go back to")
        await app.finish()
    }
}
