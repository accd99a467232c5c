// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// edit.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct EditTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(
            app: OrdersScenesTranscripts.app, locale: "en_US", registry: OrdersScenesTranscripts.registry(), width: 60,
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
        // the newest order first
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
        await app.send("city Cambridge")
        app.assertLines([
            "== Edit order ==",
            "First name: [Alan]  > firstName",
            "Last name: [Turing]  > lastName",
            "Email: [alan@example.com]  > email",
            "Phone: [(415) 555-0123]  > phone",
            "Street: [2 Bletchley Park]  > street",
            "City: [Cambridge]  > city",
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
        await app.send("zip 02139")
        app.assertLines([
            "== Edit order ==",
            "First name: [Alan]  > firstName",
            "Last name: [Turing]  > lastName",
            "Email: [alan@example.com]  > email",
            "Phone: [(415) 555-0123]  > phone",
            "Street: [2 Bletchley Park]  > street",
            "City: [Cambridge]  > city",
            "ZIP: [02139]  > zip",
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
        await app.send("total 8.75")
        app.assertLines([
            "== Edit order ==",
            "First name: [Alan]  > firstName",
            "Last name: [Turing]  > lastName",
            "Email: [alan@example.com]  > email",
            "Phone: [(415) 555-0123]  > phone",
            "Street: [2 Bletchley Park]  > street",
            "City: [Cambridge]  > city",
            "ZIP: [02139]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [2/1/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$8.75]  > total",
            "Card: [••••••••••••0002]  > card",
            "Gift wrap: [no]  > gift",
            "Note: [Leave with the porter]  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("gift yes")
        app.assertLines([
            "== Edit order ==",
            "First name: [Alan]  > firstName",
            "Last name: [Turing]  > lastName",
            "Email: [alan@example.com]  > email",
            "Phone: [(415) 555-0123]  > phone",
            "Street: [2 Bletchley Park]  > street",
            "City: [Cambridge]  > city",
            "ZIP: [02139]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [2/1/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$8.75]  > total",
            "Card: [••••••••••••0002]  > card",
            "Gift wrap: [yes]  > gift",
            "Note: [Leave with the porter]  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("save")
        app.assertLines([
            "== Alan Turing ==",
            "alan@example.com, (415) 555-0123",
            "2 Bletchley Park, Cambridge 02139",
            "Standard shipping by February 1, 2026, gift wrapped",
            "1 × for $8.75, card ••••••••••••0002",
            "Note: Leave with the porter",
            "Placed Dec 21, 2025 at 04:05 ·",
            "#e6984080-bab1-4a02-953a-eb70673e29cb",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]"
        ])
        await app.send("back")
        app.assertLines([
            "== Orders ==",
            "1. Alan Turing, 1 × standard                           $8.75",
            "2. Grace Hopper, 3 × express                          $42.50",
            "2 orders, $51.25 in all",
            "[ New order ]"
        ])
        // the list shows the change; the other order is as it was
        await app.send("open 2")
        app.assertLines([
            "== Grace Hopper ==",
            "grace@example.com, (212) 555-0199",
            "1 Navy Way, Arlington 22202",
            "Express shipping by January 5, 2026",
            "3 × for $42.50, card ••••••••••••0004",
            "Placed Dec 20, 2025 at 10:30 ·",
            "#63cbe1e4-5932-4dd7-844c-3cd7f43c661c",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]"
        ])
        await app.send("delete")
        app.assertLines([
            "== Orders ==",
            "1. Alan Turing, 1 × standard                           $8.75",
            "1 order, $8.75 in all",
            "[ New order ]"
        ])
        await app.finish()
    }
}
