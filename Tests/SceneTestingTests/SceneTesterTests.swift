import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing
import VIPTesting

// checks: docs/testing.md#2-a-json-scene-in-swift-scenetester
@MainActor
@Suite struct SceneTesterTests {
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes/Shop").path

    /// The shop signed in, on the Catalog.
    func signedIn(_ tester: SceneTester) async {
        await tester.start()
        tester.assertStack(["Login"])
        await tester.send("email ada@example.com")
        await tester.send("login")
        tester.assertStack(["Catalog"])
    }

    @Test func aFlowReadsLikeASpec() async throws {
        let shop = try SceneTester(app: Self.shop, width: 40)
        await signedIn(shop)
        shop.assertViewModel(["summary": .string("8 products")])
        await shop.send("load sale")
        shop.assertLines([
            "== Catalog ==",
            "Search: [sale]",
            "1. Earbuds                         $0.10",
            "2. Screen Protector                $0.20",
            "2 products",
            "[ Sort: cheapest first ]",
            "[ Cart (0) ] (disabled)",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await shop.sendRefused("cart", "'cart' is disabled: the 'Cart (0)' button is disabled now")
        await shop.send("open 2")
        shop.assertScene("Product")
        shop.assertViewModel(["title": .string("Screen Protector"), "price": .string("Price: $0.20")])
        await shop.finish()
    }

    @Test func fixturesReplaceAProvidersData() async throws {
        let products: SceneValue = .list([
            .record(
                Record([
                    "id": .string("x1"), "name": .string("Test Widget"), "price": .number(5), "category": .string("tests"),
                    "tags": .list([])
                ]))
        ])
        let shop = try SceneTester(app: Self.shop, fixtures: ["products": products], width: 40)
        await signedIn(shop)
        shop.assertViewModel(["summary": .string("1 product")])
        await shop.finish()
    }

    @Test func aFailingProviderShowsItsErrorWhichMustBeAsserted() async throws {
        let shop = try SceneTester(app: Self.shop, faults: ["deals": .fail], width: 60)
        await signedIn(shop)
        await shop.send("deals")
        shop.assertScene("Deals")
        shop.receiveError("deals: failed (fault injected with --fault)")
        await shop.finish()
    }

    @Test func aDelayedProviderWaitsOnTheTestClock() async throws {
        let shop = try SceneTester(
            app: Self.shop, fixtures: ["deals": .list([.record(Record(["title": .string("Cables"), "discount": .number(0.5)]))])],
            faults: ["deals": .delay(milliseconds: 5_000)], width: 40)
        await signedIn(shop)
        await shop.send("deals")
        shop.assertScene("Deals")
        #expect(shop.lines.contains("… Loading…"))
        await shop.advance(by: .seconds(5))
        #expect(shop.lines.contains("1. Cables                           -50%"))
        await shop.finish()
    }

    @Test func whatWasNotAssertedFailsTheTest() async throws {
        let failures = CollectedFailures()
        let shop = try SceneTester(app: Self.shop, faults: ["deals": .delay(milliseconds: 5_000)], reporter: failures.reporter)
        await shop.start()
        await shop.send("login")  // refused: the button is disabled
        await shop.send("email ada@example.com")
        await shop.send("login")  // the stack changes, unasserted
        await shop.send("deals")
        await shop.finish()  // the deals request still waits
        #expect(
            failures.messages.map { $0.split(separator: "\n")[0] } == [
                "send: 'login' was refused",
                "send: the stack changed and was not asserted",
                "finish: the stack changed and was not asserted",
                "finish: work is still running in Deals"
            ])
    }

    @Test func anErrorNotAssertedIsCountedInWords() async throws {
        let failures = CollectedFailures()
        let shop = try SceneTester(app: Self.shop, faults: ["deals": .fail], width: 60, reporter: failures.reporter)
        await signedIn(shop)
        await shop.send("deals")
        shop.assertScene("Deals")
        await shop.finish()
        #expect(failures.messages.map { $0.split(separator: "\n")[0] } == ["finish: 1 error shown and not asserted"])
    }

    @Test func anAppWithErrorsCannotBeLoaded() throws {
        #expect(throws: SceneTesterError.self) { try SceneTester(app: "/no/such/app") }
    }
}
