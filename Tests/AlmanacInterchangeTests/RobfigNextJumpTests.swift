import AlmanacTime
import Testing

@testable import AlmanacInterchange

/// `RobfigNext` takes the hour and minute steps of robfig's loops at once inside a zone period;
/// here it is held to robfig's loops taken one step at a time (`StepwiseRobfigNext`, the
/// implementation before that change, itself held to robfig by `RobfigOracleTests`), over the
/// 2026 clock changes of zones with 1-hour, 30-minute, 2-hour and midnight changes and schedules
/// whose steps cross them.
@Suite struct RobfigNextJumpTests {
    static let zones = [
        "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago", "Antarctica/Troll",
        "America/Havana",
    ]
    static let schedules = [
        "*/15 * * * *", "0 3 * * *", "30 2 * * *", "45 2 * * *", "59 1 * * *", "0 0 * * *", "30 0 * * *", "0 * * * *", "30 * * * *",
        "* 2 * * *", "*/30 1-3 * * *", "0 1-4 * * *", "0 23 * * *", "5 4 * * *", "17 */5 * * *", "0 0 1 * *", "0 12 * * 0",
        "0 0 */2 * 1", "59 23 31 * *",
    ]

    @Test(arguments: zones)
    func jumpsGiveTheFiresOfSingleSteps(_ zone: String) throws {
        let table = try #require(
            OffsetTable(zone: zone, covering: Instant(secondsSinceEpoch: 1_767_225_600), to: Instant(secondsSinceEpoch: 1_798_761_600)))
        #expect(!table.changes.isEmpty, "\(zone) changes its clock in 2026")
        var compared = 0
        for text in Self.schedules {
            let spec = try RobfigSpec.parse(text).get()
            let fast = RobfigNext(spec: spec, zone: zone), slow = StepwiseRobfigNext(spec: spec, zone: zone)
            for change in table.changes {
                // From two days before the change to two days after, from every fire and from
                // instants between fires (on the minute and off it).
                var t = change.instant.secondsSinceEpoch - 2 * 86_400
                let end = change.instant.secondsSinceEpoch + 2 * 86_400
                while t < end {
                    for probe in [t, t + 1_799, t + 3_599] {
                        let at = Instant(secondsSinceEpoch: probe)
                        #expect(fast.next(after: at) == slow.next(after: at), "\(text) in \(zone) after \(probe)")
                        compared += 1
                    }
                    guard let n = slow.next(after: Instant(secondsSinceEpoch: t)) else { break }
                    t = n.secondsSinceEpoch
                }
            }
        }
        #expect(compared > 1_000)
    }
}

/// robfig/cron v3's `Next` as it was first modelled here: one real hour and one real minute per step.
struct StepwiseRobfigNext {
    let spec: RobfigSpec
    let zone: GoZone

    init(spec: RobfigSpec, zone: String) {
        self.spec = spec
        self.zone = GoZone(zone)
    }

    /// The first fire strictly after `after`, or nil when none comes within five years.
    func next(after: Instant) -> Instant? {
        var t = after.secondsSinceEpoch + 1 // whole seconds: `t.Add(1*time.Second - nanoseconds)`
        var added = false
        let yearLimit = zone.wall(t).date.year + 5
        wrap: while true {
            if zone.wall(t).date.year > yearLimit { return nil }
            while spec.months & (1 << UInt64(zone.wall(t).date.month)) == 0 {
                if !added {
                    added = true
                    let w = zone.wall(t).date
                    t = zone.date(w.year, w.month, 1, 0, 0, 0)
                }
                t = zone.addDate(t, months: 1)
                if zone.wall(t).date.month == 1 { continue wrap }
            }
            while !dayMatches(t) {
                if !added {
                    added = true
                    let w = zone.wall(t).date
                    t = zone.date(w.year, w.month, w.day, 0, 0, 0)
                }
                t = zone.addDate(t, days: 1)
                // "Notice if the hour is no longer midnight due to DST."
                let h = zone.wall(t).time.hour
                if h != 0 { t += h > 12 ? Int64(24 - h) * 3600 : -Int64(h) * 3600 }
                if zone.wall(t).date.day == 1 { continue wrap }
            }
            while spec.hours & (1 << UInt64(zone.wall(t).time.hour)) == 0 {
                if !added {
                    added = true
                    let w = zone.wall(t)
                    t = zone.date(w.date.year, w.date.month, w.date.day, w.time.hour, 0, 0)
                }
                t += 3600
                if zone.wall(t).time.hour == 0 { continue wrap }
            }
            while spec.minutes & (1 << UInt64(zone.wall(t).time.minute)) == 0 {
                if !added {
                    added = true
                    t -= ((t % 60) + 60) % 60 // Truncate(time.Minute), on absolute time
                }
                t += 60
                if zone.wall(t).time.minute == 0 { continue wrap }
            }
            // Seconds: the standard parser's are {0}.
            while zone.wall(t).time.second != 0 {
                added = true
                t += 1
                if zone.wall(t).time.second == 0 { continue wrap }
            }
            return Instant(secondsSinceEpoch: t)
        }
    }

    private func dayMatches(_ t: Int64) -> Bool {
        let d = zone.wall(t).date
        return spec.matchesDay(dayOfMonth: d.day, weekday: d.weekday.rawValue % 7)
    }
}
