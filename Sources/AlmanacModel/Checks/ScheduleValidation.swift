import AlmanacJSON
import AlmanacTime

extension Schedule {
    /// The checks `almanac check` makes on a schedule's meaning, for a schedule however it was
    /// built: ids, zones, numbers in range, bounds in order, rules that can fire. The codes are the
    /// ones `check` reports for the same mistake written in YAML; a schedule built in code has no
    /// text, so its diagnostics carry the range the model has (a trigger's `range`), or none.
    ///
    /// A schedule read by `SpecLoader` without errors passes: the front end applies the same rules
    /// (`MeaningRules`) while it reads, with the exact place of each value.
    public func validate() -> [Diagnostic] {
        var checks = ScheduleChecks(schedule: self)
        checks.run()
        return checks.diagnostics.sorted
    }

    /// The zone a trigger's wall-clock times are read in: its own, else the schedule's. The YAML
    /// front end writes it into every trigger; a schedule built in code may leave it to the schedule.
    public func zone(of trigger: Trigger) -> String? { trigger.timezone ?? timezone }
}

/// `Schedule.validate()`, one rule after another over the model.
struct ScheduleChecks {
    let schedule: Schedule
    var diagnostics = DiagnosticBag()
    /// Did-you-mean hints per unknown zone name, computed once.
    var zoneHints: [String: String] = [:]
    /// Each zone name's verdict, since asking the zone database costs far more than the other checks
    /// and triggers mostly share one zone.
    var zoneVerdicts: [String: Diagnostic?] = [:]

    init(schedule: Schedule) { self.schedule = schedule }

    mutating func emit(_ diagnostic: Diagnostic?) {
        if let diagnostic { diagnostics.emit(diagnostic) }
    }

    mutating func run() {
        if schedule.version != 1 {
            emit(
                Diagnostic(.versionUnsupported("\(schedule.version)"), at: nil))
        }
        emit(MeaningRules.scheduleName(schedule.name, at: nil))
        if let zone = schedule.timezone { zoneProblem(zone, at: nil) }
        if let horizon = schedule.horizon, horizon.nominalSeconds <= 0 {
            emit(Diagnostic(.notAPositiveDuration("`horizon`"), at: nil))
        }
        limits(schedule.limits)
        MeaningRules.phoneCeilings(schedule.limits, runsOn: schedule.runsOn).forEach { emit($0) }
        if let name = schedule.swift.typeName { emit(MeaningRules.swiftTypeName(name, at: nil)) }
        for (name, region) in schedule.regions.sorted(by: { $0.key < $1.key }) {
            if !IdentifierSyntax.isIdentifier(name) {
                emit(Diagnostic(.nameInvalid(what: "region name", name), at: nil))
            }
            self.region(region)
        }
        if schedule.triggers.isEmpty {
            emit(Diagnostic(.triggersEmpty, at: nil))
        }
        var seen: [String: Trigger] = [:]
        for trigger in schedule.triggers {
            if let first = seen[trigger.id] {
                emit(
                    Diagnostic(
                        .triggerIDTwice(trigger.id), at: trigger.range,
                        notes: first.range.map { [.init("the first is here", at: $0)] } ?? []))
                continue
            }
            seen[trigger.id] = trigger
            self.trigger(trigger)
        }
    }

    /// Reports an unknown zone (or a fixed-offset one) at `range`.
    mutating func zoneProblem(_ name: String, at range: SourceRange?) {
        let verdict: Diagnostic?
        if let known = zoneVerdicts[name] {
            verdict = known
        } else {
            verdict = ZoneNames.problem(name, at: nil, hints: &zoneHints)
            zoneVerdicts[name] = verdict
        }
        guard var diagnostic = verdict else { return }
        diagnostic.range = range
        emit(diagnostic)
    }

    mutating func limits(_ limits: Limits) {
        emit(MeaningRules.outOfRange("`max_pending`", limits.maxPending, bounds: MeaningRules.maxPendingBounds, at: limits.maxPendingRange))
        emit(MeaningRules.outOfRange("`max_regions`", limits.maxRegions, bounds: MeaningRules.maxRegionsBounds, at: nil))
        emit(MeaningRules.outOfRange("`max_fires`", limits.maxFires, bounds: MeaningRules.maxFiresBounds, at: limits.maxFiresRange))
        if limits.minCoverage.seconds <= 0 {
            emit(Diagnostic(.notAPositiveDuration("`min_coverage`"), at: limits.maxPendingRange))
        }
    }

    mutating func region(_ region: Region, at range: SourceRange? = nil) {
        Self.regionDiagnostics(region, at: range).forEach { emit($0) }
    }

    /// A region's coordinates out of range (a named region, or a `location` trigger's own).
    static func regionDiagnostics(_ region: Region, at range: SourceRange?) -> [Diagnostic] {
        [
            MeaningRules.coordinate("latitude", region.latitude, text: region.latitudeText, at: range),
            MeaningRules.coordinate("longitude", region.longitude, text: region.longitudeText, at: range),
            MeaningRules.coordinate("radius", region.radius, text: region.radiusText, at: range),
        ].compactMap { $0 }
    }

    mutating func trigger(_ t: Trigger) {
        let at = t.range
        emit(MeaningRules.triggerID(t.id, at: at))
        let zone = schedule.zone(of: t)
        if let own = t.timezone { zoneProblem(own, at: at) }
        if zone == nil, let why = Self.needsZone(t) {
            emit(MeaningRules.missingTimeZone(who: "trigger '\(t.id)' needs", why: why, whereTo: "the trigger or the schedule", at: at))
        }
        if let count = t.count {
            emit(MeaningRules.outOfRange("`count`", count, bounds: MeaningRules.countBounds, at: at))
            if t.start == nil { emit(MeaningRules.countNeedsStart(at: at)) }
        }
        if let start = t.start, let end = t.end {
            emit(MeaningRules.endBeforeStart(start: start, end: end, startAt: nil, endAt: at))
        }
        for bound in [t.start, t.end].compactMap({ $0 }) { self.bound(bound, at: at) }
        for range in t.except where range.to < range.from || !range.from.isValid || !range.to.isValid {
            emit(
                Diagnostic(.exceptRangeNotReal(from: "\(range.from)", to: "\(range.to)"), at: at)
            )
        }
        if let during = t.during {
            if during.weekdays?.isEmpty == true {
                emit(Diagnostic(.duringWeekdaysEmpty, at: at))
            }
            if let from = during.betweenFrom, let to = during.betweenTo, from == to {
                emit(
                    Diagnostic(.betweenEmpty("\(from)"), at: at))
            }
        }
        if let jitter = t.jitter { emit(MeaningRules.jitterLimit(jitter, written: "\(jitter.seconds) s", at: at)) }
        emit(MeaningRules.outOfRange("`priority`", t.priority, bounds: MeaningRules.priorityBounds, at: at))
        for key in JSONWriter.sortedKeys(t.payload) {
            for problem in MeaningRules.payloadEntry(key, t.payload[key]!, at: { _, _ in at }) { emit(problem) }
        }
        if let shape = schedule.payloadShape {
            for key in t.payload.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                emit(MeaningRules.payloadValue(key, t.payload[key]!, of: "trigger '\(t.id)'", shape: shape, at: at))
            }
        }
        kind(t, at: at)
    }

    /// Why a trigger without a zone cannot be expanded, or nil when it needs none.
    static func needsZone(_ t: Trigger) -> String? {
        if t.kind.isWallClock { return "`\(t.kind.name)` is read on a wall clock" }
        for (name, bound) in [("start", t.start), ("end", t.end)] {
            if let bound, case .instant = bound {} else if bound != nil { return "`\(name)` is a local date" }
        }
        if !t.except.isEmpty { return "`except` names local dates" }
        if t.during != nil { return "`during` is a local window" }
        return nil
    }

    mutating func bound(_ bound: Bound, at range: SourceRange?) {
        switch bound {
        case .date(let d):
            if !d.isValid { emit(Diagnostic(.notACalendarDate("\(d)"), at: range)) }
        case .local(let l):
            if !l.date.isValid { emit(Diagnostic(.notACalendarDate("\(l.date)"), at: range)) }
        case .instant: break
        }
    }

    /// The kind's own checks, which its rule states (`TriggerRule.meaningDiagnostics`).
    mutating func kind(_ t: Trigger, at: SourceRange?) {
        t.kind.rule.meaningDiagnostics(of: t, at: at).forEach { emit($0) }
    }
}
