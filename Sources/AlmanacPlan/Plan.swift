import AlmanacVocabulary
import AlmanacJSON
import AlmanacTime

/// A compiled plan (format v1): the concrete fires of every trigger over a window. This is the
/// only contract between the compiler and executors; see `schemas/plan.schema.json`.
public struct Plan: Sendable, Equatable {
    public static let formatVersion = 1

    public var spec: SpecInfo
    public var window: Window
    /// `TimeZone.timeZoneDataVersion` of the compiling machine.
    public var tzdata: String
    public var limits: PlanLimits
    public var triggers: [String: PlanTrigger]
    /// Location triggers, sorted by trigger id.
    public var regions: [PlanRegion]
    /// Sorted by `(at, trigger, id)`.
    public var fires: [Fire]

    public init(
        spec: SpecInfo, window: Window, tzdata: String, limits: PlanLimits,
        triggers: [String: PlanTrigger] = [:], regions: [PlanRegion] = [], fires: [Fire] = []
    ) {
        self.spec = spec
        self.window = window
        self.tzdata = tzdata
        self.limits = limits
        self.triggers = triggers
        self.regions = regions
        self.fires = fires
    }
}

/// Which spec a plan was compiled from, and what runs it.
public struct SpecInfo: Hashable, Sendable {
    public var name: String
    /// Lowercase hex SHA-256 of the spec's bytes; nil for a schedule built in code, which has none.
    public var sha256: String?
    /// The spec's `runs_on`: whether a phone's registration budget applies to the plan.
    public var runsOn: RunnerProfile

    public init(name: String, sha256: String?, runsOn: RunnerProfile = .default) {
        self.name = name
        self.sha256 = sha256
        self.runsOn = runsOn
    }
}

/// A half-open interval of instants `[from, to)`.
public struct Window: Hashable, Sendable {
    public var from: Instant
    public var to: Instant

    public init(from: Instant, to: Instant) {
        self.from = from
        self.to = to
    }

    public func contains(_ instant: Instant) -> Bool { from <= instant && instant < to }
}

/// The budget executors must respect.
public struct PlanLimits: Hashable, Sendable {
    public var maxPending: Int
    public var maxRegions: Int
    /// How far ahead of `now` a registration holds every fire before the budget may choose by
    /// priority: calendar days in the plan's zone, then elapsed seconds (`limits.min_coverage`).
    public var minCoverage: WindowLength

    /// One calendar day: the spec's default, and what a plan without `min_coverage` means.
    public static let defaultMinCoverage = WindowLength(days: 1)

    public init(maxPending: Int = 64, maxRegions: Int = 20, minCoverage: WindowLength = PlanLimits.defaultMinCoverage) {
        self.maxPending = maxPending
        self.maxRegions = maxRegions
        self.minCoverage = minCoverage
    }
}

/// What executors need to know of a trigger besides its fires.
public struct PlanTrigger: Hashable, Sendable {
    /// `calendar`, `cron`, `rrule`, `every`, `once` or `location`.
    public var kind: String
    public var timezone: String?
    public var priority: Int
    public var payload: [String: JSONValue]
    /// What an executor does when the trigger fires while its previous command still runs.
    public var concurrency: PlanConcurrency
    /// The trigger's own misfire rule; nil: the executor's (`--misfire`).
    public var misfire: PlanMisfire?

    public init(
        kind: String, timezone: String? = nil, priority: Int = 0, payload: [String: JSONValue] = [:],
        concurrency: PlanConcurrency = .allow, misfire: PlanMisfire? = nil
    ) {
        self.kind = kind
        self.timezone = timezone
        self.priority = priority
        self.payload = payload
        self.concurrency = concurrency
        self.misfire = misfire
    }
}

/// A trigger's `misfire`: what an executor does with its fires it could not deliver on time. One
/// list for specs and plans.
public typealias PlanMisfire = Misfire

/// A trigger's `concurrency`: what happens when it fires while its previous command still runs. Only
/// backends that run something for a duration (exec) are affected. One list for specs and plans.
public typealias PlanConcurrency = ConcurrencyPolicy

/// A monitored region of a location trigger and the windows in which it is armed.
public struct PlanRegion: Hashable, Sendable {
    /// One list for specs and plans: `RegionEvent`.
    public typealias Event = RegionEvent

    public var trigger: String
    public var on: Event
    /// Numbers as their literal text, so the plan repeats what the spec wrote.
    public var latitude: String
    public var longitude: String
    /// Metres.
    public var radius: String
    /// Seconds between two fires of this region, if limited.
    public var cooldown: Int64?
    /// Sorted, disjoint, inside the plan's window.
    public var armed: [Window]

    public init(
        trigger: String, on: Event, latitude: String, longitude: String, radius: String,
        cooldown: Int64? = nil, armed: [Window]
    ) {
        self.trigger = trigger
        self.on = on
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.cooldown = cooldown
        self.armed = armed
    }
}
