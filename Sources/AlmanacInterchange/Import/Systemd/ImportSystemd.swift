import AlmanacJSON
import AlmanacModel
import AlmanacTime

/// A systemd `.timer` unit → one `calendar:` trigger per `OnCalendar=`.
///
/// systemd's calendar events AND their fields as Almanac's `calendar:` does, so each value maps
/// exactly: weekdays (lists, `..` ranges), months and days (lists, ranges, `/` repetitions, `~N` the
/// N-th day from the end → `days: [-N]`), hours, minutes and whole seconds, the shorthands
/// (`daily`, `weekly`, …) and a zone at the end. A year other than `*` or a fraction of a second has
/// no equivalent and is refused at its place.
struct SystemdImporter {
    let file: SourceFile
    let timezone: String?

    struct Entry {
        var key: String
        var value: String
        var line: Int
        /// 1-based column of the value's first character.
        var column: Int
    }

    func run(into spec: inout ImportSpecWriter, _ diagnostics: inout DiagnosticBag) {
        spec.timezone = timezone
        var section = ""
        var calendars: [Entry] = []
        var timer: [String: Entry] = [:]
        var description: String?
        for (number, text) in sourceLines(file) {
            let line = text.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                section = line
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<eq]).trimmingSpaces
            let value = String(line[line.index(after: eq)...]).trimmingSpaces
            let lead = text.unicodeScalars.count - text.drop(while: { $0 == " " || $0 == "\t" }).unicodeScalars.count
            let afterEq = String(line[line.index(after: eq)...])
            let valueColumn =
                lead + line[..<eq].unicodeScalars.count + 1
                + (afterEq.unicodeScalars.count - afterEq.drop(while: { $0 == " " }).unicodeScalars.count) + 1
            let entry = Entry(key: key, value: value, line: number, column: valueColumn)
            if section == "[Unit]", key == "Description" { description = value }
            guard section == "[Timer]" else { continue }
            if key == "OnCalendar" {
                if value.isEmpty { calendars = [] } else { calendars.append(entry) }
            } else {
                timer[key] = entry
            }
        }
        guard !calendars.isEmpty else {
            if !timer.isEmpty || !sourceLines(file).isEmpty {
                diagnostics.emit(Diagnostic(.importSystemdNoCalendar, at: SourceRange(line: 1, column: 1, length: 1)))
            }
            return
        }
        let base = file.path.split(separator: "/").last.map(String.init) ?? "timer"
        let unitName = base.hasSuffix(".timer") ? String(base.dropLast(6)) : base
        let unit = timer["Unit"]?.value ?? unitName + ".service"
        var jitter: Int?
        if let delay = timer["RandomizedDelaySec"] {
            guard let seconds = Self.timeSpan(delay.value) else {
                diagnostics.emit(
                    Diagnostic(
                        .importSystemdTimeSpan(delay.value),
                        at: SourceRange(line: delay.line, column: delay.column, length: delay.value.count)))
                // The calendars' own errors too, so that one run reports them all.
                for entry in calendars { _ = SystemdCalendarEvent.parse(entry, &diagnostics) }
                return
            }
            // Almanac's jitter is at most a day: a longer delay is refused where it is written.
            if seconds > 0,
                let problem = MeaningRules.jitterLimit(
                    TimeSpan(seconds: Int64(seconds)), written: delay.value,
                    at: SourceRange(line: delay.line, column: delay.column, length: delay.value.count))
            {
                diagnostics.emit(problem)
                return
            }
            if seconds > 0 { jitter = seconds }
        }
        // What holds for the whole unit goes above the triggers, once.
        if let description { spec.header.append("\(unitName).timer: \(description)") }
        spec.header.append("DST: systemd never elapses a time a spring-forward skips (`gap: skip`) and elapses a repeated")
        spec.header.append("time once, at its first occurrence (`overlap: first`), hourly events included.")
        if let jitter, let delay = timer["RandomizedDelaySec"] {
            spec.header.append(
                "RandomizedDelaySec=\(delay.value): `jitter: \(jitter)s`, a delay in [0, \(jitter)s) derived from each fire's id,")
            spec.header.append("so the same in every plan (systemd draws it anew unless FixedRandomDelay=true).")
        }
        // Persistent=: whether systemd runs a time missed while the machine was off (once) when it next
        // starts; a fact of each trigger (`misfire:`), which plans carry and executors honour.
        let persistent = timer["Persistent"].map { ["true", "yes", "1", "on"].contains($0.value.lowercased()) } ?? false
        spec.header.append(
            persistent
                ? "Persistent=true: systemd runs a time missed while the machine was off once when it next starts (`misfire: once`)."
                : "Persistent=false (systemd's default): a time missed while the machine was off is not run (`misfire: skip`).")
        if let accuracy = timer["AccuracySec"] {
            spec.header.append(
                "AccuracySec=\(accuracy.value): systemd may elapse up to that late to coalesce wake-ups; Almanac fires on time.")
        }
        for key in ["OnActiveSec", "OnBootSec", "OnStartupSec", "OnUnitActiveSec", "OnUnitInactiveSec"] where timer[key] != nil {
            spec.header.append("\(key)= (line \(timer[key]!.line)) counts from an event, which Almanac cannot plan: not imported.")
        }
        for entry in calendars {
            guard let event = SystemdCalendarEvent.parse(entry, &diagnostics) else { continue }
            guard let zone = event.zone ?? timezone else {
                diagnostics.emit(
                    Diagnostic(.importSystemdNeedsZone, at: SourceRange(line: entry.line, column: entry.column, length: entry.value.count)))
                continue
            }
            var trigger = ImportedTrigger(id: spec.uniqueID(from: unitName, fallback: "timer"))
            trigger.comment("line \(entry.line): OnCalendar=\(entry.value)")
            if event.normalized != entry.value { trigger.comment("read as \(event.normalized)") }
            if let once = event.once {
                trigger.set("once", once)
            } else {
                trigger.set("calendar", event.calendar)
                if let years = event.years {
                    trigger.comment("years \(years.lowerBound)–\(years.upperBound): `start` and `end` bound the rule.")
                    trigger.set("start", "\(years.lowerBound)-01-01")
                    trigger.set("end", "\(years.upperBound)-12-31")
                }
            }
            if zone != timezone { trigger.set("timezone", zone) }
            trigger.set("dst", "{gap: skip, overlap: first}")
            if event.once == nil { reportGapLosses(event, zone: zone, entry: entry, &trigger, &diagnostics) }
            if let jitter { trigger.set("jitter", "\(jitter)s") }
            trigger.set("misfire", persistent ? "once" : "skip")
            trigger.payload.append(("unit", .string(unit)))
            spec.triggers.append(trigger)
        }
    }

    /// What systemd loses beyond a gap across an hour boundary (Pacific/Chatham) and the spec cannot
    /// say: a warning at the value, and a comment.
    private func reportGapLosses(
        _ event: SystemdCalendarEvent, zone: String, entry: Entry, _ trigger: inout ImportedTrigger, _ diagnostics: inout DiagnosticBag
    ) {
        let at = SourceRange(line: entry.line, column: entry.column, length: max(1, entry.value.count))
        var lost: [Int] = []
        var dates: [CivilDate] = []
        for gap in SystemdGapBehaviour.gaps(zone) where event.selects(gap.date) {
            switch SystemdGapBehaviour.outcome(hours: event.hours, minutes: event.minutes, seconds: event.seconds, gap: gap) {
            case .fires: continue
            case .stops:
                diagnostics.emit(Diagnostic(.importSystemdStops(zone: zone, gap: gap.text, date: gap.date.description), at: at))
                trigger.comment("systemd 252 stops computing elapses on \(gap.date) (\(zone)'s gap \(gap.text)): the plan goes on.")
                return
            case .loses(let times):
                if lost.isEmpty { lost = times }
                dates.append(gap.date)
            }
        }
        guard let first = dates.first, let gap = SystemdGapBehaviour.gaps(zone).first(where: { $0.date == first }) else { return }
        let times = ExportClock.timesText(lost)
        diagnostics.emit(
            Diagnostic(.importSystemdAfterGap(times: times, zone: zone, gap: gap.text, first: first.description, days: dates.count), at: at)
        )
        trigger.comment(
            "systemd 252 does not elapse \(times) after \(zone)'s gap \(gap.text) (\(dates.count) days from \(first)); the plan does.")
    }

    /// A systemd time span in whole seconds (`90`, `30s`, `5min`, `1h 30min`, `2d`); nil when not one
    /// or not whole seconds.
    static func timeSpan(_ text: String) -> Int? {
        let units: [String: Int] = [
            "s": 1, "sec": 1, "second": 1, "seconds": 1, "m": 60, "min": 60, "minute": 60, "minutes": 60, "h": 3600, "hr": 3600,
            "hour": 3600, "hours": 3600, "d": 86400, "day": 86400, "days": 86400, "w": 604800, "week": 604800, "weeks": 604800,
        ]
        var total = 0
        var s = Substring(text)
        guard !s.isEmpty else { return nil }
        while !s.isEmpty {
            s = s.drop(while: { $0 == " " })
            let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
            guard let n = Int(digits) else { return s.isEmpty ? total : nil }
            s = s.dropFirst(digits.count).drop(while: { $0 == " " })
            let word = s.prefix(while: { $0.isLetter })
            s = s.dropFirst(word.count)
            if word.isEmpty {
                total += n
            } else {
                guard let unit = units[String(word)] else { return nil }
                total += n * unit
            }
        }
        return total
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
