import AlmanacModel
import AlmanacTime

/// Where robfig/cron (as the CronJob controller iterates it) fires otherwise than a plan would, on
/// the days around each clock change of a zone from 2020 to 2039 (the span exports compare): the
/// plan's fires are the schedule's wall times resolved with a DST policy, robfig's come from
/// `RobfigNext`. Outcomes, not policies, so every quirk counts (Lord Howe's half-hour changes).
enum RobfigClockChanges {
    struct Difference: Equatable {
        var date: CivilDate
        /// Local wall times (`HH:MM`) robfig fires at and the plan does not, and the reverse.
        var robfigOnly: [String]
        var planOnly: [String]
    }

    /// 2020-01-01 to 2040-01-01: the model's span of clock changes.
    static let span = ClockChanges.span

    /// The differences on the days of each change in `years` (tests ask for fewer than `span`).
    /// `exhaustive`: ask `RobfigNext` for every fire (what `robfigFires(_:from:to:plan:table:)` is
    /// held to in tests) instead of only those near an offset change.
    static func differences(
        _ spec: RobfigSpec, zone: String, policy: DSTPolicy, years: (from: Instant, to: Instant) = span, exhaustive: Bool = false
    ) -> [Difference] {
        differences(spec, zone: GoZone(zone), policy: policy, years: years, exhaustive: exhaustive)
    }

    /// The same with the zone read once by the caller: reading it (two Foundation scans of its
    /// changes) was most of each answer, ~4 ms of ~5 in a debug build, and an import of many CronJobs
    /// asks for a few zones only.
    static func differences(
        _ spec: RobfigSpec, zone: GoZone, policy: DSTPolicy, years: (from: Instant, to: Instant) = span, exhaustive: Bool = false
    ) -> [Difference] {
        guard let table = zone.table else { return [] }
        let next = RobfigNext(spec: spec, zone: zone)
        let minutes = (0..<60).filter { spec.minutes & (1 << UInt64($0)) != 0 }
        let hours = (0..<24).filter { spec.hours & (1 << UInt64($0)) != 0 }
        var out: [Difference] = []
        for change in table.changes where change.instant >= years.from && change.instant < years.to {
            let day = LocalDateTime(wallSeconds: change.instant.secondsSinceEpoch + Int64(change.before)).date
            // The change's day and the days either side, as instants: [start of day-1, start of day+2).
            let from = table.resolve(LocalDateTime(date: day.adding(days: -1), time: .midnight)).earliestInstant
            let to = table.resolve(LocalDateTime(date: day.adding(days: 2), time: .midnight)).earliestInstant
            // Seconds since the epoch, sorted: robfig's come in order, and comparing sorted integers
            // is what keeps this fast enough for every import and export of a CronJob.
            var plan: [Int64] = []
            for d in [day.adding(days: -1), day, day.adding(days: 1)] {
                guard spec.months & (1 << UInt64(d.month)) != 0, spec.matchesDay(dayOfMonth: d.day, weekday: d.weekday.rawValue % 7) else {
                    continue
                }
                for h in hours {
                    for m in minutes {
                        for r in table.resolve(LocalDateTime(date: d, time: LocalTime(hour: h, minute: m)), policy: policy).all
                        where r.instant >= from && r.instant < to {
                            plan.append(r.instant.secondsSinceEpoch)
                        }
                    }
                }
            }
            plan.sort()
            plan = uniqued(plan) // `shift` can move a skipped time onto one the rule has
            let everyWallTime = policy.gap == .skip && policy.overlap == .both
            let robfig =
                exhaustive || !everyWallTime
                ? robfigFires(next, from: from, to: to) : robfigFires(next, from: from, to: to, plan: plan, table: table)
            guard robfig != plan else { continue }
            func wall(_ i: Int64) -> LocalDateTime {
                LocalDateTime(wallSeconds: i + Int64(table.offset(at: Instant(secondsSinceEpoch: i))))
            }
            var byDate: [CivilDate: Difference] = [:]
            let robfigSet = Set(robfig), planSet = Set(plan)
            for i in robfigSet.subtracting(planSet) {
                let w = wall(i)
                byDate[w.date, default: Difference(date: w.date, robfigOnly: [], planOnly: [])].robfigOnly.append(
                    ExportClock.clock(w.time.secondsOfDay))
            }
            for i in planSet.subtracting(robfigSet) {
                let w = wall(i)
                byDate[w.date, default: Difference(date: w.date, robfigOnly: [], planOnly: [])].planOnly.append(
                    ExportClock.clock(w.time.secondsOfDay))
            }
            for (_, var d) in byDate {
                d.robfigOnly.sort()
                d.planOnly.sort()
                out.append(d)
            }
        }
        return out.sorted { $0.date < $1.date }
    }

    /// robfig's fires in `[from, to)`, every one from `RobfigNext`, in order.
    static func robfigFires(_ next: RobfigNext, from: Instant, to: Instant) -> [Int64] {
        var fires: [Int64] = []
        var t = Instant(secondsSinceEpoch: from.secondsSinceEpoch - 1)
        while let n = next.next(after: t), n < to {
            fires.append(n.secondsSinceEpoch)
            t = n
        }
        return fires
    }

    /// The same fires, asking `RobfigNext` only near an offset change, for a plan that holds every
    /// instant whose wall time the schedule matches (gap `skip`, overlap `both`: what `differences`
    /// is asked with; for other policies every fire is asked for).
    ///
    /// `next(after: t)` reads the wall clock at `t + 1`, truncates to the minute, or to the hour
    /// (robfig's `time.Date` of the hour) when the hour does not match, or to the day when the
    /// month or the day does not match, and from there adds minutes, hours and days up to its
    /// answer. With no offset change from that truncation to the plan's next fire, robfig is Go's
    /// time arithmetic at one fixed offset, and finds the first instant after `t` whose wall time
    /// matches: the plan's next fire. Elsewhere `RobfigNext` is asked. (Measured: `*/15 * * * *` in
    /// New York, 2020–2039, asks 11,560 times without this and 80 with it; `RobfigClockChangesTests`
    /// compares it with `robfigFires` asking for every fire.)
    static func robfigFires(_ next: RobfigNext, from: Instant, to: Instant, plan planned: [Int64], table: OffsetTable) -> [Int64] {
        // A day's start found from t's wall clock is off by at most the largest change when one lies
        // between the two; an hour more covers a truncation to a midnight the clock skips.
        let slack = Int64(3600 + (table.changes.map { abs($0.after - $0.before) }.max() ?? 0))
        let changes = table.changes.map(\.instant.secondsSinceEpoch).filter {
            $0 >= from.secondsSinceEpoch - 2 * 86_400 && $0 <= to.secondsSinceEpoch + 2 * 86_400
        }
        let spec = next.spec
        var fires: [Int64] = []
        var t = from.secondsSinceEpoch - 1
        var index = 0 // the first planned fire after t
        while true {
            while index < planned.count, planned[index] <= t { index += 1 }
            let candidate = index < planned.count ? planned[index] : to.secondsSinceEpoch
            let start = t + 1
            // The last change up to the candidate decides; only one within a day before `start`
            // needs robfig's truncation worked out.
            let last = changes.last { $0 <= candidate }
            if last.map({ $0 < start - 86_400 - slack }) ?? true {
                // Every planned fire up to the next change is robfig's too.
                let end = min(changes.first { $0 > candidate } ?? .max, to.secondsSinceEpoch)
                guard candidate < end else { break }
                while index < planned.count, planned[index] < end {
                    fires.append(planned[index])
                    index += 1
                }
                t = fires.last!
                continue
            }
            var fast = false
            if let last, last < start {
                let wall = next.zone.wall(start)
                let lowest: Int64
                if spec.months & (1 << UInt64(wall.date.month)) == 0
                    || !spec.matchesDay(dayOfMonth: wall.date.day, weekday: wall.date.weekday.rawValue % 7)
                {
                    lowest = start - Int64(wall.time.secondsOfDay) - slack
                } else if spec.hours & (1 << UInt64(wall.time.hour)) == 0 {
                    lowest = start
                } else {
                    lowest = start - ((start % 60) + 60) % 60
                }
                fast = last < lowest
            }
            if fast {
                guard candidate < to.secondsSinceEpoch else { break }
                fires.append(candidate)
                t = candidate
                continue
            }
            guard let n = next.next(after: Instant(secondsSinceEpoch: t)), n < to else { break }
            fires.append(n.secondsSinceEpoch)
            t = n.secondsSinceEpoch
        }
        return fires
    }

    /// `sorted` without repeats.
    static func uniqued(_ sorted: [Int64]) -> [Int64] {
        var out: [Int64] = []
        out.reserveCapacity(sorted.count)
        for i in sorted where out.last != i { out.append(i) }
        return out
    }

    /// `2026-10-04 (misses 03:00)`, for messages: the first few days.
    static func summary(_ differences: [Difference]) -> String {
        let shown = differences.prefix(3).map { d -> String in
            var parts: [String] = []
            if !d.planOnly.isEmpty { parts.append("misses " + list(d.planOnly)) }
            if !d.robfigOnly.isEmpty { parts.append("adds " + list(d.robfigOnly)) }
            return "\(d.date) (\(parts.joined(separator: ", ")))"
        }
        let more = differences.count > 3 ? " and \(differences.count - 3) more days to 2039" : ""
        return shown.joined(separator: ", ") + more
    }

    private static func list(_ times: [String]) -> String {
        times.count <= 3 ? times.joined(separator: ", ") : "\(times.count) times from \(times.first!)"
    }
}

/// Clock-change differences (`RobfigClockChanges`) for the CronJobs of one import or export, each zone read
/// once and each answer remembered by zone and schedule: a manifest of many CronJobs repeats a few
/// zones and often a few schedules.
struct ClockChangeAnswers {
    private var zones: [String: GoZone] = [:]
    private var answers: [String: [RobfigClockChanges.Difference]] = [:]

    mutating func differences(_ spec: RobfigSpec, schedule: String, zone: String) -> [RobfigClockChanges.Difference] {
        let key = "\(zone) \(schedule)"
        if let known = answers[key] { return known }
        let goZone = zones[zone] ?? GoZone(zone)
        zones[zone] = goZone
        let answer = RobfigClockChanges.differences(spec, zone: goZone, policy: DSTPolicy(gap: .skip, overlap: .both))
        answers[key] = answer
        return answer
    }
}
