import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// `d` and `w` in a window length are calendar days in the spec's zone, so `--horizon Nd` ends where
/// `--to` that date ends (local midnight), and consecutive pinned windows chain without a gap or an
/// overlap across daylight saving; `h`, `m`, `s` stay elapsed time.
@Suite struct WindowChainTests {
    typealias T = TestSupport
    static let now = T.instant("2026-01-01T00:00:00Z")
    static let zones = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/Sao_Paulo", "Asia/Beirut", "America/Havana", "Europe/Dublin", "UTC",
    ]

    static func length(_ text: String) throws -> WindowLength { try ValueSyntax.windowLength(text).get() }

    @Test func issueReproduction() throws {
        let window = try #require(
            WindowRequest(from: .date(T.date("2026-10-15")), horizon: Self.length("30d"))
                .resolve(now: Self.now, zone: "America/New_York", specHorizon: nil))
        #expect(window.to == T.instant("2026-11-14T05:00:00Z")) // local midnight, after the fall-back
        // Elapsed hours are elapsed: 24h from midnight before the fall-back ends at 23:00 local.
        let hours = try #require(
            WindowRequest(from: .date(T.date("2026-10-31")), horizon: Self.length("24h"))
                .resolve(now: Self.now, zone: "America/New_York", specHorizon: nil))
        #expect(hours.to == T.instant("2026-11-01T04:00:00Z"))
        // A daily 23:30 fire at the seam of two pinned windows is in exactly one of them.
        let trigger = Trigger(id: "d", kind: .calendar(CalendarRule(times: [T.time("23:30")])), timezone: "America/New_York")
        let second = try #require(
            WindowRequest(from: .date(T.date("2026-11-14")), horizon: Self.length("30d"))
                .resolve(now: Self.now, zone: "America/New_York", specHorizon: nil))
        let whole = try T.compile(T.schedule(trigger), Window(from: window.from, to: second.to)).plan.fires
        let chained = try T.compile(T.schedule(trigger), window).plan.fires + T.compile(T.schedule(trigger), second).plan.fires
        #expect(chained == whole)
        #expect(whole.count == 60)
    }

    @Test(arguments: zones)
    func daysAndWeeksEndWhereToDateEnds(_ zone: String) throws {
        var date = T.date("2026-01-01")
        // Every start date of two years against lengths that straddle each transition.
        for step in 0..<(2 * 365) where step % 3 == 0 {
            date = T.date("2026-01-01").adding(days: step)
            for (text, days) in [("1d", 1), ("7d", 7), ("1w", 7), ("30d", 30), ("P2D", 2), ("2w3d", 17)] {
                let byLength = WindowRequest(from: .date(date), horizon: try Self.length(text)).resolve(
                    now: Self.now, zone: zone, specHorizon: nil)
                let byDate = WindowRequest(from: .date(date), to: .date(date.adding(days: days))).resolve(
                    now: Self.now, zone: zone, specHorizon: nil)
                #expect(byLength == byDate, "\(zone) from \(date) \(text)")
            }
            // Elapsed parts come after the days: `1d12h` is 12 elapsed hours past the next local midnight.
            let mixed = try #require(
                WindowRequest(from: .date(date), horizon: try Self.length("1d12h")).resolve(now: Self.now, zone: zone, specHorizon: nil))
            let nextMidnight = try #require(
                WindowRequest(from: .date(date), to: .date(date.adding(days: 1))).resolve(now: Self.now, zone: zone, specHorizon: nil))
            #expect(mixed.to.secondsSinceEpoch == nextMidnight.to.secondsSinceEpoch + 43_200)
        }
    }

    @Test func theSpecHorizonIsCalendarDaysToo() throws {
        let yaml = "version: 1\ntimezone: America/New_York\nhorizon: 2w\ntriggers:\n  t: {calendar: {at: \"09:00\"}}\n"
        let schedule = try #require(SpecLoader.load(SourceFile(path: "h.yaml", bytes: Array(yaml.utf8))).schedule)
        #expect(schedule.horizon == WindowLength(days: 14))
        let window = try #require(
            WindowRequest(from: .date(T.date("2026-10-25"))).resolve(now: Self.now, zone: schedule.timezone, specHorizon: schedule.horizon))
        #expect(window.to == T.instant("2026-11-08T05:00:00Z"))
    }
}
