import AlmanacSpec
import AlmanacTime

/// A recurrence rule with DTSTART's defaults filled in (RFC 5545 §3.3.10: what the rule does not say
/// comes from DTSTART) and its lists turned into what the expansion loops test quickly.
struct RRuleShape: Sendable {
    let freq: RRule.Frequency
    let interval: Int
    let start: LocalDateTime
    let weekStart: Weekday
    /// Months allowed, indexed 1…12; nil = all.
    let months: [Bool]?
    let monthDays: [Int]
    let yearDays: [Int]
    let weekNumbers: [Int]
    /// Weekdays without an ordinal, indexed by ISO number 1…7; nil when BYDAY is absent.
    let plainWeekdays: [Bool]?
    /// Weekdays with an ordinal (n-th in the month or the year).
    let nthWeekdays: [(weekday: Weekday, n: Int)]
    /// Sorted, unique; for frequencies finer than the list's unit an absent list means "every value".
    let hours: [Int]
    let minutes: [Int]
    let seconds: [Int]
    /// The same lists as masks (index = value), for the per-period tests.
    let hourMask: [Bool]
    let minuteMask: [Bool]
    let secondMask: [Bool]
    let setPositions: [Int]
    /// Ordinals count within the month (MONTHLY, or YEARLY with BYMONTH) rather than the year.
    let nthWithinMonth: Bool

    init(_ rule: RRule, start: LocalDateTime) {
        freq = rule.freq
        interval = max(1, rule.interval)
        self.start = start
        weekStart = rule.weekStart
        var byMonth = rule.byMonth
        var byMonthDay = rule.byMonthDay
        var byDay = rule.byDay
        // With no day-level part at all, the day comes from DTSTART, as dateutil and libical do.
        if rule.byWeekNo.isEmpty, rule.byYearDay.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
            switch rule.freq {
            case .yearly:
                if byMonth.isEmpty { byMonth = [start.date.month] }
                byMonthDay = [start.date.day]
            case .monthly:
                byMonthDay = [start.date.day]
            case .weekly:
                byDay = [WeekdaySelector(start.date.weekday)]
            default:
                break
            }
        }
        months = byMonth.isEmpty ? nil : (0...12).map { byMonth.contains($0) }
        monthDays = byMonthDay
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNo
        let monthlyOrYearly = rule.freq == .monthly || rule.freq == .yearly
        // Ordinals mean nothing for finer frequencies; like dateutil, read them as plain weekdays.
        let plain = byDay.filter { $0.ordinal == nil || !monthlyOrYearly }
        plainWeekdays = byDay.isEmpty ? nil : (0...7).map { i in plain.contains { $0.weekday.rawValue == i } }
        nthWeekdays = monthlyOrYearly ? byDay.compactMap { s in s.ordinal.map { (s.weekday, $0) } } : []
        nthWithinMonth = rule.freq == .monthly || !byMonth.isEmpty
        func list(_ given: [Int], coarser: Bool, startValue: Int, all: ClosedRange<Int>) -> [Int] {
            if !given.isEmpty { return Array(Set(given)).sorted() }
            return coarser ? [startValue] : Array(all)
        }
        hours = list(rule.byHour, coarser: rule.freq > .hourly, startValue: start.time.hour, all: 0...23)
        minutes = list(rule.byMinute, coarser: rule.freq > .minutely, startValue: start.time.minute, all: 0...59)
        seconds = list(rule.bySecond, coarser: rule.freq > .secondly, startValue: start.time.second, all: 0...59)
        hourMask = (0...23).map(hours.contains)
        minuteMask = (0...59).map(minutes.contains)
        secondMask = (0...59).map(seconds.contains)
        setPositions = rule.bySetPos
    }

    /// The most occurrences one period can hold; a BYSETPOS beyond it can never pick anything.
    var largestSet: Int {
        let times = hours.count * minutes.count * seconds.count
        switch freq {
        case .secondly: return 1
        case .minutely: return seconds.count
        case .hourly: return minutes.count * seconds.count
        case .daily: return times
        case .weekly: return (plainWeekdays.map { $0.filter { $0 }.count } ?? 7) * times
        case .monthly: return min(31, monthDays.isEmpty ? 31 : monthDays.count) * times
        case .yearly: return 366 * times
        }
    }

    /// True when BYSETPOS names only positions past every period's set: the rule never fires.
    var setPositionsUnreachable: Bool {
        !setPositions.isEmpty && setPositions.allSatisfy { abs($0) > largestSet }
    }

    /// Whether `date` passes every day-level part. `ignoringMonthParts` is for a date that RFC 7529
    /// SKIP moved: it replaces a month day, so BYMONTH and BYMONTHDAY no longer apply to it.
    func matches(_ date: CivilDate, _ year: YearInfo, ignoringMonthParts: Bool = false) -> Bool {
        let monthLength = CivilDate.daysInMonth(year: date.year, month: date.month)
        if !ignoringMonthParts {
            if let months, !months[date.month] { return false }
            if !monthDays.isEmpty, !monthDays.contains(where: { $0 > 0 ? $0 == date.day : monthLength + 1 + $0 == date.day }) {
                return false
            }
        }
        let dayOfYear = date.daysSinceEpoch - year.firstDay + 1
        if !yearDays.isEmpty, !yearDays.contains(where: { $0 > 0 ? $0 == dayOfYear : year.length + 1 + $0 == dayOfYear }) {
            return false
        }
        if !weekNumbers.isEmpty, !year.weekNumbering.matches(date.daysSinceEpoch, weekNumbers) { return false }
        if let plainWeekdays {
            let weekday = date.weekday
            if plainWeekdays[weekday.rawValue] { return true }
            return nthWeekdays.contains { nth in
                guard nth.weekday == weekday else { return false }
                if nthWithinMonth {
                    return nth.n > 0 ? (date.day - 1) / 7 + 1 == nth.n : -((monthLength - date.day) / 7 + 1) == nth.n
                }
                return nth.n > 0 ? (dayOfYear - 1) / 7 + 1 == nth.n : -((year.length - dayOfYear) / 7 + 1) == nth.n
            }
        }
        return true
    }
}

/// Facts about one calendar year that the day tests need, computed once per year.
struct YearInfo: Sendable {
    let year: Int
    /// Days since the epoch of January 1.
    let firstDay: Int
    let length: Int
    let weekNumbering: WeekNumbering

    init(_ year: Int, weekStart: Weekday) {
        self.year = year
        firstDay = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        length = CivilDate.daysInYear(year)
        weekNumbering = WeekNumbering(year: year, weekStart: weekStart)
    }
}
