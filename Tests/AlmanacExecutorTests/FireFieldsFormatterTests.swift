import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// `FireFormatter.appendFields` writes what the `String` description writes, or declines.
@Suite struct FireFieldsFormatterTests {
    @Test func writesTheDescriptionsTextForEveryFire() {
        var random = SplitMix(seed: 42)
        var formatter = FireFormatter()
        var fast = 0
        for i in 0..<20_000 {
            let triggers = ["a", "tick", "stand-up", "x.y_z", String(repeating: "q", count: 64)]
            let trigger = triggers[Int(random.next() % UInt64(triggers.count))]
            // Years -100 to 12,000: the far ones are declined.
            let at = Int64(random.next() % 380_000_000_000) - 65_000_000_000
            let offset = [0, 3600, -18_000, 19_800, -3_061, 45_900][Int(random.next() % 6)]
            let moved = random.next() % 3 == 0
            var fire = Fire(
                at: Instant(secondsSinceEpoch: at), trigger: trigger, offset: offset,
                nominalWall: moved ? at + Int64(offset) - Int64(random.next() % 7200) : at + Int64(offset),
                secondPass: random.next() % 5 == 0, isMoved: moved)
            if i % 50 == 0 {
                // A hand-made plan's id, kept as written.
                fire = Fire(at: fire.at, trigger: trigger, local: fire.local, offset: offset, id: "\(trigger)-custom-\(i)")
            }
            var bytes: [UInt8] = []
            // Consecutive fires share dates; the formatter's remembered dates must not leak between them.
            if formatter.appendFields(fire, to: &bytes) {
                fast += 1
                #expect(String(decoding: bytes, as: UTF8.self) == FireDescription.fields(fire))
            } else {
                #expect(bytes.isEmpty)
            }
        }
        #expect(fast > 15_000)
    }
}
