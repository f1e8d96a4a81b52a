import AlmanacTime

/// Whether a calendar rule's date fields can ever all match under an `invalid_dates` policy
/// (`days: [31], months: [feb]` cannot unless missing days are replaced; `days: [1]` with `5sat`
/// never can). Decided by `CalendarDays`, the same code that expands the rule.
package enum CalendarFeasibility {
    package static func canFire(_ rule: CalendarRule, invalidDates: InvalidDatePolicy) -> Bool {
        // With every month allowed, days alone (±1…31) or weekdays alone (ordinals up to ±5)
        // always match somewhere: some months have 31 days, and every weekday falls five times
        // in some month.
        if rule.months == nil, rule.days == nil || rule.weekdays == nil { return true }
        return CalendarDays(rule, invalidDates: invalidDates).selectsSomeDay
    }
}
