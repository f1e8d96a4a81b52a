import AlmanacModel
import AlmanacTime

/// What a trigger's `dst` policy does to its times of day in its zone: which times fall in a
/// spring-forward gap or a fall-back overlap, and where they fire then.
///
/// The zone's clock changes are read from the zone data for 2020–2039 (`span`), a fixed span so
/// that an explanation depends on the spec and the tzdata release only, never on today's date.
/// A zone that stopped changing its clocks before 2020 has nothing to say; one that changes them
/// at different times of day in different years gets one clause per distinct change.
enum DSTWords {
    static let span = (from: Instant(secondsSinceEpoch: 1_577_836_800), to: Instant(secondsSinceEpoch: 2_208_988_800))

    /// A clock change as it repeats: the wall time of day it starts at and how long it is (seconds).
    struct Shape: Hashable, Comparable {
        var start: Int
        var length: Int
        static func < (a: Shape, b: Shape) -> Bool { (a.start, a.length) < (b.start, b.length) }
    }

    /// The clock changes of `zone` within the span, each with the times of day of `times` it
    /// catches on a date the rule fires on (`selects`), grouped by the change's shape.
    static func hits(zone: String, times: [Int], selects: (CivilDate) -> Bool) -> (gaps: [(Shape, [Int])], overlaps: [(Shape, [Int])]) {
        guard let table = OffsetTable(zone: zone, covering: span.from, to: span.to) else { return ([], []) }
        var gaps: [Shape: Set<Int>] = [:], overlaps: [Shape: Set<Int>] = [:]
        for c in table.changes where c.instant >= span.from && c.instant < span.to {
            let isGap = c.after > c.before
            let wall = c.instant.secondsSinceEpoch + Int64(isGap ? c.before : c.after)
            let start = Int(((wall % 86_400) + 86_400) % 86_400)
            let shape = Shape(start: start, length: abs(c.after - c.before))
            for t in times where inside(t, shape) {
                // The local date the time falls on: the change's, or the next when it crosses midnight.
                let offset = Int64(((t - start) % 86_400 + 86_400) % 86_400)
                let date = LocalDateTime(wallSeconds: wall + offset).date
                guard selects(date) else { continue }
                if isGap { gaps[shape, default: []].insert(t) } else { overlaps[shape, default: []].insert(t) }
            }
        }
        return (gaps.keys.sorted().map { ($0, gaps[$0]!.sorted()) }, overlaps.keys.sorted().map { ($0, overlaps[$0]!.sorted()) })
    }

    static func inside(_ t: Int, _ s: Shape) -> Bool { ((t - s.start) % 86_400 + 86_400) % 86_400 < s.length }

    /// `02:30`, `02:00 and 02:30`, `the 4 times from 02:00 through 02:45`.
    static func timesText(_ seconds: [Int]) -> String {
        let times = seconds.map { Words.time(LocalTime(secondsOfDay: $0)) }
        if times.count <= 3 { return Words.list(times) }
        return "the \(times.count) times from \(times.first!) through \(times.last!)"
    }

    /// The clauses for times of day `times` (seconds of the day) under `policy` in `zone`; empty
    /// when no time is ever skipped or repeated.
    static func clauses(times: [Int], policy: DSTPolicy, zone: String, selects: (CivilDate) -> Bool) -> [String] {
        let (gaps, overlaps) = hits(zone: zone, times: times, selects: selects)
        let timeSet = Set(times)
        var out: [String] = []
        for (g, hit) in gaps {
            let verb = hit.count == 1 ? "does" : "do"
            let night =
                "on spring-forward nights (\(Words.duration(Int64(g.length))) skipped from \(Words.time(LocalTime(secondsOfDay: g.start))))"
            switch policy.gap {
            case .skip:
                out.append("\(timesText(hit)) \(night) \(verb) not fire")
            case .next:
                let endSeconds = (g.start + g.length) % 86_400
                let end = Words.time(LocalTime(secondsOfDay: endSeconds))
                if timeSet.contains(endSeconds) {
                    out.append("\(timesText(hit)) \(night) \(verb) not fire (moved to \(end), they meet its own \(end) fire)")
                } else {
                    out.append("\(timesText(hit)) \(night) fire\(hit.count == 1 ? "s" : "") at \(end)" + (hit.count == 1 ? "" : ", once"))
                }
            case .shift:
                // A shifted time that the rule already fires at is the same instant: one fire remains.
                let moved = hit.filter { !timeSet.contains(($0 + g.length) % 86_400) }
                let merged = hit.filter { timeSet.contains(($0 + g.length) % 86_400) }
                if moved.count == 1 {
                    out.append(
                        "\(timesText(moved)) \(night) fires at \(Words.time(LocalTime(secondsOfDay: (moved[0] + g.length) % 86_400)))")
                } else if !moved.isEmpty {
                    out.append("\(timesText(moved)) \(night) fire \(Words.duration(Int64(g.length))) later")
                }
                if !merged.isEmpty {
                    let v = merged.count == 1 ? "does" : "do"
                    let they = merged.count == 1 ? "it meets a time" : "they meet times"
                    out.append(
                        "\(timesText(merged)) \(night) \(v) not fire (\(Words.duration(Int64(g.length))) later, \(they) already firing)")
                }
            }
        }
        for (o, hit) in overlaps {
            let one = hit.count == 1
            let night =
                "on fall-back nights (\(Words.duration(Int64(o.length))) repeated from \(Words.time(LocalTime(secondsOfDay: o.start))))"
            switch policy.overlap {
            case .first: out.append("\(timesText(hit)) \(night) fire\(one ? "s" : "") once, the first time")
            case .last: out.append("\(timesText(hit)) \(night) fire\(one ? "s" : "") once, the second time")
            case .both: out.append("\(timesText(hit)) \(night) fire\(one ? "s" : "") twice")
            }
        }
        return out
    }

    /// The times of day a wall-clock kind fires at (seconds of the day) and which dates it fires
    /// on; nil for kinds whose times are not a daily set (elapsed time, events, sub-daily RRULEs).
    static func schedule(of t: Trigger) -> (times: [Int], selects: (CivilDate) -> Bool)? {
        switch t.kind {
        case .calendar(let rule):
            let days = CalendarDays(rule, invalidDates: t.invalidDates)
            return (
                rule.times.map(\.secondsOfDay),
                { date in
                    let previous = date.month == 1 ? (date.year - 1, 12) : (date.year, date.month - 1)
                    let carried = days.month(year: previous.0, month: previous.1, carried: 0).carry
                    return days.month(year: date.year, month: date.month, carried: carried).days & (UInt64(1) << UInt64(date.day)) != 0
                }
            )
        case .cron(let e):
            let minutes = Words.bits(e.minutes, 0, 59), hours = Words.bits(e.hours, 0, 23)
            return (
                hours.flatMap { h in minutes.map { h * 3600 + $0 * 60 } },
                { date in
                    e.months & (UInt16(1) << UInt16(date.month)) != 0
                        && e.matchesDay(dayOfMonth: date.day, weekdaySunday0: date.weekday.rawValue % 7)
                }
            )
        case .rrule(let trigger):
            let r = RRuleWords.filled(trigger)
            guard r.freq >= .daily else { return nil }
            return (RRuleWords.timeList(r).map(\.secondsOfDay), { RRuleWords.admits(r, $0) })
        case .every, .once, .location: return nil
        }
    }
}
