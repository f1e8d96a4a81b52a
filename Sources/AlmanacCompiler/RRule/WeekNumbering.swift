import AlmanacTime

/// RFC 5545 week numbers for one year: weeks start on WKST, and week 1 is the first week with at
/// least four days in the year (so it holds January 4). Days before week 1 belong to the previous
/// year's last week; days from the next year's week 1 on belong to it.
struct WeekNumbering: Sendable {
    /// Days since the epoch of the first day of week 1 of this year, and of the next year.
    let week1Start: Int
    let nextWeek1Start: Int
    let previousWeek1Start: Int
    /// The week-numbering year after next starts here; it sizes the next year for negative numbers.
    let afterNextWeek1Start: Int

    init(year: Int, weekStart: Weekday) {
        afterNextWeek1Start = Self.week1Start(year: year + 2, weekStart: weekStart)
        week1Start = Self.week1Start(year: year, weekStart: weekStart)
        nextWeek1Start = Self.week1Start(year: year + 1, weekStart: weekStart)
        previousWeek1Start = Self.week1Start(year: year - 1, weekStart: weekStart)
    }

    static func week1Start(year: Int, weekStart: Weekday) -> Int {
        let jan4 = CivilDate(year: year, month: 1, day: 4)
        let back = (jan4.weekday.rawValue - weekStart.rawValue + 7) % 7
        return jan4.daysSinceEpoch - back
    }

    /// Whether the day `days` (since the epoch) lies in one of `numbers` (negative = from the end
    /// of the week-numbering year the day belongs to).
    func matches(_ days: Int, _ numbers: [Int]) -> Bool {
        let (number, weeksInYear): (Int, Int)
        if days < week1Start {
            number = (days - previousWeek1Start) / 7 + 1
            weeksInYear = (week1Start - previousWeek1Start) / 7
        } else if days >= nextWeek1Start {
            number = 1
            weeksInYear = (afterNextWeek1Start - nextWeek1Start) / 7
        } else {
            number = (days - week1Start) / 7 + 1
            weeksInYear = (nextWeek1Start - week1Start) / 7
        }
        return numbers.contains { $0 > 0 ? $0 == number : weeksInYear + 1 + $0 == number }
    }
}
