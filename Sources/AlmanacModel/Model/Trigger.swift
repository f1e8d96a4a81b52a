import AlmanacJSON
import AlmanacTime
import AlmanacVocabulary

/// One validated trigger with every inherited default applied.
///
/// A value type with copy-on-write storage. Why: a trigger's fields are about 370 bytes, and every
/// stage moves triggers around (sorting by id, arrays of them, one per expansion stream); behind one
/// reference a copy is a retain, and a write copies the fields once, only while they are shared.
/// This replaced the per-stage workarounds (index loops, a pointer, a permutation swap).
public struct Trigger: Sendable {
    /// The longest `jitter` accepted: one day.
    public static let maxJitterSeconds: Int64 = 86_400
    /// The longest `jitter` of an `every` trigger, in intervals.
    public static let maxJitterIntervals = 1_000

    /// The fields, stored once per distinct trigger.
    @usableFromInline
    struct Fields: Sendable {
        @usableFromInline var id: String
        @usableFromInline var kind: TriggerKind
        @usableFromInline var timezone: String?
        @usableFromInline var start: Bound?
        @usableFromInline var end: Bound?
        @usableFromInline var count: Int?
        @usableFromInline var except: [DateRange]
        @usableFromInline var exceptWritten: [ExceptItem]
        @usableFromInline var during: During?
        @usableFromInline var jitter: TimeSpan?
        @usableFromInline var invalidDates: InvalidDatePolicy
        @usableFromInline var payload: [String: JSONValue]
        @usableFromInline var priority: Int
        @usableFromInline var enabled: Bool
        @usableFromInline var dst: DSTPolicy
        @usableFromInline var concurrency: Concurrency
        @usableFromInline var misfire: Misfire? = nil
        @usableFromInline var dstGapStated: Bool = false
        @usableFromInline var dstOverlapStated: Bool = false
        @usableFromInline var range: SourceRange? = nil
    }

    /// Mutated only through `fields` when uniquely referenced (`isKnownUniquelyReferenced`), so no
    /// two triggers ever share a mutable box: that is what makes the unchecked `Sendable` sound.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Unchecked: written only through `Trigger.fields`, after making the box unique, so no two
        // accesses can overlap; the dynamic check cost about 2% of parsing (`scripts/bench/compiler.sh parse`).
        @exclusivity(unchecked) @usableFromInline var fields: Fields
        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var storage: Storage

    /// The fields, for writing: copied first when another trigger shares them. Inlinable, like the
    /// accessors below: every stage reads triggers from another module, and an opaque call per
    /// field read made parsing a 10,000-trigger spec several percent slower (`scripts/bench/compiler.sh parse`).
    @inlinable
    var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    @inlinable
    public var id: String {
        get { storage.fields.id }
        _modify { yield &fields.id }
        set { fields.id = newValue }
    }
    @inlinable
    public var kind: TriggerKind {
        get { storage.fields.kind }
        _modify { yield &fields.kind }
        set { fields.kind = newValue }
    }
    /// The effective IANA zone: the trigger's own, else the spec's. Nil only for kinds that need none.
    @inlinable
    public var timezone: String? {
        get { storage.fields.timezone }
        _modify { yield &fields.timezone }
        set { fields.timezone = newValue }
    }
    @inlinable
    public var start: Bound? {
        get { storage.fields.start }
        _modify { yield &fields.start }
        set { fields.start = newValue }
    }
    @inlinable
    public var end: Bound? {
        get { storage.fields.end }
        _modify { yield &fields.end }
        set { fields.end = newValue }
    }
    @inlinable
    public var count: Int? {
        get { storage.fields.count }
        _modify { yield &fields.count }
        set { fields.count = newValue }
    }
    /// Dates and inclusive date ranges (blackouts already expanded), in the trigger's zone.
    @inlinable
    public var except: [DateRange] {
        get { storage.fields.except }
        _modify { yield &fields.except }
        set { fields.except = newValue }
    }
    /// `except` as written, blackouts by name, for explanations (`AlmanacExplain`); `except` is what
    /// filters. Empty for a trigger built in code, whose `except` is then explained as dates.
    @inlinable
    public var exceptWritten: [ExceptItem] {
        get { storage.fields.exceptWritten }
        _modify { yield &fields.exceptWritten }
        set { fields.exceptWritten = newValue }
    }
    @inlinable
    public var during: During? {
        get { storage.fields.during }
        _modify { yield &fields.during }
        set { fields.during = newValue }
    }
    @inlinable
    public var jitter: TimeSpan? {
        get { storage.fields.jitter }
        _modify { yield &fields.jitter }
        set { fields.jitter = newValue }
    }
    @inlinable
    public var invalidDates: InvalidDatePolicy {
        get { storage.fields.invalidDates }
        _modify { yield &fields.invalidDates }
        set { fields.invalidDates = newValue }
    }
    /// Always an object.
    @inlinable
    public var payload: [String: JSONValue] {
        get { storage.fields.payload }
        _modify { yield &fields.payload }
        set { fields.payload = newValue }
    }
    @inlinable
    public var priority: Int {
        get { storage.fields.priority }
        _modify { yield &fields.priority }
        set { fields.priority = newValue }
    }
    @inlinable
    public var enabled: Bool {
        get { storage.fields.enabled }
        _modify { yield &fields.enabled }
        set { fields.enabled = newValue }
    }
    @inlinable
    public var dst: DSTPolicy {
        get { storage.fields.dst }
        _modify { yield &fields.dst }
        set { fields.dst = newValue }
    }
    /// What an executor does when the trigger fires while its previous command still runs.
    @inlinable
    public var concurrency: Concurrency {
        get { storage.fields.concurrency }
        _modify { yield &fields.concurrency }
        set { fields.concurrency = newValue }
    }
    /// What an executor does with fires it could not deliver on time; nil: the executor's default.
    @inlinable
    public var misfire: Misfire? {
        get { storage.fields.misfire }
        _modify { yield &fields.misfire }
        set { fields.misfire = newValue }
    }
    /// Whether the spec wrote `dst.gap` / `dst.overlap` (on the trigger or in `defaults`): a policy
    /// chosen on purpose satisfies the daylight-saving lint.
    @inlinable
    public var dstGapStated: Bool {
        get { storage.fields.dstGapStated }
        _modify { yield &fields.dstGapStated }
        set { fields.dstGapStated = newValue }
    }
    @inlinable
    public var dstOverlapStated: Bool {
        get { storage.fields.dstOverlapStated }
        _modify { yield &fields.dstOverlapStated }
        set { fields.dstOverlapStated = newValue }
    }
    /// Where the trigger's id is written, for diagnostics about the whole trigger; nil for a
    /// trigger built in code, whose diagnostics then have no place in a file.
    @inlinable
    public var range: SourceRange? {
        get { storage.fields.range }
        _modify { yield &fields.range }
        set { fields.range = newValue }
    }

    public init(
        id: String, kind: TriggerKind, timezone: String? = nil, start: Bound? = nil, end: Bound? = nil,
        count: Int? = nil, except: [DateRange] = [], exceptWritten: [ExceptItem] = [], during: During? = nil,
        jitter: TimeSpan? = nil, invalidDates: InvalidDatePolicy = .omit, payload: [String: JSONValue] = [:], priority: Int = 0,
        enabled: Bool = true, dst: DSTPolicy = .standard, concurrency: Concurrency = .allow, misfire: Misfire? = nil,
        dstGapStated: Bool = false, dstOverlapStated: Bool = false, range: SourceRange? = nil
    ) {
        storage = Storage(
            Fields(
                id: id, kind: kind, timezone: timezone, start: start, end: end, count: count, except: except,
                exceptWritten: exceptWritten, during: during, jitter: jitter, invalidDates: invalidDates, payload: payload,
                priority: priority, enabled: enabled, dst: dst, concurrency: concurrency, misfire: misfire, dstGapStated: dstGapStated,
                dstOverlapStated: dstOverlapStated, range: range))
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

/// One item of `except` as written: a blackout by its name, or dates.
public enum ExceptItem: Hashable, Sendable {
    case blackout(String)
    case dates(DateRange)
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
