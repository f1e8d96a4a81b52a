import AlmanacModel
import AlmanacTime

/// What a trigger's `dst` policy does to its times of day in its zone: which times fall in a
/// spring-forward gap or a fall-back overlap, and where they fire then.
///
/// The times and the zone's clock changes come from the model's one analysis (`DailyShape`,
/// `ClockChanges`: 2020–2039, so that an explanation depends on the spec and the tzdata release
/// only). A zone that stopped changing its clocks before 2020 has nothing to say; one that changes
/// them at different times of day in different years gets one clause per distinct change.
enum DSTWords {
    /// A clock change as it repeats: the wall time of day it starts at and how long it is (seconds).
    struct Shape: Hashable, Comparable {
        var start: Int
        var length: Int
        static func < (a: Shape, b: Shape) -> Bool { (a.start, a.length) < (b.start, b.length) }
    }

    /// The clock changes of `zone` that catch a time of `shape` on a date it fires on, grouped by
    /// the change's shape, each with the times it catches.
    static func hits(zone: String, shape: DailyShape) -> (gaps: [(Shape, [Int])], overlaps: [(Shape, [Int])]) {
        guard let changes = ClockChanges(zone: zone) else { return ([], []) }
        var gaps: [Shape: Set<Int>] = [:], overlaps: [Shape: Set<Int>] = [:]
        for hit in changes.hits(shape) {
            let key = Shape(start: hit.change.start, length: hit.change.length)
            if hit.change.isGap { gaps[key, default: []].insert(hit.time) } else { overlaps[key, default: []].insert(hit.time) }
        }
        return (gaps.keys.sorted().map { ($0, gaps[$0]!.sorted()) }, overlaps.keys.sorted().map { ($0, overlaps[$0]!.sorted()) })
    }

    /// `02:30`, `02:00 and 02:30`, `the 4 times from 02:00 through 02:45`.
    static func timesText(_ seconds: [Int]) -> String {
        let times = seconds.map { Words.time(LocalTime(secondsOfDay: $0)) }
        if times.count <= 3 { return Words.list(times) }
        return "the \(times.count) times from \(times.first!) through \(times.last!)"
    }

    /// The clauses for the times of day of `shape` under `policy` in `zone`; empty when no time is
    /// ever skipped or repeated.
    static func clauses(_ shape: DailyShape, policy: DSTPolicy, zone: String) -> [String] {
        let (gaps, overlaps) = hits(zone: zone, shape: shape)
        let timeSet = Set(shape.times)
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
}
