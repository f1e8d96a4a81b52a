import AlmanacJSON
import AlmanacTime

/// An instant to the microsecond, as the store keeps `timestamptz` (a fire run now is due at a
/// fraction of a second): what pages show to the second and what cursors carry exactly.
public struct ConsoleMoment: Hashable, Comparable, Sendable {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }
    public init(_ instant: Instant) { microseconds = instant.secondsSinceEpoch * 1_000_000 }

    /// The whole second it falls in.
    public var instant: Instant {
        Instant(secondsSinceEpoch: microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000)
    }

    public static func < (a: ConsoleMoment, b: ConsoleMoment) -> Bool { a.microseconds < b.microseconds }
}

/// A spec as the console lists it: its identity, current plan revision and window, fires by state.
public struct ConsoleSpec: Sendable {
    public var id: String
    public var name: String
    public var revision: Int64
    public var sha256: String?
    /// The current plan's window, when there is one.
    public var window: (from: ConsoleMoment, to: ConsoleMoment)?
    /// The plan's calendar zone: the zone its zoned triggers share, else UTC.
    public var zone: String
    /// Who published the current revision, and when.
    public var published: (by: String, at: ConsoleMoment)?
    public var states: [String: Int]
    public var nextDue: ConsoleMoment?
    public var lastBeat: ConsoleMoment?
    /// Sorted by id.
    public var triggers: [ConsoleTrigger]

    public init(
        id: String, name: String, revision: Int64 = 0, sha256: String? = nil, window: (from: ConsoleMoment, to: ConsoleMoment)? = nil,
        zone: String = "UTC", published: (by: String, at: ConsoleMoment)? = nil, states: [String: Int] = [:],
        nextDue: ConsoleMoment? = nil, lastBeat: ConsoleMoment? = nil, triggers: [ConsoleTrigger] = []
    ) {
        self.id = id
        self.name = name
        self.revision = revision
        self.sha256 = sha256
        self.window = window
        self.zone = zone
        self.published = published
        self.states = states
        self.nextDue = nextDue
        self.lastBeat = lastBeat
        self.triggers = triggers
    }
}

/// A trigger of a spec's current plan, and whether an operator paused it.
public struct ConsoleTrigger: Sendable {
    public var id: String
    public var kind: String
    public var timezone: String?
    public var payload: JSONValue
    public var paused: (by: String, at: ConsoleMoment)?

    public init(
        id: String, kind: String, timezone: String? = nil, payload: JSONValue = .object([:]), paused: (by: String, at: ConsoleMoment)? = nil
    ) {
        self.id = id
        self.kind = kind
        self.timezone = timezone
        self.payload = payload
        self.paused = paused
    }
}

/// A fire as the lists show it.
public struct ConsoleFire: Sendable {
    public var spec: String
    public var id: String
    public var trigger: String
    /// When it is (or was) due: the plan's instant, or the moment an operator ran it now.
    public var due: ConsoleMoment
    /// `pending`, `claimed`, `started`, `done`, `skipped`, `cancelled`, `in_doubt`, `expired`.
    public var state: String
    /// Starts so far.
    public var attempt: Int
    /// The executor holding it (claimed, started), or that held it last.
    public var executor: String?
    /// Seconds from due to start.
    public var lateness: Double?
    public var finished: ConsoleMoment?
    public var outcome: String?
    /// The zone its spec's pages show times in.
    public var zone: String

    public init(
        spec: String, id: String, trigger: String, due: ConsoleMoment, state: String, attempt: Int = 0, executor: String? = nil,
        lateness: Double? = nil, finished: ConsoleMoment? = nil, outcome: String? = nil, zone: String = "UTC"
    ) {
        self.spec = spec
        self.id = id
        self.trigger = trigger
        self.due = due
        self.state = state
        self.attempt = attempt
        self.executor = executor
        self.lateness = lateness
        self.finished = finished
        self.outcome = outcome
        self.zone = zone
    }

    /// Settled in a way an operator should look at: in doubt, or a command or backend that failed.
    public var isTrouble: Bool { state == "in_doubt" || (state == "done" && !ConsoleFire.succeeded(outcome)) }

    /// The outcomes of a delivery that went well (`FireResult.text`).
    public static func succeeded(_ outcome: String?) -> Bool { outcome == "delivered" || outcome == "exited with status 0" }
}

/// One line of a fire's history: an attempt's start and end, or an operator's action.
public struct ConsoleEvent: Sendable {
    public var at: ConsoleMoment
    /// `started`, `done`, `in_doubt`, `pending` (back to pending: lease lapsed), or an action's name.
    public var event: String
    public var attempt: Int?
    /// The executor, or the operator.
    public var actor: String?
    public var detail: String?

    public init(at: ConsoleMoment, event: String, attempt: Int? = nil, actor: String? = nil, detail: String? = nil) {
        self.at = at
        self.event = event
        self.attempt = attempt
        self.actor = actor
        self.detail = detail
    }
}

/// A fire's page: the fire, its trigger's payload, its plan and its whole history, oldest first.
public struct ConsoleFireDetail: Sendable {
    public var fire: ConsoleFire
    public var planSHA256: String?
    /// The plan's instant (the id's nominal time may differ after a clock change).
    public var planned: ConsoleMoment
    public var payload: JSONValue
    public var history: [ConsoleEvent]
    /// Whether its trigger is paused now.
    public var paused: Bool

    public init(
        fire: ConsoleFire, planSHA256: String?, planned: ConsoleMoment, payload: JSONValue, history: [ConsoleEvent], paused: Bool = false
    ) {
        self.fire = fire
        self.planSHA256 = planSHA256
        self.planned = planned
        self.payload = payload
        self.history = history
        self.paused = paused
    }
}

/// An executor with its beats: running, standing by, stopped or lost.
public struct ConsoleExecutor: Sendable {
    public var id: String
    /// `running`, `standing by`, `stopped`, `lost`.
    public var condition: String
    public var standingBy: String?
    public var lastSeen: ConsoleMoment
    public var secondsSinceSeen: Double
    public var specs: String
    public var claimed: Int
    public var started: Int
    public var holding: Int
    public var leaseLosses: Int
    public var lastLateness: Double?
    public var maxLateness: Double?

    public init(
        id: String, condition: String, standingBy: String? = nil, lastSeen: ConsoleMoment, secondsSinceSeen: Double, specs: String,
        claimed: Int = 0, started: Int = 0, holding: Int = 0, leaseLosses: Int = 0, lastLateness: Double? = nil, maxLateness: Double? = nil
    ) {
        self.id = id
        self.condition = condition
        self.standingBy = standingBy
        self.lastSeen = lastSeen
        self.secondsSinceSeen = secondsSinceSeen
        self.specs = specs
        self.claimed = claimed
        self.started = started
        self.holding = holding
        self.leaseLosses = leaseLosses
        self.lastLateness = lastLateness
        self.maxLateness = maxLateness
    }
}
