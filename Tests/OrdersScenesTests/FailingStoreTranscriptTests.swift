// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// failing-store.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct FailingStoreTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(
            app: OrdersScenesTranscripts.app, locale: "en_US", faults: ["orders": .failStores],
            registry: OrdersScenesTranscripts.registry(), width: 60,
            fixtureFiles: ["orders": URL(fileURLWithPath: OrdersScenesTranscripts.app).appendingPathComponent("tests/seeds/two.json")],
            seed: 0)
        app.exhaustivity = .off
        await app.start()
        app.assertLines([
            "== Orders ==",
            "1. Alan Turing, 1 × standard                           $7.25",
            "2. Grace Hopper, 3 × express                          $42.50",
            "2 orders, $49.75 in all",
            "[ New order ]"
        ])
        // a row that is not there
        await app.sendRefused("open 9", "'open': there is no row 9; choose 1 to 2")
        await app.send("open 1")
        app.assertLines([
            "== Alan Turing ==",
            "alan@example.com, (415) 555-0123",
            "2 Bletchley Park, Milton Keynes 90210",
            "Standard shipping by February 1, 2026",
            "1 × for $7.25, card ••••••••••••0002",
            "Note: Leave with the porter",
            "Placed Dec 21, 2025 at 04:05 ·",
            "#e6984080-bab1-4a02-953a-eb70673e29cb",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]"
        ])
        await app.send("edit")
        app.assertLines([
            "== Edit order ==",
            "First name: [Alan]  > firstName",
            "Last name: [Turing]  > lastName",
            "Email: [alan@example.com]  > email",
            "Phone: [(415) 555-0123]  > phone",
            "Street: [2 Bletchley Park]  > street",
            "City: [Milton Keynes]  > city",
            "ZIP: [90210]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [2/1/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$7.25]  > total",
            "Card: [••••••••••••0002]  > card",
            "Gift wrap: [no]  > gift",
            "Note: [Leave with the porter]  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("total 9.50")
        app.assertLines([
            "== Edit order ==",
            "First name: [Alan]  > firstName",
            "Last name: [Turing]  > lastName",
            "Email: [alan@example.com]  > email",
            "Phone: [(415) 555-0123]  > phone",
            "Street: [2 Bletchley Park]  > street",
            "City: [Milton Keynes]  > city",
            "ZIP: [90210]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [2/1/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$9.50]  > total",
            "Card: [••••••••••••0002]  > card",
            "Gift wrap: [no]  > gift",
            "Note: [Leave with the porter]  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        // the store fails: the form says so and keeps the change
        await app.send("save")
        app.assertLines([
            "== Edit order ==",
            "First name: [Alan]  > firstName",
            "Last name: [Turing]  > lastName",
            "Email: [alan@example.com]  > email",
            "Phone: [(415) 555-0123]  > phone",
            "Street: [2 Bletchley Park]  > street",
            "City: [Milton Keynes]  > city",
            "ZIP: [90210]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [2/1/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$9.50]  > total",
            "Card: [••••••••••••0002]  > card",
            "Gift wrap: [no]  > gift",
            "Note: [Leave with the porter]  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back",
            "! The order was not saved: orders: could not be written",
            "! (fault injected with --fault)"
        ])
        await app.send("back")
        app.assertLines([
            "== Alan Turing ==",
            "alan@example.com, (415) 555-0123",
            "2 Bletchley Park, Milton Keynes 90210",
            "Standard shipping by February 1, 2026",
            "1 × for $7.25, card ••••••••••••0002",
            "Note: Leave with the porter",
            "Placed Dec 21, 2025 at 04:05 ·",
            "#e6984080-bab1-4a02-953a-eb70673e29cb",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]"
        ])
        // and a delete that cannot be written leaves the order in place
        await app.send("delete")
        app.assertLines([
            "== Alan Turing ==",
            "alan@example.com, (415) 555-0123",
            "2 Bletchley Park, Milton Keynes 90210",
            "Standard shipping by February 1, 2026",
            "1 × for $7.25, card ••••••••••••0002",
            "Note: Leave with the porter",
            "Placed Dec 21, 2025 at 04:05 ·",
            "#e6984080-bab1-4a02-953a-eb70673e29cb",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]",
            "! The order was not deleted: orders: could not be written",
            "! (fault injected with --fault)"
        ])
        await app.send("back")
        app.assertLines([
            "== Orders ==",
            "1. Alan Turing, 1 × standard                           $7.25",
            "2. Grace Hopper, 3 × express                          $42.50",
            "2 orders, $49.75 in all",
            "[ New order ]"
        ])
        await app.finish()
    }
}
