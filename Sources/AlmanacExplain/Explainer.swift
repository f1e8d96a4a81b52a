// AlmanacExplain: a trigger of the typed model (`AlmanacModel`) in one English sentence.
// A target of its own rather than part of AlmanacCompiler or AlmanacModel: explaining reads the
// model and the zone data only (never the source text, never expansion), so it belongs beside the
// compiler, not in it, and the model stays free of English prose that is not a diagnostic. The
// commands that show triggers (`explain`, `next`, `diff --format markdown` and
// `check --format json`) link it; an app that only compiles schedules does not.
import AlmanacJSON
import AlmanacModel
import AlmanacTime

/// One trigger explained.
public struct Explanation: Hashable, Sendable {
    public var id: String
    /// The kind's name (`calendar`, `cron`, …).
    public var kind: String
    /// One English sentence, capitalised, ending with a full stop.
    public var text: String

    public init(id: String, kind: String, text: String) {
        self.id = id
        self.kind = kind
        self.text = text
    }
}

/// Explains triggers: deterministic, reads no clock and no environment.
public enum Explainer {
    /// The triggers of `schedule` with the ids in `ids` (all of them when empty), in schedule order.
    public static func explain(_ schedule: Schedule, ids: [String] = []) -> [Explanation] {
        let wanted = Set(ids)
        return schedule.triggers.filter { wanted.isEmpty || wanted.contains($0.id) }.map(explain)
    }

    public static func explain(_ trigger: Trigger) -> Explanation {
        Explanation(id: trigger.id, kind: trigger.kind.name, text: sentence(trigger))
    }

    /// The sentence for one trigger: its rule, then `during`, zone, bounds, `count`, `except`,
    /// `jitter`, then what daylight saving does to it.
    public static func sentence(_ t: Trigger) -> String {
        var parts: [String] = [rule(t)]
        if let during = t.during, let phrase = duringPhrase(during) { parts.append(phrase) }
        if let zone = t.timezone, showsZone(t) { parts.append(zone == "UTC" || zone == "Etc/UTC" ? "UTC" : zone) }
        if let bounds = boundsPhrase(t) { parts.append(bounds) }
        if let count = t.count { parts.append("at most \(Words.plural(count, "time"))") }
        if !t.except.isEmpty { parts.append("except " + exceptPhrase(t)) }
        if let jitter = t.jitter, jitter.seconds > 0 {
            parts.append("each fire delayed by a fixed pseudo-random amount under \(Words.duration(jitter.seconds))")
        }
        var text = parts.joined(separator: ", ")
        let dst = dstClauses(t)
        if !dst.isEmpty { text += "; " + dst.joined(separator: "; ") }
        if !t.enabled { text = "Disabled, so it never fires; when enabled: " + text }
        return capitalised(text) + "."
    }

    /// The rule of the trigger's kind alone, without its common fields: the kind's own words
    /// (`KindWords`), or its name for a kind that has none yet.
    public static func rule(_ t: Trigger) -> String {
        (t.kind.rule as? any KindWords)?.phrase(in: t) ?? "fires by its `\(t.kind.name)` rule"
    }

    /// The sentence for a cron expression alone (no zone, no common fields), as the corpus tests read it.
    public static func cron(_ e: CronExpression) -> String { capitalised(CronWords.phrase(e)) + "." }

    /// The sentence for an RRULE with its DTSTART, RDATEs and EXDATEs alone.
    public static func rrule(_ r: RRuleTrigger) -> String { capitalised(RRuleWords.phrase(r)) + "." }

    static func capitalised(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    /// The zone is part of the meaning for wall-clock kinds, `during` and `except`, and a local anchor.
    static func showsZone(_ t: Trigger) -> Bool {
        if t.kind.isWallClock || t.during != nil || !t.except.isEmpty { return true }
        if case .every = t.kind, t.start != nil || t.end != nil { return true }
        return false
    }

    static func everyPhrase(_ e: EveryRule, zone: String?) -> String {
        let interval = e.interval.seconds
        // Whole days are said in hours: elapsed time, not calendar days.
        let length = interval % 86_400 == 0 ? "\(interval / 3600) hours" : Words.duration(interval)
        let head = "every " + (interval == 1 ? "second" : length)
        if e.anchor.secondsSinceEpoch == 0 {
            // The default grid: aligned with UTC midnight when the interval divides a day.
            if 86_400 % interval == 0 { return head + " of elapsed time, aligned to midnight UTC" }
            return head + " of elapsed time, counted from 1970-01-01T00:00:00Z"
        }
        var anchor = RFC3339.format(e.anchor)
        if let zone, zone != "UTC", let table = OffsetTable(zone: zone, covering: e.anchor, to: e.anchor) {
            let offset = table.offset(at: e.anchor)
            anchor = RFC3339.format(LocalDateTime(wallSeconds: e.anchor.secondsSinceEpoch + Int64(offset)), offset: offset)
        }
        return head + " of elapsed time, counted from \(anchor)"
    }

    static func locationPhrase(_ l: LocationRule) -> String {
        let verb: String
        switch l.on {
        case .enter: verb = "on entering"
        case .exit: verb = "on leaving"
        case .both: verb = "on entering or leaving"
        }
        let circle = "\(l.region.radiusText) m around \(l.region.latitudeText), \(l.region.longitudeText)"
        let region = l.region.name.map { "\($0) (\(circle))" } ?? "the circle of \(circle)"
        var text = "\(verb) \(region)"
        if let cooldown = l.cooldown { text += ", ignoring crossings within \(Words.duration(cooldown.seconds)) after a fire" }
        return text
    }

    /// Nil when the window lets everything through (every weekday, no `between`).
    static func duringPhrase(_ d: During) -> String? {
        let days = d.weekdays.map { Array($0.map(\.rawValue)).sorted() }
        guard let from = d.betweenFrom, let to = d.betweenTo else {
            if days == nil || days!.count == 7 { return nil }
            return "only " + Words.weekdays(days ?? Array(1...7))
        }
        let overnight = to <= from
        var text = "only from \(Words.time(from)) until \(Words.time(to))" + (overnight ? " the next day" : "")
        if let days {
            let w = Words.weekdays(days)
            text =
                overnight
                ? text + ", starting " + (Words.weekdaysStandAlone(w) ? "on any day " + w : w)
                : "only " + w + (Words.weekdaysStandAlone(w) ? "," : "") + " from \(Words.time(from)) until \(Words.time(to))"
        }
        return text
    }

    static func bound(_ b: Bound) -> String {
        switch b {
        case .date(let d): return "\(d)"
        case .local(let l): return Words.dateTime(l)
        case .instant(let i): return RFC3339.format(i)
        }
    }

    /// `from 2026-11-23`, `through 2027-03-31` (a date end includes its day), `before 2027-06-30 00:00`.
    static func boundsPhrase(_ t: Trigger) -> String? {
        var items: [String] = []
        // An RRULE's `start` is its DTSTART, already in the rule's words.
        if let s = t.start {
            if case .rrule(let r) = t.kind, s == .local(r.start) || s == .date(r.start.date) && r.start.time == .midnight {
            } else {
                items.append("from " + bound(s))
            }
        }
        if let e = t.end {
            if case .date = e { items.append("through " + bound(e)) } else { items.append("before " + bound(e)) }
        }
        return items.isEmpty ? nil : items.joined(separator: " ")
    }

    static func dates(_ r: DateRange) -> String { r.from == r.to ? "\(r.from)" : "\(r.from) to \(r.to)" }

    static func exceptPhrase(_ t: Trigger) -> String {
        if t.exceptWritten.isEmpty { return Words.list(t.except.map(dates)) }
        return Words.list(
            t.exceptWritten.map { item in
                switch item {
                case .blackout(let name): return name
                case .dates(let r): return dates(r)
                }
            })
    }

    static func dstClauses(_ t: Trigger) -> [String] {
        guard let zone = t.timezone, zone != "UTC" else { return [] }
        if case .once(let o) = t.kind, case .local(let l) = o.moment {
            guard
                let table = OffsetTable(
                    zone: zone, covering: Instant(secondsSinceEpoch: l.wallSeconds - 86_400),
                    to: Instant(secondsSinceEpoch: l.wallSeconds + 86_400))
            else { return [] }
            switch table.resolve(l) {
            case .unique: return []
            case .gap(let transition, let before, _):
                switch t.dst.gap {
                case .skip: return ["that time is skipped by a spring-forward change, so it does not fire"]
                case .next: return ["that time is skipped by a spring-forward change, so it fires at \(RFC3339.format(transition))"]
                case .shift:
                    let at = Instant(secondsSinceEpoch: l.wallSeconds - Int64(before))
                    return ["that time is skipped by a spring-forward change, so it fires at \(RFC3339.format(at))"]
                }
            case .overlap(let first, _, let second, _):
                switch t.dst.overlap {
                case .first: return ["that time happens twice (a fall-back change); it fires the first time, \(RFC3339.format(first))"]
                case .last: return ["that time happens twice (a fall-back change); it fires the second time, \(RFC3339.format(second))"]
                case .both: return ["that time happens twice (a fall-back change); it fires both times"]
                }
            }
        }
        guard let shape = t.dailyShape else { return [] }
        return DSTWords.clauses(shape, policy: t.dst, zone: zone)
    }

    // MARK: Output

    /// `id: sentence` per line.
    public static func text(_ explanations: [Explanation]) -> String {
        explanations.map { "\($0.id): \($0.text)\n" }.joined()
    }

    /// `{"triggers": [{"explanation": …, "id": …, "kind": …}, …]}`, keys sorted by the writer, one trigger per line.
    public static func json(_ explanations: [Explanation]) -> String {
        let items = explanations.map { e in
            JSONWriter.inline(.object(["id": .string(e.id), "kind": .string(e.kind), "explanation": .string(e.text)]))
        }
        if items.isEmpty { return "{\"triggers\": []}\n" }
        return "{\"triggers\": [\n  " + items.joined(separator: ",\n  ") + "\n]}\n"
    }
}
