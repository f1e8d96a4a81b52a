import AlmanacModel
import AlmanacTime

/// The periods a rule steps through (a year, a month, a week, a day; for HOURLY and finer, a day
/// holding many periods) and the sorted occurrences each one yields, BYSETPOS applied, before
/// DTSTART, UNTIL and COUNT are considered. Occurrences are wall-clock seconds since the epoch,
/// written into buffers the caller reuses.
struct RRulePeriods: Sendable {
    let shape: RRuleShape
    let invalidDates: InvalidDatePolicy
    private var yearCache: YearInfo
    // Scratch buffers kept between periods so that a period allocates nothing.
    private var days: [Int] = []
    var units: [Int] = []
    var setBuffer: [Int] = []
    private var verdictDay = Int.min
    private var verdict = false
    /// The last period whose first day was computed, that day, and its number: the expander asks
    /// for a period's start and then for its occurrences, and a civil conversion is not free.
    private var memoPeriod = Int.min
    private var memoFirst = CivilDate(year: 1970, month: 1, day: 1)
    private var memoFirstNumber = 0

    /// True when every occurrence a period yields lies inside that period. BYWEEKNO breaks it (a
    /// year's week 1 may start in the previous December) and so does RFC 7529 SKIP with BYMONTHDAY
    /// (`forward` moves the 31st of a 30-day month to the next month's first day; `backward` moves
    /// a -31st to the previous month's last).
    let staysInPeriod: Bool

    init(shape: RRuleShape, invalidDates: InvalidDatePolicy) {
        self.shape = shape
        self.invalidDates = invalidDates
        staysInPeriod = shape.weekNumbers.isEmpty && (invalidDates == .omit || shape.monthDays.isEmpty)
        yearCache = YearInfo(shape.start.date.year, weekStart: shape.weekStart)
    }

    /// The first day of period `k` (k = 0 holds DTSTART). Finer than daily, a period here is a
    /// block of wall-clock time: a day for HOURLY, an hour for MINUTELY and SECONDLY.
    func firstDay(of k: Int) -> CivilDate {
        let s = shape.start.date
        switch shape.freq {
        case .yearly:
            return CivilDate(year: s.year + k * shape.interval, month: 1, day: 1)
        case .monthly:
            let index = s.year * 12 + (s.month - 1) + k * shape.interval
            return CivilDate(year: floorDiv(index, 12), month: index - floorDiv(index, 12) * 12 + 1, day: 1)
        default:
            return CivilDate(daysSinceEpoch: firstDayNumber(of: k))
        }
    }

    /// `firstDay(of:)` as days since the epoch; WEEKLY and finer without a calendar conversion.
    func firstDayNumber(of k: Int) -> Int {
        switch shape.freq {
        case .yearly, .monthly: return firstDay(of: k).daysSinceEpoch
        case .weekly:
            let back = (shape.start.date.weekday.rawValue - shape.weekStart.rawValue + 7) % 7
            return shape.startDay - back + 7 * k * shape.interval
        case .daily: return shape.startDay + k * shape.interval
        case .hourly: return shape.startDay + k
        case .minutely, .secondly: return shape.startDay + floorDiv(k, 24)
        }
    }

    /// The wall-clock start of period `k`, in seconds since the epoch.
    mutating func start(of k: Int) -> Int {
        switch shape.freq {
        case .yearly, .monthly: return first(of: k).number * 86_400
        case .minutely, .secondly: return firstDayNumber(of: k) * 86_400 + mod(k, 24) * 3600
        default: return firstDayNumber(of: k) * 86_400
        }
    }

    /// `firstDay(of:)` with its day number, remembered for the last period asked about.
    private mutating func first(of k: Int) -> (date: CivilDate, number: Int) {
        if k != memoPeriod {
            memoFirst = firstDay(of: k)
            memoFirstNumber = memoFirst.daysSinceEpoch
            memoPeriod = k
        }
        return (memoFirst, memoFirstNumber)
    }

    /// The period holding `t` (rounded down), for skipping ahead.
    func period(containing t: LocalDateTime) -> Int {
        let s = shape.start.date, date = t.date
        switch shape.freq {
        case .yearly: return floorDiv(date.year - s.year, shape.interval)
        case .monthly: return floorDiv((date.year - s.year) * 12 + date.month - s.month, shape.interval)
        case .weekly: return floorDiv(date.daysSinceEpoch - firstDay(of: 0).daysSinceEpoch, 7 * shape.interval)
        case .daily: return floorDiv(date.daysSinceEpoch - s.daysSinceEpoch, shape.interval)
        case .hourly: return date.daysSinceEpoch - s.daysSinceEpoch
        case .minutely, .secondly: return (date.daysSinceEpoch - s.daysSinceEpoch) * 24 + t.time.hour
        }
    }

    /// The first period from `k` on whose day can hold occurrences, looking at most `limit` days
    /// ahead: MINUTELY and SECONDLY periods are hours, and a day that fails the day-level parts
    /// should cost one test, not 24.
    mutating func firstPossiblePeriod(from k: Int, limit: Int = 1_000) -> Int {
        guard shape.freq == .minutely || shape.freq == .secondly else { return k }
        var k = k
        for _ in 0..<limit {
            if dayMatches(firstDayNumber(of: k)) { return k }
            k = (floorDiv(k, 24) + 1) * 24
        }
        return k
    }

    /// Whether a day passes the day-level parts; the last answer is kept, as the 24 hourly
    /// periods of a MINUTELY or SECONDLY rule ask about the same day.
    mutating func dayMatches(_ day: Int) -> Bool {
        if day != verdictDay {
            let facts = DayFacts(daysSinceEpoch: day)
            verdict = shape.matches(facts, year(facts.year))
            verdictDay = day
        }
        return verdict
    }

    /// Appends the occurrences of period `k` to `out`, sorted and unique.
    mutating func occurrences(of k: Int, into out: inout [Int]) {
        switch shape.freq {
        case .hourly: subDaily(firstDayNumber(of: k), hours: 0..<24, into: &out)
        case .minutely, .secondly: subDaily(firstDayNumber(of: k), hours: mod(k, 24)..<mod(k, 24) + 1, into: &out)
        default: dayPeriod(k, into: &out)
        }
    }

    mutating func year(_ y: Int) -> YearInfo {
        if yearCache.year != y { yearCache = YearInfo(y, weekStart: shape.weekStart) }
        return yearCache
    }

    // MARK: DAILY and coarser: days × times

    private mutating func dayPeriod(_ k: Int, into out: inout [Int]) {
        let (first, firstNumber) = first(of: k)
        collectMatchingDays(from: first, number: firstNumber, count: periodLength(first))
        guard !days.isEmpty else { return }
        let times = shape.timesOfDay
        if shape.setPositions.isEmpty {
            for d in days {
                let base = d * 86_400
                for t in times { out.append(base + t) }
            }
            return
        }
        setBuffer.removeAll(keepingCapacity: true)
        for d in days {
            let base = d * 86_400
            for t in times { setBuffer.append(base + t) }
        }
        pick(shape.setPositions, from: setBuffer, into: &out)
    }

    private func periodLength(_ first: CivilDate) -> Int {
        switch shape.freq {
        case .yearly: return CivilDate.daysInYear(first.year)
        case .monthly: return CivilDate.daysInMonth(year: first.year, month: first.month)
        case .weekly: return 7
        default: return 1
        }
    }

    /// Fills `days` with the days (since the epoch) of `[first, first + count)` that pass the
    /// day-level parts, ascending.
    private mutating func collectMatchingDays(from first: CivilDate, number: Int, count: Int) {
        days.removeAll(keepingCapacity: true)
        if shape.weekdaysByArithmetic {
            collectWeekdays(from: first, number: number, count: count)
            return
        }
        var facts = DayFacts(first, days: number)
        let end = facts.days + count
        var info = year(facts.year)
        while facts.days < end {
            if let months = shape.months, !months[facts.month] {
                facts.advanceToNextMonth()
                continue
            }
            let skip = shape.weekdaySkip[facts.weekday]
            if skip > 0 {
                facts.advance(by: skip)
                continue
            }
            if facts.year != info.year { info = year(facts.year) }
            if shape.matches(facts, info) { days.append(facts.days) }
            facts.advance()
        }
        if invalidDates != .omit, shape.freq == .monthly || shape.freq == .yearly, !shape.monthDays.isEmpty {
            days = mergeUnique(days, movedDays(first: first, count: count))
        }
    }

    /// `collectMatchingDays` for a rule whose only day-level parts are BYDAY (ordinals counted in
    /// the month) and BYMONTH: each weekday's days in a month follow from the month's first weekday.
    private mutating func collectWeekdays(from first: CivilDate, number: Int, count: Int) {
        let end = number + count
        var month = DayFacts(first, days: number)
        let months = shape.months, plainWeekdays = shape.plainWeekdays, nthWeekdays = shape.nthWeekdays
        while month.days < end {
            if months?[month.month] ?? true {
                let start = days.count
                let length = month.monthLength
                let firstWeekday = month.weekday
                let lastWeekday = (firstWeekday - 1 + length - 1) % 7 + 1
                if let plain = plainWeekdays {
                    for w in 1...7 where plain[w] {
                        var offset = (w - firstWeekday + 7) % 7
                        while offset < length {
                            days.append(month.days + offset)
                            offset += 7
                        }
                    }
                }
                for (weekday, n) in nthWeekdays {
                    let w = weekday.rawValue
                    let offset =
                        n > 0
                        ? (w - firstWeekday + 7) % 7 + 7 * (n - 1)
                        : length - 1 - (lastWeekday - w + 7) % 7 - 7 * (-n - 1)
                    if offset >= 0 && offset < length { days.append(month.days + offset) }
                }
                if days.count - start > 1 { sortUnique(from: start) }
            }
            month.advanceToNextMonth()
        }
    }

    /// Sorts `days[start...]` and drops repeats (a weekday named both plainly and with an ordinal).
    private mutating func sortUnique(from start: Int) {
        days[start...].sort()
        var kept = start + 1
        for i in start + 1..<days.count where days[i] != days[kept - 1] {
            days[kept] = days[i]
            kept += 1
        }
        days.removeSubrange(kept...)
    }

    /// RFC 7529 SKIP: month days the month lacks, moved back to its last day or on to the next
    /// month's first (a negative one too far back: to the previous month's last, or this month's first).
    private mutating func movedDays(first: CivilDate, count: Int) -> [Int] {
        var moved: [Int] = []
        var month = first
        while month.daysSinceEpoch < first.daysSinceEpoch + count {
            let length = CivilDate.daysInMonth(year: month.year, month: month.month)
            if shape.months?[month.month] ?? true {
                for v in shape.monthDays where abs(v) > length {
                    let date: CivilDate
                    switch (v > 0, invalidDates == .backward) {
                    case (true, true): date = CivilDate(year: month.year, month: month.month, day: length)
                    case (true, false): date = month.adding(days: length)
                    case (false, true): date = month.adding(days: -1)
                    case (false, false): date = month
                    }
                    if shape.matches(date, year(date.year), ignoringMonthParts: true) { moved.append(date.daysSinceEpoch) }
                }
            }
            month = month.adding(days: length)
        }
        return Array(Set(moved)).sorted()
    }
}
