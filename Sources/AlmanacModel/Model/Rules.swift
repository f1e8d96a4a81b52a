import AlmanacTime
import AlmanacVocabulary

/// `calendar:` — every given field must match (AND); impossible dates never match.
public struct CalendarRule: Hashable, Sendable {
    /// Months 1…12; nil = every month.
    public var months: [Int]?
    /// 1…31 or −1…−31 (from the month's end); nil = every day.
    public var days: [Int]?
    /// Weekdays, each optionally with an ordinal in the month (`2tue`, `-1fri`); nil = any weekday.
    public var weekdays: [WeekdaySelector]?
    /// The times of day, after the "smaller fields are 0, larger ones repeat" rule: sorted, unique.
    public var times: [LocalTime]

    public init(months: [Int]? = nil, days: [Int]? = nil, weekdays: [WeekdaySelector]? = nil, times: [LocalTime] = [.midnight]) {
        self.months = months
        self.days = days
        self.weekdays = weekdays
        self.times = times
    }
}

/// A weekday, optionally the n-th of its month (1…5, or −1…−5 from the end).
public struct WeekdaySelector: Hashable, Sendable {
    public var weekday: Weekday
    public var ordinal: Int?

    public init(_ weekday: Weekday, ordinal: Int? = nil) {
        self.weekday = weekday
        self.ordinal = ordinal
    }
}

/// `every:` — elapsed time: fires at `anchor + k·interval` for every integer k.
public struct EveryRule: Hashable, Sendable {
    public var interval: TimeSpan
    public var anchor: Instant

    public init(interval: TimeSpan, anchor: Instant = Instant(secondsSinceEpoch: 0)) {
        self.interval = interval
        self.anchor = anchor
    }
}

/// `once:` — a single fire.
public struct OnceRule: Hashable, Sendable {
    public enum Moment: Hashable, Sendable {
        /// Wall time in the trigger's zone, resolved by its DST policy.
        case local(LocalDateTime)
        case instant(Instant)
    }

    public var moment: Moment

    public init(_ moment: Moment) { self.moment = moment }
}

/// `location:` — event-driven; compiles to a region with armed windows.
public struct LocationRule: Hashable, Sendable {
    /// One list for specs and plans: `RegionEvent`.
    public typealias Event = RegionEvent

    public var region: Region
    public var on: Event
    public var cooldown: TimeSpan?

    public init(region: Region, on: Event, cooldown: TimeSpan? = nil) {
        self.region = region
        self.on = on
        self.cooldown = cooldown
    }
}

/// `rrule:` with its DTSTART and additional/removed dates.
public struct RRuleTrigger: Hashable, Sendable {
    public var rule: RRule
    /// DTSTART, in the trigger's zone.
    public var start: LocalDateTime
    public var rdates: [LocalDateTime]
    public var exdates: [LocalDateTime]

    public init(rule: RRule, start: LocalDateTime, rdates: [LocalDateTime] = [], exdates: [LocalDateTime] = []) {
        self.rule = rule
        self.start = start
        self.rdates = rdates
        self.exdates = exdates
    }
}
