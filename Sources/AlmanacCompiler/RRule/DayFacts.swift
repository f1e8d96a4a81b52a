import AlmanacTime

/// One calendar day with the fields the RRULE day tests read, stepped a day at a time without
/// converting from days-since-epoch on every step.
struct DayFacts: Sendable {
    /// Days since the epoch.
    private(set) var days: Int
    private(set) var year: Int
    private(set) var month: Int
    private(set) var day: Int
    /// ISO weekday number, 1 = Monday.
    private(set) var weekday: Int
    private(set) var monthLength: Int

    init(_ date: CivilDate) {
        self.init(date, days: date.daysSinceEpoch)
    }

    init(daysSinceEpoch days: Int) {
        self.init(CivilDate(daysSinceEpoch: days), days: days)
    }

    /// `date`, whose number of days since the epoch is already known to be `days`.
    init(_ date: CivilDate, days: Int) {
        self.days = days
        year = date.year
        month = date.month
        day = date.day
        // 1970-01-01 was a Thursday (ISO 4).
        weekday = mod(days + 3, 7) + 1
        monthLength = CivilDate.daysInMonth(year: date.year, month: date.month)
    }

    var date: CivilDate { CivilDate(year: year, month: month, day: day) }

    /// Moves to the next day.
    mutating func advance() {
        days += 1
        weekday = weekday == 7 ? 1 : weekday + 1
        if day < monthLength { day += 1 } else { startNextMonth() }
    }

    /// Moves `n` (≥ 0) days on.
    mutating func advance(by n: Int) {
        days += n
        weekday = (weekday - 1 + n) % 7 + 1
        day += n
        while day > monthLength {
            let excess = day - monthLength
            startNextMonth()
            day = excess
        }
    }

    /// Moves to the first day of the next month.
    mutating func advanceToNextMonth() {
        let left = monthLength - day + 1
        days += left
        weekday = (weekday - 1 + left) % 7 + 1
        startNextMonth()
    }

    private mutating func startNextMonth() {
        day = 1
        if month == 12 {
            month = 1
            year += 1
        } else {
            month += 1
        }
        monthLength = CivilDate.daysInMonth(year: year, month: month)
    }
}
