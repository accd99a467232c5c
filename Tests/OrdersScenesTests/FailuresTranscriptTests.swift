// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// failures.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct FailuresTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(
            app: OrdersScenesTranscripts.app, locale: "en_US", faults: ["orders": .fail], registry: OrdersScenesTranscripts.registry(),
            width: 60, seed: 0)
        app.exhaustivity = .off
        await app.start()
        app.assertLines([
            "== Orders ==",
            "Orders cannot be loaded now (orders: failed (fault injected",
            "with --fault)).",
            "No orders yet",
            "[ New order ]"
        ])
        // the orders cannot be read: the list says so and shows none
        await app.send("new")
        app.assertLines([
            "== New order ==",
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
            "[ Cancel ]  > back"
        ])
        await app.send("firstName Ada")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
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
            "[ Cancel ]  > back"
        ])
        await app.send("lastName Lovelace")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
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
            "[ Cancel ]  > back"
        ])
        await app.send("email ada@example.com")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
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
            "[ Cancel ]  > back"
        ])
        await app.send("phone 5551234567")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
            "Phone: [(555) 123-4567]  > phone",
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
            "[ Cancel ]  > back"
        ])
        await app.send("street 12 Baker Street")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
            "Phone: [(555) 123-4567]  > phone",
            "Street: [12 Baker Street]  > street",
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
            "[ Cancel ]  > back"
        ])
        await app.send("city London")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
            "Phone: [(555) 123-4567]  > phone",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
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
            "[ Cancel ]  > back"
        ])
        await app.send("zip 10001")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
            "Phone: [(555) 123-4567]  > phone",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [10001]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "Card: []  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("deliverBy 1/15/26")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
            "Phone: [(555) 123-4567]  > phone",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [10001]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [1/15/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "Card: []  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("total 19.90")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
            "Phone: [(555) 123-4567]  > phone",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [10001]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [1/15/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$19.90]  > total",
            "Card: []  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("card 4111111111111111")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
            "Phone: [(555) 123-4567]  > phone",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [10001]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [1/15/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$19.90]  > total",
            "Card: [••••••••••••1111]  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        // the save fails on screen, and the form keeps what was typed
        await app.send("save")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example.com]  > email",
            "Phone: [(555) 123-4567]  > phone",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [10001]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [1/15/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$19.90]  > total",
            "Card: [••••••••••••1111]  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back",
            "! The order was not saved: orders: failed (fault injected",
            "! with --fault)"
        ])
        await app.send("back")
        app.assertLines([
            "== Orders ==",
            "Orders cannot be loaded now (orders: failed (fault injected",
            "with --fault)).",
            "No orders yet",
            "[ New order ]"
        ])
        await app.finish()
    }
}
