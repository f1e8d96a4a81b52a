import AlmanacTime

/// Clock fields as cron and systemd write them.
enum ExportFields {
    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `1-5,7,9` (cron); the whole range as `*`.
    static func cronList(_ values: [Int], lo: Int, hi: Int) -> String {
        if values.count == hi - lo + 1 { return "*" }
        return runs(values).map { $0.0 == $0.1 ? "\($0.0)" : $0.1 == $0.0 + 1 ? "\($0.0),\($0.1)" : "\($0.0)-\($0.1)" }
            .joined(separator: ",")
    }

    /// `01..05,07` (systemd); the whole range as `*`.
    static func systemdList(_ values: [Int], lo: Int, hi: Int) -> String {
        if values.count == hi - lo + 1 { return "*" }
        return runs(values).map { $0.0 == $0.1 ? two($0.0) : $0.1 == $0.0 + 1 ? "\(two($0.0)),\(two($0.1))" : "\(two($0.0))..\(two($0.1))" }
            .joined(separator: ",")
    }

    static func runs(_ values: [Int]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for v in values.sorted() {
            if let last = out.last, last.1 == v - 1 { out[out.count - 1].1 = v } else { out.append((v, v)) }
        }
        return out
    }

    static let systemdWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// `Mon..Fri`, `Sat,Sun` (0 = Sunday).
    static func systemdWeekdayList(_ days: [Int]) -> String {
        // Monday-first order, so a weekend reads `Sat,Sun` and a week `Mon..Sun`.
        let mondayFirst = days.map { ($0 + 6) % 7 }.sorted()
        return runs(mondayFirst).map { r in
            let a = systemdWeekdays[(r.0 + 1) % 7], b = systemdWeekdays[(r.1 + 1) % 7]
            return r.0 == r.1 ? a : r.1 == r.0 + 1 ? "\(a),\(b)" : "\(a)..\(b)"
        }.joined(separator: ",")
    }

    /// One cron line's five fields (no seconds; the caller refused those).
    static func cron(_ line: ClockRule.Line) -> String {
        let minute = cronList(line.minutes, lo: 0, hi: 59), hour = cronList(line.hours, lo: 0, hi: 23)
        let month = line.months.map { cronList($0, lo: 1, hi: 12) } ?? "*"
        let (dom, dow): (String, String)
        switch line.days {
        case .every: (dom, dow) = ("*", "*")
        case .monthDays(let d): (dom, dow) = (cronList(d, lo: 1, hi: 31), "*")
        case .weekdays(let w): (dom, dow) = ("*", cronList(w, lo: 0, hi: 6))
        case .either(let d, let w): (dom, dow) = (cronList(d, lo: 1, hi: 31), cronList(w, lo: 0, hi: 6))
        case .both, .fromEnd, .ordinal: preconditionFailure("refused for cron by ExportClock")
        }
        return "\(minute) \(hour) \(dom) \(month) \(dow)"
    }

    /// One OnCalendar= value: `Mon..Fri *-*-* 09:00:00 America/New_York`.
    static func onCalendar(_ line: ClockRule.Line, zone: String) -> String {
        let time =
            "\(systemdList(line.hours, lo: 0, hi: 23)):\(systemdList(line.minutes, lo: 0, hi: 59)):\(systemdList(line.seconds, lo: 0, hi: 59))"
        if let date = line.date {
            return "\(date.year)-\(two(date.month))-\(two(date.day)) \(time) \(zone)"
        }
        let month = line.months.map { systemdList($0, lo: 1, hi: 12) } ?? "*"
        var weekday = ""
        let day: String
        var separator = "-"
        switch line.days {
        case .every: day = "*"
        case .monthDays(let d): day = systemdList(d, lo: 1, hi: 31)
        case .weekdays(let w):
            weekday = systemdWeekdayList(w) + " "
            day = "*"
        case .either(let d, _): day = systemdList(d, lo: 1, hi: 31) // the weekday half is its own line
        case .both(let d, let w):
            weekday = systemdWeekdayList(w) + " "
            day = systemdList(d, lo: 1, hi: 31)
        case .fromEnd(let d):
            separator = "~"
            day = d.map(two).joined(separator: ",")
        case .ordinal(let w, let n):
            weekday = systemdWeekdays[w] + " "
            if n > 0 {
                let first = (n - 1) * 7 + 1
                day = "\(two(first))..\(two(min(first + 6, 31)))"
            } else {
                separator = "~"
                day = "07/1"
            }
        }
        return "\(weekday)*-\(month)\(separator)\(day) \(time) \(zone)"
    }
}
