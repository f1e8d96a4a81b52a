import AlmanacPlan
import AlmanacSpec
import AlmanacTime

/// The armed windows of a `location` trigger: the plan window cut by `start`/`end`, `except` days
/// and `during` (weekdays and a daily `between` that may cross midnight), in the trigger's zone.
/// A local time in a gap opens or closes at the transition; in an overlap, a window opens at the
/// first occurrence and closes at the second, so it is never shorter than written.
struct LocationArming {
    let region: PlanRegion

    init(trigger: Trigger, rule: LocationRule, table: OffsetTable, window: Window) {
        let filters = TriggerFilters(trigger)
        var spans: [Window] = []
        let range = ExpansionRange(trigger, window: window)
        let firstDay = floorDiv(range.lowWall, 86_400), lastDay = floorDiv(range.highWall, 86_400)
        let between = trigger.during?.betweenFrom.map { from in
            (Int64(from.secondsOfDay), Int64(trigger.during!.betweenTo!.secondsOfDay))
        }
        if trigger.during == nil && trigger.except.isEmpty {
            spans = [window]
        } else if firstDay <= lastDay {
            for day in firstDay...lastDay {
                let (open, close) = between ?? (0, 86_400)
                let openWall = day * 86_400 + open
                let closeWall = day * 86_400 + close + (close <= open ? 86_400 : 0)
                // Armed when a fire at the window's opening would be admitted (weekday, except, during).
                guard filters.admits(nominal: openWall, actual: openWall) else { continue }
                spans.append(Window(from: Self.instant(openWall, table: table, opening: true),
                                    to: Self.instant(closeWall, table: table, opening: false)))
            }
        }
        let lower = max(window.from.secondsSinceEpoch, filters.instantFrom,
                        filters.nominalFrom == .min ? .min : Self.instant(filters.nominalFrom, table: table, opening: true).secondsSinceEpoch)
        let upper = min(window.to.secondsSinceEpoch, filters.instantUntil,
                        filters.nominalUntil == .max ? .max : Self.instant(filters.nominalUntil, table: table, opening: false).secondsSinceEpoch)
        var armed: [Window] = []
        for span in spans {
            let from = max(span.from.secondsSinceEpoch, lower), to = min(span.to.secondsSinceEpoch, upper)
            guard from < to else { continue }
            if let last = armed.last, last.to.secondsSinceEpoch >= from {
                armed[armed.count - 1].to = Instant(secondsSinceEpoch: max(last.to.secondsSinceEpoch, to))
            } else {
                armed.append(Window(from: Instant(secondsSinceEpoch: from), to: Instant(secondsSinceEpoch: to)))
            }
        }
        let event: PlanRegion.Event = switch rule.on {
        case .enter: .enter
        case .exit: .exit
        case .both: .both
        }
        region = PlanRegion(trigger: trigger.id, on: event, latitude: rule.region.latitudeText,
                            longitude: rule.region.longitudeText, radius: rule.region.radiusText,
                            cooldown: rule.cooldown?.seconds, armed: armed)
    }

    private static func instant(_ wall: Int64, table: OffsetTable, opening: Bool) -> Instant {
        switch table.resolve(LocalDateTime(wallSeconds: wall)) {
        case .unique(let instant, _): return instant
        case .gap(let transition, _, _): return transition
        case .overlap(let first, _, let second, _): return opening ? first : second
        }
    }
}
