import Foundation
import SceneManifest
import SceneRuntime
import ShopComponents
import Testing
import VIP

// checks: docs/cli.md#apps-with-swift-components
@MainActor
@Suite struct RegistryTests {
    static let files: [String: String] = [
        "app.json": appJSON(
            #"""
            "shared": {"user": {"type": "string?", "default": "ada"}, "cart": {"type": "[CartLine]", "default": [{"price": 19.99, "quantity": 3}]}},
            "models": {"CartLine": {"price": "decimal", "quantity": "int"}},
            "providers": {"loyalty": {"type": "swift", "name": "LoyaltyAccounts"}},
            "workers": {"loyaltyPoints": {"type": "swift"}}, "formatters": {"tierBadge": {"type": "swift"}}
            """#),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main",
         "useCases": {
           "load": {"interactor": [
               {"type": "fetch", "provider": "loyalty", "as": "account", "args": {"user": "@{shared.user}"}},
               {"type": "work", "worker": "loyaltyPoints", "input": "@{shared.cart}", "args": {"rate": 0.5}, "as": "earn"}],
             "response": {"points": "@{account.points}", "tier": "@{account.tier}", "earn": "@{earn}"},
             "presenter": {"swift": "RewardsPresenter"}},
           "redeem": {"request": {"points": "int"}, "interactor": {"swift": "RedeemPoints"}, "presenter": {"notice": "@{response.message}"}}},
         "view": [{"type": "text", "text": "@{vm.headline} · @{tierBadge(vm.tier)} · @{vm.earn}"}, {"type": "text", "text": "@{vm.notice}"}, {"type": "error"}],
         "onAppear": ["load"]}
        """#
    ]

    @Test func swiftComponentsRunUnderTheNamesTheManifestUses() async throws {
        let registry = SceneRegistry()
        ShopComponents.register(into: registry)
        let test = try TestApp(Self.files, registry: registry)
        try await test.start()
        // 'ada' scores 97 + 100 + 97 = 294 points: bronze; 3 × 19.99 × 0.5 = 29.985 earns 29.
        #expect(test.lines(width: 80) == ["You have 294 points · ★ Bronze · This cart earns 29 more"])
        try await test.send("redeem", ["points": .number(300)])
        #expect(test.lines(width: 80).last == "300 points make a $3.00 voucher")
        try await test.send("redeem", ["points": .number(150)])
        #expect(test.top?.errors == ["points are redeemed in hundreds, not 150"])
    }

    @Test func withoutTheRegistrationsEachComponentSaysWhatIsMissing() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        #expect(
            test.top?.errors == [
                "provider 'loyalty' is registered in code as 'LoyaltyAccounts', and this executable does not register it; run the app's own executable"
            ])
        try await test.send("redeem", ["points": .number(100)])
        #expect(
            test.top?.errors == [
                "interactor 'RedeemPoints' is registered in code, and this executable does not register it; run the app's own executable"
            ])
    }

    @Test func aTypedComponentGivenTheWrongShapeIsAClearError() async throws {
        let registry = SceneRegistry()
        registry.register(worker: "double") { (input: [Int], _: [String: Int]) in input.map { $0 * 2 } }
        let test = try TestApp(
            [
                "app.json": appJSON(#""workers": {"double": {"type": "swift"}}"#),
                "scenes/Main.json":
                    #"{"formatVersion": 1, "scene": "Main", "state": {"out": {"type": "[int]"}}, "useCases": {"run": {"request": {"text": "string"}, "interactor": [{"type": "work", "worker": "double", "input": "@{[1, request.text]}", "as": "d"}, {"type": "set", "path": "state.out", "value": "@{d}"}]}}, "view": [{"type": "text", "text": "@{join(state.out, ',')}"}, {"type": "error"}]}"#
            ], registry: registry)
        try await test.start()
        try await test.send("run", ["text": .string("x")])
        #expect(test.top?.errors == ["input of worker 'double' does not fit Array<Int>: wrong type at '1'"])
    }
}
