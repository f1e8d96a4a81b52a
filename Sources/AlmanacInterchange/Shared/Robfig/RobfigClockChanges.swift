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

    static func differences(_ spec: RobfigSpec, zone: String, policy: DSTPolicy) -> [Difference] {
        guard zone != "UTC", zone != "Etc/UTC",
            let table = OffsetTable(
                zone: zone, covering: Instant(secondsSinceEpoch: 1_577_836_800), to: Instant(secondsSinceEpoch: 2_208_988_800))
        else { return [] }
        let next = RobfigNext(spec: spec, zone: zone)
        let minutes = (0..<60).filter { spec.minutes & (1 << UInt64($0)) != 0 }
        let hours = (0..<24).filter { spec.hours & (1 << UInt64($0)) != 0 }
        var out: [Difference] = []
        for change in table.changes
        where change.instant.secondsSinceEpoch >= 1_577_836_800 && change.instant.secondsSinceEpoch < 2_208_988_800 {
            let day = LocalDateTime(wallSeconds: change.instant.secondsSinceEpoch + Int64(change.before)).date
            // The change's day and the days either side, as instants: [start of day-1, start of day+2).
            let from = table.resolve(LocalDateTime(date: day.adding(days: -1), time: .midnight)).earliestInstant
            let to = table.resolve(LocalDateTime(date: day.adding(days: 2), time: .midnight)).earliestInstant
            var plan = Set<Instant>()
            for d in [day.adding(days: -1), day, day.adding(days: 1)] {
                guard spec.months & (1 << UInt64(d.month)) != 0, spec.matchesDay(dayOfMonth: d.day, weekday: d.weekday.rawValue % 7) else {
                    continue
                }
                for h in hours {
                    for m in minutes {
                        for r in table.resolve(LocalDateTime(date: d, time: LocalTime(hour: h, minute: m)), policy: policy).all
                        where r.instant >= from && r.instant < to {
                            plan.insert(r.instant)
                        }
                    }
                }
            }
            var robfig = Set<Instant>()
            var t = Instant(secondsSinceEpoch: from.secondsSinceEpoch - 1)
            while let n = next.next(after: t), n < to {
                robfig.insert(n)
                t = n
            }
            guard robfig != plan else { continue }
            func wall(_ i: Instant) -> LocalDateTime { LocalDateTime(wallSeconds: i.secondsSinceEpoch + Int64(table.offset(at: i))) }
            var byDate: [CivilDate: Difference] = [:]
            for i in robfig.subtracting(plan) {
                let w = wall(i)
                byDate[w.date, default: Difference(date: w.date, robfigOnly: [], planOnly: [])].robfigOnly.append(
                    ExportClock.clock(w.time.secondsOfDay))
            }
            for i in plan.subtracting(robfig) {
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
