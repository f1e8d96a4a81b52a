import AlmanacJSON
import AlmanacModel
import AlmanacTime

/// A series' occurrences as a trigger: `rrule` with `start`, `rdates`, `exdates` (and `except` for
/// a DATE EXDATE of a timed event, which removes every occurrence that day), or `once:` when it
/// happens once. All times are wall times in the event's zone.
struct ICSRecurrence {
    var rule: (property: ICSDocument.Property, text: String)?
    /// UNTIL before DTSTART: the rule gives nothing and DTSTART is no occurrence (recurring-ical-events).
    var untilBeforeStart: ICSDocument.Property?
    var dateOnly: Bool
    var rdates: [LocalDateTime] = []
    private var rdateSet = Set<LocalDateTime>()
    var exdates: [LocalDateTime] = []
    private var exdateSet = Set<LocalDateTime>()
    /// EXDATEs in the source (not overrides): an override of one of these is not imported.
    private var deleted = Set<LocalDateTime>()
    var exceptDates = Set<CivilDate>()
    var notes: [String] = []

    static func read(_ event: ICSDocument.Component, start: ICSEvent.Start, into context: inout ICSEvent) -> ICSRecurrence? {
        var r = ICSRecurrence(dateOnly: start.value.dateOnly)
        // An empty `RRULE:` is none; the same rule twice is one (recurring-ical-events keeps a set).
        var rules: [ICSDocument.Property] = []
        for rule in event.all("RRULE")
        where !rule.value.trimmingCharacters(in: " ").isEmpty && !rules.contains(where: { $0.value == rule.value }) {
            rules.append(rule)
        }
        if rules.count > 1 {
            context.diagnostics.emit(Diagnostic(.importICSNotExpressible("a second RRULE"), at: rules[1].range))
            return nil
        }
        if let rrule = rules.first {
            guard let text = r.readRule(rrule, start: start, into: &context) else { return nil }
            r.rule = (rrule, text)
        }
        for p in event.all("EXDATE") + event.all("RDATE") {
            for v in p.value.split(separator: ",") {
                guard let value = p.name == "RDATE" ? ICSValues.periodStart(String(v)) : ICSValues.dateTime(String(v)) else {
                    context.diagnostics.emit(Diagnostic(.importICSSyntax("'\(v)' is not a DATE, DATE-TIME or PERIOD"), at: p.range))
                    return nil
                }
                if p.name == "EXDATE" && value.dateOnly && !r.dateOnly {
                    r.exceptDates.insert(value.local.date)
                    continue
                }
                switch context.clock.local(of: p, value, in: start.zone) {
                case .failure(let problem):
                    context.diagnostics.emit(problem.diagnostic)
                    return nil
                case .success(let local):
                    let wall = r.dateOnly ? LocalDateTime(date: local.local.date, time: .midnight) : local.local
                    if p.name == "EXDATE" {
                        r.deleted.insert(wall)
                        r.exclude(wall)
                    } else if r.rdateSet.insert(wall).inserted {
                        r.rdates.append(wall)
                    }
                }
            }
        }
        return r
    }

    /// The RRULE as Almanac reads it (errors located in the .ics); a DATE UNTIL with a timed DTSTART
    /// becomes the instant python-dateutil reads it as (its midnight, UTC for a zoned event).
    mutating func readRule(_ rrule: ICSDocument.Property, start: ICSEvent.Start, into context: inout ICSEvent) -> String? {
        var text = rrule.value
        let (parsed, errors) = RRuleParser.parse(text)
        // Located on the line of the folded value that holds the error.
        for error in errors {
            context.diagnostics.emit(Diagnostic(error, at: rrule.range(ofValueScalar: error.offset, length: error.length)))
        }
        guard let parsed else { return nil }
        var until = parsed.until
        // An all-day series ends on UNTIL's date, whatever time it names (recurring-ical-events cuts a
        // date-time UNTIL to its date when DTSTART is a date).
        if start.value.dateOnly, let written = Self.untilText(text), written.count > 8,
            let d = ICSValues.dateTime(String(written.prefix(8)))
        {
            text = text.replacingOccurrences(of: "UNTIL=" + written, with: "UNTIL=" + written.prefix(8))
            notes.append("UNTIL=\(written) of an all-day series ends on its date, as recurring-ical-events reads it.")
            until = .date(d.local.date)
        }
        if case .date(let d)? = parsed.until, !start.value.dateOnly, let range = text.range(of: "UNTIL=" + Self.basic(d)) {
            let aware = start.zone != "UTC" || start.value.utc
            let midnight = LocalDateTime(date: d, time: .midnight)
            text.replaceSubrange(range, with: "UNTIL=" + Self.basic(d) + "T000000" + (aware ? "Z" : ""))
            notes.append(
                "UNTIL=\(Self.basic(d)) with a timed DTSTART ends at \(aware ? "00:00 UTC" : "00:00") that day, as python-dateutil reads it."
            )
            until = aware ? .utc(Instant(secondsSinceEpoch: midnight.wallSeconds)) : .local(midnight)
        }
        let startInstant = context.clock.instant(start.value.local, in: start.zone)
        switch until {
        case .date(let d)? where d < start.value.local.date: untilBeforeStart = rrule
        case .local(let l)? where l < start.value.local: untilBeforeStart = rrule
        case .utc(let u)? where u < startInstant: untilBeforeStart = rrule
        default: break
        }
        return text
    }

    static func basic(_ d: CivilDate) -> String { String(d.description.filter { $0 != "-" }) }

    /// The UNTIL value as written in a rule.
    static func untilText(_ rule: String) -> String? {
        guard let r = rule.uppercased().range(of: "UNTIL=") else { return nil }
        return String(rule[r.upperBound...].prefix { $0 != ";" })
    }

    func deletes(_ value: ICSValues.DateTime) -> Bool {
        deleted.contains(wall(value)) || exceptDates.contains(value.local.date) && !value.dateOnly
    }

    mutating func exclude(_ value: ICSValues.DateTime) { exclude(wall(value)) }

    private mutating func exclude(_ wall: LocalDateTime) {
        if exdateSet.insert(wall).inserted { exdates.append(wall) }
    }

    private func wall(_ value: ICSValues.DateTime) -> LocalDateTime {
        dateOnly ? LocalDateTime(date: value.local.date, time: .midnight) : value.local
    }

    func trigger(_ event: ICSDocument.Component, start: ICSEvent.Start, into context: inout ICSEvent) -> ImportedTrigger? {
        let summary = event.first("SUMMARY").map { ICSValues.text($0.value) }
        let head = "VEVENT at line \(event.line)\(summary.map { ": \($0)" } ?? "")"
        let first = start.value.local
        var dates = rdates
        if let property = untilBeforeStart {
            context.diagnostics.emit(Diagnostic(.importICSUntilBeforeStart, at: property.range))
        }
        if let rule, untilBeforeStart == nil {
            var trigger = ImportedTrigger(id: context.spec.uniqueID(from: summary ?? "", fallback: "event"))
            trigger.comment(head)
            trigger.comments += start.notes + notes
            if !dates.contains(first) { dates.insert(first, at: 0) }
            trigger.comment("DTSTART is an occurrence in iCalendar even when the rule does not give it: it is in `rdates`.")
            if !exdates.isEmpty {
                trigger.comment("EXDATEs, and the occurrences that overrides (RECURRENCE-ID) replace, are in `exdates`.")
            }
            trigger.set("rrule", quoted: rule.text)
            trigger.set("start", dateOnly ? first.date.description : first.description)
            write(&trigger, dates: dates, zone: start.zone, readerZone: context.spec.timezone)
            Self.finish(&trigger, event, zone: start.zone)
            return trigger
        }
        // No rule (or one that gives nothing): DTSTART and the RDATEs, less what is excluded.
        if untilBeforeStart == nil && !dates.contains(first) { dates.insert(first, at: 0) }
        dates = Array(Set(dates.filter { !exdateSet.contains($0) && !(exceptDates.contains($0.date) && !dateOnly) })).sorted()
        guard let once = dates.first else {
            context.spec.header.append("\(head): no occurrence (every date is excluded): not imported.")
            return nil
        }
        var trigger = ImportedTrigger(id: context.spec.uniqueID(from: summary ?? "", fallback: "event"))
        trigger.comment(head)
        trigger.comments += start.notes + notes
        if untilBeforeStart != nil {
            trigger.comment("UNTIL is before DTSTART: the rule gives nothing and DTSTART is no occurrence; the RDATEs remain.")
        }
        if dates.count == 1 {
            var s = start
            s.value.local = once
            Self.once(s, into: &trigger, readerZone: context.spec.timezone)
        } else {
            trigger.comment(
                "\(dates.count) dates (DTSTART and RDATEs): the first is `start` of a one-occurrence rule, the others are `rdates`.")
            trigger.set("rrule", quoted: "FREQ=DAILY;COUNT=1")
            trigger.set("start", dateOnly ? once.date.description : once.description)
            var r = self
            r.exdates = []
            r.exceptDates = []
            r.write(&trigger, dates: Array(dates.dropFirst()), zone: start.zone, readerZone: context.spec.timezone)
        }
        Self.finish(&trigger, event, zone: start.zone)
        return trigger
    }

    private func write(_ trigger: inout ImportedTrigger, dates: [LocalDateTime], zone: String, readerZone: String?) {
        if zone != readerZone { trigger.set("timezone", zone) }
        if !dates.isEmpty { trigger.set("rdates", "[" + dates.map(\.description).joined(separator: ", ") + "]") }
        if !exdates.isEmpty { trigger.set("exdates", "[" + exdates.map(\.description).joined(separator: ", ") + "]") }
        if !exceptDates.isEmpty {
            trigger.comment("DATE EXDATEs of a timed event remove every occurrence that day: `except`.")
            trigger.set("except", "[" + exceptDates.sorted().map(\.description).joined(separator: ", ") + "]")
        }
    }

    /// `once:` at the start: an instant for UTC, else a wall time in the event's zone.
    static func once(_ start: ICSEvent.Start, into trigger: inout ImportedTrigger, readerZone: String?) {
        if start.zone == "UTC" && !start.value.dateOnly {
            trigger.set("once", start.value.local.description + "Z")
            return
        }
        trigger.set("once", start.value.local.description)
        if start.zone != readerZone { trigger.set("timezone", start.zone) }
    }

    /// The DST policy of a zoned event and the payload every event carries.
    static func finish(_ trigger: inout ImportedTrigger, _ event: ICSDocument.Component, zone: String) {
        if zone != "UTC" {
            trigger.comment("DST: a local time a spring-forward skips is read with the offset before the gap (RFC 5545")
            trigger.comment("§3.3.5, `gap: shift`); a repeated one is its first occurrence (`overlap: first`).")
            trigger.set("dst", "{gap: shift, overlap: first}")
        }
        if let summary = event.first("SUMMARY").map({ ICSValues.text($0.value) }) { trigger.payload.append(("summary", .string(summary))) }
        if let uid = event.first("UID")?.value { trigger.payload.append(("uid", .string(uid))) }
    }
}
