// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// persist.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct PersistTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(
            app: OrdersScenesTranscripts.app, locale: "en_US", registry: OrdersScenesTranscripts.registry(), width: 60, seed: 0)
        app.exhaustivity = .off
        await app.start()
        app.assertLines([
            "== Orders ==",
            "No orders yet",
            "[ New order ]"
        ])
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
        await app.send("save")
        app.assertLines([
            "== Orders ==",
            "1. Ada Lovelace, 1 × standard                         $19.90",
            "1 order, $19.90 in all",
            "[ New order ]"
        ])
        await app.restart()
        app.assertLines([
            "== Orders ==",
            "1. Ada Lovelace, 1 × standard                         $19.90",
            "1 order, $19.90 in all",
            "[ New order ]"
        ])
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
        await app.send("firstName Grace")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
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
        await app.send("lastName Hopper")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
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
        await app.send("email grace@example.com")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
            "Email: [grace@example.com]  > email",
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
        await app.send("phone 2125550199")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
            "Email: [grace@example.com]  > email",
            "Phone: [(212) 555-0199]  > phone",
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
        await app.send("street 1 Navy Way")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
            "Email: [grace@example.com]  > email",
            "Phone: [(212) 555-0199]  > phone",
            "Street: [1 Navy Way]  > street",
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
        await app.send("city Arlington")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
            "Email: [grace@example.com]  > email",
            "Phone: [(212) 555-0199]  > phone",
            "Street: [1 Navy Way]  > street",
            "City: [Arlington]  > city",
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
        await app.send("zip 22202")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
            "Email: [grace@example.com]  > email",
            "Phone: [(212) 555-0199]  > phone",
            "Street: [1 Navy Way]  > street",
            "City: [Arlington]  > city",
            "ZIP: [22202]  > zip",
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
        await app.send("deliverBy 1/20/26")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
            "Email: [grace@example.com]  > email",
            "Phone: [(212) 555-0199]  > phone",
            "Street: [1 Navy Way]  > street",
            "City: [Arlington]  > city",
            "ZIP: [22202]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [1/20/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "Card: []  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("total 42.50")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
            "Email: [grace@example.com]  > email",
            "Phone: [(212) 555-0199]  > phone",
            "Street: [1 Navy Way]  > street",
            "City: [Arlington]  > city",
            "ZIP: [22202]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [1/20/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$42.50]  > total",
            "Card: []  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("card 5500000000000004")
        app.assertLines([
            "== New order ==",
            "First name: [Grace]  > firstName",
            "Last name: [Hopper]  > lastName",
            "Email: [grace@example.com]  > email",
            "Phone: [(212) 555-0199]  > phone",
            "Street: [1 Navy Way]  > street",
            "City: [Arlington]  > city",
            "ZIP: [22202]  > zip",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [1/20/26]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$42.50]  > total",
            "Card: [••••••••••••0004]  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("save")
        app.assertLines([
            "== Orders ==",
            "1. Ada Lovelace, 1 × standard                         $19.90",
            "2. Grace Hopper, 1 × standard                         $42.50",
            "2 orders, $62.40 in all",
            "[ New order ]"
        ])
        await app.send("open 1")
        app.assertLines([
            "== Ada Lovelace ==",
            "ada@example.com, (555) 123-4567",
            "12 Baker Street, London 10001",
            "Standard shipping by January 15, 2026",
            "1 × for $19.90, card ••••••••••••1111",
            "Placed Dec 31, 2025 at 19:00 ·",
            "#e220a839-7b1d-4daf-ae78-9e6aa1b965f4",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]"
        ])
        await app.send("back")
        app.assertLines([
            "== Orders ==",
            "1. Ada Lovelace, 1 × standard                         $19.90",
            "2. Grace Hopper, 1 × standard                         $42.50",
            "2 orders, $62.40 in all",
            "[ New order ]"
        ])
        await app.send("open 2")
        app.assertLines([
            "== Grace Hopper ==",
            "grace@example.com, (212) 555-0199",
            "1 Navy Way, Arlington 22202",
            "Standard shipping by January 20, 2026",
            "1 × for $42.50, card ••••••••••••0004",
            "Placed Dec 31, 2025 at 19:00 ·",
            "#910a2dec-8902-4cc1-beeb-8da1658eec67",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]"
        ])
        await app.finish()
    }
}
