import AlmanacTime

/// The days of each month that a calendar rule's date fields select under its `invalid_dates`
/// policy: the one home of that rule, used by expansion and by the check that a rule can fire.
///
/// Every given field must match. With `invalid_dates: backward|forward`, a day the month lacks
/// (`days: [31]` in April, `5fri` in a month with four Fridays) is replaced by the month's last valid
/// day (for an ordinal: its last such weekday) or the next month's first (first such weekday); the
/// replacement must still match the other day field as a real date, and belongs to the month that
/// named it for `months`. Negative days and ordinals past the month's start are always omitted.
public struct CalendarDays: Sendable {
    private let monthMask: UInt16
    private let positiveDays: UInt64
    private let negativeDays: [Int]
    private let daysGiven: Bool
    private let plainWeekdays: UInt8
    private let ordinals: [WeekdaySelector]
    private let weekdaysGiven: Bool
    private let policy: InvalidDatePolicy

    public init(_ rule: CalendarRule, invalidDates: InvalidDatePolicy) {
        monthMask = (rule.months ?? Array(1...12)).reduce(0) { $0 | UInt16(1) << UInt16($1) }
        positiveDays = (rule.days ?? []).filter { $0 > 0 }.reduce(0) { $0 | UInt64(1) << UInt64($1) }
        negativeDays = (rule.days ?? []).filter { $0 < 0 }
        daysGiven = rule.days != nil
        plainWeekdays = (rule.weekdays ?? []).filter { $0.ordinal == nil }.reduce(0) { $0 | UInt8(1) << UInt8($1.weekday.rawValue) }
        ordinals = (rule.weekdays ?? []).filter { $0.ordinal != nil }
        weekdaysGiven = rule.weekdays != nil
        policy = invalidDates
    }

    /// The selected days of `year`-`month` as a bit mask (bit d = day d), given the days the previous
    /// month carried forward into it, and the days this month carries into the next.
    public func month(year: Int, month: Int, carried: UInt64) -> (days: UInt64, carry: UInt64) {
        let length = CivilDate.daysInMonth(year: year, month: month)
        let first = CivilDate(year: year, month: month, day: 1)
        let all = (UInt64(1) << UInt64(length + 1)) - 2
        let nextLength = CivilDate.daysInMonth(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1)
        let nextFirstWeekday = first.adding(days: length).weekday.rawValue
        let nextAll = (UInt64(1) << UInt64(nextLength + 1)) - 2
        // Days carried from the previous month were checked against both fields when it was computed.
        var mask = carried
        var carry: UInt64 = 0
        if monthMask & (UInt16(1) << UInt16(month)) != 0 {
            let daysReal = daysGiven ? realDays(length) : all
            let weekdaysReal = weekdaysGiven ? realWeekdays(length, first.weekday.rawValue) : all
            var daysBack: UInt64 = 0, daysForward: UInt64 = 0
            if daysGiven && policy != .omit && positiveDays >> UInt64(length + 1) != 0 {
                if policy == .backward { daysBack = UInt64(1) << UInt64(length) } else { daysForward = 2 }
            }
            let (weekdaysBack, weekdaysForward) =
                weekdaysGiven
                ? missingOrdinals(length, first.weekday.rawValue, nextFirstWeekday) : (0, 0)
            mask |= (daysReal | daysBack) & (weekdaysReal | weekdaysBack)
            if daysForward | weekdaysForward != 0 {
                let nextDays = daysGiven ? realDays(nextLength) : nextAll
                let nextWeekdays = weekdaysGiven ? realWeekdays(nextLength, nextFirstWeekday) : nextAll
                carry = (daysForward & (nextWeekdays | weekdaysForward)) | (weekdaysForward & (nextDays | daysForward))
            }
        }
        return (mask, carry)
    }

    /// Whether the rule selects any day at all: one 28-year cycle starting in a leap year holds every
    /// (month length, first weekday) pair the Gregorian calendar has, and the month after each, so a
    /// day selected anywhere is selected there.
    public var selectsSomeDay: Bool {
        var carried: UInt64 = month(year: 1999, month: 12, carried: 0).carry
        for year in 2000..<2028 {
            for m in 1...12 {
                let (days, carry) = month(year: year, month: m, carried: carried)
                if days != 0 { return true }
                carried = carry
            }
        }
        return false
    }

    /// Days of a month of `length` days named by `days`, without replacements.
    private func realDays(_ length: Int) -> UInt64 {
        var mask = positiveDays & ((UInt64(1) << UInt64(length + 1)) - 2)
        for d in negativeDays where length + 1 + d >= 1 {
            mask |= UInt64(1) << UInt64(length + 1 + d)
        }
        return mask
    }

    /// Days of a month named by `weekdays`, without replacements.
    private func realWeekdays(_ length: Int, _ firstWeekday: Int) -> UInt64 {
        var mask: UInt64 = 0
        for day in 1...length {
            let weekday = (firstWeekday - 1 + day - 1) % 7 + 1
            if plainWeekdays & (UInt8(1) << UInt8(weekday)) != 0 { mask |= UInt64(1) << UInt64(day) }
        }
        for selector in ordinals {
            let firstMatch = 1 + (selector.weekday.rawValue - firstWeekday + 7) % 7
            let count = (length - firstMatch) / 7 + 1
            let n = selector.ordinal!
            let index = n > 0 ? n - 1 : count + n
            if index >= 0 && index < count { mask |= UInt64(1) << UInt64(firstMatch + 7 * index) }
        }
        return mask
    }

    /// Replacements for positive ordinals the month lacks: (this month's last such weekday, next month's first).
    private func missingOrdinals(_ length: Int, _ firstWeekday: Int, _ nextFirstWeekday: Int) -> (UInt64, UInt64) {
        guard policy != .omit else { return (0, 0) }
        var back: UInt64 = 0, forward: UInt64 = 0
        for selector in ordinals where selector.ordinal! > 0 {
            let firstMatch = 1 + (selector.weekday.rawValue - firstWeekday + 7) % 7
            let count = (length - firstMatch) / 7 + 1
            guard selector.ordinal! > count else { continue }
            if policy == .backward {
                back |= UInt64(1) << UInt64(firstMatch + 7 * (count - 1))
            } else {
                forward |= UInt64(1) << UInt64(1 + (selector.weekday.rawValue - nextFirstWeekday + 7) % 7)
            }
        }
        return (back, forward)
    }
}
