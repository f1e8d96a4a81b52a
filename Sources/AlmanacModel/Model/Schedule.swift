import AlmanacJSON
import AlmanacTime
import AlmanacVocabulary

/// A schedule: read from a spec (every reference resolved, every value typed, defaults applied) or
/// built in code. `validate()` checks it; the compiler refuses one that does not pass.
public struct Schedule: Sendable {
    public var version: Int { didSet { isKnownValid = false } }
    public var name: String { didSet { isKnownValid = false } }
    /// The spec-level IANA zone, if any; each trigger carries its effective zone.
    public var timezone: String? { didSet { isKnownValid = false } }
    /// The default window length; days and weeks are calendar days in the spec's zone.
    public var horizon: WindowLength? { didSet { isKnownValid = false } }
    public var limits: Limits { didSet { isKnownValid = false } }
    /// What runs the fires (`runs_on`): a phone's budgets apply, or a server's daemon needs none.
    public var runsOn: RunnerProfile { didSet { isKnownValid = false } }
    public var regions: [String: Region] { didSet { isKnownValid = false } }
    /// Sorted by id when read from a spec; in any order when built in code.
    public var triggers: [Trigger] { didSet { isKnownValid = false } }
    /// `payloads:`, the payload keys the app reads and their types; nil when not declared.
    public var payloadShape: PayloadShape? { didSet { isKnownValid = false } }
    /// `swift:`, how the generated Swift types are named and who may see them.
    public var swift: SwiftOptions
    /// Set by the YAML front end, which applied every rule of `validate()` while reading, and
    /// cleared by any change since: then the compiler need not check the schedule again (a tenth of
    /// compiling 10,000 triggers for 30 days, `scripts/bench/compiler.sh expand`, W5).
    package private(set) var isKnownValid = false

    /// Marks a schedule the front end has read without errors.
    package mutating func markValid() { isKnownValid = true }

    public init(
        version: Int = 1, name: String, timezone: String? = nil, horizon: WindowLength? = nil,
        limits: Limits = Limits(), runsOn: RunnerProfile = .default, regions: [String: Region] = [:], triggers: [Trigger] = [],
        payloadShape: PayloadShape? = nil, swift: SwiftOptions = SwiftOptions()
    ) {
        self.version = version
        self.name = name
        self.timezone = timezone
        self.horizon = horizon
        self.limits = limits
        self.runsOn = runsOn
        self.regions = regions
        self.triggers = triggers
        self.payloadShape = payloadShape
        self.swift = swift
    }
}

/// The platform budget a plan must respect.
public struct Limits: Hashable, Sendable {
    public var maxPending: Int
    public var maxRegions: Int
    public var maxFires: Int
    /// How far ahead a registration should reach; the pending-budget lint measures the window
    /// against it.
    public var minCoverage: TimeSpan
    /// Set when `min_coverage` was written in whole days or weeks (`1d`, `2w`): then it is that many
    /// calendar days in the spec's zone, the wall-clock time kept.
    public var minCoverageDays: Int? = 1
    /// Where `max_fires` was written, for the located error when a compile exceeds it.
    public var maxFiresRange: SourceRange?
    /// Where `max_pending` (else `min_coverage`) was written, for the pending-budget warning.
    public var maxPendingRange: SourceRange?
    /// Where `max_regions` was written, for the warning when a phone cannot monitor so many.
    public var maxRegionsRange: SourceRange?

    public static let defaultMinCoverage = TimeSpan(seconds: 86_400)
    /// The most `max_fires` may be: about 1 GB of plan, written in seconds.
    public static let maxFiresCeiling = 10_000_000

    public init(
        maxPending: Int = 64, maxRegions: Int = 20, maxFires: Int = 1_000_000,
        minCoverage: TimeSpan = Limits.defaultMinCoverage, maxFiresRange: SourceRange? = nil,
        maxPendingRange: SourceRange? = nil
    ) {
        self.maxPending = maxPending
        self.maxRegions = maxRegions
        self.maxFires = maxFires
        self.minCoverage = minCoverage
        self.maxFiresRange = maxFiresRange
        self.maxPendingRange = maxPendingRange
    }
}

/// A circular geographic region.
public struct Region: Hashable, Sendable {
    /// The name under `regions:`, or nil for an inline region.
    public var name: String?
    public var latitude: Double
    public var longitude: Double
    /// Metres.
    public var radius: Double
    /// The literal text of each number, so the plan repeats what the user wrote.
    public var latitudeText: String
    public var longitudeText: String
    public var radiusText: String

    public init(
        name: String?, latitude: Double, longitude: Double, radius: Double,
        latitudeText: String? = nil, longitudeText: String? = nil, radiusText: String? = nil
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.latitudeText = latitudeText ?? "\(latitude)"
        self.longitudeText = longitudeText ?? "\(longitude)"
        self.radiusText = radiusText ?? "\(radius)"
    }
}
