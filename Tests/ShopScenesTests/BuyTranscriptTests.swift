// Made from the transcripts of 'Shop' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// buy.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct BuyTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(app: ShopScenesTranscripts.app, registry: ShopScenesTranscripts.registry(), width: 48)
        app.exhaustivity = .off
        await app.start()
        app.assertLines([
            "== Sign in ==",
            "Email: []",
            "[ Sign in ] (disabled)"
        ])
        // 0.10 + 0.20 is exactly 0.30; checkout returns its order id to the cart
        await app.send("email ada@example.com")
        app.assertLines([
            "== Sign in ==",
            "Email: [ada@example.com]",
            "[ Sign in ]"
        ])
        await app.send("login")
        app.assertLines([
            "== Catalog ==",
            "Search: []",
            "1. Earbuds                                 $0.10",
            "2. Screen Protector                        $0.20",
            "3. USB-C Cable                             $9.99",
            "4. Phone Case                             $19.50",
            "5. Wireless Charger                       $29.90",
            "6. Noise-Cancelling Headphones           $249.00",
            "7. Pixel 8                               $699.00",
            "8. iPhone 15                             $799.00",
            "8 products",
            "[ Sort: cheapest first ]",
            "[ Cart (0) ] (disabled)",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await app.send("load sale")
        app.assertLines([
            "== Catalog ==",
            "Search: [sale]",
            "1. Earbuds                                 $0.10",
            "2. Screen Protector                        $0.20",
            "2 products",
            "[ Sort: cheapest first ]",
            "[ Cart (0) ] (disabled)",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await app.send("open 1")
        app.assertLines([
            "== Earbuds ==",
            "Price: $0.10",
            "bluetooth, sale",
            "[ Add to cart ]",
            "[ Cart (0) ] (disabled)"
        ])
        await app.send("add")
        app.assertLines([
            "== Earbuds ==",
            "Price: $0.10",
            "bluetooth, sale",
            "Earbuds is in your cart",
            "[ Add to cart ]",
            "[ Cart (1) ]"
        ])
        await app.send("back")
        app.assertLines([
            "== Catalog ==",
            "Search: [sale]",
            "1. Earbuds                                 $0.10",
            "2. Screen Protector                        $0.20",
            "2 products",
            "[ Sort: cheapest first ]",
            "[ Cart (1) ]",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await app.send("open 2")
        app.assertLines([
            "== Screen Protector ==",
            "Price: $0.20",
            "protection, sale",
            "[ Add to cart ]",
            "[ Cart (1) ]"
        ])
        await app.send("add")
        app.assertLines([
            "== Screen Protector ==",
            "Price: $0.20",
            "protection, sale",
            "Screen Protector is in your cart",
            "[ Add to cart ]",
            "[ Cart (2) ]"
        ])
        await app.send("add")
        app.assertLines([
            "== Screen Protector ==",
            "Price: $0.20",
            "protection, sale",
            "Screen Protector is in your cart",
            "[ Add to cart ]",
            "[ Cart (2) ]"
        ])
        await app.send("cart")
        app.assertLines([
            "== Cart ==",
            "1. Earbuds × 1                             $0.10",
            "2. Screen Protector × 2                    $0.40",
            "------------------------------------------------",
            "Total: $0.50",
            "[ Checkout ]",
            "[ Rewards ]",
            "[ Back ]"
        ])
        await app.send("remove 2")
        app.assertLines([
            "== Cart ==",
            "1. Earbuds × 1                             $0.10",
            "------------------------------------------------",
            "Total: $0.10",
            "[ Checkout ]",
            "[ Rewards ]",
            "[ Back ]"
        ])
        await app.send("back")
        app.assertLines([
            "== Screen Protector ==",
            "Price: $0.20",
            "protection, sale",
            "[ Add to cart ]",
            "[ Cart (1) ]"
        ])
        await app.send("add")
        app.assertLines([
            "== Screen Protector ==",
            "Price: $0.20",
            "protection, sale",
            "Screen Protector is in your cart",
            "[ Add to cart ]",
            "[ Cart (2) ]"
        ])
        await app.send("cart")
        app.assertLines([
            "== Cart ==",
            "1. Earbuds × 1                             $0.10",
            "2. Screen Protector × 1                    $0.20",
            "------------------------------------------------",
            "Total: $0.30",
            "[ Checkout ]",
            "[ Rewards ]",
            "[ Back ]"
        ])
        await app.send("checkout")
        app.assertLines([
            "== Checkout ==",
            "To pay: $0.30",
            "Phone: []",
            "[ Pay ] (disabled)",
            "[ Cancel ]"
        ])
        await app.sendRefused("pay", "'pay' is disabled: the 'Pay' button is disabled now")
        await app.send("phone 555 12")
        app.assertLines([
            "== Checkout ==",
            "To pay: $0.30",
            "Phone: [555 12]",
            "[ Pay ]",
            "[ Cancel ]"
        ])
        await app.send("pay")
        app.assertLines([
            "== Checkout ==",
            "To pay: $0.30",
            "Phone: [555 12]",
            "[ Pay ]",
            "[ Cancel ]",
            "! '555 12' is not a phone number"
        ])
        await app.send("phone +1 555 123 4567")
        app.assertLines([
            "== Checkout ==",
            "To pay: $0.30",
            "Phone: [+1 (555) 123-4567]",
            "[ Pay ]",
            "[ Cancel ]"
        ])
        await app.send("pay")
        app.assertLines([
            "== Cart ==",
            "Order A-1 is placed",
            "Your cart is empty",
            "------------------------------------------------",
            "Total: $0.00",
            "[ Checkout ] (disabled)",
            "[ Rewards ]",
            "[ Back ]"
        ])
        // 'stack' prints; the frame stays as it was
        await app.send("back")
        app.assertLines([
            "== Screen Protector ==",
            "Price: $0.20",
            "protection, sale",
            "[ Add to cart ]",
            "[ Cart (0) ] (disabled)"
        ])
        await app.send("back")
        app.assertLines([
            "== Catalog ==",
            "Search: [sale]",
            "1. Earbuds                                 $0.10",
            "2. Screen Protector                        $0.20",
            "2 products",
            "[ Sort: cheapest first ]",
            "[ Cart (0) ] (disabled)",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await app.send("orders")
        app.assertLines([
            "== Orders ==",
            "1. A-1 · 2 items                           $0.30",
            "1 order",
            "[ Back ]"
        ])
        await app.finish()
    }
}
