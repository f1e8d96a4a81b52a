import AlmanacJSON
import AlmanacPlan
import AlmanacModel
import AlmanacTime

/// The expand stage: a validated `Schedule` and a window → a plan header, then the fires of every
/// enabled trigger merged in plan order, streamed to a sink (a `PlanWriter`) or collected.
///
///     let expansion = try Compiler().prepare(schedule, specSHA256: sha, window: window)
///     writer.writeHeader(expansion.header)
///     let report = try expansion.run { fire in writer.append(fire) }
///
/// The library never reads the clock, the environment or the machine's zone: the window and the
/// zone data version are parameters, and zones are read by IANA name only.
public struct Compiler: Sendable {
    /// Recorded in the plan as `tzdata`.
    public var tzdataVersion: String
    /// Whether `tzdata` also carries a digest of the offsets the plan's zones have on this machine.
    public var recordsZoneDigest: Bool

    /// The machine's zone data: `tzdata` is its version and a digest of the offsets of the zones the
    /// plan uses (`2025b+1a2b3c4d`), which tells apart two builds of one release.
    public init() {
        tzdataVersion = OffsetTable.dataVersion
        recordsZoneDigest = true
    }

    /// A fixed `tzdata` label, recorded as given: for tests and goldens that must not depend on the
    /// zone data build of the machine running them.
    public init(tzdataVersion: String) {
        self.tzdataVersion = tzdataVersion
        recordsZoneDigest = false
    }

    /// `version+digest`: the first 8 hex digits of SHA-256 over the zones' offsets from 1800 to 2100
    /// (`OffsetTable.canonicalText`, zones sorted by name), independent of the window, so plans of
    /// one spec compiled with one build agree and the digest changes only with the data.
    static func zoneDataLabel(version: String, zones: [String]) -> String {
        let key = version + "|" + zones.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).joined(separator: ",")
        if let label = labels.withLock({ $0[key] }) { return label }
        let label = computeZoneDataLabel(version: version, zones: zones)
        labels.withLock { $0[key] = label }
        return label
    }

    /// Labels computed in this process: a label reads 300 years of each zone's offsets (about a
    /// millisecond a zone), and a program that compiles many times (a server, the benchmarks) asks
    /// for the same zones again. The label is a function of the zone data, so remembering it
    /// changes no output.
    private static let labels = LockedDictionary<String, String>()

    static func computeZoneDataLabel(version: String, zones: [String]) -> String {
        var text = ""
        for zone in zones.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let table = OffsetTable(zone: zone, covering: OffsetTable.digestSpan.from, to: OffsetTable.digestSpan.to) else {
                continue
            }
            text += table.canonicalText
        }
        return version + "+" + SHA256.hex(of: Array(text.utf8)).prefix(8)
    }

    /// Checks the zones, reads their offset tables and builds the plan header (everything but fires).
    /// Throws `CompileError` for a zone the zone data do not know.
    public func prepare(_ schedule: Schedule, specSHA256: String? = nil, window: Window) throws -> Expansion {
        // A schedule built in code (or changed since it was read) gets the checks `almanac check` makes.
        if !schedule.isKnownValid {
            let errors = schedule.validate().filter { $0.severity == .error }
            guard errors.isEmpty else { throw CompileError(errors) }
        }
        return try prepareWithoutChecks(schedule, specSHA256: specSHA256, window: window)
    }

    /// `prepare` without `Schedule.validate()`: for the tests that compare a check with what
    /// expansion of the very schedule it refuses would give (a calendar that never fires).
    func prepareWithoutChecks(_ schedule: Schedule, specSHA256: String?, window: Window) throws -> Expansion {
        let schedule = Self.inheritingZones(schedule)
        try Self.checkPlanFormatLimits(schedule, window: window)
        var spans: [String: (from: Int64, to: Int64)] = [:]
        var zoneRanges: [String: SourceRange] = [:]
        let enabled = schedule.triggers.filter(\.enabled)
        // Triggers mostly share one zone: widen its span in locals and touch the dictionary on a change.
        var current: (zone: String, from: Int64, to: Int64)?
        for trigger in enabled {
            let zone = Expansion.zone(of: trigger)
            let range = ExpansionRange(trigger, window: window)
            if let span = current, span.zone == zone {
                current = (zone, min(span.from, range.lowInstant), max(span.to, range.highInstant))
                continue
            }
            if let span = current { spans[span.zone] = (span.from, span.to) }
            let span = spans[zone] ?? (range.lowInstant, range.highInstant)
            current = (zone, min(span.from, range.lowInstant), max(span.to, range.highInstant))
            zoneRanges[zone] = zoneRanges[zone] ?? trigger.range
        }
        if let span = current { spans[span.zone] = (span.from, span.to) }
        var tables: [String: OffsetTable] = [:]
        for (zone, span) in spans {
            guard
                let table = OffsetTable(
                    zone: zone, covering: Instant(secondsSinceEpoch: span.from),
                    to: Instant(secondsSinceEpoch: span.to))
            else {
                throw CompileError(Diagnostic(.zoneUnknown(zone), at: zoneRanges[zone]))
            }
            tables[zone] = table
        }
        var triggers = [String: PlanTrigger](minimumCapacity: enabled.count)
        var armings: [(trigger: Trigger, arming: LocationArming)] = []
        // Armed windows are entries of the plan like fires: they count against `max_fires`.
        var armedWindows = 0
        for trigger in enabled {
            triggers[trigger.id] = PlanTrigger(
                kind: trigger.kind.name, timezone: trigger.timezone,
                priority: trigger.priority, payload: trigger.payload,
                concurrency: trigger.concurrency, misfire: trigger.misfire)
            if case .location(let rule) = trigger.kind {
                let arming = LocationArming(
                    trigger: trigger, rule: rule, table: tables[Expansion.zone(of: trigger)]!,
                    window: window, limit: schedule.limits.maxFires - armedWindows)
                armedWindows += arming.armed.windows.count
                if arming.exceeded || armedWindows > schedule.limits.maxFires {
                    throw CompileError(
                        Diagnostic(
                            .maxFiresWithArmedWindows(schedule.limits.maxFires, trigger: trigger.id),
                            at: schedule.limits.maxFiresRange ?? trigger.range))
                }
                armings.append((trigger, arming))
            }
        }
        let budget = RegionBudget(armings, maxRegions: schedule.limits.maxRegions)
        let regions = budget.regions
        let header = Plan(
            spec: SpecInfo(name: schedule.name, sha256: specSHA256, runsOn: schedule.runsOn), window: window,
            tzdata: recordsZoneDigest ? Self.zoneDataLabel(version: tzdataVersion, zones: Array(tables.keys)) : tzdataVersion,
            limits: PlanLimits(
                maxPending: schedule.limits.maxPending, maxRegions: schedule.limits.maxRegions,
                minCoverage: schedule.limits.minCoverageDays.map { WindowLength(days: Int64($0)) }
                    ?? WindowLength(seconds: schedule.limits.minCoverage.seconds)),
            triggers: triggers, regions: regions.sorted { $0.trigger.utf8.lexicographicallyPrecedes($1.trigger.utf8) })
        // Calendar days of `min_coverage` are counted, and the warning's times written, in the spec's
        // zone (UTC without one).
        let coverageZone = schedule.timezone ?? "UTC"
        let coverageDays = Int64(schedule.limits.minCoverageDays ?? 0) + 2
        let coverageTable =
            tables[coverageZone]
            ?? OffsetTable(
                zone: coverageZone, covering: window.from,
                to: window.to.adding(TimeSpan(seconds: coverageDays * 86_400)))
        var limits = schedule.limits
        limits.maxFires -= armedWindows
        return Expansion(
            header: header, triggers: enabled, limits: limits, tables: tables,
            regionWarnings: budget.diagnostics, armedWindows: armedWindows, coverageTable: coverageTable)
    }

    /// Refuses what the plan format cannot hold (`PlanFormatLimits`, which the plan reader enforces
    /// too): a window outside years 0001–9999, a payload nested deeper than a plan may be.
    static func checkPlanFormatLimits(_ schedule: Schedule, window: Window) throws {
        let (earliest, latest) = (PlanFormatLimits.earliest, PlanFormatLimits.latest)
        if window.from < earliest || window.to > latest {
            let outside = window.to > latest ? "ends at \(window.to), after \(latest)" : "starts at \(window.from), before \(earliest)"
            throw CompileError(
                Diagnostic(.windowOutOfRange(outside, earliest: "\(earliest)", latest: "\(latest)"), at: nil))
        }
        for trigger in schedule.triggers where trigger.enabled {
            let depth = 1 + (trigger.payload.values.map(Self.depth).max() ?? 0)
            if depth > PlanFormatLimits.maxPayloadDepth {
                throw CompileError(
                    Diagnostic(.payloadTooDeep(trigger.id, depth: depth, limit: PlanFormatLimits.maxPayloadDepth), at: trigger.range))
            }
        }
    }

    /// Levels of arrays and objects in `value`: 0 for a scalar.
    static func depth(_ value: JSONValue) -> Int {
        switch value {
        case .array(let items): return 1 + (items.map(depth).max() ?? 0)
        case .object(let members): return 1 + (members.values.map(depth).max() ?? 0)
        default: return 0
        }
    }

    /// `schedule` with the schedule's zone written into every trigger that has none, as the YAML
    /// front end does: a schedule built in code may give its zone once.
    static func inheritingZones(_ schedule: Schedule) -> Schedule {
        guard let zone = schedule.timezone, schedule.triggers.contains(where: { $0.timezone == nil }) else { return schedule }
        var resolved = schedule
        for i in resolved.triggers.indices where resolved.triggers[i].timezone == nil { resolved.triggers[i].timezone = zone }
        return resolved
    }

    /// Compiles into memory: the whole plan and the warnings found.
    public func compile(_ schedule: Schedule, specSHA256: String? = nil, window: Window) throws -> CompileResult {
        let expansion = try prepare(schedule, specSHA256: specSHA256, window: window)
        var plan = expansion.header
        let report = try expansion.run { plan.fires.append($0) }
        return CompileResult(plan: plan, diagnostics: report.diagnostics)
    }
}

/// A compiled plan and the warnings (DST, no fire in window) found while expanding it.
public struct CompileResult: Sendable {
    public var plan: Plan
    public var diagnostics: [Diagnostic]
}

/// What `Expansion.run` reports once every fire went to the sink.
public struct ExpansionReport: Sendable {
    public var fireCount: Int
    /// Warnings: `regionBudget` first, then `pendingBudget`, then in trigger order `dstAffected`, `noFireInWindow`.
    public var diagnostics: [Diagnostic]
}

/// A compile that cannot finish: a located error (`max_fires` exceeded, an unknown zone,
/// a trigger kind not wired in yet).
public struct CompileError: Error, Sendable, CustomStringConvertible {
    /// The first problem, in source order.
    public var diagnostic: Diagnostic { diagnostics[0] }
    /// Every problem found: one for a compile that stopped (a zone, `max_fires`), all the errors of
    /// `Schedule.validate()` for a schedule that is not valid.
    public var diagnostics: [Diagnostic]

    public init(_ diagnostic: Diagnostic) { diagnostics = [diagnostic] }

    /// `diagnostics` must not be empty.
    public init(_ diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "a CompileError needs a diagnostic")
        self.diagnostics = diagnostics
    }

    public var description: String { "error[\(diagnostic.code.rawValue)]: \(diagnostic.message)" }
}
