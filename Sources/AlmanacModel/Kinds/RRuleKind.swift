import AlmanacTime

/// `rrule`: an RFC 5545 rule with its DTSTART (and RDATEs, EXDATEs), in the trigger's zone.
extension RRuleTrigger: TriggerRule {
    public static let kindName = "rrule"
    public var isWallClock: Bool { true }

    public func meaningDiagnostics(of trigger: Trigger, at: SourceRange?) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let parts: [(String, [Int], ClosedRange<Int>, Bool)] = [
            ("BYSECOND", rule.bySecond, 0...60, false), ("BYMINUTE", rule.byMinute, 0...59, false),
            ("BYHOUR", rule.byHour, 0...23, false), ("BYMONTHDAY", rule.byMonthDay, 1...31, true),
            ("BYYEARDAY", rule.byYearDay, 1...366, true), ("BYWEEKNO", rule.byWeekNo, 1...53, true),
            ("BYMONTH", rule.byMonth, 1...12, false), ("BYSETPOS", rule.bySetPos, 1...366, true),
        ]
        for (name, values, bounds, signed) in parts {
            for v in values where !(bounds.contains(v) || (signed && bounds.contains(-v))) {
                out.append(Diagnostic(.rruleValueOutOfRange(name, v), at: at))
            }
        }
        if rule.interval < 1 { out.append(Diagnostic(.rruleAtLeastOne("INTERVAL", not: rule.interval), at: at)) }
        if let count = rule.count, count < 1 { out.append(Diagnostic(.rruleAtLeastOne("COUNT", not: count), at: at)) }
        if rule.count != nil, rule.until != nil { out.append(Diagnostic(.rruleCountAndUntil, at: at)) }
        return out
    }

    /// A daily or longer rule: BYHOUR × BYMINUTE × BYSECOND (DTSTART's defaults written in), on
    /// the days its day parts admit. Below daily its times are not a daily set.
    public func dailyShape(of trigger: Trigger) -> DailyShape? {
        let r = filled
        guard r.freq >= .daily else { return nil }
        var times: [Int] = []
        for h in Set(r.byHour).sorted() {
            for m in Set(r.byMinute).sorted() {
                for s in Set(r.bySecond).sorted() { times.append(h * 3600 + m * 60 + s) }
            }
        }
        return DailyShape(times: times) { r.admits($0) }
    }

    /// Below daily, an hour or less between fires (or several BYHOURs); otherwise by its times of day.
    public func firesHourly(in trigger: Trigger) -> Bool {
        let unit: Int
        switch rule.freq {
        case .secondly: unit = 1
        case .minutely: unit = 60
        case .hourly: unit = 3600
        default: return dailyShape(of: trigger)?.firesHourly ?? false
        }
        return unit * rule.interval <= 3600 || rule.byHour.count > 1
    }

    /// The rule with DTSTART's defaults written in, as the expander applies them (dateutil's
    /// reading): a daily or longer rule fires at DTSTART's time of day unless BYHOUR/BYMINUTE/
    /// BYSECOND say otherwise; WEEKLY without a day rule on DTSTART's weekday, MONTHLY on its day
    /// of the month, YEARLY on its month and day.
    public var filled: RRule {
        var r = rule
        if r.freq >= .daily {
            if r.byHour.isEmpty { r.byHour = [start.time.hour] }
            if r.byMinute.isEmpty { r.byMinute = [start.time.minute] }
            if r.bySecond.isEmpty { r.bySecond = [start.time.second] }
        } else if r.freq == .hourly {
            if r.byMinute.isEmpty { r.byMinute = [start.time.minute] }
            if r.bySecond.isEmpty { r.bySecond = [start.time.second] }
        } else if r.freq == .minutely {
            if r.bySecond.isEmpty { r.bySecond = [start.time.second] }
        }
        if r.byWeekNo.isEmpty && r.byYearDay.isEmpty && r.byMonthDay.isEmpty && r.byDay.isEmpty {
            switch r.freq {
            case .yearly:
                if r.byMonth.isEmpty { r.byMonth = [start.date.month] }
                r.byMonthDay = [start.date.day]
            case .monthly: r.byMonthDay = [start.date.day]
            case .weekly: r.byDay = [WeekdaySelector(start.date.weekday)]
            default: break
            }
        }
        return r
    }
}

extension RRule {
    /// Whether the rule's day parts (BYMONTH, BYMONTHDAY, BYYEARDAY, BYDAY) admit `date`. INTERVAL's
    /// phase, BYSETPOS and BYWEEKNO are not looked at: a day this admits may still go without a fire.
    public func admits(_ date: CivilDate) -> Bool {
        if !byMonth.isEmpty && !byMonth.contains(date.month) { return false }
        let length = CivilDate.daysInMonth(year: date.year, month: date.month)
        if !byMonthDay.isEmpty && !byMonthDay.contains(where: { $0 == date.day || length + 1 + $0 == date.day }) { return false }
        let yearLength = CivilDate.daysInYear(date.year)
        if !byYearDay.isEmpty && !byYearDay.contains(where: { $0 == date.dayOfYear || yearLength + 1 + $0 == date.dayOfYear }) {
            return false
        }
        if !byDay.isEmpty {
            let withinMonth = freq == .monthly || !byMonth.isEmpty
            let ordinalsCount = freq == .monthly || freq == .yearly
            let matches = byDay.contains { s in
                guard s.weekday == date.weekday else { return false }
                guard let n = s.ordinal, ordinalsCount else { return true }
                let (index, count) =
                    withinMonth
                    ? ((date.day - 1) / 7, (length - 1 - (date.day - 1) % 7) / 7 + 1)
                    : ((date.dayOfYear - 1) / 7, (yearLength - 1 - (date.dayOfYear - 1) % 7) / 7 + 1)
                return n > 0 ? index == n - 1 : index == count + n
            }
            if !matches { return false }
        }
        return true
    }
}
