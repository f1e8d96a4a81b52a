extension CronParser {
    /// An error when the expression can never fire: with the AND rule (a day field starts with `*`),
    /// no selected month has any selected day (`0 0 30 2 *`). Under the OR rule the weekday field
    /// alone always finds days, and every weekday meets every month-day across the years, so
    /// only the month/day pairing can be empty.
    static func neverFires(_ e: CronExpression, _ t: ScalarText, dayField: Range<Int>, monthField: Range<Int>) -> SyntaxError? {
        guard e.dayOfMonthStar || e.dayOfWeekStar else { return nil }
        for month in 1...12 where e.months & (1 << UInt16(month)) != 0 {
            // February counts 29 days: leap years give the 29th.
            let length = month == 2 ? 29 : [4, 6, 9, 11].contains(month) ? 30 : 31
            for day in 1...length where e.daysOfMonth & (1 << UInt32(day)) != 0 { return nil }
        }
        return SyntaxError(.cronDayNeverInMonth(day: t.string(dayField), month: t.string(monthField)), at: dayField)
    }
}
