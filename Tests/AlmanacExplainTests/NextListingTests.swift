import AlmanacExplain
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTime
import Testing

/// `almanac next`'s listing without a process: the relative column's units and rounding, the
/// table's padding and offsets, and the header's one line per trigger in first-fire order.
@Suite struct NextListingTests {
    static let now = Instant(secondsSinceEpoch: 1_795_392_000) // 2026-11-23T00:00:00Z

    @Test(
        arguments: [
            (0, "in 0 s"), (59, "in 59 s"), (60, "in 1 min"), (3599, "in 59 min"), (3600, "in 1 h"), (3659, "in 1 h"),
            (3660, "in 1 h 1 min"), (86_399, "in 23 h 59 min"), (86_400, "in 1 d"), (90_000, "in 1 d 1 h"),
            (2 * 86_400 + 3 * 3600 + 59 * 60, "in 2 d 3 h"), (-1, "1 s ago"), (-3 * 3600, "3 h ago"), (-86_400 - 7200, "1 d 2 h ago"),
        ] as [(Int64, String)])
    func relativeNamesTheLargestUnitsOnly(_ delta: Int64, _ expected: String) {
        let at = Instant(secondsSinceEpoch: Self.now.secondsSinceEpoch + delta)
        #expect(NextListing.relative(at, from: Self.now) == expected)
    }

    @Test func tablePadsColumnsAndShowsOffsets() {
        // 09:00 in New York (-05:00), and 12:00 at an offset with seconds (Dublin Mean Time, -00:25:21).
        let newYork = Fire(
            at: Instant(secondsSinceEpoch: Self.now.secondsSinceEpoch + 14 * 3600), trigger: "standup", offset: -5 * 3600,
            nominalWall: Self.now.secondsSinceEpoch + 9 * 3600)
        let dublin = Fire(
            at: Instant(secondsSinceEpoch: Self.now.secondsSinceEpoch + 2 * 86_400 + 12 * 3600 + 1521), trigger: "noon", offset: -1521,
            nominalWall: Self.now.secondsSinceEpoch + 2 * 86_400 + 12 * 3600)
        let expected = """
            LOCAL                              UTC                   TRIGGER  WHEN
            Mon 2026-11-23 09:00:00 -05:00     2026-11-23T14:00:00Z  standup  in 14 h
            Wed 2026-11-25 12:00:00 -00:25:21  2026-11-25T12:25:21Z  noon     in 2 d 12 h

            """
        #expect(NextListing.table([newYork, dublin], now: Self.now) == expected)
        #expect(NextListing.table([Fire](), now: Self.now) == "no upcoming fires\n")
    }

    @Test func headerExplainsEachTriggerOnceInFirstFireOrder() throws {
        let text = """
            version: 1
            name: listing
            timezone: UTC
            triggers:
              early: {calendar: {at: "06:00"}}
              late: {calendar: {at: "18:00"}}
              never: {calendar: {at: "12:00"}}
            """
        let schedule = try #require(SpecLoader.load(SourceFile(path: "listing.yaml", bytes: Array(text.utf8))).schedule)
        let fire = { (trigger: String, hour: Int64) in
            Fire(
                at: Instant(secondsSinceEpoch: Self.now.secondsSinceEpoch + hour * 3600), trigger: trigger, offset: 0,
                nominalWall: Self.now.secondsSinceEpoch + hour * 3600)
        }
        let fires = [fire("late", -6), fire("early", 6), fire("late", 18)]
        let header = NextListing.header(fires, schedule: schedule)
        #expect(header.hasPrefix("late: "), "\(header)")
        #expect(header.components(separatedBy: "\n").filter { !$0.isEmpty }.map { String($0.prefix(6)) } == ["late: ", "early:"])
        #expect(header.hasSuffix("\n\n"))
        #expect(NextListing.header([Fire](), schedule: schedule) == "")
        #expect(NextListing.text(fires, schedule: schedule, now: Self.now) == header + NextListing.table(fires, now: Self.now))
    }
}

extension Fire: NextListing.Listed {}
