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
                for entry in calendars { _ = CalendarEvent.parse(entry, &diagnostics) }
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
        if let persistent = timer["Persistent"], ["true", "yes", "1", "on"].contains(persistent.value.lowercased()) {
            spec.header.append("Persistent=true: systemd runs a time missed while the machine was off when it next starts;")
            spec.header.append("`almanac-exec run --misfire once` does the same.")
        }
        if let accuracy = timer["AccuracySec"] {
            spec.header.append(
                "AccuracySec=\(accuracy.value): systemd may elapse up to that late to coalesce wake-ups; Almanac fires on time.")
        }
        for key in ["OnActiveSec", "OnBootSec", "OnStartupSec", "OnUnitActiveSec", "OnUnitInactiveSec"] where timer[key] != nil {
            spec.header.append("\(key)= (line \(timer[key]!.line)) counts from an event, which Almanac cannot plan: not imported.")
        }
        for entry in calendars {
            guard let event = CalendarEvent.parse(entry, &diagnostics) else { continue }
            guard let zone = event.zone ?? timezone else {
                diagnostics.emit(
                    Diagnostic(.importSystemdNeedsZone, at: SourceRange(line: entry.line, column: entry.column, length: entry.value.count)))
                continue
            }
            var trigger = ImportedTrigger(id: spec.uniqueID(from: unitName, fallback: "timer"))
            trigger.comment("line \(entry.line): OnCalendar=\(entry.value)")
            if event.normalized != entry.value { trigger.comment("read as \(event.normalized)") }
            if let once = event.once { trigger.set("once", once) } else { trigger.set("calendar", event.calendar) }
            if zone != timezone { trigger.set("timezone", zone) }
            trigger.set("dst", "{gap: skip, overlap: first}")
            if let jitter { trigger.set("jitter", "\(jitter)s") }
            trigger.payload.append(("unit", .string(unit)))
            spec.triggers.append(trigger)
        }
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

/// One `OnCalendar=` value read into calendar fields.
struct CalendarEvent {
    var weekdays: [Int] = [] // 0 = Monday
    var months: [Int] = []
    var days: [Int] = []
    var hours: [Int] = []
    var minutes: [Int] = []
    var seconds: [Int] = []
    /// A single date and time with its year (`2026-12-15 13:00:00`): a `once:` local date-time.
    var once: String?
    var zone: String?
    var normalized = ""

    static let shorthands: [String: String] = [
        "minutely": "*-*-* *:*:00", "hourly": "*-*-* *:00:00", "daily": "*-*-* 00:00:00", "monthly": "*-*-01 00:00:00",
        "weekly": "Mon *-*-* 00:00:00", "yearly": "*-01-01 00:00:00", "annually": "*-01-01 00:00:00",
        "quarterly": "*-01,04,07,10-01 00:00:00", "semiannually": "*-01,07-01 00:00:00",
    ]
    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// The value's fields, or nil after a located diagnostic.
    static func parse(_ entry: SystemdImporter.Entry, _ diagnostics: inout DiagnosticBag) -> CalendarEvent? {
        var event = CalendarEvent()
        // Words with their offsets in the value.
        var words: [(text: String, offset: Int)] = []
        var offset = 0
        for piece in entry.value.split(separator: " ", omittingEmptySubsequences: false) {
            if !piece.isEmpty { words.append((String(piece), offset)) }
            offset += piece.unicodeScalars.count + 1
        }
        func fail(_ message: DiagnosticMessage, _ word: (text: String, offset: Int)) -> CalendarEvent? {
            diagnostics.emit(
                Diagnostic(message, at: SourceRange(line: entry.line, column: entry.column + word.offset, length: word.text.count)))
            return nil
        }
        // A zone ends the value: the only word after the first that starts with a letter.
        if let last = words.last, words.count > 1, let c = last.text.first, c.isLetter {
            guard ZoneNames.isKnown(last.text) else { return fail(.importUnknownZone(last.text), last) }
            event.zone = last.text
            words.removeLast()
        }
        if words.count == 1, let expansion = shorthands[words[0].text.lowercased()] {
            let at = words[0]
            words = expansion.split(separator: " ").map { (String($0), at.offset) }
        }
        var i = 0
        if i < words.count, let first = words[i].text.first, first.isLetter {
            var set = Set<Int>()
            for item in words[i].text.split(separator: ",") {
                let ends = item.components(separatedBy: "..")
                // systemd refuses a range that wraps past Sunday (`Fri..Mon`).
                guard ends.count <= 2, let a = weekday(ends[0]), let b = weekday(ends.last!), a <= b else {
                    return fail(.importSystemdSyntax("'\(item)' is not a weekday, a list or a `..` range of them"), words[i])
                }
                var d = a
                while true {
                    set.insert(d)
                    if d == b { break }
                    d = (d + 1) % 7
                }
            }
            event.weekdays = set.sorted()
            i += 1
        }
        var date: (text: String, offset: Int)?
        var time: (text: String, offset: Int)?
        while i < words.count {
            if words[i].text.contains(":") && time == nil {
                time = words[i]
            } else if (words[i].text.contains("-") || words[i].text.contains("~")) && date == nil && time == nil {
                date = words[i]
            } else {
                return fail(.importSystemdSyntax("'\(words[i].text)' is neither a date (`*-*-01`) nor a time (`02:00`)"), words[i])
            }
            i += 1
        }
        if let date {
            var text = date.text
            var last = false
            var dayPart: String
            if let tilde = text.firstIndex(of: "~") {
                last = true
                dayPart = String(text[text.index(after: tilde)...])
                text = String(text[..<tilde])
            } else {
                guard let dash = text.lastIndex(of: "-") else { return fail(.importSystemdSyntax("'\(date.text)' is not a date"), date) }
                dayPart = String(text[text.index(after: dash)...])
                text = String(text[..<dash])
            }
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 1 || parts.count == 2 else { return fail(.importSystemdSyntax("'\(date.text)' is not a date"), date) }
            var year: Int?
            if parts.count == 2 && parts[0] != "*" {
                // One year, month, day and time is one instant: a `once:` trigger. Anything wider
                // with a year (a list, a range, a weekday) has no exact equivalent.
                guard parts[0].count == 4, let y = Int(parts[0]), !last else {
                    return fail(.importSystemdNotExpressible("a year ('\(parts[0])')"), date)
                }
                year = y
            }
            guard let months = values(parts.last!, 1...12) else { return fail(.importSystemdSyntax("months '\(parts.last!)'"), date) }
            if dayPart.contains("..") && last {
                return fail(.importSystemdNotExpressible("a range of days from the month's end"), date)
            }
            var fromEnd: [Int]?
            if last, dayPart.contains("/") {
                // `~07/1`: the 7th day from the end, then every day after it: -7, -6, … -1.
                let pieces = dayPart.split(separator: "/", omittingEmptySubsequences: false)
                guard pieces.count == 2, let n = Int(pieces[0]), let step = Int(pieces[1]), (1...31).contains(n), step > 0 else {
                    return fail(.importSystemdSyntax("days '\(dayPart)'"), date)
                }
                fromEnd = Array(stride(from: n, through: 1, by: -step))
            }
            guard let days = fromEnd ?? values(dayPart, 1...31) else { return fail(.importSystemdSyntax("days '\(dayPart)'"), date) }
            if let year {
                guard months.count == 1, days.count == 1, event.weekdays.isEmpty else {
                    return fail(.importSystemdNotExpressible("a year ('\(year)') with more than one date"), date)
                }
                event.once = String(format: "%04d-%02d-%02d", year, months[0], days[0])
            }
            event.months = months.count == 12 ? [] : months
            event.days = days.count == 31 && !last ? [] : days.map { last ? -$0 : $0 }
        }
        var h = Array(0...0), m = Array(0...0), s = Array(0...0)
        if let time {
            let parts = time.text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 || parts.count == 3 else { return fail(.importSystemdSyntax("'\(time.text)' is not a time"), time) }
            if parts.count == 3 && parts[2].contains(".") { return fail(.importSystemdNotExpressible("a fraction of a second"), time) }
            guard let hh = values(parts[0], 0...23), let mm = values(parts[1], 0...59) else {
                return fail(.importSystemdSyntax("'\(time.text)' is not a time"), time)
            }
            h = hh
            m = mm
            if parts.count == 3 {
                guard let ss = values(parts[2], 0...59) else { return fail(.importSystemdSyntax("'\(time.text)' is not a time"), time) }
                s = ss
            }
        }
        event.hours = h
        event.minutes = m
        event.seconds = s
        if let day = event.once {
            guard h.count == 1, m.count == 1, s.count == 1 else {
                return fail(.importSystemdNotExpressible("a year with more than one time"), date ?? time!)
            }
            event.once = day + String(format: "T%02d:%02d:%02d", h[0], m[0], s[0])
        }
        event.normalized = [
            event.weekdays.isEmpty ? nil : event.weekdays.map { weekdayNames[$0].capitalized }.joined(separator: ","),
            (date?.text ?? "*-*-*"), (time.map { $0.text.split(separator: ":").count == 2 ? $0.text + ":00" : $0.text } ?? "00:00:00"),
            event.zone,
        ].compactMap { $0 }.joined(separator: " ")
        return event
    }

    static func weekday(_ text: String) -> Int? {
        let t = text.lowercased()
        guard t.count >= 3 else { return nil }
        return weekdayNames.firstIndex { t.hasPrefix($0) && (t == $0 || fullNames[$0] == t) }
    }

    static let fullNames = [
        "mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday",
    ]

    /// A systemd component (`*`, `5`, `1,15`, `9..17`, `0/15`, `1..10/3`, `*/2`) as its sorted values.
    static func values(_ text: String, _ range: ClosedRange<Int>) -> [Int]? {
        var set = Set<Int>()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let slash = item.split(separator: "/", omittingEmptySubsequences: false)
            guard slash.count <= 2 else { return nil }
            var step = 0
            if slash.count == 2 {
                guard let n = Int(slash[1]), n > 0 else { return nil }
                step = n
            }
            var low: Int
            var high: Int
            if slash[0] == "*" {
                low = range.lowerBound
                high = range.upperBound
            } else {
                let ends = slash[0].components(separatedBy: "..")
                guard ends.count <= 2, let a = Int(ends[0]), let b = Int(ends.last!), range.contains(a), range.contains(b), a <= b else {
                    return nil
                }
                low = a
                high = ends.count == 2 ? b : (step > 0 ? range.upperBound : a)
            }
            // `*` and `a..b` without a step mean every value; a lone `a/s` steps to the end.
            if step == 0 && (slash[0] == "*" || slash[0].contains("..")) { step = 1 }
            var v = low
            while v <= high {
                set.insert(v)
                if step == 0 { break }
                v += step
            }
        }
        return set.isEmpty ? nil : set.sorted()
    }

    /// The `calendar:` map, as flow YAML. Time fields are written so that Almanac's rule (fields
    /// smaller than the smallest given are 0, larger ones not given repeat) gives systemd's set.
    var calendar: String {
        var parts: [String] = []
        if !months.isEmpty { parts.append("months: \(list(months))") }
        if !days.isEmpty { parts.append("days: \(list(days))") }
        if !weekdays.isEmpty { parts.append("weekdays: [\(weekdays.map { Self.weekdayNames[$0] }.joined(separator: ", "))]") }
        if hours.count == 1, minutes.count == 1, seconds.count == 1 {
            let at = seconds[0] == 0 ? pad(hours[0]) + ":" + pad(minutes[0]) : pad(hours[0]) + ":" + pad(minutes[0]) + ":" + pad(seconds[0])
            parts.append("at: \"\(at)\"")
        } else {
            // Every minute is "minutes not given" under a given `seconds`, which then must be written.
            let emitS = seconds != [0] || minutes.count == 60
            let emitM = minutes.count != 60
            if hours.count != 24 { parts.append("hours: \(list(hours))") }
            if emitM { parts.append("minutes: \(list(minutes))") }
            if emitS { parts.append("seconds: \(list(seconds))") }
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    private func list(_ v: [Int]) -> String { "[" + v.map(String.init).joined(separator: ", ") + "]" }
    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
