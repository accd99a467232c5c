// Made from the transcripts of 'Shop' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// catalog.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct CatalogTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(app: ShopScenesTranscripts.app, locale: "en_US", registry: ShopScenesTranscripts.registry(), width: 48)
        app.exhaustivity = .off
        await app.start()
        app.assertLines([
            "== Sign in ==",
            "Email: []",
            "[ Sign in ] (disabled)"
        ])
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
        await app.send("load phone")
        app.assertLines([
            "== Catalog ==",
            "Search: [phone]",
            "1. Phone Case                             $19.50",
            "2. Noise-Cancelling Headphones           $249.00",
            "3. Pixel 8                               $699.00",
            "4. iPhone 15                             $799.00",
            "4 products",
            "[ Sort: cheapest first ]",
            "[ Cart (0) ] (disabled)",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await app.send("sort")
        app.assertLines([
            "== Catalog ==",
            "Search: [phone]",
            "1. iPhone 15                             $799.00",
            "2. Pixel 8                               $699.00",
            "3. Noise-Cancelling Headphones           $249.00",
            "4. Phone Case                             $19.50",
            "4 products",
            "[ Sort: dearest first ]",
            "[ Cart (0) ] (disabled)",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await app.send("open 1")
        app.assertLines([
            "== iPhone 15 ==",
            "Price: $799.00",
            "ios, camera",
            "[ Add to cart ]",
            "[ Cart (0) ] (disabled)"
        ])
        // 'stack' prints; the frame stays as it was
        await app.send("back")
        app.assertLines([
            "== Catalog ==",
            "Search: [phone]",
            "1. iPhone 15                             $799.00",
            "2. Pixel 8                               $699.00",
            "3. Noise-Cancelling Headphones           $249.00",
            "4. Phone Case                             $19.50",
            "4 products",
            "[ Sort: dearest first ]",
            "[ Cart (0) ] (disabled)",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await app.send("load \"no such thing\"")
        app.assertLines([
            "== Catalog ==",
            "Search: [no such thing]",
            "Nothing found",
            "0 products",
            "[ Sort: dearest first ]",
            "[ Cart (0) ] (disabled)",
            "[ Deals ]",
            "[ Orders ]",
            "[ Sign out (ada@example.com) ]"
        ])
        await app.sendRefused("open 1", "'open': the list has no rows")
        await app.sendRefused("open x", "'open': the list has no rows")
        await app.finish()
    }
}
