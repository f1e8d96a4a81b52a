import AlmanacModel
import AlmanacTime

/// A recurrence rule with DTSTART's defaults filled in (RFC 5545 §3.3.10: what the rule does not say
/// comes from DTSTART) and its lists turned into what the expansion loops test quickly. A class:
/// it is built once per trigger and shared, never copied, by the loops that read it.
final class RRuleShape: Sendable {
    let freq: RRule.Frequency
    let interval: Int
    let start: LocalDateTime
    /// DTSTART's day (days since the epoch) and wall-clock seconds.
    let startDay: Int
    let startWall: Int
    let weekStart: Weekday
    /// Months allowed, indexed 1…12; nil = all.
    let months: [Bool]?
    let monthDays: [Int]
    /// BYMONTHDAY as bit masks: bit d for day d, and bit n for the n-th day from the month's end.
    let monthDaysFromStart: UInt64
    let monthDaysFromEnd: UInt64
    let yearDays: [Int]
    /// BYYEARDAY as masks indexed by day of the year, from its start and from its end (1…366).
    let yearDaysFromStart: [Bool]
    let yearDaysFromEnd: [Bool]
    let weekNumbers: [Int]
    /// Weekdays without an ordinal, indexed by ISO number 1…7; nil when BYDAY is absent.
    let plainWeekdays: [Bool]?
    /// Weekdays BYDAY names at all, with or without an ordinal: a cheap first test.
    let anyWeekdays: [Bool]
    /// For each ISO weekday 1…7, the days from it to the nearest weekday BYDAY names (0 when it
    /// names that one): the day scan jumps over weekdays that can never match.
    let weekdaySkip: [Int]
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
    /// Every time of day the lists allow, in seconds since midnight, ascending (DAILY and coarser).
    let timesOfDay: [Int]
    /// Every minute and second within an hour the lists allow, in seconds past the hour, ascending
    /// (HOURLY only).
    let minuteSecondOffsets: [Int]
    let setPositions: [Int]
    /// Ordinals count within the month (MONTHLY, or YEARLY with BYMONTH) rather than the year.
    let nthWithinMonth: Bool
    /// BYDAY is the only day-level part besides BYMONTH and the days it picks are counted within
    /// months: each month's days can be computed from its first weekday instead of scanned.
    let weekdaysByArithmetic: Bool

    init(_ rule: RRule, start: LocalDateTime) {
        freq = rule.freq
        interval = max(1, rule.interval)
        self.start = start
        startDay = start.date.daysSinceEpoch
        startWall = startDay * 86_400 + start.time.secondsOfDay
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
        months = byMonth.isEmpty ? nil : mask(byMonth, size: 13)
        monthDays = byMonthDay
        monthDaysFromStart = byMonthDay.reduce(0) { (1...31).contains($1) ? $0 | 1 << UInt64($1) : $0 }
        monthDaysFromEnd = byMonthDay.reduce(0) { (1...31).contains(-$1) ? $0 | 1 << UInt64(-$1) : $0 }
        yearDays = rule.byYearDay
        // Read only when BYYEARDAY is given.
        yearDaysFromStart = rule.byYearDay.isEmpty ? [] : mask(rule.byYearDay, size: 367)
        yearDaysFromEnd = rule.byYearDay.isEmpty ? [] : mask(rule.byYearDay.map { -$0 }, size: 367)
        weekNumbers = rule.byWeekNo
        let monthlyOrYearly = rule.freq == .monthly || rule.freq == .yearly
        // Ordinals mean nothing for finer frequencies; like dateutil, read them as plain weekdays.
        let plain = byDay.filter { $0.ordinal == nil || !monthlyOrYearly }
        plainWeekdays = byDay.isEmpty ? nil : mask(plain.map(\.weekday.rawValue), size: 8)
        nthWeekdays = monthlyOrYearly ? byDay.compactMap { s in s.ordinal.map { (s.weekday, $0) } } : []
        anyWeekdays = byDay.isEmpty ? [Bool](repeating: true, count: 8) : mask(byDay.map(\.weekday.rawValue), size: 8)
        let named = anyWeekdays
        weekdaySkip = (0...7).map { w in
            w == 0 ? 0 : (0..<7).first { named[(w - 1 + $0) % 7 + 1] } ?? 0
        }
        nthWithinMonth = rule.freq == .monthly || !byMonth.isEmpty
        weekdaysByArithmetic =
            nthWithinMonth && monthlyOrYearly && !byDay.isEmpty && byMonthDay.isEmpty
            && rule.byYearDay.isEmpty && rule.byWeekNo.isEmpty
        func list(_ given: [Int], coarser: Bool, startValue: Int, all: ClosedRange<Int>) -> [Int] {
            if !given.isEmpty {
                let sorted = given.sorted()
                return sorted.enumerated().filter { $0.offset == 0 || sorted[$0.offset - 1] != $0.element }.map(\.element)
            }
            return coarser ? [startValue] : Array(all)
        }
        let hours = list(rule.byHour, coarser: rule.freq > .hourly, startValue: start.time.hour, all: 0...23)
        let minutes = list(rule.byMinute, coarser: rule.freq > .minutely, startValue: start.time.minute, all: 0...59)
        let seconds = list(rule.bySecond, coarser: rule.freq > .secondly, startValue: start.time.second, all: 0...59)
        (self.hours, self.minutes, self.seconds) = (hours, minutes, seconds)
        hourMask = mask(hours, size: 24)
        minuteMask = mask(minutes, size: 60)
        secondMask = mask(seconds, size: 60)
        // Only the frequencies that read them get them: SECONDLY's full lists would be 86,400 long.
        let withinHour = rule.freq >= .hourly ? minutes.flatMap { m in seconds.map { m * 60 + $0 } } : []
        minuteSecondOffsets = rule.freq == .hourly ? withinHour : []
        timesOfDay = rule.freq > .hourly ? hours.flatMap { h in withinHour.map { h * 3600 + $0 } } : []
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
        matches(DayFacts(date), year, ignoringMonthParts: ignoringMonthParts)
    }

    /// `matches` for a day already broken into fields; `year` is the day's own year.
    @inline(__always)
    func matches(_ date: DayFacts, _ year: YearInfo, ignoringMonthParts: Bool = false) -> Bool {
        // Cheapest and most selective tests first.
        if !anyWeekdays[date.weekday] { return false }
        if !ignoringMonthParts {
            if let months, !months[date.month] { return false }
            if !monthDays.isEmpty, (monthDaysFromStart >> UInt64(date.day)) & 1 == 0,
                (monthDaysFromEnd >> UInt64(date.monthLength + 1 - date.day)) & 1 == 0
            {
                return false
            }
        }
        let dayOfYear = date.days - year.firstDay + 1
        if !yearDays.isEmpty, !yearDaysFromStart[dayOfYear], !yearDaysFromEnd[year.length + 1 - dayOfYear] {
            return false
        }
        if !weekNumbers.isEmpty, !year.weekNumbering.matches(date.days, weekNumbers) { return false }
        guard let plainWeekdays else { return true }
        let weekday = date.weekday
        if plainWeekdays[weekday] { return true }
        for nth in nthWeekdays where nth.weekday.rawValue == weekday {
            let position: Int
            if nthWithinMonth {
                position = nth.n > 0 ? (date.day - 1) / 7 + 1 : -((date.monthLength - date.day) / 7 + 1)
            } else {
                position = nth.n > 0 ? (dayOfYear - 1) / 7 + 1 : -((year.length - dayOfYear) / 7 + 1)
            }
            if position == nth.n { return true }
        }
        return false
    }
}

/// A mask of `size` flags with those at `values` set (values outside the range ignored).
private func mask(_ values: [Int], size: Int) -> [Bool] {
    var flags = [Bool](repeating: false, count: size)
    for v in values where v >= 0 && v < size { flags[v] = true }
    return flags
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
