import AlmanacModel
import AlmanacTime

/// The nominal times of a 5-field cron expression (Debian/Vixie semantics), day by day: a day
/// matches by `CronExpression.matchesDay` (the day-of-month / day-of-week rule), then every set
/// hour and minute bit of that day, ascending.
final class CronSource: NominalSource {
    private let expression: CronExpression
    private let firstWall: Int64
    private let lastWall: Int64

    @exclusivity(unchecked) private var day: Int64
    @exclusivity(unchecked) private var date: CivilDate
    /// The weekday of `day`, 0 = Sunday as cron counts.
    @exclusivity(unchecked) private var weekday: Int
    @exclusivity(unchecked) private var hoursLeft: UInt32 = 0
    @exclusivity(unchecked) private var hour: Int64 = 0
    @exclusivity(unchecked) private var minutesLeft: UInt64 = 0

    init(_ expression: CronExpression, from: Int64, through: Int64) {
        self.expression = expression
        firstWall = from
        lastWall = through
        day = floorDiv(from, 86_400)
        date = CivilDate(daysSinceEpoch: Int(day))
        weekday = date.weekday.rawValue % 7
        loadDay()
    }

    func next() -> Int64? {
        while true {
            if minutesLeft != 0 {
                let minute = Int64(minutesLeft.trailingZeroBitCount)
                minutesLeft &= minutesLeft - 1
                let wall = day * 86_400 + hour * 3600 + minute * 60
                if wall > lastWall { return nil }
                if wall >= firstWall { return wall }
                continue
            }
            if hoursLeft != 0 {
                hour = Int64(hoursLeft.trailingZeroBitCount)
                hoursLeft &= hoursLeft - 1
                minutesLeft = expression.minutes
                continue
            }
            day += 1
            if day * 86_400 > lastWall { return nil }
            // Advance the civil date by hand: cheaper than converting from the day number.
            if date.day < CivilDate.daysInMonth(year: date.year, month: date.month) {
                date.day += 1
            } else if date.month < 12 {
                date.month += 1
                date.day = 1
            } else {
                date = CivilDate(year: date.year + 1, month: 1, day: 1)
            }
            weekday = weekday == 6 ? 0 : weekday + 1
            loadDay()
        }
    }

    private func loadDay() {
        let monthMatches = expression.months & (UInt16(1) << UInt16(date.month)) != 0
        hoursLeft =
            monthMatches && expression.matchesDay(dayOfMonth: date.day, weekdaySunday0: weekday)
            ? expression.hours : 0
        minutesLeft = 0
    }
}
