import AlmanacModel
import AlmanacTime

/// The nominal times of a `calendar:` rule, month by month with day bit masks (bit d = day d) from
/// `CalendarDays`, which decides which days the date fields and `invalid_dates` select.
final class CalendarSource: NominalSource {
    private let days: CalendarDays
    private let times: [Int64]
    private let lastWall: Int64

    @exclusivity(unchecked) private var year: Int
    @exclusivity(unchecked) private var month: Int
    /// Days of the current month still to emit, and days of the next carried into it.
    @exclusivity(unchecked) private var dayMask: UInt64 = 0
    @exclusivity(unchecked) private var carry: UInt64 = 0
    @exclusivity(unchecked) private var monthStartDay: Int64 = 0
    @exclusivity(unchecked) private var day: Int64 = 0
    @exclusivity(unchecked) private var timeIndex = 0
    @exclusivity(unchecked) private var dayActive = false
    private let firstWall: Int64

    init(_ rule: CalendarRule, invalidDates: InvalidDatePolicy, from: Int64, through: Int64) {
        days = CalendarDays(rule, invalidDates: invalidDates)
        times = rule.times.map { Int64($0.secondsOfDay) }
        lastWall = through
        firstWall = from
        // Start a month early so that days carried forward into the first month are not lost.
        let start = CivilDate(daysSinceEpoch: Int(floorDiv(from, 86_400)))
        year = start.month == 1 ? start.year - 1 : start.year
        month = start.month == 1 ? 12 : start.month - 1
        loadMonth()
    }

    func next() -> Int64? {
        while true {
            if dayActive {
                let wall = day * 86_400 + times[timeIndex]
                timeIndex += 1
                if timeIndex == times.count { dayActive = false }
                if wall > lastWall { return nil }
                if wall >= firstWall { return wall }
                continue
            }
            if dayMask == 0 {
                if monthStartDay * 86_400 > lastWall { return nil }
                advanceMonth()
                continue
            }
            let bit = dayMask.trailingZeroBitCount
            dayMask &= dayMask - 1
            day = monthStartDay + Int64(bit - 1)
            timeIndex = 0
            dayActive = !times.isEmpty
        }
    }

    private func advanceMonth() {
        if month == 12 { year += 1; month = 1 } else { month += 1 }
        loadMonth()
    }

    /// Computes the current month's day mask, consuming the carry and producing the next one.
    private func loadMonth() {
        monthStartDay = Int64(CivilDate(year: year, month: month, day: 1).daysSinceEpoch)
        (dayMask, carry) = days.month(year: year, month: month, carried: carry)
    }
}
