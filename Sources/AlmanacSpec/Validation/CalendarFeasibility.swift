import AlmanacTime

/// Whether a calendar rule's date fields can ever all match (`days: [31], months: [feb]` cannot).
enum CalendarFeasibility {
    /// Checks one 28-year cycle starting in a leap year: it holds every (month length, first weekday)
    /// pair the Gregorian calendar has, so a day that matches anywhere matches there.
    static func canFire(_ rule: CalendarRule) -> Bool {
        // With every month allowed, days alone (±1…31) or weekdays alone (ordinals up to ±5)
        // always match somewhere: some months have 31 days, and every weekday falls five times
        // in some month.
        if rule.months == nil, rule.days == nil || rule.weekdays == nil { return true }
        for year in 2000..<2028 {
            for month in rule.months ?? Self.everyMonth {
                let length = CivilDate.daysInMonth(year: year, month: month)
                for day in 1...length where matches(rule, CivilDate(year: year, month: month, day: day), length) {
                    return true
                }
            }
        }
        return false
    }

    private static let everyMonth = Array(1...12)

    static func matches(_ rule: CalendarRule, _ date: CivilDate, _ length: Int) -> Bool {
        if let days = rule.days, !days.contains(where: { $0 == date.day || $0 == date.day - length - 1 }) { return false }
        guard let selectors = rule.weekdays else { return true }
        let weekday = date.weekday
        return selectors.contains { s in
            guard s.weekday == weekday else { return false }
            guard let n = s.ordinal else { return true }
            return n > 0 ? (date.day - 1) / 7 + 1 == n : (length - date.day) / 7 + 1 == -n
        }
    }
}
