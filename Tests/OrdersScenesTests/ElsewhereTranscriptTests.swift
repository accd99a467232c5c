// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// elsewhere.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct ElsewhereTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(
            app: OrdersScenesTranscripts.app, locale: "en_US", registry: OrdersScenesTranscripts.registry(), width: 60,
            fixtureFiles: ["orders": URL(fileURLWithPath: OrdersScenesTranscripts.app).appendingPathComponent("tests/seeds/two.json")],
            seed: 0, now: Date(timeIntervalSince1970: 1_772_395_200), timeZone: "Asia/Tokyo")
        app.exhaustivity = .off
        await app.start()
        app.assertLines([
            "== Orders ==",
            "1. Alan Turing, 1 × standard                           $7.25",
            "2. Grace Hopper, 3 × express                          $42.50",
            "2 orders, $49.75 in all",
            "[ New order ]"
        ])
        // dates show in the time zone --tz gives: Tokyo
        await app.send("open 1")
        app.assertLines([
            "== Alan Turing ==",
            "alan@example.com, (415) 555-0123",
            "2 Bletchley Park, Milton Keynes 90210",
            "Standard shipping by February 1, 2026",
            "1 × for $7.25, card ••••••••••••0002",
            "Note: Leave with the porter",
            "Placed Dec 21, 2025 at 18:05 ·",
            "#e6984080-bab1-4a02-953a-eb70673e29cb",
            "[ Edit ]",
            "[ Delete ]",
            "[ Back ]"
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
