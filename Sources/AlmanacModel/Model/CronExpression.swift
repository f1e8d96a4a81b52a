/// A parsed 5-field cron expression, as bit sets (Debian/Vixie semantics).
public struct CronExpression: Hashable, Sendable {
    /// Bit m set = minute m (0…59).
    public var minutes: UInt64
    /// Bit h set = hour h (0…23).
    public var hours: UInt32
    /// Bit d set = day of month d (1…31).
    public var daysOfMonth: UInt32
    /// Bit m set = month m (1…12).
    public var months: UInt16
    /// Bit w set = weekday w, 0 = Sunday … 6 = Saturday (7 is folded into 0).
    public var daysOfWeek: UInt8
    /// The day-of-month field starts with `*` (even `*/2`).
    public var dayOfMonthStar: Bool
    /// The day-of-week field starts with `*`.
    public var dayOfWeekStar: Bool
    /// The text as written.
    public var source: String

    public init(
        minutes: UInt64, hours: UInt32, daysOfMonth: UInt32, months: UInt16, daysOfWeek: UInt8,
        dayOfMonthStar: Bool, dayOfWeekStar: Bool, source: String
    ) {
        self.minutes = minutes
        self.hours = hours
        self.daysOfMonth = daysOfMonth
        self.months = months
        self.daysOfWeek = daysOfWeek
        self.dayOfMonthStar = dayOfMonthStar
        self.dayOfWeekStar = dayOfWeekStar
        self.source = source
    }

    /// The Vixie rule: when either day field starts with `*`, a day must match both;
    /// when both are restricted, either.
    public func matchesDay(dayOfMonth: Int, weekdaySunday0: Int) -> Bool {
        let dom = daysOfMonth & (1 << UInt32(dayOfMonth)) != 0
        let dow = daysOfWeek & (1 << UInt8(weekdaySunday0)) != 0
        if dayOfMonthStar || dayOfWeekStar { return dom && dow }
        return dom || dow
    }
}
