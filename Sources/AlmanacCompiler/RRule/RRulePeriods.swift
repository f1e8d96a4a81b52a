import AlmanacSpec
import AlmanacTime

/// The periods a rule steps through (a year, a month, a week, a day; for HOURLY and finer, a day
/// holding many periods) and the sorted occurrences each one yields, BYSETPOS applied, before
/// DTSTART, UNTIL and COUNT are considered.
struct RRulePeriods: Sendable {
    let shape: RRuleShape
    let invalidDates: InvalidDatePolicy
    private var yearCache: YearInfo

    init(shape: RRuleShape, invalidDates: InvalidDatePolicy) {
        self.shape = shape
        self.invalidDates = invalidDates
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
        case .weekly:
            let back = (s.weekday.rawValue - shape.weekStart.rawValue + 7) % 7
            return s.adding(days: -back + 7 * k * shape.interval)
        case .daily:
            return s.adding(days: k * shape.interval)
        case .hourly:
            return s.adding(days: k)
        case .minutely, .secondly:
            return s.adding(days: floorDiv(k, 24))
        }
    }

    /// The wall-clock start of period `k`.
    func start(of k: Int) -> LocalDateTime {
        let hour = shape.freq == .minutely || shape.freq == .secondly ? mod(k, 24) : 0
        return LocalDateTime(date: firstDay(of: k), time: LocalTime(hour: hour, minute: 0))
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
            let day = firstDay(of: k)
            if shape.matches(day, year(day.year)) { return k }
            k = (floorDiv(k, 24) + 1) * 24
        }
        return k
    }

    /// The occurrences of period `k`, sorted and unique.
    mutating func occurrences(of k: Int) -> [LocalDateTime] {
        switch shape.freq {
        case .hourly: return subDaily(firstDay(of: k), hours: 0..<24)
        case .minutely, .secondly: return subDaily(firstDay(of: k), hours: mod(k, 24)..<mod(k, 24) + 1)
        default: return dayPeriod(k)
        }
    }

    private mutating func year(_ y: Int) -> YearInfo {
        if yearCache.year != y { yearCache = YearInfo(y, weekStart: shape.weekStart) }
        return yearCache
    }

    // MARK: DAILY and coarser: days × times

    private mutating func dayPeriod(_ k: Int) -> [LocalDateTime] {
        let first = firstDay(of: k)
        let days = matchingDays(from: first, count: periodLength(first))
        guard !days.isEmpty else { return [] }
        let times = timesOfDay()
        var set: [LocalDateTime] = []
        set.reserveCapacity(days.count * times.count)
        for d in days { for t in times { set.append(LocalDateTime(date: d, time: t)) } }
        return shape.setPositions.isEmpty ? set : pick(shape.setPositions, from: set)
    }

    private func periodLength(_ first: CivilDate) -> Int {
        switch shape.freq {
        case .yearly: return CivilDate.daysInYear(first.year)
        case .monthly: return CivilDate.daysInMonth(year: first.year, month: first.month)
        case .weekly: return 7
        default: return 1
        }
    }

    private mutating func matchingDays(from first: CivilDate, count: Int) -> [CivilDate] {
        var days: [CivilDate] = []
        var date = first
        let start = first.daysSinceEpoch
        for offset in 0..<count {
            if offset > 0 { date = CivilDate(daysSinceEpoch: start + offset) }
            if let months = shape.months, !months[date.month] { continue }
            if shape.matches(date, year(date.year)) { days.append(date) }
        }
        if invalidDates != .omit, shape.freq == .monthly || shape.freq == .yearly, !shape.monthDays.isEmpty {
            days = mergeUnique(days, movedDays(first: first, count: count))
        }
        return days
    }

    /// RFC 7529 SKIP: month days the month lacks, moved back to its last day or on to the next
    /// month's first (a negative one too far back: to the previous month's last, or this month's first).
    private mutating func movedDays(first: CivilDate, count: Int) -> [CivilDate] {
        var moved: [CivilDate] = []
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
                    if shape.matches(date, year(date.year), ignoringMonthParts: true) { moved.append(date) }
                }
            }
            month = month.adding(days: length)
        }
        return Array(Set(moved)).sorted()
    }

    private func timesOfDay() -> [LocalTime] {
        var times: [LocalTime] = []
        for h in shape.hours { for m in shape.minutes { for s in shape.seconds {
            times.append(LocalTime(hour: h, minute: m, second: s))
        } } }
        return times
    }

    // MARK: HOURLY, MINUTELY, SECONDLY: wall-clock periods within some hours of one day

    private mutating func subDaily(_ day: CivilDate, hours: Range<Int>) -> [LocalDateTime] {
        if hours.count == 1, !shape.hourMask[hours.lowerBound] { return [] }
        guard shape.matches(day, year(day.year)) else { return [] }
        let unit = shape.freq == .hourly ? 3600 : shape.freq == .minutely ? 60 : 1
        let lo = hours.lowerBound * 3600 / unit, hi = hours.upperBound * 3600 / unit
        let dayUnit = day.daysSinceEpoch * (86_400 / unit)
        let startUnit = floorDiv(Int(shape.start.wallSeconds), unit)
        let firstAligned = lo + mod(startUnit - (dayUnit + lo), shape.interval)
        var units: [Int] = []
        // Walk whichever is shorter: the aligned periods, or the allowed BY values.
        let progression = firstAligned < hi ? (hi - 1 - firstAligned) / shape.interval + 1 : 0
        let hourCount = hours.count == 1 ? 1 : shape.hours.count
        let product = hourCount * (unit <= 60 ? shape.minutes.count : 1) * (unit == 1 ? shape.seconds.count : 1)
        if progression <= product {
            for u in stride(from: firstAligned, to: hi, by: shape.interval) where allowed(unit: u, size: unit) { units.append(u) }
        } else {
            for u in allowedUnits(size: unit, hours: hours) where mod(u - firstAligned, shape.interval) == 0 { units.append(u) }
        }
        var result: [LocalDateTime] = []
        let minutes = unit == 3600 ? shape.minutes : [0]
        let seconds = unit >= 60 ? shape.seconds : [0]
        for u in units {
            var set: [LocalDateTime] = []
            let base = u * unit
            for m in minutes { for s in seconds {
                set.append(LocalDateTime(date: day, time: LocalTime(secondsOfDay: base + m * 60 + s)))
            } }
            result += shape.setPositions.isEmpty ? set : pick(shape.setPositions, from: set)
        }
        return result
    }

    private func allowed(unit u: Int, size: Int) -> Bool {
        let s = u * size
        if !shape.hourMask[s / 3600] { return false }
        if size <= 60, !shape.minuteMask[s / 60 % 60] { return false }
        if size == 1, !shape.secondMask[s % 60] { return false }
        return true
    }

    private func allowedUnits(size: Int, hours: Range<Int>) -> [Int] {
        var units: [Int] = []
        for h in shape.hours where hours.contains(h) {
            if size == 3600 { units.append(h); continue }
            for m in shape.minutes {
                if size == 60 { units.append(h * 60 + m); continue }
                for s in shape.seconds { units.append(h * 3600 + m * 60 + s) }
            }
        }
        return units
    }
}

/// BYSETPOS: the n-th (or n-th from last) members of a sorted set, sorted and unique.
func pick(_ positions: [Int], from set: [LocalDateTime]) -> [LocalDateTime] {
    var chosen: [LocalDateTime] = []
    for p in positions {
        let i = p > 0 ? p - 1 : set.count + p
        if i >= 0, i < set.count, !chosen.contains(set[i]) { chosen.append(set[i]) }
    }
    return chosen.sorted()
}

/// Two sorted arrays merged, keeping one of equal elements.
func mergeUnique<T: Comparable>(_ a: [T], _ b: [T]) -> [T] {
    if b.isEmpty { return a }
    if a.isEmpty { return b }
    var out: [T] = []
    out.reserveCapacity(a.count + b.count)
    var i = 0, j = 0
    while i < a.count || j < b.count {
        let next: T
        if j >= b.count || (i < a.count && a[i] <= b[j]) { next = a[i]; i += 1 } else { next = b[j]; j += 1 }
        if out.last != next { out.append(next) }
    }
    return out
}

func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

func mod(_ a: Int, _ b: Int) -> Int { ((a % b) + b) % b }
