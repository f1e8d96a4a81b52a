import AlmanacTime

/// robfig/cron v3's `SpecSchedule.Next` (spec.go) as the CronJob controller iterates it, on Go's
/// `time` semantics: wall fields read in the zone, `time.Date` normalising a wall time the way Go
/// does (a skipped time takes the offset Go's two-step lookup finds), `Add` in elapsed time,
/// `AddDate` on the wall date. That is what makes robfig lose fires where a zone moves its clock by
/// 30 minutes (Lord Howe: `0 3 * * *` misses the spring-forward day, `@daily` the day after the
/// fall-back): its hour loop adds real hours and lands at :30. Held to robfig itself by
/// `RobfigOracleTests` (fires recorded from robfig/cron v3.0.1 built from source).
struct RobfigNext {
    let spec: RobfigSpec
    let zone: GoZone

    init(spec: RobfigSpec, zone: String) {
        self.init(spec: spec, zone: GoZone(zone))
    }

    /// With a zone already read (building one scans the zone's changes from 2000 to 2050).
    init(spec: RobfigSpec, zone: GoZone) {
        self.spec = spec
        self.zone = zone
    }

    /// The first fire strictly after `after`, or nil when none comes within five years.
    func next(after: Instant) -> Instant? {
        var t = after.secondsSinceEpoch + 1 // whole seconds: `t.Add(1*time.Second - nanoseconds)`
        // The wall clock at t, read again after each move of t.
        var w = zone.wall(t)
        func move(_ to: Int64) {
            t = to
            w = zone.wall(t)
        }
        var added = false
        let yearLimit = w.date.year + 5
        wrap: while true {
            if w.date.year > yearLimit { return nil }
            while spec.months & (1 << UInt64(w.date.month)) == 0 {
                if !added {
                    added = true
                    move(zone.date(w.date.year, w.date.month, 1, 0, 0, 0))
                }
                move(zone.addDate(t, months: 1))
                if w.date.month == 1 { continue wrap }
            }
            while !spec.matchesDay(dayOfMonth: w.date.day, weekday: w.date.weekday.rawValue % 7) {
                if !added {
                    added = true
                    move(zone.date(w.date.year, w.date.month, w.date.day, 0, 0, 0))
                }
                move(zone.addDate(t, days: 1))
                // "Notice if the hour is no longer midnight due to DST."
                let h = w.time.hour
                if h != 0 { move(t + (h > 12 ? Int64(24 - h) * 3600 : -Int64(h) * 3600)) }
                if w.date.day == 1 { continue wrap }
            }
            // The hour and minute loops add real hours and minutes one at a time, ending at the first
            // matching value or at 0 (a wrap). Inside one zone period (no offset change) each step
            // moves the wall field by exactly one, so the steps up to that value are taken at once;
            // across a change, one at a time, as robfig does. (Measured: up to 23 hour and 59 minute
            // steps per fire before; `*/15 * * * *` in New York took 1.07 s for 10,000 fires, 0.35 s
            // after. `RobfigNextJumpTests` holds this to the step-by-step loops.)
            while spec.hours & (1 << UInt64(w.time.hour)) == 0 {
                if !added {
                    added = true
                    move(zone.date(w.date.year, w.date.month, w.date.day, w.time.hour, 0, 0))
                }
                let from = w.time.hour
                var steps: Int64 = 1
                while from + Int(steps) < 23, spec.hours & (1 << UInt64(from + Int(steps))) == 0 { steps += 1 }
                move(t + (zone.constantOffset(from: t, through: t + steps * 3600) ? steps * 3600 : 3600))
                if w.time.hour == 0 { continue wrap }
            }
            while spec.minutes & (1 << UInt64(w.time.minute)) == 0 {
                if !added {
                    added = true
                    move(t - ((t % 60) + 60) % 60) // Truncate(time.Minute), on absolute time
                }
                let from = w.time.minute
                var steps: Int64 = 1
                while from + Int(steps) < 60, spec.minutes & (1 << UInt64(from + Int(steps))) == 0 { steps += 1 }
                move(t + (zone.constantOffset(from: t, through: t + steps * 60) ? steps * 60 : 60))
                if w.time.minute == 0 { continue wrap }
            }
            // Seconds: the standard parser's are {0}.
            while w.time.second != 0 {
                added = true
                move(t + 1)
                if w.time.second == 0 { continue wrap }
            }
            return Instant(secondsSinceEpoch: t)
        }
    }
}

/// A zone as Go's `time.Location` behaves: wall fields of an instant, and `time.Date`.
struct GoZone {
    let table: OffsetTable?
    /// Transition instants, sorted, for the zone periods Go's lookup returns.
    private let changes: [Int64]
    /// The offset from each change on, and before the first.
    private let offsets: [Int]
    private let initialOffset: Int

    init(_ name: String) {
        table =
            name == "UTC" || name == "Etc/UTC"
            ? nil
            : OffsetTable(zone: name, covering: Instant(secondsSinceEpoch: 946_684_800), to: Instant(secondsSinceEpoch: 2_524_608_000))
        let all = table?.changes ?? []
        changes = all.map(\.instant.secondsSinceEpoch)
        offsets = all.map(\.after)
        initialOffset = all.first?.before ?? table?.offset(at: Instant(secondsSinceEpoch: 0)) ?? 0
    }

    /// `OffsetTable.offset(at:)` over the same changes, without copying the table on each call.
    func offset(_ t: Int64) -> Int {
        let i = changesUpTo(t)
        return i == 0 ? initialOffset : offsets[i - 1]
    }

    /// How many changes are at or before `t`.
    private func changesUpTo(_ t: Int64) -> Int {
        var lo = 0, hi = changes.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if changes[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// No change of offset in `(a, b]`: every instant from `a` to `b` has `a`'s offset.
    func constantOffset(from a: Int64, through b: Int64) -> Bool { changesUpTo(a) == changesUpTo(b) }

    func wall(_ t: Int64) -> LocalDateTime { LocalDateTime(wallSeconds: t + Int64(offset(t))) }

    /// The zone period `[start, end)` holding `t`.
    private func period(_ t: Int64) -> (Int64, Int64) {
        let lo = changesUpTo(t)
        return (lo == 0 ? Int64.min : changes[lo - 1], lo == changes.count ? Int64.max : changes[lo])
    }

    /// `time.Date(y, mo, d, h, mi, s, 0, loc)`: fields normalised as Go does (month 13 is January of
    /// the next year, day 32 the next month), then the offset from Go's lookup: the one in force at
    /// the wall time read as UTC, unless the instant that gives falls outside that offset's period,
    /// then the one in force at that instant.
    func date(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Int64 {
        let m0 = mo - 1
        let year = y + Int((Double(m0) / 12).rounded(.down))
        let month = ((m0 % 12) + 12) % 12 + 1
        let days = CivilDate(year: year, month: month, day: 1).daysSinceEpoch + d - 1
        let unix = Int64(days) * 86_400 + Int64(h) * 3600 + Int64(mi) * 60 + Int64(s)
        var off = offset(unix)
        if off != 0 {
            let utc = unix - Int64(off)
            let (start, end) = period(unix)
            if utc < start || utc >= end { off = offset(utc) }
        }
        return unix - Int64(off)
    }

    /// `t.AddDate(0, months, days)`: the wall date moved, the wall time kept, through `date`.
    func addDate(_ t: Int64, months: Int = 0, days: Int = 0) -> Int64 {
        let w = wall(t)
        return date(w.date.year, w.date.month + months, w.date.day + days, w.time.hour, w.time.minute, w.time.second)
    }
}
