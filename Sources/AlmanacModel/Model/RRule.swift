import AlmanacTime

/// A parsed RFC 5545 recurrence rule. Empty BY* lists mean "not given".
public struct RRule: Hashable, Sendable {
    public enum Frequency: String, Sendable, CaseIterable, Comparable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

        private var rank: Int { Self.allCases.firstIndex(of: self)! }
        public static func < (a: Frequency, b: Frequency) -> Bool { a.rank < b.rank }
    }

    /// UNTIL, in the form written; it must match DTSTART's form (RFC 5545 §3.3.10).
    public enum Until: Hashable, Sendable {
        case date(CivilDate)
        case local(LocalDateTime)
        case utc(Instant)
    }

    public var freq: Frequency
    public var interval: Int
    public var count: Int?
    public var until: Until?
    public var bySecond: [Int]
    public var byMinute: [Int]
    public var byHour: [Int]
    /// Weekdays with an optional ordinal (`2TU`, `-1FR`).
    public var byDay: [WeekdaySelector]
    public var byMonthDay: [Int]
    public var byYearDay: [Int]
    public var byWeekNo: [Int]
    public var byMonth: [Int]
    public var bySetPos: [Int]
    public var weekStart: Weekday
    /// The text as written.
    public var source: String

    public init(
        freq: Frequency, interval: Int = 1, count: Int? = nil, until: Until? = nil,
        bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [], byDay: [WeekdaySelector] = [],
        byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = [], byMonth: [Int] = [],
        bySetPos: [Int] = [], weekStart: Weekday = .monday, source: String = ""
    ) {
        self.freq = freq
        self.interval = interval
        self.count = count
        self.until = until
        self.bySecond = bySecond
        self.byMinute = byMinute
        self.byHour = byHour
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byYearDay = byYearDay
        self.byWeekNo = byWeekNo
        self.byMonth = byMonth
        self.bySetPos = bySetPos
        self.weekStart = weekStart
        self.source = source
    }
}
