import AlmanacJSON
import AlmanacModel
import AlmanacTime

/// iCalendar (RFC 5545) → one trigger per series (the VEVENTs of one UID, its latest SEQUENCE) and
/// one `once:` per override (RECURRENCE-ID), read as recurring-ical-events reads them: an override
/// is one occurrence even when it carries an RRULE, an occurrence both in EXDATE and overridden is
/// deleted, EXDATE/RDATE/RECURRENCE-ID in another zone or UTC name the instant they name, an RDATE
/// period starts an occurrence, DTSTART is an occurrence unless UNTIL is before it.
struct ICSImporter {
    let file: SourceFile
    let timezone: String?

    func run(into spec: inout ImportSpecWriter, _ diagnostics: inout DiagnosticBag) {
        let document = ICSDocument.read(file)
        let firstYear =
            document.events.compactMap { $0.first("DTSTART").flatMap { ICSValues.dateTime($0.value) }?.local.date.year }.min() ?? 2026
        let clock = ICSClock(document: document, readerZone: timezone, firstYear: firstYear)
        if let calendarZone = clock.calendarZone {
            spec.header.append("X-WR-TIMEZONE (line \(calendarZone.line)): floating times, and the UTC times of recurring events, are")
            spec.header.append("read in \(calendarZone.zone), as recurring-ical-events reads them (x-wr-timezone).")
        }
        spec.timezone = clock.calendarZone?.zone ?? timezone
        var made: [(line: Int, trigger: ImportedTrigger)] = []
        // The spec and the diagnostics move into the converter and back (swaps, not copies: a copy
        // of a 10,000-trigger spec per series would make the import quadratic).
        var event = ICSEvent(clock: clock, spec: ImportSpecWriter(name: "", source: "", format: .ics), diagnostics: DiagnosticBag())
        swap(&event.spec, &spec)
        swap(&event.diagnostics, &diagnostics)
        for series in ICSSeries.group(document.events) {
            for (old, by) in series.superseded {
                event.spec.header.append(
                    "VEVENT at line \(old.line) is an earlier version (SEQUENCE \(ICSSeries.sequence(old))) of the one at line \(by.line): not imported."
                )
            }
            made += event.convert(series)
        }
        swap(&event.spec, &spec)
        swap(&event.diagnostics, &diagnostics)
        for (tzid, at) in event.clock.unknownZones {
            diagnostics.emit(Diagnostic(.importICSZoneReadFloating(tzid, zone: event.clock.floatingZone ?? "UTC"), at: at))
            spec.header.append(
                "TZID '\(tzid)' names no zone and no VTIMEZONE defines it: its times are read as floating, in \(event.clock.floatingZone ?? "UTC")."
            )
        }
        // Source order, so that a reader finds each VEVENT's trigger where the VEVENT was.
        for (_, trigger) in made.sorted(by: { $0.line < $1.line }) { spec.triggers.append(trigger) }
    }
}

/// The conversion of one series: its state is handed back to the importer afterwards.
struct ICSEvent {
    var clock: ICSClock
    var spec: ImportSpecWriter
    var diagnostics: DiagnosticBag

    /// The event's start and zone, after DTEND before DTSTART is swapped as recurring-ical-events does.
    struct Start {
        var property: ICSDocument.Property
        var value: ICSValues.DateTime
        /// The IANA zone of the event's wall times (UTC for `Z`).
        var zone: String
        var notes: [String]
    }

    mutating func convert(_ series: ICSSeries) -> [(Int, ImportedTrigger)] {
        var out: [(Int, ImportedTrigger)] = []
        // Overrides of an occurrence the series' EXDATE deletes: it stays deleted (recurring-ical-events;
        // CalDAV servers do the same).
        var deleted = Set<Int>()
        if let event = series.core {
            if ICSSeries.isCancelled(event) {
                spec.header.append("VEVENT at line \(event.line) is cancelled (STATUS:CANCELLED): not imported.")
            } else if let start = start(of: event), var recurrence = ICSRecurrence.read(event, start: start, into: &self) {
                // Each override removes the occurrence it replaces.
                for o in series.overrides {
                    guard let rid = o.first("RECURRENCE-ID"), let value = ICSValues.dateTime(rid.value),
                        case .success(let local) = clock.local(of: rid, value, in: start.zone)
                    else { continue }
                    if recurrence.deletes(local) {
                        spec.header.append("VEVENT at line \(o.line) overrides an occurrence its series' EXDATE deletes: not imported.")
                        deleted.insert(o.line)
                    } else {
                        recurrence.exclude(local)
                    }
                }
                if let trigger = recurrence.trigger(event, start: start, into: &self) { out.append((event.line, trigger)) }
            }
        }
        // recurring-ical-events drops an override that carries an RRULE, is older than the series
        // (lower SEQUENCE) and replaces an occurrence the series no longer has; past the series'
        // UNTIL is the case the importer can tell without expanding the rule.
        if let core = series.core, let until = Self.until(core) {
            for o in series.overrides where o.first("RRULE") != nil && ICSSeries.sequence(o) < ICSSeries.sequence(core) {
                guard let rid = o.first("RECURRENCE-ID")?.value, let r = ICSValues.dateTime(rid), r.local.date > until else { continue }
                spec.header.append(
                    "VEVENT at line \(o.line) is an older override (with an RRULE) of an occurrence after its series' UNTIL: not imported.")
                deleted.insert(o.line)
            }
        }
        for o in series.overrides where !deleted.contains(o.line) {
            if let trigger = override(o, seriesLine: series.core?.line) { out.append((o.line, trigger)) }
        }
        return out
    }

    /// The date of a series' UNTIL, if its RRULE has one.
    static func until(_ event: ICSDocument.Component) -> CivilDate? {
        guard let rule = event.first("RRULE"), case let (parsed?, _) = RRuleParser.parse(rule.value), let until = parsed.until else {
            return nil
        }
        switch until {
        case .date(let d): return d
        case .local(let l): return l.date
        case .utc(let u): return LocalDateTime(wallSeconds: u.secondsSinceEpoch).date
        }
    }

    /// DTSTART (or DTEND when it comes first) and the zone the event's times are in.
    mutating func start(of event: ICSDocument.Component) -> Start? {
        guard var property = event.first("DTSTART") else {
            diagnostics.emit(
                Diagnostic(.importICSNotExpressible("a VEVENT without DTSTART"), at: SourceRange(line: event.line, column: 1, length: 12)))
            return nil
        }
        guard var value = ICSValues.dateTime(property.value) else {
            diagnostics.emit(Diagnostic(.importICSSyntax("'\(property.value)' is not a DATE or DATE-TIME"), at: property.range))
            return nil
        }
        var notes: [String] = []
        if let end = event.first("DTEND"), let endValue = ICSValues.dateTime(end.value), endValue.dateOnly == value.dateOnly,
            let a = instant(property, value), let b = instant(end, endValue), b < a
        {
            diagnostics.emit(Diagnostic(.importICSEndBeforeStart, at: end.range))
            notes.append("DTEND (line \(end.line)) is before DTSTART: the event starts at DTEND, as recurring-ical-events reads it.")
            property = end
            value = endValue
        }
        switch clock.place(of: property, value) {
        case .failure(let problem):
            diagnostics.emit(problem.diagnostic)
            return nil
        case .success(.zone(let zone, let note)):
            if let note { notes.append(note) }
            return Start(property: property, value: value, zone: zone, notes: notes)
        case .success(.utc):
            // Google writes UTC times with X-WR-TIMEZONE; x-wr-timezone reads them in that zone, which
            // matters for a recurring event (its wall time follows the zone's clock changes).
            if let calendar = clock.calendarZone?.zone, event.first("RRULE").map({ !$0.value.isEmpty }) ?? false {
                let local = clock.local(Instant(secondsSinceEpoch: value.local.wallSeconds), in: calendar)
                return Start(
                    property: property, value: ICSValues.DateTime(local: local, utc: false, dateOnly: false), zone: calendar, notes: notes)
            }
            return Start(property: property, value: value, zone: "UTC", notes: notes)
        case .success(.floating):
            // recurring-ical-events reads a floating or date DTSTART in the zone of the first of DTEND,
            // EXDATE and RDATE that has one (it makes the event's times comparable so): the same here.
            if clock.calendarZone == nil, let (zone, from) = siblingZone(event) {
                notes.append(
                    "DTSTART has no zone and \(from.name) (line \(from.line)) has one: read in \(zone), as recurring-ical-events reads it.")
                if value.dateOnly { value.dateOnly = false }
                return Start(property: property, value: value, zone: zone, notes: notes)
            }
            guard let zone = clock.floatingZone else {
                diagnostics.emit(Diagnostic(.importICSNeedsZone, at: property.range))
                return nil
            }
            return Start(property: property, value: value, zone: zone, notes: notes)
        }
    }

    /// The zone of the first of DTEND, EXDATE and RDATE (in that order) that is a zoned or UTC time.
    mutating func siblingZone(_ event: ICSDocument.Component) -> (String, ICSDocument.Property)? {
        for p in event.all("DTEND") + event.all("EXDATE") + event.all("RDATE") {
            guard let first = p.value.split(separator: ",").first, let v = ICSValues.periodStart(String(first)), !v.dateOnly else {
                continue
            }
            switch clock.place(of: p, v) {
            case .success(.zone(let zone, _)): return (zone, p)
            case .success(.utc): return ("UTC", p)
            default: continue
            }
        }
        return nil
    }

    /// The instant a value names, for ordering DTSTART and DTEND; floating and date values compare
    /// as wall times.
    mutating func instant(_ property: ICSDocument.Property, _ value: ICSValues.DateTime) -> Int64? {
        switch clock.place(of: property, value) {
        case .success(.zone(let zone, _)): return clock.instant(value.local, in: zone).secondsSinceEpoch
        case .success: return value.local.wallSeconds
        case .failure: return nil
        }
    }

    /// An override: one `once:` at its own DTSTART, whatever RRULE it carries.
    mutating func override(_ event: ICSDocument.Component, seriesLine: Int?) -> ImportedTrigger? {
        let rid = event.first("RECURRENCE-ID")!
        if rid.parameters["RANGE"]?.uppercased() == "THISANDFUTURE" {
            diagnostics.emit(Diagnostic(.importICSNotExpressible("RECURRENCE-ID with RANGE (this and future occurrences)"), at: rid.range))
            return nil
        }
        if ICSSeries.isCancelled(event) { return nil }
        guard let start = start(of: event) else { return nil }
        let summary = event.first("SUMMARY").map { ICSValues.text($0.value) }
        var trigger = ImportedTrigger(id: spec.uniqueID(from: summary ?? "", fallback: "event"))
        trigger.comment("VEVENT at line \(event.line)\(summary.map { ": \($0)" } ?? "")")
        if let seriesLine {
            trigger.comment("replaces the occurrence \(rid.value) of the series at line \(seriesLine), whose `exdates` leave it out.")
        } else {
            trigger.comment("an override (RECURRENCE-ID \(rid.value)) whose series is not in the file: one occurrence.")
        }
        if event.first("RRULE") != nil {
            trigger.comment("Its RRULE is not read: an override is one occurrence (RFC 5545, recurring-ical-events).")
        }
        trigger.comments += start.notes
        ICSRecurrence.once(start, into: &trigger, readerZone: spec.timezone)
        ICSRecurrence.finish(&trigger, event, zone: start.zone)
        return trigger
    }
}
