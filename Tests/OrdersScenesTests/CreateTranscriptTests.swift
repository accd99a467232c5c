// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// create.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct CreateTranscriptTests {
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
        // an empty list, then a new order
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
        // saving an empty form lists every field that needs a value
        await app.send("save")
        app.assertLines([
            "== New order ==",
            "First name: []  > firstName",
            "! Enter the first name",
            "Last name: []  > lastName",
            "! Enter the last name",
            "Email: []  > email",
            "! Enter an email like ada@example.com",
            "Phone: []  > phone",
            "! Enter a phone number of 10 digits",
            "Street: []  > street",
            "! Enter the street",
            "City: []  > city",
            "! Enter the city",
            "ZIP: []  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "! Choose a delivery day after today",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
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
            "! Enter the last name",
            "Email: []  > email",
            "! Enter an email like ada@example.com",
            "Phone: []  > phone",
            "! Enter a phone number of 10 digits",
            "Street: []  > street",
            "! Enter the street",
            "City: []  > city",
            "! Enter the city",
            "ZIP: []  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "! Choose a delivery day after today",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
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
            "! Enter an email like ada@example.com",
            "Phone: []  > phone",
            "! Enter a phone number of 10 digits",
            "Street: []  > street",
            "! Enter the street",
            "City: []  > city",
            "! Enter the city",
            "ZIP: []  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "! Choose a delivery day after today",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("email ada@example")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: []  > phone",
            "! Enter a phone number of 10 digits",
            "Street: []  > street",
            "! Enter the street",
            "City: []  > city",
            "! Enter the city",
            "ZIP: []  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "! Choose a delivery day after today",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("phone 555-1234")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: []  > street",
            "! Enter the street",
            "City: []  > city",
            "! Enter the city",
            "ZIP: []  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "! Choose a delivery day after today",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
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
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: [12 Baker Street]  > street",
            "City: []  > city",
            "! Enter the city",
            "ZIP: []  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "! Choose a delivery day after today",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
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
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: []  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "! Choose a delivery day after today",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("zip 1234")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [1234]  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: []  > deliverBy",
            "! Choose a delivery day after today",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("deliverBy 12/31/25")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [1234]  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [12/31/25]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: []  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("total 0")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [1234]  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [12/31/25]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$0.00]  > total",
            "! Enter a total above zero",
            "Card: []  > card",
            "! Enter a card number of 16 digits",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("card 4111")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [1234]  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [12/31/25]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$0.00]  > total",
            "! Enter a total above zero",
            "Card: [4111]  > card",
            "! Enter a card number of 16 digits",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        // a value that is not of the field's type is refused, and nothing changes
        await app.sendRefused("quantity lots", "'quantity' must be a whole number, not 'lots'")
        await app.sendRefused("deliverBy tomorrow", "'deliverBy' must be a date like 2026-06-29 or 6/29/26, not 'tomorrow'")
        await app.send("save")
        app.assertLines([
            "== New order ==",
            "First name: [Ada]  > firstName",
            "Last name: [Lovelace]  > lastName",
            "Email: [ada@example]  > email",
            "! Enter an email like ada@example.com",
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [1234]  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [12/31/25]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$0.00]  > total",
            "! Enter a total above zero",
            "Card: [4111]  > card",
            "! Enter a card number of 16 digits",
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
            "Phone: [555-1234]  > phone",
            "! Enter a phone number of 10 digits",
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [1234]  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [12/31/25]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$0.00]  > total",
            "! Enter a total above zero",
            "Card: [4111]  > card",
            "! Enter a card number of 16 digits",
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
            "Street: [12 Baker Street]  > street",
            "City: [London]  > city",
            "ZIP: [1234]  > zip",
            "! Enter a ZIP code of 5 digits",
            "Shipping: [standard]  > shipping",
            "choose: standard, express",
            "Deliver by: [12/31/25]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$0.00]  > total",
            "! Enter a total above zero",
            "Card: [4111]  > card",
            "! Enter a card number of 16 digits",
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
            "Deliver by: [12/31/25]  > deliverBy",
            "Quantity: [1]  > quantity",
            "Total: [$0.00]  > total",
            "! Enter a total above zero",
            "Card: [4111]  > card",
            "! Enter a card number of 16 digits",
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
            "Total: [$0.00]  > total",
            "! Enter a total above zero",
            "Card: [4111]  > card",
            "! Enter a card number of 16 digits",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("quantity 2")
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
            "Quantity: [2]  > quantity",
            "Total: [$0.00]  > total",
            "! Enter a total above zero",
            "Card: [4111]  > card",
            "! Enter a card number of 16 digits",
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
            "Quantity: [2]  > quantity",
            "Total: [$19.90]  > total",
            "Card: [4111]  > card",
            "! Enter a card number of 16 digits",
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
            "Quantity: [2]  > quantity",
            "Total: [$19.90]  > total",
            "Card: [••••••••••••1111]  > card",
            "Gift wrap: [no]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("gift yes")
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
            "Quantity: [2]  > quantity",
            "Total: [$19.90]  > total",
            "Card: [••••••••••••1111]  > card",
            "Gift wrap: [yes]  > gift",
            "Note: []  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("note Ring twice")
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
            "Quantity: [2]  > quantity",
            "Total: [$19.90]  > total",
            "Card: [••••••••••••1111]  > card",
            "Gift wrap: [yes]  > gift",
            "Note: [Ring twice]  > note",
            "[ Save ]  > save",
            "[ Cancel ]  > back"
        ])
        await app.send("save")
        app.assertLines([
            "== Orders ==",
            "1. Ada Lovelace, 2 × standard                         $19.90",
            "1 order, $19.90 in all",
            "[ New order ]"
        ])
        await app.send("open 1")
        app.assertLines([
            "== Ada Lovelace ==",
            "ada@example.com, (555) 123-4567",
            "12 Baker Street, London 10001",
            "Standard shipping by January 15, 2026, gift wrapped",
            "2 × for $19.90, card ••••••••••••1111",
            "Note: Ring twice",
            "Placed Dec 31, 2025 at 19:00 ·",
            "#e220a839-7b1d-4daf-ae78-9e6aa1b965f4",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]"
        ])
        await app.send("back")
        app.assertLines([
            "== Orders ==",
            "1. Ada Lovelace, 2 × standard                         $19.90",
            "1 order, $19.90 in all",
            "[ New order ]"
        ])
        // 'help' prints; the frame stays as it was
        await app.finish()
    }
}
