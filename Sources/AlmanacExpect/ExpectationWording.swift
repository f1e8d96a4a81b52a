import AlmanacModel
import AlmanacPlan
import AlmanacTime

/// How failures name fires, times, days and spans, and the window they are checked over.
struct ExpectationWording {
    let window: Window
    /// Each trigger's zone (UTC for zone-less kinds), where its local times are read.
    let zones: [String: String]

    /// `trigger 'standup'`, `the group 'a', 'b'`, `the schedule`.
    func subject(_ triggers: [String]?) -> String {
        guard let triggers else { return "the schedule" }
        if triggers.count == 1 { return "trigger '\(triggers[0])'" }
        return "the group " + triggers.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// Whether a time falls in the window: an instant as itself, a local time by the window's
    /// ends read as wall times in `zone`.
    func isInWindow(_ t: ExpectedTime, zone: String) -> Bool {
        switch t {
        case .instant(let i): return i >= window.from && i < window.to
        case .local(let l):
            guard let table = OffsetTable(zone: zone, covering: window.from, to: window.to) else { return true }
            let from = window.from.secondsSinceEpoch + Int64(table.offset(at: window.from))
            let to = window.to.secondsSinceEpoch + Int64(table.offset(at: window.to))
            return l.wallSeconds >= from && l.wallSeconds < to
        }
    }

    /// The first lines as notes, then how many of `total` are not shown.
    func notes(_ lines: [String], total: Int? = nil) -> [Diagnostic.Note] {
        var out = lines.prefix(ExpectationRunner.listed).map { Diagnostic.Note($0) }
        let rest = (total ?? lines.count) - out.count
        if rest > 0 { out.append(Diagnostic.Note("and \(rest) more")) }
        return out
    }

    func show(_ f: Fire) -> String {
        PlanTimestamp.format(f.local, offset: f.offset) + " (\(f.local.date.weekday.shortName))"
    }

    func show(_ t: ExpectedTime) -> String {
        switch t {
        case .local(let l): return "\(l) (\(l.date.weekday.shortName))"
        case .instant(let i): return PlanTimestamp.format(i)
        }
    }

    func describe(_ d: DaySet) -> String {
        switch d {
        case .dates(let r): return r.from == r.to ? "\(r.from) (\(r.from.weekday.shortName))" : "\(r.from) to \(r.to)"
        case .weekdays(let days): return Weekday.allCases.filter { days.contains($0) }.map(\.shortName).joined(separator: ", ")
        case .blackout(let name, _): return "blackout '\(name)'"
        }
    }

    func hm(_ t: LocalTime) -> String {
        let s = t.description
        return t.second == 0 ? String(s.prefix(5)) : s
    }

    func interval(_ w: Window) -> String { "[\(PlanTimestamp.format(w.from)), \(PlanTimestamp.format(w.to)))" }

    /// `30 min`, `1 h 30 min`, `45 s`.
    func span(_ seconds: Int64) -> String {
        var parts: [String] = []
        var rest = seconds
        for (unit, name) in [(Int64(86_400), "d"), (3600, "h"), (60, "min"), (1, "s")] where rest >= unit {
            parts.append("\(rest / unit) \(name)")
            rest %= unit
        }
        return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
    }
}
