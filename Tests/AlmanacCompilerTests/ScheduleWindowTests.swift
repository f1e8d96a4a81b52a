import AlmanacModel
import AlmanacTestSupport
import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// `Schedule.window(length:now:)`, the window an app asks for, is the command line's window: the
/// same request resolved in the schedule's zone, across DST changes east and west of UTC.
@Suite struct ScheduleWindowTests {
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "UTC"])
    func aWeekFromNowKeepsTheWallClock(zone: String) throws {
        let schedule = Schedule(name: "app", timezone: zone)
        var rng = SplitMix(seed: UInt64(zone.utf8.count))
        for _ in 0..<200 {
            let now = Instant(secondsSinceEpoch: 1_767_225_600 + Int64(rng.next() % (3 * 365 * 86_400)))
            let window = try #require(schedule.window(length: .days(7), now: now))
            #expect(window.from == now)
            let table = try #require(OffsetTable(zone: zone, covering: now, to: window.to))
            let start = LocalDateTime(wallSeconds: now.secondsSinceEpoch + Int64(table.offset(at: now)))
            let end = LocalDateTime(wallSeconds: window.to.secondsSinceEpoch + Int64(table.offset(at: window.to)))
            // Seven calendar days later at the same wall time, unless that time does not exist then.
            #expect(end.date == start.date.adding(days: 7))
            if end.time != start.time, case .gap = table.resolve(LocalDateTime(date: end.date, time: start.time)) {
            } else {
                #expect(end.time == start.time)
            }
            #expect(window == WindowRequest(from: .now, horizon: .days(7)).resolve(now: now, zone: zone, specHorizon: nil))
        }
    }

    @Test func withoutALengthTheSpecHorizonThenThirtyDays() throws {
        let now = Instant(secondsSinceEpoch: 1_800_000_000)
        var schedule = Schedule(name: "app", timezone: "UTC")
        #expect(schedule.window(now: now)?.to == now.adding(TimeSpan(seconds: 30 * 86_400)))
        schedule.horizon = .weeks(2)
        #expect(schedule.window(now: now)?.to == now.adding(TimeSpan(seconds: 14 * 86_400)))
        #expect(schedule.window(length: .hours(5), now: now)?.to == now.adding(TimeSpan(seconds: 5 * 3_600)))
        #expect(Schedule(name: "x", timezone: "Not/AZone").window(now: now) == nil)
    }
}
