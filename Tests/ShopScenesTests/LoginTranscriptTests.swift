// Made from the transcripts of 'Shop' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// login.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct LoginTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(app: ShopScenesTranscripts.app, registry: ShopScenesTranscripts.registry(), width: 48)
        app.exhaustivity = .off
        await app.start()
        app.assertLines([
            "== Sign in ==",
            "Email: []",
            "[ Sign in ] (disabled)"
        ])
        // an empty email cannot sign in; a bad one is refused
        await app.sendRefused("login", "'login' is disabled: the 'Sign in' button is disabled now")
        await app.send("email ada")
        app.assertLines([
            "== Sign in ==",
            "Email: [ada]",
            "[ Sign in ]"
        ])
        await app.send("login")
        app.assertLines([
            "== Sign in ==",
            "Email: [ada]",
            "[ Sign in ]",
            "! 'ada' is not an email address"
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
        // 'stack' prints; the frame stays as it was
        await app.finish()
    }
}
