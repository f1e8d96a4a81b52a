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

    /// The distinct gaps and overlaps of `zone` within the span.
    static func shapes(zone: String) -> (gaps: [Shape], overlaps: [Shape]) {
        guard let table = OffsetTable(zone: zone, covering: span.from, to: span.to) else { return ([], []) }
        var gaps: Set<Shape> = [], overlaps: Set<Shape> = []
        for c in table.changes where c.instant >= span.from && c.instant < span.to {
            if c.after > c.before {
                let wall = c.instant.secondsSinceEpoch + Int64(c.before)
                gaps.insert(Shape(start: Int(((wall % 86_400) + 86_400) % 86_400), length: c.after - c.before))
            } else {
                let wall = c.instant.secondsSinceEpoch + Int64(c.after)
                overlaps.insert(Shape(start: Int(((wall % 86_400) + 86_400) % 86_400), length: c.before - c.after))
            }
        }
        return (gaps.sorted(), overlaps.sorted())
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
    static func clauses(times: [Int], policy: DSTPolicy, zone: String) -> [String] {
        let (gaps, overlaps) = shapes(zone: zone)
        let timeSet = Set(times)
        var out: [String] = []
        for g in gaps {
            let hit = times.filter { inside($0, g) }.sorted()
            guard !hit.isEmpty else { continue }
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
        for o in overlaps {
            let hit = times.filter { inside($0, o) }.sorted()
            guard !hit.isEmpty else { continue }
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

    /// The times of day a wall-clock kind fires at, in seconds of the day; nil for kinds whose
    /// times are not a daily set (elapsed time, events, sub-daily RRULEs handled as all times).
    static func times(of kind: TriggerKind) -> [Int]? {
        switch kind {
        case .calendar(let rule): return rule.times.map(\.secondsOfDay)
        case .cron(let e):
            let minutes = Words.bits(e.minutes, 0, 59), hours = Words.bits(e.hours, 0, 23)
            return hours.flatMap { h in minutes.map { h * 3600 + $0 * 60 } }
        case .rrule(let t):
            var r = t.rule
            guard r.freq >= .daily else { return nil }
            if r.byHour.isEmpty { r.byHour = [t.start.time.hour] }
            if r.byMinute.isEmpty { r.byMinute = [t.start.time.minute] }
            if r.bySecond.isEmpty { r.bySecond = [t.start.time.second] }
            return RRuleWords.timeList(r).map(\.secondsOfDay)
        case .every, .once, .location: return nil
        }
    }
}
