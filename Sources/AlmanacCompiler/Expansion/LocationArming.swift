import AlmanacPlan
import AlmanacModel
import AlmanacTime

/// The armed windows of a `location` trigger: the instants whose local time, in the trigger's zone,
/// lies in its `during` window (weekdays and a daily `between` that may cross midnight), inside
/// `start`/`end` and the plan window, and whose local date is not an `except` day.
///
/// Wall-clock windows map to instants exactly: a `between` that touches a spring-forward gap is
/// shorter by the missing hour, and one inside a repeated hour is armed on both passes, as a fire
/// filtered by the same `during` would be admitted on both. A window crossing midnight belongs to
/// the weekday it opens on; `except` removes whole local days, like the fires' nominal dates.
struct LocationArming {
    let region: PlanRegion
    /// The armed windows as seconds, for the region budget.
    let armed: InstantIntervals
    /// True when the windows were cut short at `limit`: the plan would hold more than allowed.
    let exceeded: Bool

    /// `limit` bounds the windows built (the compile's `max_fires` left), so a window of centuries
    /// costs no more than the error it ends in.
    init(trigger: Trigger, rule: LocationRule, table: OffsetTable, window: Window, limit: Int = .max) {
        let wall = WallPreimage(table)
        let filters = TriggerFilters(trigger)
        let lower = max(
            window.from.secondsSinceEpoch, filters.instantFrom,
            filters.nominalFrom == .min ? .min : Self.instant(filters.nominalFrom, table: table, opening: true))
        let upper = min(
            window.to.secondsSinceEpoch, filters.instantUntil,
            filters.nominalUntil == .max ? .max : Self.instant(filters.nominalUntil, table: table, opening: false))
        var armed = InstantIntervals()
        var exceeded = false
        if lower < upper {
            armed = InstantIntervals([(lower, upper)])
            if let during = trigger.during {
                let pieces = Self.duringIntervals(during, wall: wall, lower: lower, upper: upper, limit: limit)
                exceeded = pieces.exceeded
                armed = pieces.intervals.clipped(from: lower, to: upper)
            }
            let excepted = trigger.except.flatMap { range in
                wall.instants(showing: Int64(range.from.daysSinceEpoch) * 86_400, Int64(range.to.daysSinceEpoch + 1) * 86_400)
            }
            if !excepted.isEmpty { armed = armed.subtracting(InstantIntervals(excepted)) }
        }
        self.armed = armed
        self.exceeded = exceeded || armed.windows.count > limit
        region = PlanRegion(
            trigger: trigger.id, on: rule.on, latitude: rule.region.latitudeText,
            longitude: rule.region.longitudeText, radius: rule.region.radiusText,
            cooldown: rule.cooldown?.seconds, armed: armed.windows)
    }

    /// The instants inside one `during` window per admitted day, over the local days that can touch `[lower, upper)`.
    private static func duringIntervals(
        _ during: During, wall: WallPreimage, lower: Int64, upper: Int64,
        limit: Int
    ) -> (intervals: InstantIntervals, exceeded: Bool) {
        let open = Int64(during.betweenFrom?.secondsOfDay ?? 0)
        var close = Int64(during.betweenTo?.secondsOfDay ?? 86_400)
        if close <= open { close += 86_400 }
        // The window opened the day before the first local day may still be open after midnight.
        let firstDay = floorDiv(lower + wall.offset(at: lower), 86_400) - 1
        let lastDay = floorDiv(upper - 1 + wall.offset(at: upper - 1), 86_400)
        var pieces: [(from: Int64, to: Int64)] = []
        guard firstDay <= lastDay else { return (InstantIntervals(), false) }
        for day in firstDay...lastDay {
            // One window a day at most, plus one per transition: past twice the limit, it is exceeded.
            if limit < Int.max / 2, pieces.count > limit * 2 { return (InstantIntervals(pieces), true) }
            if let weekdays = during.weekdays {
                let iso = ((day % 7) + 7 + 3) % 7 + 1
                guard let weekday = Weekday(rawValue: Int(iso)), weekdays.contains(weekday) else { continue }
            }
            pieces += wall.instants(showing: day * 86_400 + open, day * 86_400 + close)
        }
        return (InstantIntervals(pieces), false)
    }

    /// The instant a `start`/`end` wall time means: a gap opens or closes at the transition; in an
    /// overlap, a start takes the first pass and an end the second, so no written time is lost.
    private static func instant(_ wall: Int64, table: OffsetTable, opening: Bool) -> Int64 {
        let resolution = table.resolve(LocalDateTime(wallSeconds: wall))
        if !opening, case .overlap(_, _, let second, _) = resolution { return second.secondsSinceEpoch }
        return resolution.earliestInstant.secondsSinceEpoch
    }
}
