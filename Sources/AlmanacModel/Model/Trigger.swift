import AlmanacJSON
import AlmanacTime

/// One validated trigger with every inherited default applied.
public struct Trigger: Sendable {
    public var id: String
    public var kind: TriggerKind
    /// The effective IANA zone: the trigger's own, else the spec's. Nil only for kinds that need none.
    public var timezone: String?
    public var start: Bound?
    public var end: Bound?
    public var count: Int?
    /// Dates and inclusive date ranges (blackouts already expanded), in the trigger's zone.
    public var except: [DateRange]
    public var during: During?
    public var jitter: TimeSpan?
    /// The longest `jitter` accepted: one day.
    public static let maxJitterSeconds: Int64 = 86_400
    /// The longest `jitter` of an `every` trigger, in intervals.
    public static let maxJitterIntervals = 1_000
    public var invalidDates: InvalidDatePolicy
    /// Always an object.
    public var payload: [String: JSONValue]
    public var priority: Int
    public var enabled: Bool
    public var dst: DSTPolicy
    /// What an executor does when the trigger fires while its previous command still runs.
    public var concurrency: Concurrency
    /// Whether the spec wrote `dst.gap` / `dst.overlap` (on the trigger or in `defaults`): a policy
    /// chosen on purpose satisfies the daylight-saving lint.
    public var dstGapStated = false
    public var dstOverlapStated = false
    /// Where the trigger's id is written, for diagnostics about the whole trigger; nil for a
    /// trigger built in code, whose diagnostics then have no place in a file.
    public var range: SourceRange?

    public init(id: String, kind: TriggerKind, timezone: String? = nil, start: Bound? = nil, end: Bound? = nil,
                count: Int? = nil, except: [DateRange] = [], during: During? = nil, jitter: TimeSpan? = nil,
                invalidDates: InvalidDatePolicy = .omit, payload: [String: JSONValue] = [:], priority: Int = 0,
                enabled: Bool = true, dst: DSTPolicy = .standard, concurrency: Concurrency = .allow,
                range: SourceRange? = nil) {
        self.id = id
        self.kind = kind
        self.timezone = timezone
        self.start = start
        self.end = end
        self.count = count
        self.except = except
        self.during = during
        self.jitter = jitter
        self.invalidDates = invalidDates
        self.payload = payload
        self.priority = priority
        self.enabled = enabled
        self.dst = dst
        self.concurrency = concurrency
        self.range = range
    }
}

/// Exactly one per trigger.
///
/// The two large rules are boxed (`indirect`): inline, an RRULE would make every trigger a
/// quarter of a kilobyte larger, and triggers are moved often while a spec is validated and sorted.
public enum TriggerKind: Sendable {
    case calendar(CalendarRule)
    case cron(CronExpression)
    indirect case rrule(RRuleTrigger)
    case every(EveryRule)
    case once(OnceRule)
    indirect case location(LocationRule)

    /// The name used in the spec and the plan (`calendar`, `cron`, …).
    public var name: String {
        switch self {
        case .calendar: return "calendar"
        case .cron: return "cron"
        case .rrule: return "rrule"
        case .every: return "every"
        case .once: return "once"
        case .location: return "location"
        }
    }

    /// Kinds evaluated on the wall clock of a zone, which therefore need one.
    public var isWallClock: Bool {
        switch self {
        case .calendar, .cron, .rrule: return true
        case .once(let o): if case .local = o.moment { return true } else { return false }
        case .every, .location: return false
        }
    }
}

/// A `start` or `end` bound as written: a date, a local date-time, or an instant.
public enum Bound: Hashable, Sendable {
    /// For `start`, local midnight (inclusive); for `end`, the whole local day is included.
    case date(CivilDate)
    /// Local wall time in the trigger's zone. As `end`, exclusive.
    case local(LocalDateTime)
    /// An absolute instant (written with `Z` or an offset). As `end`, exclusive.
    case instant(Instant)
}

/// An inclusive range of civil dates; a single date has `from == to`.
public struct DateRange: Hashable, Sendable {
    public var from: CivilDate
    public var to: CivilDate

    public init(from: CivilDate, to: CivilDate) {
        self.from = from
        self.to = to
    }

    public func contains(_ date: CivilDate) -> Bool { from <= date && date <= to }
}

/// A window filter: a fire passes when its local weekday and time fall inside.
public struct During: Hashable, Sendable {
    /// Nil means every day. For a window crossing midnight, the weekday is that of the window's start.
    public var weekdays: Set<Weekday>?
    /// `[from, to)`; when `to <= from` the window crosses midnight. Nil means the whole day.
    public var between: (from: LocalTime, to: LocalTime)? {
        get { betweenFrom.map { ($0, betweenTo!) } }
        set {
            betweenFrom = newValue?.from
            betweenTo = newValue?.to
        }
    }
    public var betweenFrom: LocalTime?
    public var betweenTo: LocalTime?

    public init(weekdays: Set<Weekday>? = nil, between: (from: LocalTime, to: LocalTime)? = nil) {
        self.weekdays = weekdays
        self.betweenFrom = between?.from
        self.betweenTo = between?.to
    }
}
