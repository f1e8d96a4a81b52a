import AlmanacModel
import AlmanacTime

/// One `OnCalendar=` value read as systemd 252 reads it (`calendarspec.c`; every rule below was
/// checked with `systemd-analyze calendar`, `Fixtures/systemd-calendarspec.txt`):
/// - weekdays: names or full names in any case, lists, ranges with `..` or `-` (`Mon-Wed`), never
///   wrapping past Sunday;
/// - `[year-]month-day` or `month~day` (the day counted from the month's end, at most 28);
/// - `hour:minute[:second]`, seconds with a fraction of zeros (`1.0`), ranges `..` everywhere;
/// - a component is `*` alone, or a list of `a`, `a..b` (a ≤ b), `a/r`, `a..b/r`, where a lone
///   `a/r` must repeat at least once inside the field (`20/4` hours is refused) and `~a/r` must too
///   (`~5/5` is refused); `*` in a list and `*/r` are refused;
/// - the shorthands in any case (`semi-annually`, `bi-annually` too), `@EPOCH` (an instant), a zone
///   at the end (`UTC` in any case).
struct SystemdCalendarEvent {
    var weekdays: [Int] = [] // 0 = Monday
    var months: [Int] = []
    var days: [Int] = []
    var hours: [Int] = []
    var minutes: [Int] = []
    var seconds: [Int] = []
    /// A single date and time with its year (`2026-12-15 13:00:00`): a `once:` local date-time;
    /// `@EPOCH` is an instant (ends in `Z`).
    var once: String?
    /// Years the event is limited to: `start` and `end` bound the rule.
    var years: ClosedRange<Int>?
    var zone: String?
    var normalized = ""

    static let shorthands: [String: String] = [
        "minutely": "*-*-* *:*:00", "hourly": "*-*-* *:00:00", "daily": "*-*-* 00:00:00", "monthly": "*-*-01 00:00:00",
        "weekly": "Mon *-*-* 00:00:00", "yearly": "*-01-01 00:00:00", "annually": "*-01-01 00:00:00",
        "quarterly": "*-01,04,07,10-01 00:00:00", "semiannually": "*-01,07-01 00:00:00", "semi-annually": "*-01,07-01 00:00:00",
        "biannually": "*-01,07-01 00:00:00", "bi-annually": "*-01,07-01 00:00:00",
    ]
    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let fullNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A word of the value and where it starts in it (Unicode scalars).
    typealias Word = (text: String, offset: Int)

    /// The value's fields, or nil after a located diagnostic.
    static func parse(_ entry: SystemdImporter.Entry, _ diagnostics: inout DiagnosticBag) -> SystemdCalendarEvent? {
        var event = SystemdCalendarEvent()
        var words: [Word] = []
        var offset = 0
        for piece in entry.value.split(separator: " ", omittingEmptySubsequences: false) {
            if !piece.isEmpty { words.append((String(piece), offset)) }
            offset += piece.unicodeScalars.count + 1
        }
        func fail(_ message: DiagnosticMessage, _ word: Word) -> SystemdCalendarEvent? {
            diagnostics.emit(
                Diagnostic(message, at: SourceRange(line: entry.line, column: entry.column + word.offset, length: max(1, word.text.count))))
            return nil
        }
        // A zone ends the value: the last word, after at least one other, that starts with a letter.
        if let last = words.last, words.count > 1, let c = last.text.first, c.isLetter {
            let name = last.text.lowercased() == "utc" ? "UTC" : last.text
            guard ZoneNames.isKnown(name) else { return fail(.importUnknownZone(last.text), last) }
            event.zone = name
            words.removeLast()
        }
        if let first = words.first, words.count == 1, first.text.hasPrefix("@") {
            // `@EPOCH`: seconds since 1970 in UTC, whatever zone follows.
            guard let seconds = Int64(first.text.dropFirst()), seconds >= 0, seconds < 253_402_300_800 else {
                return fail(.importSystemdSyntax("'\(first.text)' is not `@` and seconds since 1970"), first)
            }
            event.once = LocalDateTime(wallSeconds: seconds).description + "Z"
            event.zone = "UTC"
            event.normalized = "@\(seconds)"
            return event
        }
        if words.count == 1, let expansion = shorthands[words[0].text.lowercased()] {
            let at = words[0]
            words = expansion.split(separator: " ").map { (String($0), at.offset) }
        }
        var i = 0
        if i < words.count, let first = words[i].text.first, first.isLetter {
            guard let set = weekdaySet(words[i].text) else {
                return fail(
                    .importSystemdSyntax("'\(words[i].text)' is not a weekday, a list or a range of them (`Mon..Fri`, `Mon-Fri`)"), words[i]
                )
            }
            event.weekdays = set
            i += 1
        }
        var date: Word?
        var time: Word?
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
            switch SystemdDate.read(date.text) {
            case .failure(let refusal): return fail(refusal.message, date)
            case .success(let d):
                event.months = d.months.count == 12 ? [] : d.months
                event.days = d.days
                event.years = d.years
                // One year, month, day and time is one instant: a `once:` trigger.
                if let years = d.years, years.count == 1, d.months.count == 1, d.days.count == 1, d.days[0] > 0, event.weekdays.isEmpty {
                    event.once = String(format: "%04d-%02d-%02d", years.lowerBound, d.months[0], d.days[0])
                }
            }
        }
        var h = [0], m = [0], s = [0]
        if let time {
            let parts = time.text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 || parts.count == 3 else { return fail(.importSystemdSyntax("'\(time.text)' is not a time"), time) }
            guard let hh = SystemdComponent.values(parts[0], 0...23), let mm = SystemdComponent.values(parts[1], 0...59) else {
                return fail(.importSystemdSyntax("'\(time.text)' is not a time systemd accepts"), time)
            }
            h = hh
            m = mm
            if parts.count == 3 {
                switch SystemdComponent.seconds(parts[2]) {
                case .failure(let refusal): return fail(refusal.message, time)
                case .success(let ss): s = ss
                }
            }
        }
        event.hours = h
        event.minutes = m
        event.seconds = s
        if let day = event.once {
            if h.count == 1, m.count == 1, s.count == 1 {
                event.once = day + String(format: "T%02d:%02d:%02d", h[0], m[0], s[0])
            } else {
                event.once = nil // several times that day: a calendar rule bounded by the year
            }
        }
        event.normalized = [
            event.weekdays.isEmpty ? nil : event.weekdays.map { weekdayNames[$0].capitalized }.joined(separator: ","),
            (date?.text ?? "*-*-*"), (time.map { $0.text.split(separator: ":").count == 2 ? $0.text + ":00" : $0.text } ?? "00:00:00"),
            event.zone,
        ].compactMap { $0 }.joined(separator: " ")
        return event
    }

    /// Whether the event's date fields select `date` (systemd ANDs them).
    func selects(_ date: CivilDate) -> Bool {
        if let years, !years.contains(date.year) { return false }
        if !months.isEmpty && !months.contains(date.month) { return false }
        if !weekdays.isEmpty && !weekdays.contains(date.weekday.rawValue - 1) { return false }
        let last = CivilDate.daysInMonth(year: date.year, month: date.month)
        return days.isEmpty || days.contains(date.day) || days.contains(date.day - last - 1)
    }

    /// `Mon..Wed,Fri`, `monday-wednesday`, `Wed,` (a trailing comma is allowed) as 0-based weekdays.
    static func weekdaySet(_ text: String) -> [Int]? {
        var set = Set<Int>()
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        for (n, item) in items.enumerated() {
            if item.isEmpty && n == items.count - 1 && n > 0 { continue }
            let dots = item.components(separatedBy: "..")
            let ends = dots.count == 2 ? dots : item.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            // systemd refuses a range that wraps past Sunday (`Fri..Mon`) and mixed separators.
            guard ends.count <= 2, !(dots.count == 2 && ends[1].contains("-")), let a = weekday(ends[0]), let b = weekday(ends.last!),
                a <= b
            else {
                return nil
            }
            for d in a...b { set.insert(d) }
        }
        return set.isEmpty ? nil : set.sorted()
    }

    static func weekday(_ text: String) -> Int? {
        let t = text.lowercased()
        return weekdayNames.firstIndex(of: t) ?? fullNames.firstIndex(of: t)
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
