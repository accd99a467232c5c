import Foundation
import SceneManifest
import Testing

/// The session's clock: fixed and moved by `>> clock` lines, or the system's
/// (docs/testing.md#time, docs/manifest.md#ids-and-time).
// checks: docs/testing.md#time
@Suite struct SessionClockTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    @Test func aFixedClockMovesOnlyWhenTold() {
        let clock = SessionClock(fixed: start)
        #expect(clock.now == start)
        #expect(clock.move("+2h") == nil)
        #expect(clock.now == start.addingTimeInterval(7_200))
        #expect(clock.move("+1d12h30m15s") == nil)
        #expect(clock.now == start.addingTimeInterval(7_200 + 86_400 + 43_200 + 1_800 + 15))
        #expect(clock.move("-90m") == nil)
        #expect(clock.move("2026-03-01T09:00:00Z") == nil)
        #expect(clock.now == Date(timeIntervalSince1970: 1_772_355_600))
    }

    @Test func aMoveItCannotReadChangesNothing() {
        let clock = SessionClock(fixed: start)
        for text in ["soon", "2h", "+2", "+h", "+2x", "+", "", "+1d2", "+9999999999h"] {
            #expect(clock.move(text) != nil, "\(text)")
        }
        #expect(clock.now == start)
    }

    @Test func theSystemsClockIsTheTimeNowToTheSecondAndMovesByItsOffset() {
        let clock = SessionClock(fixed: nil)
        #expect(abs(clock.now.timeIntervalSinceNow) < 2)
        #expect(clock.now.timeIntervalSince1970 == clock.now.timeIntervalSince1970.rounded(.down))
        clock.advance(by: 3_600)
        #expect(abs(clock.now.timeIntervalSinceNow - 3_600) < 2)
        #expect(!clock.isFixed)
    }

    @Test func aFormatContextsCopiesShareTheirClock() {
        let format = FormatContext(now: start)
        let copy = format
        format.clock.advance(by: 60)
        #expect(copy.now == start.addingTimeInterval(60))
    }
}
